"""A fair deal anyone at the table can check (contract 11, docs/network.md).

A table online is dealt from a 256-bit secret drawn by the server. When the table opens, the
server sends `sha256(secret)`; when the game ends, the secret and the journal. A client then
checks that the secret is the committed one, that the journal's seed is the one the secret
gives, that every move replays from that seed (`evo verify`), and that the game the journal
ends in is the one the client was shown.

The journal's header holds a seed of 63 bits (saves, states and events hold it as a signed
64-bit number), so the game's seed is the secret's digest cut to 63 bits: searching it from
an opening hand is 2⁶³ set-ups, not the 10⁹ of a seed typed by hand.
"""

from __future__ import annotations

import hashlib
import secrets
import tempfile
from pathlib import Path

import msgspec

from core.engine.rng import SEED_MAX

SECRET_BYTES = 32


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()


def game_seed(secret: bytes) -> int:
    """The journal's seed for a table dealt from `secret`."""
    digest = hashlib.sha256(b"evo-table-seed:" + secret).digest()
    return int.from_bytes(digest[:8], "big") & SEED_MAX


class Verdict(msgspec.Struct):
    ok: bool
    problem: str = ""  # the first check that failed, in one line
    moves: int = 0  # moves replayed


def check_table(committed: str, secret_hex: str, journal: str, viewer: int | None,
                last_view: bytes) -> Verdict:
    """Everything a client can check at the end of a game: the secret against the
    commitment, the journal's seed against the secret, every move replayed from the seed
    (as `evo verify` does), and the journal's final position as the client saw it (its
    view, byte for byte: `last_view` is the JSON of the last view it was sent)."""
    from core.engine.journal import JournalError
    from core.engine.session import GameSession
    from core.engine.verify import verify

    if not committed:
        return Verdict(False, "the deal was not committed when the table opened")
    try:
        secret = bytes.fromhex(secret_hex)
    except ValueError:
        return Verdict(False, "the revealed seed is not hexadecimal")
    if len(secret) != SECRET_BYTES or commitment(secret) != committed:
        return Verdict(False, "the revealed seed is not the one committed when the table opened")
    with tempfile.TemporaryDirectory(prefix="evo-check-") as folder:
        path = Path(folder) / "table.jsonl"
        path.write_text(journal, encoding="utf-8")
        try:
            result = verify(path)
            session, _ = GameSession.load(path, writable=False)
        except JournalError as exc:
            return Verdict(False, f"the journal does not load: {exc.problem}")
        if not result.ok:
            return Verdict(False, f"move {result.mismatch_seq} does not replay: {result.problem}",
                           result.moves)
        if session.header.seed != game_seed(secret):
            return Verdict(False, "the journal's seed is not the one the revealed seed gives",
                           result.moves)
        if msgspec.json.encode(session.view(viewer)) != last_view:
            return Verdict(False, "the journal ends in another game than the one shown here",
                           result.moves)
        session.close()
    return Verdict(True, "", result.moves)
