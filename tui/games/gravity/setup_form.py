"""The seats section of the `gravity` new-game form (spec §3 step 1, G2, G7): seats are
characters.

Characters 1–5 of Dipper, Mabel, Stan, Wendy and Soos; for each, the person controlling it
(one person may control several); for each person, human or bot and a name; the first player.
The rest (variant, difficulty, monsters, their order) is the generic options form's. The
defaults — Dipper and Mabel, both yours — start at Enter.

The rules name the person of each character by `controllers` and narrate a person by the
session's seat name at that person's index, so seat k carries person k's name (the seats past
the last person carry their controller's name).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Checkbox, Input, Label, Select

from core.engine.journal import Seat
from core.engine.protocol import Options
from core.games.gravity.data import CHARACTERS
from core.games.gravity.rules import RULES
from core.games.gravity.texts import char_name
from tui.bots import bot_label, bot_specs, default_bot
from tui.i18n import text
from tui.setup_form import SeatSection, seat_name
from tui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    pass

PEOPLE = len(CHARACTERS)


class GravitySeats(SeatSection):
    DEFAULT_CSS = "GravitySeats { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="seat-form")
        self.specs = bot_specs(RULES)
        self.auto_names: dict[int, str] = {}

    @property
    def lang(self) -> str:
        return self.app.lang

    def _last(self) -> tuple[list[str], dict[str, int], list[str]]:
        """The characters, the person of each and each person's kind of the last set-up,
        where still valid (else the defaults: Dipper and Mabel, both the first person's)."""
        last = self.app.settings.last_setup(RULES.game_id)
        listed, by, was = last.get("characters"), last.get("by"), last.get("kinds")
        chars = [c for c in listed if c in CHARACTERS] if isinstance(listed, list) else []
        persons = {ch: p for ch, p in by.items() if ch in CHARACTERS and p in range(PEOPLE)} \
            if isinstance(by, dict) else {}
        kinds = []
        for p in range(PEOPLE):
            k = was[p] if isinstance(was, list) and p < len(was) else None
            valid = isinstance(k, str) and (k == "human" or k.removeprefix("bot:") in self.specs)
            kinds.append(str(k) if valid else "human" if p == 0 else f"bot:{default_bot(self.specs)}")
        return chars or list(CHARACTERS[:2]), persons, kinds

    def memory(self) -> dict[str, object]:
        return {"characters": self.chosen(), "by": {ch: self._person(ch) for ch in CHARACTERS},
                "kinds": [str(self.query_one(f"#kind-{p}", Select).value) for p in range(PEOPLE)]}

    def compose(self) -> ComposeResult:
        lang = self.lang
        chosen, persons, person_kinds = self._last()
        people = [(text("gravity.setup.person", lang, k=p + 1), p) for p in range(PEOPLE)]  # renamed on mount
        for i, ch in enumerate(CHARACTERS):
            with Horizontal(classes="setup-line"):
                yield Label(text("gravity.setup.character", lang) if i == 0 else "", classes="setup-label")
                yield TickBox(char_name(ch, lang), value=ch in chosen, id=f"in-{ch}", compact=True,
                               classes="gv-char-box")
                yield Select(people, value=persons.get(ch, 0), allow_blank=False, id=f"by-{ch}",
                             compact=True, classes="gv-person")
        kinds = [(text("setup.human", lang), "human")]
        kinds += [(bot_label(s, lang), f"bot:{s}") for s in self.specs]
        for p in range(PEOPLE):
            with Horizontal(classes="setup-line seat-line", id=f"person-line-{p}"):
                yield Label(text("gravity.setup.person", lang, k=p + 1), classes="setup-label")
                value = person_kinds[p]
                yield Select(kinds, value=value, allow_blank=False, id=f"kind-{p}", compact=True)
                yield Input(self._default_name(p, value), id=f"name-{p}", compact=True, max_length=24,
                            classes="seat-name")
        with Horizontal(classes="setup-line"):
            yield Label(text("gravity.setup.first", lang), classes="setup-label")
            yield Select([(text("gravity.setup.first_random", lang), "random")], value="random",
                         allow_blank=False, id="gv-first", compact=True)

    def _default_name(self, person: int, kind: str) -> str:
        name = seat_name(person, kind, self.lang, self.app.settings.player_name)
        self.auto_names[person] = name
        return name

    def on_mount(self) -> None:
        self.sync()
        self.name_people()

    def name_people(self) -> None:
        """The controller lists say who each person is ("1 · Ann"), as the names are typed."""
        labels = []
        for p in range(PEOPLE):
            name = self.query_one(f"#name-{p}", Input).value.strip()
            label = f"{p + 1} · {name}" if name else text("gravity.setup.person", self.lang, k=p + 1)
            labels.append((label, p))
        for ch in CHARACTERS:
            select = self.query_one(f"#by-{ch}", Select)
            value = self._person(ch)
            with select.prevent(Select.Changed):
                select.set_options(labels)
                select.value = (value + 1) % PEOPLE  # repaints the label
                select.value = value

    def on_input_changed(self, event: Input.Changed) -> None:
        if (event.input.id or "").startswith("name-"):
            self.name_people()

    # --- keeping the form consistent --------------------------------------------------

    def _person(self, ch: str) -> int:
        """The person (numbered from 0) who plays character `ch`."""
        value = self.query_one(f"#by-{ch}", Select).value
        assert isinstance(value, int)  # a list of people, never blank
        return value

    def chosen(self) -> list[str]:
        return [ch for ch in CHARACTERS if self.query_one(f"#in-{ch}", Checkbox).value]

    def sync(self) -> None:
        chars = self.chosen()
        used = set()
        for ch in CHARACTERS:
            on = ch in chars
            self.query_one(f"#by-{ch}", Select).disabled = not on
            if on:
                used.add(self._person(ch))
        for p in range(PEOPLE):
            self.query_one(f"#person-line-{p}").display = p in used
        first = self.query_one("#gv-first", Select)
        current = first.value
        options = [(text("gravity.setup.first_random", self.lang), "random")]
        options += [(char_name(ch, self.lang), ch) for ch in chars]
        first.set_options(options)
        first.value = current if current in ["random", *chars] else "random"

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid.startswith("kind-"):
            person = int(sid.split("-")[1])
            name = self.query_one(f"#name-{person}", Input)
            if name.value == self.auto_names.get(person, name.value):
                name.value = self._default_name(person, str(event.value))
        if sid != "gv-first":
            self.sync()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.sync()

    # --- the game as set up ---------------------------------------------------------------

    def options_changed(self, options: Options) -> None:
        """The options form changed: nothing here depends on it."""

    def options(self) -> tuple[list[str], list[int], Options]:
        """Characters (seat order), the person of each (numbered from 0 as they appear), and
        the options this section decides."""
        chars = self.chosen()
        raw = [self._person(ch) for ch in chars]
        people = list(dict.fromkeys(raw))
        controllers = [people.index(p) for p in raw]
        options: Options = {"characters": chars, "controllers": controllers}
        first = self.query_one("#gv-first", Select).value
        if first in chars:
            options["first"] = chars.index(str(first))
        return chars, people, options

    def choices(self) -> tuple[list[Seat], Options]:
        """Raises ValueError with a message for the player when the form cannot start a game."""
        lang = self.lang
        chars, people, options = self.options()
        if not chars:
            raise ValueError(text("gravity.setup.need_character", lang))
        persons = []
        for p in people:
            kind = str(self.query_one(f"#kind-{p}", Select).value)
            name = self.query_one(f"#name-{p}", Input).value.strip() or self._default_name(p, kind)
            persons.append((name, kind))
        seats = []
        for i, person in enumerate(options["controllers"]):
            name = persons[i][0] if i < len(persons) else persons[person][0]
            kind = persons[person][1]
            if kind == "human":
                seats.append(Seat(name))
            else:
                seats.append(Seat(name, kind="bot", bot=kind.removeprefix("bot:")))
        return seats, options
