"""Pilot tests in every game the app offers: a new game from the menu, autosave and Continue,
Save as, replays, bad files. A game's own scenarios: tests/games/<g>/test_tui_*.py."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.engine.session import GameSession
from tests.piloting import demo, new_game, settle, table_ready
from tests.playing import encode
from tui.app import run_replay
from tui.games import playable
from tui.screens.end import EndScreen
from tui.screens.menu import MenuScreen
from tui.screens.replay import ReplayScreen
from tui.screens.saves import SavesScreen
from tui.screens.setup import SetupScreen
from tui.screens.table import TableScreen

GAMES = playable()


def act_randomly(s: GameSession, rng: random.Random, avoid: Any = None) -> None:
    legal = [a for a in s.legal_actions() if a != avoid]
    s.act(legal[rng.randrange(len(legal))])


async def test_enter_ctrl_s_starts_a_game_against_a_bot_and_continue_resumes_it(make_app: Any,
                                                                                 saves: Path) -> None:
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("enter")  # New game
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+s")  # Start with the defaults
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.ctl.my_decision())
        ctl = app.screen.ctl
        assert [s.kind for s in ctl.session.header.seats] == ["human", "bot"]
        await pilot.press("1")  # keep (or the first choice of whatever comes first)
        await settle(pilot, lambda: app.screen.ctl.my_decision())
        played = len(ctl.session.line)
        assert played >= 1
        files = list(saves.glob("*.jsonl"))
        assert len(files) == 1  # journaled at once
        await pilot.press("m")
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen
        assert [g.path for g in menu.going] == [files[0]]
        await pilot.press("enter")  # Continue is highlighted when there is a game to continue
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert len(app.screen.ctl.session.line) == played
        assert app.screen.ctl.session.header.seed == ctl.session.header.seed


@pytest.mark.parametrize("game", GAMES)
async def test_a_game_killed_mid_move_continues_from_the_last_move(make_app: Any, saves: Path,
                                                                   game: str) -> None:
    path = saves / f"{game}-crash.jsonl"
    session = new_game(game, path=path)
    rng = random.Random(1)
    act_randomly(session, rng)
    act_randomly(session, rng)
    session.close()
    with open(path, "ab") as f:  # the machine died while writing the next line
        f.write(b'{"seq":99,"kind":"mo')
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert app.screen.going[0].path == path
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        entries = app.screen.ctl.session.entries
        assert [e.action for e in entries[1:3]] == [session.entries[1].action, session.entries[2].action]


@pytest.mark.parametrize("game", GAMES)
async def test_save_as_writes_a_new_file_and_keeps_journaling_there(make_app: Any, tmp_path: Path,
                                                                    game: str) -> None:
    session = new_game(game, path=tmp_path / "first.jsonl")
    app = make_app(start=("game", session))
    target = tmp_path / "copy.jsonl"
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: table_ready(app) and app.screen.ctl.my_decision())
        await pilot.press("s")
        await settle(pilot, lambda: app.screen.query("#answer"))
        inp = app.screen.query_one("#answer")
        inp.value = str(tmp_path / "copy")  # the extension is added when none is given
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        saved = len(session.entries)
        table.submit(table.ctl.legal()[0])  # a move: journaled in the new file
        await settle(pilot, lambda: table.ctl.my_decision() or session.outcome() is not None)
        assert len(session.entries) > saved
    loaded, _ = GameSession.load(target, writable=False)
    assert len(loaded.entries) == len(session.entries)


def a_move_showing_several_events(session: GameSession, rng: random.Random, avoid: Any = None) -> Any:
    """A legal move whose replay has more than one position: an event is narrated before its
    last one (tried on a copy of the game)."""
    rules = session.rules
    legal = [a for a in session.legal_actions() if a != avoid]
    rng.shuffle(legal)
    for action in legal:
        events = rules.resolve(rules.clone(session.state), action)
        if any(rules.narrate(ev, None, "en") is not None for ev in events[:-1]):
            return action
    raise AssertionError("no move here shows several events")


@pytest.mark.parametrize("game", GAMES)
async def test_replay_steps_through_events_moves_and_undos(make_app: Any, tmp_path: Path, game: str) -> None:
    session = new_game(game, path=tmp_path / "g.jsonl")
    rng = random.Random(1)
    session.act(a_move_showing_several_events(session, rng))
    act_randomly(session, rng)
    session.undo(1)
    act_randomly(session, rng, avoid=session.entries[2].action)
    hidden = games.get(game).hidden_information
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        model = screen.model
        # an unfinished game with a human: no omniscient view (one view for all in open games)
        assert screen.viewer == (0 if hidden else None)
        assert None not in model.viewers()
        await pilot.press("right")
        assert model.index == 1
        await pilot.press("down", "down")
        assert model.positions[model.index].entry == 2
        await pilot.press("down")  # the undo entry is a step of its own
        assert session.entries[model.positions[model.index].entry].kind == "undo"
        assert "taken back" in str(screen.query_one("#replay-bar").render())
        await pilot.press("end")
        assert model.index == len(model) - 1
        log = screen.query_one("#log")
        assert any("Undo: 1 move" in e.text for e in log.entries)
        await pilot.press("up")
        assert model.index < len(model) - 1
        await pilot.press("home")
        assert model.index == 0
        # one person against bots: the replay of a game still in play shows only their seat
        assert screen.check_action("viewer", ()) is False
        await pilot.press("v")
        assert screen.viewer == (0 if hidden else None)


def same_position(rules: Any, a: Any, b: Any) -> bool:
    """The same game state but for the count of events folded into it (`version`)."""
    a, b = rules.clone(a), rules.clone(b)
    a.version = b.version = 0
    return encode(a) == encode(b)


@pytest.mark.parametrize("game", GAMES)
async def test_replay_branches_a_new_game(make_app: Any, tmp_path: Path, saves: Path, game: str) -> None:
    session = new_game(game, path=tmp_path / "g.jsonl")
    act_randomly(session, random.Random(1))
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end", "b")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        branched = app.screen.ctl.session
        assert branched is not session and branched.pending() is not None
        assert same_position(session.rules, branched.state_after_entry(0), session.state)
        assert len(list(saves.glob("*.jsonl"))) == 1


@pytest.mark.parametrize("game", GAMES)
async def test_the_load_screen_lists_saves_and_reports_a_damaged_one(make_app: Any, saves: Path,
                                                                     game: str) -> None:
    good = new_game(game, path=saves / f"{game}-good.jsonl")
    good.close()
    other = new_game(game, path=saves / f"{game}-mine.evo")  # `evo new --out mine.evo`
    other.close()
    (saves / "notes.txt").write_text("not a save, not listed\n")
    (saves / f"{game}-bad.jsonl").write_text("not a save\n")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.open_picker("load")
        await settle(pilot, lambda: isinstance(app.screen, SavesScreen))
        picker = app.screen
        infos = {i.path.name: i for i in picker.infos}
        assert infos[f"{game}-good.jsonl"].ok and not infos[f"{game}-bad.jsonl"].ok
        assert infos[f"{game}-mine.evo"].ok and "notes.txt" not in infos
        assert "not an Evo save" in infos[f"{game}-bad.jsonl"].error
        picker.query_one("#saves-path").value = str(saves / f"{game}-bad.jsonl")
        await pilot.click("#saves-open")
        await settle(pilot)
        assert f"{game}-bad.jsonl:1" in str(picker.query_one("#saves-error").render())


async def test_enter_on_the_load_screen_opens_the_first_save_at_once(make_app: Any, saves: Path) -> None:
    """The list opens with its first row highlighted, so Enter needs no arrow first."""
    new_game(GAMES[0], path=saves / "only.jsonl").close()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        app.open_picker("load")
        await settle(pilot, lambda: isinstance(app.screen, SavesScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app))
        assert isinstance(app.screen, TableScreen)


def test_run_replay_on_a_bad_file_prints_one_line(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("garbage\n")
    with pytest.raises(SystemExit) as exc:
        run_replay(str(bad), lang="en")
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.jsonl:1" in err and "Traceback" not in err


def test_run_scenario_on_a_bad_file_prints_one_line(tmp_path: Path, capsys: Any) -> None:
    from tui.app import run_scenario

    bad = tmp_path / "bad.toml"
    bad.write_text("title = [")
    with pytest.raises(SystemExit):
        run_scenario(str(bad), lang="en", saves_dir=str(tmp_path))
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.toml" in err


HIDDEN = [g for g in GAMES if games.get(g).hidden_information]


@pytest.mark.parametrize("game", HIDDEN)
async def test_replay_of_a_hot_seat_game_in_play_covers_each_hand(make_app: Any, game: str) -> None:
    """Contract 6 in the replay of an unfinished game: with two people at one keyboard it opens
    on the table alone, and a seat's hand shows only after that player confirms behind the
    hand-over cover; no bot's hand and no "everything" view is ever offered."""
    from tui.controller import PUBLIC
    from tui.screens.handover import HandoverScreen

    session = new_game(game, humans=2)
    rng = random.Random(3)
    for _ in range(4):
        act_randomly(session, rng)
    humans = [i for i, s in enumerate(session.header.seats) if s.kind == "human"]
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert screen.viewer == PUBLIC
        assert screen.model.viewers() == humans
        await pilot.press("end", "v")
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert screen.viewer == PUBLIC  # covered: nobody's hand under the cover
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert screen.viewer == humans[0]
        await pilot.press("v")
        await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("escape")  # not at the keys: the table stays covered
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert screen.viewer == PUBLIC
        seen = set()
        for _ in range(2 * len(humans)):
            await pilot.press("v")
            await settle(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
            seen.add(screen.viewer)
        assert seen == set(humans)


@pytest.mark.parametrize("game", HIDDEN)
async def test_replay_of_a_game_in_play_against_bots_shows_only_the_persons_hand(
        make_app: Any, game: str) -> None:
    session = new_game(game, humans=1)
    rng = random.Random(5)
    for _ in range(6):
        if session.pending() is None:
            break
        act_randomly(session, rng)
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        await pilot.press("end", "v", "v", "v")
        assert screen.viewer == 0
        shown = screen.model.view(screen.viewer)
        assert encode(shown) == encode(session.rules.view(session.state, 0))


@pytest.mark.parametrize("game", ["classic", "northstar"])
async def test_replay_of_an_online_game_in_play_shows_no_ones_hand(make_app: Any, tmp_path: Path,
                                                                  game: str) -> None:
    """An online table's journal (its keys beside it) still in play: its people sit at other
    keyboards, so the replay shows the table's public side only — no seat to look through, no
    hand-over cover to click through, and no branch (a copy at one keyboard shows every hand)."""
    from core.net.keys import write_keys
    from tui.controller import PUBLIC

    path = tmp_path / "net.jsonl"
    session = new_game(game, humans=2, path=path)
    rng = random.Random(3)
    for _ in range(4):
        act_randomly(session, rng)
    write_keys(path, "t1", b"secret", [b"a" if s.kind == "human" else None
                                       for s in session.header.seats], [])
    app = make_app(start=("replay", session))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        assert screen.viewer == PUBLIC and screen.model.viewers() == [PUBLIC]
        assert screen.check_action("viewer", ()) is False
        await pilot.press("end", "v", "b")
        await settle(pilot, lambda: any("still being played online" in str(n.message)
                                        for n in app._notifications))
        assert app.screen is screen and screen.viewer == PUBLIC


async def test_after_save_as_continue_and_load_follow_the_new_file(make_app: Any, saves: Path,
                                                                   tmp_path: Path) -> None:
    """Save as moves the game: the autosave in the saves folder holds an earlier moment of it,
    so Continue and Load offer the new file (remembered though it lies elsewhere), not the old."""
    game = GAMES[0]
    autosave = saves / f"{game}-auto.jsonl"
    session = new_game(game, path=autosave)
    elsewhere = tmp_path / "mine" / "keep.evo"
    elsewhere.parent.mkdir()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert [g.path for g in app.screen.going] == [autosave]
        session.close()
        await pilot.press("enter")  # Continue
        await settle(pilot, lambda: table_ready(app) and app.screen.ctl.my_decision())
        await pilot.press("s")
        await settle(pilot, lambda: app.screen.query("#answer"))
        app.screen.query_one("#answer").value = str(elsewhere)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        table.submit(table.ctl.legal()[0])
        await settle(pilot, lambda: table.ctl.my_decision() or table.ctl.outcome() is not None)
        moves = len(table.ctl.session.line)
        await pilot.press("m")
        # the menu lists the saves again after its first frame back (`refill`): wait for that
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen)
                     and [g.path for g in app.screen.going] == [elsewhere])
        assert [g.path for g in app.screen.going] == [elsewhere]
        assert app.screen.going[0].moves == moves
        assert "keep.evo" in str(app.screen.query_one("#menu-note").render())
    again = make_app()  # a new start of the app remembers it
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(again.screen, MenuScreen))
        assert [g.path for g in again.screen.going] == [elsewhere]
        await pilot.press("down")  # Load
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(again.screen, SavesScreen))
        listed = [info.path for info in again.screen.infos]
        assert elsewhere in listed and autosave not in listed
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(again.screen, MenuScreen))
        await pilot.press("enter")  # Continue (highlighted) opens the game where it went on
        await settle(pilot, lambda: table_ready(again))
        assert again.screen.ctl.session.file == elsewhere
        assert len(again.screen.ctl.session.line) == moves


async def test_branch_says_what_it_made_and_continue_offers_both_games(make_app: Any, saves: Path) -> None:
    game = GAMES[0]
    original = saves / f"{game}-long.jsonl"
    session = new_game(game, path=original, humans=0)
    rng = random.Random(2)
    for _ in range(12):
        act_randomly(session, rng)
    session.close()
    session = new_game(game, path=saves / f"{game}-mine.jsonl")  # one with a person in it
    act_randomly(session, rng)
    session.close()
    original.touch()  # the bots' game is the latest written
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert len(app.screen.going) == 2
        note = str(app.screen.query_one("#menu-note").render())
        assert "2 games in progress" in note and original.name in note
        app.open_replay(original)
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        for _ in range(5):
            await pilot.press("down")
        replay = app.screen
        entry = replay.model.positions[replay.model.index].entry
        moves = replay.session.moves_to(replay.session.node_after[entry])
        await pilot.press("b")
        await settle(pilot, lambda: table_ready(app))
        told = [n.message for n in app._notifications]
        assert any(original.name in m and f"after {moves} moves" in m and "Continue offers both" in m
                   for m in told), told
        branched = app.screen.ctl.session.file
        await pilot.press("m")
        # the menu lists the saves again after its first frame back (`refill`): wait for that;
        # the branch's bots stop only when the table goes, which on a loaded CI worker once took
        # longer than the default 5 s (a fresh clone's run, 7 Dec; not reproduced here)
        await settle(pilot, lambda: isinstance(app.screen, MenuScreen) and len(app.screen.going) == 3,
                     timeout=15)
        going = [g.path for g in app.screen.going]
        assert len(going) == 3 and going[0] == branched and original in going
        await pilot.press("enter")  # Continue: asks which
        await settle(pilot, lambda: app.screen.query(".dialog-choices"))
        choices = app.screen.query_one(".dialog-choices")
        labels = [str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count)]
        assert branched.name in labels[0] and any(original.name in label for label in labels)
        assert labels[-1] == "Other saved games…"
        choices.highlighted = next(i for i, label in enumerate(labels) if original.name in label)
        await pilot.press("enter")
        await settle(pilot, lambda: table_ready(app) or isinstance(app.screen, EndScreen))
        assert app.screen.ctl.session.file == original


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", GAMES)
async def test_the_replay_footer_shows_every_key_in_80_columns(make_app: Any, game: str,
                                                                lang: str) -> None:
    """A finished demo at 80×24 shows the most keys (the review's, the log's, the viewer's):
    each of them whole on the one line, `esc` the last."""
    from textual.widgets import Footer

    app = make_app(lang=lang, start=("replay", demo(game)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("end")
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = [k for k in footer.children if k.display]
        assert keys and all(k.region.right <= 80 and k.region.width for k in keys)
        assert str(keys[-1].key_display) == "esc"


async def test_the_replay_has_its_help(make_app: Any) -> None:
    """? in the replay says what its keys do and what its top line counts (it did nothing)."""
    from tui.screens.dialogs import MarkdownScreen

    session = new_game("classic")
    app = make_app(lang="ru", start=("replay", session))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
        footer = {b.binding.description for b in app.screen.active_bindings.values()
                  if b.binding.show and app.screen.check_action(b.binding.action, ())}
        assert "Авто" in footer and "Играть" in footer  # not "Пуск" beside "Играть"
        await pilot.press("question_mark")
        await settle(pilot, lambda: isinstance(app.screen, MarkdownScreen))
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, ReplayScreen))
