"""A fair deal anyone at the table can check (contract 11, docs/network.md).

A table online is dealt from a 256-bit secret drawn by the server. When the table opens, the
server sends `sha256(secret)`; when the game ends, the secret and the journal. A client then
checks that the secret is the committed one, that the journal's seed is the one the secret
gives, that every move replays from that seed (`evo verify`), and that the game the journal
ends in is the one the client was shown.

The journal's header holds a seed of 63 bits (saves, states and events hold it as a signed
64-bit number), so the game's seed is the secret's digest cut to 63 bits: searching it from
an opening hand is 2⁶³ set-ups, not the 10⁹ of a seed typed by hand.

A table may mix in its players' randomness (docs/network.md, "Everyone's randomness"): each
person sends 256 random bits when they sit down, and the deal is made, once all have, from
the digest of the secret and all of them in seat order; the end carries them too, and each
client checks that its own is there.
"""

from __future__ import annotations

import hashlib
import secrets
import tempfile
from collections.abc import Sequence
from pathlib import Path

import msgspec

from core.engine.rng import SEED_MAX

SECRET_BYTES = 32
NONCE_BYTES = 32  # a player's randomness


def new_secret() -> bytes:
    return secrets.token_bytes(SECRET_BYTES)


def commitment(secret: bytes) -> str:
    return hashlib.sha256(secret).hexdigest()


def new_nonce() -> str:
    return secrets.token_hex(NONCE_BYTES)


def valid_nonce(nonce: str) -> bool:
    return len(nonce) == 2 * NONCE_BYTES and all(c in "0123456789abcdef" for c in nonce)


def game_seed(secret: bytes, nonces: Sequence[str] = ()) -> int:
    """The journal's seed for a table dealt from `secret` and the players' randomness
    (`nonces`: per seat, hex, "" for a seat no person takes; none for a table that mixes none)."""
    mixed = b"".join(bytes.fromhex(n) for n in nonces)
    digest = hashlib.sha256(b"evo-table-seed:" + secret + mixed).digest()
    return int.from_bytes(digest[:8], "big") & SEED_MAX


class Verdict(msgspec.Struct):
    ok: bool
    problem: str = ""  # the first check that failed, in one line
    moves: int = 0  # moves replayed
    mixed: int = 0  # players whose randomness the deal was made with
    own: bool = False  # this client's own randomness among them, checked


def check_table(committed: str, secret_hex: str, journal: str, viewer: int | None,
                last_view: bytes, nonces: Sequence[str] = (), mine: str = "") -> Verdict:
    """Everything a client can check at the end of a game: the secret against the
    commitment, its own randomness (`mine`, when it sent some before the deal) among the
    players' (`nonces`), the journal's seed against the secret and those, every move
    replayed from the seed (as `evo verify` does), and the journal's final position as the
    client saw it (its view, byte for byte: `last_view` is the JSON of the last view it was
    sent)."""
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
    if not all(n == "" or valid_nonce(n) for n in nonces):
        return Verdict(False, "the players' randomness revealed is not 256 bits in hexadecimal")
    own = bool(mine)
    if own and (viewer is None or viewer >= len(nonces) or nonces[viewer] != mine):
        return Verdict(False, "the deal was not made with the randomness this client sent")
    mixed = sum(1 for n in nonces if n)
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
        if len(nonces) not in (0, len(session.header.seats)):
            return Verdict(False, "the players' randomness revealed is not one per seat", result.moves)
        if session.header.seed != game_seed(secret, nonces):
            return Verdict(False, "the journal's seed is not the one the revealed seed gives",
                           result.moves)
        if msgspec.json.encode(session.view(viewer)) != last_view:
            return Verdict(False, "the journal ends in another game than the one shown here",
                           result.moves)
        session.close()
    return Verdict(True, "", result.moves, mixed, own)
