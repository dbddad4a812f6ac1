"""The keys of a table opened online, kept beside its journal: its id, the secret its deal is
made from, the seats' tokens and the players' randomness (docs/network.md). Their presence
also marks a journal as an online table's: its people sit at other keyboards, so a replay of it
in progress shows no one's hand (tui/replay.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def opened_online(journal: Path) -> bool:
    """The table journaled in `journal` was opened online (its keys lie beside it)."""
    return keys_path(journal).exists()


def keys_path(journal: Path) -> Path:
    """Where the keys of the table journaled in `journal` lie."""
    return journal.with_name(journal.name + ".keys")


def write_keys(journal: Path, table_id: str, secret: bytes, tokens: list[bytes | None],
               nonces: list[str]) -> None:
    """The table's id, secret, tokens and the players' randomness beside its journal (readable
    by its owner alone), so `evo host --resume` reopens it with the same commitment, its
    players reconnect, and the end reveals what the deal was made from."""
    data = json.dumps({"table": table_id, "secret": secret.hex(),
                       "tokens": [t.hex() if t else "" for t in tokens], "nonces": nonces})
    path = keys_path(journal)
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_keys(journal: Path) -> tuple[str, bytes, list[bytes | None], list[str]] | None:
    """(table id, secret, tokens, nonces) as `write_keys` left them; None if absent or broken."""
    path = keys_path(journal)
    try:
        data = json.loads(path.read_text(encoding="utf-8")[:8192])
        tokens = [bytes.fromhex(t) if t else None for t in data["tokens"]]
        nonces = [str(n) for n in data.get("nonces", [])]
        return str(data["table"]), bytes.fromhex(data["secret"]), tokens, nonces
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
