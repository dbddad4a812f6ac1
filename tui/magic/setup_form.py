"""The `magic` part of the new-game form: players, solo against the Shade, Quartet, the seats.

The defaults make a game against one bot, so a new player can press Enter and play.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from core.engine.journal import Seat
from core.games.magic.rules import RULES
from tui.bots import bot_label, bot_specs, default_bot
from tui.i18n import text

MAX_SEATS = 4


class MagicSetupForm(Vertical):
    DEFAULT_CSS = "MagicSetupForm { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="game-form")
        self.specs = bot_specs(RULES)
        self.auto_names: dict[int, str] = {}  # seat -> the name we filled in (replaced on kind change)

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        bot = default_bot(self.specs)
        kinds = [(text("setup.human", lang), "human")]
        kinds += [(bot_label(s, lang), f"bot:{s}") for s in self.specs]
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
                value = "human" if i == 0 else f"bot:{bot}"
                yield Select(kinds, value=value, allow_blank=False, id=f"kind-{i}", compact=True)
                yield Input(self._default_name(i, value), id=f"name-{i}", compact=True,
                            max_length=24, classes="seat-name")
                yield Static(text("setup.shade", lang), id=f"shade-{i}", classes="shade-label")

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
        self.sync()

    # --- keeping the form consistent --------------------------------------------------

    def sync(self) -> None:
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
        self.sync()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.sync()

    # --- the game as set up ---------------------------------------------------------------

    def choices(self) -> tuple[list[Seat], dict[str, Any]]:
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
        options = {"variant": "quartet" if self.query_one("#quartet", Checkbox).value else "standard",
                   "solo": solo}
        return seats, options

    def warnings(self) -> list[str]:
        return []
