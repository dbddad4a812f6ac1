"""New game setup: game, seats (human or bot, names), variant, solo, seed, undo mode.

The defaults make a game against one bot, so a new player can press Enter and play.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from core import games
from core.engine.journal import Seat
from core.engine.rng import SEED_LIMIT, fresh_seed
from tui.bots import bot_label, bot_specs
from tui.games import playable, title
from tui.i18n import text
from tui.keys import localize_bindings

MAX_SEATS = 4
PREFERRED_BOTS = ("greedy", "mcts:easy", "random")


class SetupScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("ctrl+s", "start", "start"),
    ]

    def __init__(self) -> None:
        super().__init__(id="setup")
        self.specs: list[str] = []
        self.auto_names: dict[int, str] = {}  # seat -> the name we filled in (replaced on kind change)

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        game_ids = playable()
        rules = games.load(game_ids[0])
        self.specs = bot_specs(rules)
        default_bot = next((s for s in PREFERRED_BOTS if s in self.specs), self.specs[0])
        kinds = [(text("setup.human", lang), "human")]
        kinds += [(bot_label(s, lang), f"bot:{s}") for s in self.specs]
        with VerticalScroll(id="setup-box"):
            yield Static(f"[b]{text('setup.title', lang)}[/]", id="setup-title")
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.game", lang), classes="setup-label")
                yield Select([(title(g, lang), g) for g in game_ids], value=game_ids[0],
                             allow_blank=False, id="game", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.players", lang), classes="setup-label")
                yield Select([(str(n), n) for n in range(2, MAX_SEATS + 1)], value=2, allow_blank=False,
                             id="players", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.mode", lang), classes="setup-label")
                yield Checkbox(text("setup.solo", lang), id="solo", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.variant", lang), classes="setup-label")
                yield Checkbox(text("setup.quartet", lang), id="quartet", compact=True)
            for i in range(MAX_SEATS):
                with Horizontal(classes="setup-line seat-line", id=f"seat-line-{i}"):
                    yield Label(text("setup.seat", lang, k=i + 1), classes="setup-label")
                    value = "human" if i == 0 else f"bot:{default_bot}"
                    yield Select(kinds, value=value, allow_blank=False, id=f"kind-{i}", compact=True)
                    yield Input(self._default_name(i, value), id=f"name-{i}", compact=True,
                                max_length=24, classes="seat-name")
                    yield Static(text("setup.shade", lang), id=f"shade-{i}", classes="shade-label")
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.seed", lang), classes="setup-label")
                yield Input(str(fresh_seed()), id="seed", compact=True, restrict=r"\d*", max_length=9)
                yield Button(text("setup.new_seed", lang), id="reseed", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("setup.undo", lang), classes="setup-label")
                yield Select([(text("setup.undo_learning", lang), "learning"),
                              (text("setup.undo_strict", lang), "strict")],
                             value="learning", allow_blank=False, id="undo", compact=True)
            yield Static(id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button(text("setup.start", lang), id="start", variant="primary")
                yield Button(text("setup.back", lang), id="back")
        yield Footer(show_command_palette=False)

    def _default_name(self, seat: int, kind: str) -> str:
        lang = self.lang
        if kind == "human":
            name = self.app.settings.player_name if seat == 0 and self.app.settings.player_name else \
                text("setup.player_name", lang, k=seat + 1)
        else:
            name = text("setup.bot_name", lang, k=seat + 1)
        self.auto_names[seat] = name
        return name

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        for inp in self.query(Input):
            inp.cursor_blink = self.app.cursor_blink_enabled
        self._sync()
        self.query_one("#start", Button).focus()

    # --- keeping the form consistent --------------------------------------------------

    def _sync(self) -> None:
        count = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        solo = self.query_one("#solo", Checkbox).value
        if solo and count != 2:
            self.query_one("#players", Select).value = 2
            count = 2
        quartet = self.query_one("#quartet", Checkbox)
        quartet.disabled = solo or count > 3
        if quartet.disabled:
            quartet.value = False
        self.query_one("#players", Select).disabled = solo
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-line-{i}").display = i < count
            shade = solo and i == 1
            self.query_one(f"#kind-{i}").display = not shade
            self.query_one(f"#name-{i}").display = not shade
            self.query_one(f"#shade-{i}").display = shade
        if solo:
            self.query_one("#kind-0", Select).value = "human"

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid.startswith("kind-"):
            seat = int(sid.split("-")[1])
            name = self.query_one(f"#name-{seat}", Input)
            if name.value == self.auto_names.get(seat, name.value):
                name.value = self._default_name(seat, str(event.value))
        self._sync()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._sync()

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

    def choices(self) -> dict[str, Any]:
        """The game as set up in the form (seats, options, seed, undo mode)."""
        lang = self.lang
        count = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        solo = self.query_one("#solo", Checkbox).value
        seats = []
        for i in range(count):
            if solo and i == 1:
                seats.append(Seat(text("setup.shade", lang), kind="shade"))
                continue
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip() or self._default_name(i, kind)
            if kind == "human":
                seats.append(Seat(name))
            else:
                seats.append(Seat(name, kind="bot", bot=kind.removeprefix("bot:")))
        seed_text = self.query_one("#seed", Input).value
        seed = int(seed_text) % SEED_LIMIT if seed_text else fresh_seed()
        options = {"variant": "quartet" if self.query_one("#quartet", Checkbox).value else "standard",
                   "solo": solo}
        return {"game": str(self.query_one("#game", Select).value), "seats": seats, "options": options,
                "seed": seed, "undo": str(self.query_one("#undo", Select).value)}

    def action_start(self) -> None:
        c = self.choices()
        humans = [s for s in c["seats"] if s.kind == "human"]
        if humans and humans[0].name:
            self.app.remember_player(humans[0].name)
        error = self.app.start_new_game(**c)
        if error:
            self.query_one("#setup-error", Static).update(f"[$error]{error}[/]")

    def action_back(self) -> None:
        self.app.pop_screen()
