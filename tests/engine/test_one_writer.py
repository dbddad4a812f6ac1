"""One writer per save (contract 9): a second writer is refused and the file untouched; two
processes writing one save at once never lose or corrupt a move; a refused command leaves
the file byte for byte as it was; a torn tail is cut off only when a move is written."""

from __future__ import annotations

import multiprocessing
import random
from pathlib import Path

import pytest

from core import games
from core.engine.journal import JournalError, SaveBusy, is_locked
from core.engine.session import GameSession, salvage
from core.engine.verify import verify
from tests.engine.fuzzing import CAMPAIGN
from tui.cli import main

GAME = games.ids()[0]


def _new(path: Path) -> None:
    assert main(["new", GAME, "--seed", "5", "--out", str(path)]) == 0


def _writer(path: str, seed: int, tries: int, out: multiprocessing.Queue) -> None:
    """Play `tries` legal moves through the CLI as fast as it goes; report the moves that
    were acknowledged (exit 0)."""
    import contextlib
    import io

    rng = random.Random(seed)
    done = 0
    for _ in range(tries):
        try:
            session, _ = GameSession.load(path, writable=False)
        except JournalError:
            continue  # caught mid-write: a reader may see a torn tail, never a broken save
        legal = session.legal_actions()
        if not legal:
            break
        text = session.rules.format_action(rng.choice(legal))
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = main(["act", path, text])
        done += code == 0
    out.put(done)


# A campaign (tests/engine/fuzzing.py: EVO_FUZZ_EXAMPLES) races every game, longer.
RACED = games.ids() if CAMPAIGN else [GAME]


@pytest.mark.parametrize("game", RACED)
def test_two_processes_writing_one_save_lose_nothing(tmp_path: Path, game: str) -> None:
    path = tmp_path / "game.evo"
    assert main(["new", game, "--seed", "5", "--out", str(path)]) == 0
    ctx = multiprocessing.get_context("fork")
    out: multiprocessing.Queue = ctx.Queue()
    tries = max(25, CAMPAIGN // 10)
    procs = [ctx.Process(target=_writer, args=(str(path), seed, tries, out)) for seed in (1, 2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120 + tries * 5)
    acknowledged = sum(out.get(timeout=5) for _ in procs)
    session, warnings = GameSession.load(path, writable=False)
    assert not warnings  # no torn or damaged line
    moves = sum(1 for e in session.entries if e.kind == "move")
    assert moves == acknowledged > 0  # every acknowledged move is there, no other
    assert verify(path).ok


def test_a_second_writer_is_refused_and_the_file_untouched(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.evo"
    _new(path)
    held, _ = GameSession.load(path)  # the app, say: it holds the save while the game is open
    try:
        assert is_locked(path)
        before = path.read_bytes()
        legal = held.rules.format_action(held.legal_actions()[0])
        assert main(["act", str(path), legal]) == 1  # refused: try again once the app lets go
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "open in another window" in err
        assert main(["undo", str(path)]) == 1
        with pytest.raises(SaveBusy):
            GameSession.load(path)  # a second app window
        assert path.read_bytes() == before
        readers, _ = GameSession.load(path, writable=False)  # reading still works
        assert readers.entries == held.entries
        assert main(["verify", str(path)]) == 0
    finally:
        held.close()
    assert not is_locked(path)


def test_a_refused_undo_leaves_a_torn_save_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "game.evo"
    _new(path)
    session, _ = GameSession.load(path, writable=False)
    assert main(["act", str(path), session.rules.format_action(session.legal_actions()[0])]) == 0
    with open(path, "ab") as f:
        f.write(b'{"seq":2,"kind":"mo')  # the machine stopped mid-write
    before = path.read_bytes()
    assert main(["undo", str(path), "--steps", "999"]) == 1
    assert main(["redo", str(path)]) == 1
    assert path.read_bytes() == before
    assert main(["undo", str(path)]) == 0  # a move that is written repairs the tail first
    assert verify(path).ok and not path.read_bytes().startswith(before)


def test_saving_over_a_save_another_writer_holds_is_refused(tmp_path: Path) -> None:
    held_path, mine = tmp_path / "held.evo", tmp_path / "mine.evo"
    _new(held_path)
    _new(mine)
    held, _ = GameSession.load(held_path)
    session, _ = GameSession.load(mine)
    try:
        before = held_path.read_bytes()
        with pytest.raises(SaveBusy):
            session.save_as(held_path)
        assert held_path.read_bytes() == before
        session.save_as(mine)  # its own file: fine
    finally:
        held.close()
        session.close()


def test_repair_keeps_the_sound_prefix_as_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "game.evo"
    _new(path)
    session, _ = GameSession.load(path)
    rng = random.Random(3)
    for _ in range(6):
        session.act(rng.choice(session.legal_actions()))
    session.close()
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4].replace(b'"seq"', b'"seq" ', 1)  # the third move's checksum breaks
    path.write_bytes(b"\n".join(lines))
    before = path.read_bytes()
    result = salvage(path)
    assert (result.kept, result.dropped) == (3, 4)  # the setup and two moves; four moves dropped
    assert path.read_bytes() == before
    assert verify(result.path).ok
    with pytest.raises(JournalError, match="nothing to repair"):
        salvage(result.path)
