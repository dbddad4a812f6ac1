"""Contract 10 for every registered game: a command loads only what it uses. Each check runs
in a fresh interpreter and reads its `sys.modules` afterwards (an exact budget, not a timing):
`evo` acting on a save imports that save's game, no other game and no Textual; the app's menu
imports no game's UI, and opening a game imports that game's UI alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core import games
from core.engine.session import GameSession
from tui.cli import main

GAMES = games.ids()
ROOT = Path(__file__).resolve().parents[2]

# Runs `evo` command lines one after another in this interpreter, then lists its modules.
_COMMANDS = """
import contextlib, io, json, sys
from tui.cli import main
codes = []
for line in json.loads(sys.argv[1]):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        codes.append(main(line))
print(json.dumps({"codes": codes, "modules": sorted(sys.modules)}))
"""

# Starts the app headless (on the menu, or on a save's table), lists its modules once the
# first frame is drawn, and quits.
_APP = """
import json, sys
from pathlib import Path
from core.engine.session import GameSession
from tui.app import EvoApp
from tui.settings import Settings

class Listed(EvoApp):
    def on_ready(self) -> None:
        self.set_timer(0.2, self.listed)  # the screen pushed at start has mounted by then

    def listed(self) -> None:
        self.shown = type(self.screen).__name__
        self.modules = sorted(sys.modules)
        self.exit()

folder, save = sys.argv[1], sys.argv[2]
start = ("game", GameSession.load(save)[0]) if save else ("menu", None)
app = Listed("en", folder + "/saves", config_dir=Path(folder), settings=Settings(lang="en"),
             start=start, animations=False)
app.run(headless=True)
print(json.dumps({"screen": app.shown, "modules": app.modules}))
"""


def _run(script: str, *args: str) -> dict:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _of_game(module: str, game: str) -> bool:
    return any(module == p or module.startswith(p + ".")
               for p in (f"core.games.{game}", f"tui.games.{game}"))


def _new_save(game: str, path: Path) -> str:
    """A new game of `game` with its default set-up, and the notation of a legal first move."""
    assert main(["new", game, "--out", str(path), "--seed", "5"]) == 0
    session, _ = GameSession.load(path, writable=False)
    return session.rules.format_action(session.legal_actions()[0])  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES)
def test_commands_on_a_save_load_that_game_alone(game: str, tmp_path: Path) -> None:
    save = tmp_path / "game.evo"
    move = _new_save(game, save)
    torn = tmp_path / "torn.evo"
    torn.write_bytes(save.read_bytes() + b'{"seq": 1, "kind"')  # something for repair to do
    lines = [["new", game, "--out", str(tmp_path / "other.evo"), "--seed", "6"],
             ["legal", str(save)], ["show", str(save)], ["show", "--json", str(save)],
             ["act", str(save), move], ["undo", str(save)], ["redo", str(save)],
             ["verify", str(save)], ["replay", "--text", str(save)], ["repair", str(torn)],
             ["review", "--no-cache", str(save)]]
    out = _run(_COMMANDS, json.dumps(lines))
    assert out["codes"] == [0] * len(lines)
    modules = out["modules"]
    assert not [m for m in modules if m.split(".")[0] in ("textual", "rich")]
    assert not [m for m in modules if m.startswith("tui.games.")], "no game's UI"
    assert f"core.games.{game}.rules" in modules
    for other in GAMES:
        if other != game:
            assert not [m for m in modules if _of_game(m, other)], other


def test_the_menu_imports_no_game_ui(tmp_path: Path) -> None:
    out = _run(_APP, str(tmp_path), "")
    assert out["screen"] == "MenuScreen"
    modules = out["modules"]
    assert not [m for m in modules if m.startswith("tui.games.")]
    assert not [m for m in modules if m.startswith("core.games.") and m.endswith(".rules")]


@pytest.mark.parametrize("game", GAMES)
def test_opening_a_game_imports_its_ui_alone(game: str, tmp_path: Path) -> None:
    save = tmp_path / "game.evo"
    _new_save(game, save)
    out = _run(_APP, str(tmp_path), str(save))
    assert out["screen"] in ("TableScreen", "HandoverScreen")
    modules = out["modules"]
    assert f"tui.games.{game}.board" in modules
    for other in GAMES:
        if other != game:
            assert not [m for m in modules if _of_game(m, other) and m.startswith("tui.")], other
            assert f"core.games.{other}.rules" not in modules, other


# What a plain command on a save may not import: the scenario schema and the position
# helpers (for scenarios and lessons), a log's narration but where `act` tells the move, the
# text view but for `show`.
_NEVER = ("core.engine.scenario", "core.engine.positions", "core.kits.evolution.positions",
          "argparse")


@pytest.mark.parametrize("game", GAMES)
def test_each_plain_command_imports_what_it_shows(game: str, tmp_path: Path) -> None:
    save = tmp_path / "game.evo"
    move = _new_save(game, save)
    fresh = save.read_bytes()
    imported = {}
    for line in (["legal", str(save)], ["show", str(save)], ["act", str(save), move]):
        save.write_bytes(fresh)
        out = _run(_COMMANDS, json.dumps([line]))
        assert out["codes"] == [0], line
        modules = imported[line[0]] = set(out["modules"])
        command = line[0]
        assert not modules & {*_NEVER, f"core.games.{game}.scenario"}, command
        assert (f"core.games.{game}.narration" in modules) == (command == "act"), command
        assert (f"core.games.{game}.textview" in modules) == (command == "show"), command
    # `show` reads the save as `legal` does, and adds the text views alone
    assert {m.rpartition(".")[2] for m in imported["show"] - imported["legal"]} == {"textview"}
