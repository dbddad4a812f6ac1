"""The Evo Textual application and its entry points (`evo`, `evo replay FILE`, `evo scenario FILE`).

Screens: menu → setup → table → end of game; load / replay pickers; replay; rules; settings.
Every game is journaled to the saves folder from its first move (the autosave), so leaving,
crashing or closing the terminal loses at most the move being made.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from core import games
from core.engine.journal import JournalError, Seat
from core.engine.protocol import Options
from core.engine.session import GameSession
from tui.games import folder, playable, plugin, refusal, title
from tui.i18n import Texts, resolve_lang, system_problem, text
from tui.keys import localize_bindings
from tui.library import SavesLibrary
from tui.saves import default_saves_dir, new_save_path, save_problem
from tui.settings import DEFAULT_THEME, Settings, load_settings, save_settings
from tui.settings import config_dir as settings_dir
from tui.themes import ThemeFile, load_themes, variable_defaults

STYLES = Path(__file__).parent / "styles"
YOUNG_GC = 7000  # allocations between collections of the youngest generation (_freeze_startup)
_young_before: list[int] = []  # the threshold it replaced, put back when the app ends


if TYPE_CHECKING:
    from textual.command import Provider

# What the app opens at start, besides the menu: a game, a replay, a table online (url, token,
# name, notes, the certificate to trust, pinned or not, hosted by this app or not), a lesson (its id).
Start: TypeAlias = (
    "tuple[Literal['menu'], None] | tuple[Literal['game', 'replay'], GameSession]"
    " | tuple[Literal['online'], tuple[str, str, str, list[str], str | None, bool, bool]]"
    " | tuple[Literal['lesson'], str]")


def _rulings_provider() -> type[Provider]:
    """The palette's rulings (tui/rulings.py), imported when the palette first opens."""
    from tui.rulings import RulingsProvider

    return RulingsProvider


class EvoApp(App):
    TITLE = "Evo"
    # what the menu needs; every other screen's styles are added when one is first shown
    # (use_styles), the table's and each game's own when a game is (game_styles)
    CSS_PATH: ClassVar[list[str | PurePath]] = [STYLES / "app.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "quit", priority=True, show=False)]
    ENABLE_COMMAND_PALETTE = True
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = \
        App.COMMANDS | {_rulings_provider}

    def __init__(self, lang: str | None = None, saves_dir: str | None = None, *,
                 config_dir: Path | None = None, settings: Settings | None = None,
                 start: Start = ("menu", None), animations: bool = True,
                 theme_dirs: list[Path] | None = None) -> None:
        self.config_dir = config_dir
        self.settings = settings or load_settings(config_dir)
        self.cli_lang = lang
        self.last_lesson = ""  # the lesson opened last: the lessons' list returns to it
        self.lang = resolve_lang(lang, self.settings.lang)
        self.tr = Texts(self.lang)
        self.saves_dir = default_saves_dir(saves_dir)
        self.library = SavesLibrary(config_dir or settings_dir())
        self.start = start
        self.cursor_blink_enabled = animations
        self.theme_files, self.theme_problems = load_themes(theme_dirs)
        super().__init__()
        if not animations:
            self.animation_level = "none"
        for tf in self.theme_files:
            self.register_theme(tf.theme)
        names = self.theme_names()
        wanted = self.settings.theme if self.settings.theme in names else DEFAULT_THEME
        self._start_theme(wanted if wanted in names else names[0])
        localize_bindings(self, self.lang)

    # --- themes and settings -------------------------------------------------------------

    def _start_theme(self, name: str) -> None:
        """The theme to start with, set before any CSS is parsed: setting `theme` would have
        Textual parse every style sheet a second time once the app runs."""
        self.set_reactive(App.theme, name)
        dark = self.current_theme.dark
        self.update_classes({f"-theme-{name}": True, "-dark-mode": dark, "-light-mode": not dark},
                            update=False)
        self._refresh_truecolor_filter(self.ansi_theme)
        self.stylesheet.set_variables(self.get_css_variables())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return variable_defaults()

    def theme_names(self) -> list[str]:
        return [tf.theme.name for tf in self.theme_files]

    def theme_file(self, name: str) -> ThemeFile | None:
        return next((tf for tf in self.theme_files if tf.theme.name == name), None)

    def store_settings(self) -> None:
        try:
            save_settings(self.settings, self.config_dir)
        except OSError as exc:
            self.notify(text("settings.save_failed", self.lang, error=system_problem(exc, self.lang)),
                        severity="warning")

    def set_theme(self, name: str) -> None:
        self.theme = name
        self.settings.theme = name
        self.store_settings()

    def set_language(self, choice: str) -> None:
        """`choice`: auto, ru or en. Every open screen redraws its texts."""
        self.settings.lang = choice
        self.store_settings()
        if choice != "auto":  # the player's choice replaces `--lang` (Settings shows it)
            self.cli_lang = None
        self.lang = resolve_lang(self.cli_lang, choice)
        self.tr = Texts(self.lang)
        localize_bindings(self, self.lang)
        for screen in self.screen_stack:
            ctl = getattr(screen, "ctl", None)
            if ctl is not None:
                ctl.set_lang(self.lang)
            relocalize = getattr(screen, "relocalize", None)
            if relocalize is not None:
                relocalize()

    def use_styles(self, *files: str | Path) -> None:
        """Add style files to the style sheet the first time a screen that needs them is
        shown (a name is tui/styles/<name>.tcss): a start parses only what the menu needs, a
        start that shows no game none of the games' (contract 10). Each file is parsed alone
        (Textual's own screen CSS_PATH would parse every style sheet again)."""
        paths = [p for p in (STYLES / f"{f}.tcss" if isinstance(f, str) else f for f in files)
                 if p.is_file() and not self.stylesheet.has_source(str(p), "")]
        for path in paths:
            self.stylesheet.read(path)
        if paths:
            self.stylesheet.update(self)

    def game_styles(self, game: str) -> None:
        """The table's styles and `game`'s own (its game.tcss), the first time it is shown."""
        self.use_styles("table", folder(game) / "game.tcss")

    def remember_player(self, name: str) -> None:
        if name != self.settings.player_name:
            self.settings.player_name = name
            self.store_settings()

    def remember_online(self, server: str, name: str) -> None:
        """The server Play online reached and the name given there, offered again next time
        (a name left empty keeps the one remembered)."""
        s = self.settings
        if server != s.server or (name and name != s.player_name):
            s.server = server
            s.player_name = name or s.player_name
            self.store_settings()

    # --- start ---------------------------------------------------------------------------

    def on_mount(self) -> None:
        from tui.screens.menu import MenuScreen

        if not self.is_headless and sys.__stdin__ is not None and sys.__stdin__.isatty():
            self.set_interval(1.0, self._check_terminal)
        for problem in self.theme_problems:
            self.notify(problem, severity="warning")
        self.push_screen(MenuScreen())
        start = self.start
        if start[0] == "replay":
            self.open_replay_session(start[1])
        elif start[0] == "game":
            self.open_game(start[1])
        elif start[0] == "online":
            self.open_online(*start[1])
        elif start[0] == "lesson":
            from tui.screens.lessons import open_lesson

            open_lesson(self, start[1])
        self.call_after_refresh(self._freeze_startup)

    @staticmethod
    def _freeze_startup() -> None:
        """Keep what start-up made (modules, card data, styles: never garbage) out of every
        later full garbage collection, which would otherwise scan it all and stall a key
        now and then by up to ~0.1 s; then collect as usual (`evo` starts the app with the
        collector off: start-up makes next to no garbage, tui/evo.py).

        The youngest generation is collected every YOUNG_GC allocations rather than 700: a
        frame makes thousands of short-lived objects (Textual's strips, each with its
        caches), and at 700 a replay step paid some ten young and one middle collection,
        and a full one every few steps (10–17 ms each)."""
        gc.freeze()
        young, middle, old = gc.get_threshold()
        if young != YOUNG_GC:
            _young_before[:] = [young]
            gc.set_threshold(YOUNG_GC, middle, old)
        gc.enable()

    def on_unmount(self) -> None:
        gc.unfreeze()  # one process may run apps in turn (tests, `evo bench --app`)
        _, middle, old = gc.get_threshold()
        if _young_before:
            gc.set_threshold(_young_before.pop(), middle, old)

    def _check_terminal(self) -> None:
        """End the process once the terminal is gone (window closed, connection lost) but no
        hang-up signal reached us (e.g. started by `make play`): its input then reads
        end-of-file for ever and the app would spin a core. A normal exit would hang writing
        to the dead terminal. Nothing is lost: each journal line was fsync'd when written, on
        this thread, so none is half-written now."""
        assert sys.__stdin__ is not None
        if not os.isatty(sys.__stdin__.fileno()):
            os._exit(129)  # 128 + SIGHUP, as if the hang-up had arrived

    def _show(self, screen: Screen) -> None:
        """Push over the menu; replace anything else (setup, end, a finished table)."""
        from tui.screens.menu import MenuScreen

        if isinstance(self.screen, MenuScreen) or len(self.screen_stack) <= 1:
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    # --- games ----------------------------------------------------------------------------

    def open_game(self, session: GameSession, warnings: Iterable[str] = ()) -> None:
        from tui.screens.end import EndScreen

        why = refusal(session.header.game, self.lang)
        if why is not None:
            session.close()
            self._load_failed(why)
            return
        from tui.controller import GameController
        from tui.screens.table import TableScreen

        self.game_styles(session.header.game)
        ctl = GameController(session, self.lang)
        ctl.warnings.extend(warnings)
        self._show(EndScreen(ctl) if session.outcome() is not None else TableScreen(ctl))

    def open_join(self) -> None:
        from tui.screens.lobby import OnlineScreen

        self.push_screen(OnlineScreen())

    def open_online(self, url: str, token: str, name: str, notes: list[str] | None = None,
                    ca: str | None = None, pinned: bool = False, hosting: bool = False,
                    claim: int | None = None) -> None:
        """Join a table a server holds (docs/network.md); a one-line error if it cannot.
        `ca`, `pinned`: the certificate to trust for wss:// (core/net/tls.py); `hosting`: the
        server is this app's (`evo host`), so leaving closes the table; `claim`: with no token,
        the free seat of an open table to take."""
        self.run_worker(self._join(url, token, name, notes or [], ca, pinned, hosting, claim),
                        exclusive=True, group="online")

    async def _join(self, url: str, token: str, name: str, notes: list[str], ca: str | None = None,
                    pinned: bool = False, hosting: bool = False, claim: int | None = None) -> None:
        from core.net.client import NetError
        from tui.screens.online import OnlineTableScreen, WaitingScreen, join_table

        try:
            ctl = await join_table(url, token, name, self.lang, self.saves_dir, ca, pinned, claim)
        except NetError as exc:
            message = text("online.cannot", self.lang, why=str(exc))
            shown = getattr(self.screen, "show_problem", None)  # the form that asked, if open
            if shown is not None:
                shown(message, True)
            else:
                self.notify(message, severity="error", timeout=10)
            return
        self.game_styles(ctl.client.welcome.game)
        ctl.warnings.extend(notes)
        ctl.hosting = hosting
        self._show(OnlineTableScreen(ctl) if ctl.client.update is not None else WaitingScreen(ctl))

    def start_new_game(self, game: str, seats: list[Seat], options: Options, seed: int,
                       undo: str) -> str | None:
        """Start a game journaled in the saves folder; a one-line error if it cannot start."""
        path = self.saves_dir
        try:
            path = new_save_path(self.saves_dir, game)
            session = GameSession.new(game, seats=seats, options=options, seed=seed, undo=undo, path=path)
        except (ValueError, OSError, JournalError) as exc:
            return self._start_problem(game, path, exc)
        self.open_game(session)
        return None

    def _start_problem(self, game: str, path: Path, exc: Exception) -> str:
        """Why a new game (or a rematch, a branch) cannot start, in the player's words."""
        from core.engine.protocol import OptionsError
        from tui.i18n import option_problem

        if isinstance(exc, JournalError):  # the save cannot be made there (not a folder, busy)
            return text("setup.cannot_begin", self.lang, why=save_problem(exc, self.lang))
        if isinstance(exc, OSError):
            where = text("journal.where", self.lang, file=Path(exc.filename or path).name)
            return text("setup.cannot_begin", self.lang, why=f"{where}: {system_problem(exc, self.lang)}")
        if isinstance(exc, OptionsError):
            return option_problem(games.get(game), exc, self.lang, labels=True)
        return text("setup.cannot_start", self.lang)  # a set-up the form let through: never seen

    def rematch(self, old: GameSession) -> None:
        h = old.header
        position = _position_of(old)
        try:
            session = GameSession.new(h.game, seats=h.seats, options=dict(h.options), seed=h.seed,
                                      undo=h.undo, path=new_save_path(self.saves_dir, h.game),
                                      position=position)
        except (ValueError, OSError, JournalError) as exc:
            self.notify(self._start_problem(h.game, self.saves_dir, exc), severity="error")
            return
        self.open_game(session)

    def branch(self, old: GameSession, state: object, moves: int) -> None:
        """A new game from a replay's position, `moves` moves into `old` (which stays)."""
        h = old.header
        try:
            session = GameSession.new(h.game, seats=h.seats, options=dict(h.options), undo=h.undo,
                                      path=new_save_path(self.saves_dir, h.game), position=state)
        except (ValueError, OSError, JournalError) as exc:
            self.notify(self._start_problem(h.game, self.saves_dir, exc), severity="error")
            return
        name = session.writer.path.name if session.writer else ""
        old_name = old.file.name if old.file is not None else ""
        self.notify(text("replay.branched", self.lang, file=name, k=moves, old=old_name), timeout=12)
        self.open_game(session)

    def open_save(self, path: Path) -> None:
        try:
            session, warnings = GameSession.load(path)
        except (JournalError, OSError) as exc:
            self._load_failed(save_problem(exc, self.lang))
            return
        self.library.remember(path, self.saves_dir)
        self.open_game(session, warnings)

    def saved_as(self, old: Path | None, new: Path) -> None:
        """A Save as: the game goes on in `new`; Continue and Load follow it."""
        if old is not None:
            self.library.moved(old, new, self.saves_dir)
        else:
            self.library.remember(new, self.saves_dir)

    def _load_failed(self, message: str) -> None:
        from tui.screens.saves import SavesScreen

        if isinstance(self.screen, SavesScreen):
            self.screen.show_error(message)
        else:
            self.notify(message, severity="error", timeout=10)

    # --- other screens -----------------------------------------------------------------------

    def open_setup(self) -> None:
        from tui.screens.setup import SetupScreen

        self._show(SetupScreen())

    def open_picker(self, mode: str) -> None:
        from tui.screens.saves import SavesScreen

        self._show(SavesScreen(mode))

    def open_replay(self, path: Path) -> None:
        try:
            session, warnings = GameSession.load(path, writable=False)
        except (JournalError, OSError) as exc:
            self._load_failed(save_problem(exc, self.lang))
            return
        for w in warnings:
            self.notify(w, severity="warning")
        self.library.remember(path, self.saves_dir)
        self.open_replay_session(session)

    def open_replay_session(self, session: GameSession) -> None:
        why = refusal(session.header.game, self.lang)
        if why is not None:
            self._load_failed(why)
            return
        from tui.screens.replay import ReplayScreen

        self.game_styles(session.header.game)
        self._show(ReplayScreen(session))

    def current_game(self) -> str | None:
        """The game of the screen in front (a table, a replay, an end screen), if any."""
        for screen in reversed(self.screen_stack):
            ctl = getattr(screen, "ctl", None)
            session = ctl.session if ctl is not None else getattr(screen, "session", None)
            if session is not None:
                return session.header.game
        return None

    def open_rules(self, heading: str | None = None, game: str | None = None) -> None:
        """The rules of `game` (default: the game in front, else the first game)."""
        from tui.screens.rules import RulesScreen

        game = game or self.current_game() or playable()[0]
        if isinstance(self.screen, RulesScreen) and heading and self.screen.game == game:
            self.screen.goto(heading)
            return
        if isinstance(self.screen, RulesScreen):  # another game's rules: in their place
            self.switch_screen(RulesScreen(heading, game))
        else:
            self.push_screen(RulesScreen(heading, game))

    def find_ruling(self, screen: Screen | None = None) -> None:
        """Search the rulings, the game in front (or whose rules are open) first."""
        from tui.screens.rule_search import RuleSearchScreen

        game = getattr(screen, "game", None)
        game = game if isinstance(game, str) else self.current_game() or playable()[0]
        self.push_screen(RuleSearchScreen(game, self.lang))

    def choose_rules(self) -> None:
        """From the menu: which game's rules (straight to them when only one game is playable)."""
        from tui.screens.dialogs import ChoiceScreen

        games = playable()
        if len(games) == 1:
            self.open_rules(game=games[0])
            return

        def chosen(game: str | None) -> None:
            if game:
                self.open_rules(game=game)

        options = [(title(g, self.lang), g) for g in games]
        self.push_screen(ChoiceScreen(text("rules.choose", self.lang), options, self.lang), chosen)

    def open_lessons(self) -> None:
        from tui.screens.lessons import LessonsScreen

        self._show(LessonsScreen())

    def open_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    # --- the command palette -----------------------------------------------------------------

    def action_command_palette(self) -> None:
        """Textual's palette, in the player's language."""
        from tui.textual_words import Palette

        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette(self.lang))

    # --- Textual's own words, in the player's language (tui/textual_words.py) ---------------------

    async def action_quit(self) -> None:
        """Ctrl+Q: quit — after asking, where leaving does more than close the app (a table
        online: it closes for everyone at it, or the seat waits for its player)."""
        ask = getattr(self.screen, "leaving_question", None)
        question = ask() if ask is not None else None
        if question is None:
            self.exit()
            return
        from tui.screens.dialogs import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen(text("online.leave_title", self.lang), question, self.lang),
                         answered)

    def action_help_quit(self) -> None:
        """Ctrl+C outside a text field: how to quit (Textual says it in English)."""
        self.notify(text("textual.quit_hint", self.lang), title=text("textual.quit_title", self.lang))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        from tui.textual_words import localize_built_in

        if localize_built_in(event.widget, self.lang):
            self.screen.refresh_bindings()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        tr = self.tr
        yield SystemCommand(tr("cmd.new"), tr("cmd.new_help"), self.open_setup)
        yield SystemCommand(tr("cmd.load"), tr("cmd.load_help"), lambda: self.open_picker("load"))
        yield SystemCommand(tr("cmd.replay"), tr("cmd.replay_help"), lambda: self.open_picker("replay"))
        if getattr(screen, "ctl", None) is not None and hasattr(screen, "action_save_as"):
            yield SystemCommand(tr("cmd.save"), tr("cmd.save_help"), screen.action_save_as)
        yield SystemCommand(tr("cmd.rules"), tr("cmd.rules_help"), self.open_rules)
        yield SystemCommand(tr("cmd.find_rule"), tr("cmd.find_rule_help"), lambda: self.find_ruling(screen))
        # the app's own settings before the rules' many sections: on a tie the palette keeps
        # this order ("Russ" is the language before the glossary of Russian names)
        for tf in self.theme_files:
            yield SystemCommand(tr("cmd.theme", name=tf.label(self.lang)), tr("cmd.theme_help"),
                                lambda n=tf.theme.name: self.set_theme(n))
        for choice in ("ru", "en"):
            yield SystemCommand(tr(f"cmd.lang_{choice}"), tr("cmd.lang_help"),
                                lambda c=choice: self.set_language(c))
        for k, game in enumerate(playable()):
            name = title(game, self.lang)
            yield SystemCommand(tr("cmd.rules_of", game=name), tr("cmd.rules_help"),
                                lambda g=game: self.open_rules(game=g))
            for heading in plugin(game).rule_sections(self.lang):
                # the first game's entries keep their plain names; the others say which game
                shown = heading if k == 0 else f"{name} — {heading}"
                yield SystemCommand(tr("cmd.rule", h=shown), tr("cmd.rule_help"),
                                    lambda h=heading, g=game: self.open_rules(h, g), discover=False)
        yield SystemCommand(tr("cmd.settings"), tr("cmd.settings_help"), self.open_settings)
        yield SystemCommand(tr("cmd.quit"), tr("cmd.quit_help"), self.exit)


def _position_of(session: GameSession) -> object:
    """The prepared position a game started from (a scenario or a branch), or None."""
    state = session.rules.position_of(list(session.entries[0].events))
    return None if state is None else session.rules.clone(state)


# --- entry points used by tui/cli.py ----------------------------------------------------------

def _fail(message: str) -> None:
    """One line on stderr and exit status 2 (an unreadable file, as the `evo` command reports it)."""
    print(f"evo: {message}", file=sys.stderr)
    raise SystemExit(2)


def run_app(lang: str | None = None, saves_dir: str | None = None) -> None:
    EvoApp(lang, saves_dir).run()


def run_online(url: str, token: str, name: str, lang: str | None = None,
               saves_dir: str | None = None, notes: list[str] | None = None,
               ca: str | None = None, pinned: bool = False, hosting: bool = False) -> None:
    """The app at a table a server holds; `notes` are shown when it opens (a host's join lines);
    `hosting`: this process holds the server (`evo host`)."""
    EvoApp(lang, saves_dir, start=("online", (url, token, name, notes or [], ca, pinned, hosting))).run()


def run_replay(path: str, lang: str | None = None, saves_dir: str | None = None) -> None:
    try:
        session, _warnings = GameSession.load(path, writable=False)
    except (JournalError, OSError) as exc:
        _fail(str(exc).splitlines()[0])
        return
    why = refusal(session.header.game, resolve_lang(lang, load_settings().lang))
    if why is not None:
        _fail(why)
        return
    EvoApp(lang, saves_dir, start=("replay", session)).run()


def run_lesson(lesson_id: str, lang: str | None = None, saves_dir: str | None = None) -> None:
    EvoApp(lang, saves_dir, start=("lesson", lesson_id)).run()


def scenario_session(path: str, saves_dir: Path, lang: str = "en") -> GameSession:
    """A game journaled in the saves folder, standing at the scenario's position.

    The game decides who sits where (e.g. the person at the keyboard plays seat 0 against bots,
    or every seat of a co-operative game), so a position can be played out as a game.
    """
    from core.engine.scenario import ScenarioError, load_scenario, scenario_position
    from tui.bots import bot_specs, default_bot

    sc = load_scenario(path)
    why = refusal(sc.game, lang)
    if why is not None:
        raise ScenarioError(f"{path}: {why}")
    rules, state = scenario_position(sc)
    seats = plugin(sc.game).scenario_seats(state, lang, default_bot(bot_specs(rules)))
    adapter = games.get(sc.game).scenarios
    assert adapter is not None  # scenario_position refused a game without scenario files
    options = adapter.options(state)
    return GameSession.new(sc.game, seats=seats, options=options, seed=sc.seed,
                           position=state, path=new_save_path(saves_dir, sc.game))


def run_scenario(path: str, lang: str | None = None, saves_dir: str | None = None) -> None:
    from core.engine.scenario import ScenarioError
    try:
        lang_now = resolve_lang(lang, load_settings().lang)
        session = scenario_session(path, default_saves_dir(saves_dir), lang_now)
    except (ScenarioError, ValueError, OSError) as exc:
        _fail(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        return
    EvoApp(lang, saves_dir, start=("game", session)).run()
