"""New game setup: the game, its seats and options (generated from the game's option schema,
`tui/setup_form.py`), seed, undo mode.

A game may bring its own seats section (`GameUI.seat_form`). Changing the game swaps both
parts. The form says at once what the rules refuse in the options chosen, and the game's
advice (`rules.warnings`). The defaults let a new player start at once (Ctrl+S, or Start).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypedDict

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from core import games
from core.engine.protocol import Options, OptionsError
from core.engine.rng import SEED_LIMIT, fresh_seed
from core.seat_names import as_default
from tui.bots import PREFERRED_BOTS
from tui.games import playable, plugin, title
from tui.i18n import option_problem, text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.setup_form import OptionsForm, SeatSection, SeatsForm
from tui.widgets.button_row import ButtonRow

if TYPE_CHECKING:
    from core.engine.journal import Seat
    from tui.app import EvoApp


class Choices(TypedDict):
    """The game as set up in the form: what `EvoApp.start_new_game` takes."""

    game: str
    seats: list[Seat]
    options: Options
    seed: int
    undo: str

__all__ = ["PREFERRED_BOTS", "SetupScreen"]


class SetupScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("ctrl+s", "start", "start"),
        Binding("ctrl+g", "next_game", "game"),
    ]

    def __init__(self, game: str | None = None) -> None:
        super().__init__(id="setup")
        self.wanted = game
        self.game = ""  # chosen in compose: the game asked for, else the last one set up

    @property
    def lang(self) -> str:
        return self.app.lang

    @property
    def seat_form(self) -> SeatSection:
        return self.query_one("#seat-form", SeatSection)

    @property
    def options_form(self) -> OptionsForm:
        return self.query_one("#options-form", OptionsForm)

    def _forms(self) -> list[SeatSection | OptionsForm]:
        self.app.game_styles(self.game)  # its seats section may be styled there
        own = plugin(self.game).seat_form
        return [own() if own is not None else SeatsForm(self.game), OptionsForm(self.game)]

    def compose(self) -> ComposeResult:
        self.app.use_styles("forms")
        lang = self.lang
        games = playable()
        wanted = self.wanted or self.app.settings.game
        self.game = wanted if wanted in games else games[0]
        box = VerticalScroll(id="setup-box")
        box.can_focus = False  # Tab goes from field to field; the box scrolls to the one focused
        with box:
            yield Static(f"[b]{text('setup.title', lang)}[/]", id="setup-title")
            with Horizontal(classes="setup-line", id="game-line"):
                yield Label(text("setup.game", lang), classes="setup-label")
                yield Select([(title(g, lang), g) for g in playable()], value=self.game,
                             allow_blank=False, id="game", compact=True)
            yield from self._forms()
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.seed", lang), classes="setup-label")
                yield Input(str(fresh_seed()), id="seed", compact=True, restrict=r"\d*", max_length=9)
                yield Button(text("setup.new_seed", lang), id="reseed", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.undo", lang), classes="setup-label")
                yield Select([(text("setup.undo_learning", lang), "learning"),
                              (text("setup.undo_strict", lang), "strict")],
                             value="learning", allow_blank=False, id="undo", compact=True)
            yield Static(id="setup-help")
            yield Static(id="setup-warnings")
            yield Static(id="setup-error")
        # Below the scrolling form, so that Start stays in sight (and focusing it does not scroll
        # the game and the first fields away) on a small terminal.
        with ButtonRow(id="setup-buttons"):
            yield Button(text("setup.start", lang), id="start", variant="primary")
            yield Button(text("setup.back", lang), id="back")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self._blink()
        self.query_one("#game", Select).focus()  # the form from its first field; Ctrl+S starts
        self.call_after_refresh(self.show_warnings)

    def _blink(self) -> None:
        for inp in self.query(Input):
            inp.cursor_blink = self.app.cursor_blink_enabled

    # --- the game and its form --------------------------------------------------------------

    def action_next_game(self) -> None:
        games = playable()
        self.query_one("#game", Select).value = games[(games.index(self.game) + 1) % len(games)]

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and event.value != self.game:
            self.game = str(event.value)
            await self.seat_form.remove()
            await self.options_form.remove()
            box = self.query_one("#setup-box")
            await box.mount_all(self._forms(), after=self.query_one("#game-line"))
            self.call_after_refresh(self._blink)
        self.call_after_refresh(self.show_warnings)

    def on_checkbox_changed(self) -> None:
        self.call_after_refresh(self.show_warnings)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Under the form, what the focused option means (from the game's option schema)."""
        wid = event.widget.id or ""
        key = wid.removeprefix("opt-slot-").rsplit("-", 1)[0] if wid.startswith("opt-slot-") \
            else wid.removeprefix("opt-") if wid.startswith("opt-") else ""
        game = games.get(self.game)
        shown = ""
        if key and any(o.key == key for o in game.options):
            shown = f"[dim]{esc(game.option_help(key, self.lang, typed=False))}[/]"
        self.query_one("#setup-help", Static).update(shown)

    def on_input_changed(self) -> None:
        self.call_after_refresh(self.show_warnings)

    def show_warnings(self) -> None:
        """What the rules say of the game as set up now: a refusal (the options do not go
        together) or the game's advice (e.g. Soos alone, G28)."""
        if not self.is_attached or not self.query("#options-form") or not self.query("#seat-form"):
            return
        self.options_form.sync()
        self.seat_form.options_changed(self.options_form.values())
        error, lines = "", []
        try:
            c = self.choices()
            game = games.get(self.game)
            lines = game.ruleset.warnings(c["options"], len(c["seats"]), self.lang)
        except OptionsError as exc:  # the options do not go together: the game says why
            error = option_problem(games.get(self.game), exc, self.lang, labels=True)
        except ValueError as exc:  # the seats section says what is missing
            error = str(exc)
        box = self.query_one("#setup-warnings", Static)
        box.update("\n".join(f"[$warning]⚠ {esc(w)}[/]" for w in lines))
        box.display = bool(lines)
        self.query_one("#setup-error", Static).update(f"[$error]{esc(error)}[/]" if error else "")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "reseed":
            self.query_one("#seed", Input).value = str(fresh_seed())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    # --- starting -----------------------------------------------------------------------

    def choices(self) -> Choices:
        """The game as set up in the form (seats, options, seed, undo mode)."""
        seats, options = self.seat_form.choices()
        options = {**self.options_form.values(), **options}
        games.get(self.game).normalize(options, len(seats))  # refused here, with the reason
        seed_text = self.query_one("#seed", Input).value
        seed = int(seed_text) % SEED_LIMIT if seed_text else fresh_seed()
        return {"game": self.game, "seats": seats, "options": options,
                "seed": seed, "undo": str(self.query_one("#undo", Select).value)}

    def action_start(self) -> None:
        try:
            c = self.choices()
        except ValueError:  # the form says what is missing, in the player's words
            self.show_warnings()
            self.call_after_refresh(self.query_one("#setup-error").scroll_visible)
            return
        humans = [s for s in c["seats"] if s.kind == "human"]
        if humans and humans[0].name and as_default(humans[0].name) is None:
            self.app.remember_player(humans[0].name)  # a name typed, not "Player 1" in some language
        seats_form = self.seat_form
        self.app.settings.game = self.game
        self.app.settings.remember_setup(self.game, {  # offered again next time
            **seats_form.memory(), "options": self.options_form.values()})
        self.app.store_settings()
        error = self.app.start_new_game(**c)
        if error:
            self.query_one("#setup-error", Static).update(f"[$error]{esc(error)}[/]")
            self.call_after_refresh(self.query_one("#setup-error").scroll_visible)

    def action_back(self) -> None:
        self.app.pop_screen()

