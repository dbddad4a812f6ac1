"""The new-game form of a game, generated from its descriptor's option schema.

Two parts: the seats (`SeatsForm`: how many, and for each a person or a bot with a name;
seats the rules play, such as a Shade, are shown by name) and the options (`OptionsForm`: a
choice is a list, a yes/no a checkbox, a list of a fixed count a "default or chosen" switch
with one list per slot). An option that applies only with another's value is hidden
otherwise. A game may bring its own seats section instead (`GameUI.seat_form`), e.g. when
seats are characters; it offers the same methods as `SeatsForm`.

The defaults start a game as they stand: the first seat is the person at the keyboard, the others
the best bot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, Select, Static

from core import games
from core.engine.descriptor import GameDescriptor, Option, OptionValue
from core.engine.journal import Seat
from core.engine.protocol import Options
from core.seat_names import as_default, default_name
from tui.bots import bot_label, bot_specs, default_bot
from tui.i18n import text
from tui.widgets.tickbox import TickBox

if TYPE_CHECKING:
    from tui.app import EvoApp

QUICK, CHOSEN = "default", "chosen"


def seat_name(seat: int, kind: str, lang: str, remembered: str = "") -> str:
    """The name a seat's field starts with: the first person's remembered name, unless it is
    only a default name (possibly another language's, remembered by an older version)."""
    if kind != "human":
        return default_name("bot", seat + 1, lang)
    if seat == 0 and remembered and as_default(remembered) is None:
        return remembered
    return default_name("player", seat + 1, lang)


class SeatSection(Vertical):
    """The seats section of the new-game form (id `seat-form`): `SeatsForm`, or a game's own
    (`GameUI.seat_form`)."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    def options_changed(self, options: Options) -> None:
        """The options form changed (seats fixed or played by the rules may have changed)."""

    def choices(self) -> tuple[list[Seat], Options]:
        """The seats, and the options this section decides; ValueError (in the player's words)
        when the form cannot start a game."""
        raise NotImplementedError

    def memory(self) -> dict[str, object]:
        """Who sits where, to offer again next time (kept in the settings with the game's last
        set-up, read back by the section's own compose)."""
        return {}


class SeatsForm(SeatSection):
    """How many seats, and who sits in each."""

    DEFAULT_CSS = "SeatsForm { height: auto; }"

    def __init__(self, game: str) -> None:
        super().__init__(id="seat-form")
        self.game: GameDescriptor = games.get(game)
        self.specs = bot_specs(self.game.ruleset)
        self.auto_names: dict[int, str] = {}  # seat -> the name we filled in (replaced on kind change)
        self.options: Options = {}

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        low, high, default = self.game.seats
        bot = default_bot(self.specs)
        kinds = [(text("setup.human", lang), "human")]
        kinds += [(bot_label(s, lang), f"bot:{s}") for s in self.specs]
        last = self.app.settings.last_setup(self.game.id)  # the last set-up, where still valid
        players = last.get("players")
        if not (isinstance(players, int) and low <= players <= high):
            players = default
        was = last.get("kinds")
        kept = [k for k in (was if isinstance(was, list) else []) if k == "human" or
                (isinstance(k, str) and k.removeprefix("bot:") in self.specs)]
        with Horizontal(classes="setup-line"):
            yield Label(text("setup.players", lang), classes="setup-label")
            yield Select([(str(n), n) for n in range(low, high + 1)], value=players, allow_blank=False,
                         id="players", compact=True)
        for i in range(high):
            with Horizontal(classes="setup-line seat-line", id=f"seat-line-{i}"):
                yield Label(text("setup.seat", lang, k=i + 1), classes="setup-label")
                value = kept[i] if i < len(kept) else "human" if i == 0 else f"bot:{bot}"
                yield Select(kinds, value=value, allow_blank=False, id=f"kind-{i}", compact=True)
                yield Input(self._default_name(i, value), id=f"name-{i}", compact=True,
                            max_length=24, classes="seat-name")
                yield Static("", id=f"auto-{i}", classes="automaton-label")

    def _default_name(self, seat: int, kind: str) -> str:
        name = seat_name(seat, kind, self.lang, self.app.settings.player_name)
        self.auto_names[seat] = name
        return name

    def on_mount(self) -> None:
        self.sync()

    def count(self) -> int:
        value = self.query_one("#players", Select).value
        assert isinstance(value, int)  # the select of seat counts, never blank
        return value

    def options_changed(self, options: Options) -> None:
        """The options form changed: seats fixed or played by the rules may have changed."""
        self.options = options
        self.sync()

    def sync(self) -> None:
        players = self.query_one("#players", Select)
        low, high = self.game.seat_range(self.options)
        if not low <= self.count() <= high:
            players.value = max(low, min(high, self.count()))
        players.disabled = low == high
        count = self.count()
        automated = self.game.automated(self.options, count)
        for i in range(self.game.seats[1]):
            self.query_one(f"#seat-line-{i}").display = i < count
            auto = automated.get(i)
            self.query_one(f"#kind-{i}").display = auto is None
            self.query_one(f"#name-{i}").display = auto is None
            label = self.query_one(f"#auto-{i}", Static)
            label.display = auto is not None
            if auto is not None:
                label.update(self.game.automaton_name(auto, self.lang).capitalize())
        if automated:  # a game against the rules: the keyboard plays the other seat
            first = next(i for i in range(count) if i not in automated)
            self.query_one(f"#kind-{first}", Select).value = "human"

    def on_select_changed(self, event: Select.Changed) -> None:
        sid = event.select.id or ""
        if sid.startswith("kind-"):
            seat = int(sid.split("-")[1])
            name = self.query_one(f"#name-{seat}", Input)
            if name.value == self.auto_names.get(seat, name.value):
                name.value = self._default_name(seat, str(event.value))
        if sid == "players" or sid.startswith("kind-"):
            self.sync()

    def memory(self) -> dict[str, object]:
        """How many seats, and who sits in each ("human" or "bot:<spec>")."""
        count = self.count()
        return {"players": count, "kinds": [str(self.query_one(f"#kind-{i}", Select).value)
                                            for i in range(count)]}

    def choices(self) -> tuple[list[Seat], Options]:
        """The seats, and the options this section decides (none here)."""
        count = self.count()
        automated = self.game.automated(self.options, count)
        seats = []
        for i in range(count):
            if i in automated:
                seats.append(Seat(self.game.automaton_name(automated[i], self.lang).capitalize(),
                                  kind=automated[i]))
                continue
            kind = str(self.query_one(f"#kind-{i}", Select).value)
            name = self.query_one(f"#name-{i}", Input).value.strip() or self._default_name(i, kind)
            seats.append(Seat(name) if kind == "human" else
                         Seat(name, kind="bot", bot=kind.removeprefix("bot:")))
        return seats, {}


class OptionsForm(Vertical):
    """The game's options that the form shows (`Option.form`), from the schema."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    DEFAULT_CSS = "OptionsForm { height: auto; }"

    def __init__(self, game: str) -> None:
        super().__init__(id="options-form")
        self.game = games.get(game)
        self.shown = [o for o in self.game.options if o.form]

    @property
    def lang(self) -> str:
        return self.app.lang

    def _remembered(self, o: Option, default: OptionValue) -> OptionValue:
        """The option's value in the game's last set-up, if the schema still accepts it."""
        last = self.app.settings.last_setup(self.game.id).get("options", {})
        if not isinstance(last, dict) or o.key not in last:
            return default
        try:
            value = o.parse(last[o.key])
        except ValueError:
            return default
        return value

    def compose(self) -> ComposeResult:
        lang = self.lang
        seats = self.game.seats[2]
        for o in self.shown:
            label = self.game.option_label(o.key, lang)
            default = self._remembered(o, o.default_for(seats))
            with Horizontal(classes="setup-line", id=f"opt-line-{o.key}"):
                yield Label(label if o.kind != "bool" else "", classes="setup-label")
                if o.kind == "bool":
                    yield TickBox(label, value=bool(default), id=f"opt-{o.key}", compact=True)
                elif o.kind == "choice":
                    yield Select(self._choices(o), value=str(default), allow_blank=False,
                                 id=f"opt-{o.key}", compact=True)
                elif o.kind == "list" and o.count:
                    picked = default if isinstance(default, list) and len(default) == o.count \
                        else None
                    yield Select([(self.game.choice_label(o.key, QUICK, lang), QUICK),
                                  (self.game.choice_label(o.key, CHOSEN, lang), CHOSEN)],
                                 value=CHOSEN if picked is not None else QUICK, allow_blank=False,
                                 id=f"opt-{o.key}", compact=True)
                else:
                    yield Input(_written(default), id=f"opt-{o.key}", compact=True)
            if o.kind == "list" and o.count:
                every = self._choices(o)
                for k in range(o.count):
                    with Horizontal(classes="setup-line", id=f"opt-slot-line-{o.key}-{k}"):
                        yield Label(self.game.text(f"option.{o.key}.slot", lang, k=k + 1),
                                    classes="setup-label")
                        first = picked[k] if picked is not None else \
                            o.suggested[k] if k < len(o.suggested) else every[k][1]
                        yield Select(every, value=first, allow_blank=False,
                                     id=f"opt-slot-{o.key}-{k}", compact=True)

    def _choices(self, o: Option) -> list[tuple[str, str]]:
        return [(self.game.choice_label(o.key, v, self.lang), v) for v in o.allowed()]

    def on_mount(self) -> None:
        self.sync()

    def sync(self) -> None:
        values = self.values()
        for o in self.shown:
            applies = o.applies is None or values.get(o.applies[0]) in o.applies[1]
            self.query_one(f"#opt-line-{o.key}").display = applies
            if o.kind == "list" and o.count:
                chosen = applies and self.query_one(f"#opt-{o.key}", Select).value == CHOSEN
                for k in range(o.count):
                    self.query_one(f"#opt-slot-line-{o.key}-{k}").display = chosen

    def values(self) -> Options:
        """The options as set in the form (those that apply)."""
        out: Options = {}
        for o in self.shown:
            widget = self.query_one(f"#opt-{o.key}")
            assert isinstance(widget, (Select, TickBox, Input))  # as `compose` made it
            if o.kind == "list" and o.count:
                if widget.value == CHOSEN:
                    out[o.key] = [self.query_one(f"#opt-slot-{o.key}-{k}", Select).value
                                  for k in range(o.count)]
                else:
                    out[o.key] = []
            else:
                out[o.key] = widget.value
        for o in self.shown:  # an option that does not apply is not given
            if o.applies is not None and out.get(o.applies[0]) not in o.applies[1]:
                del out[o.key]
        return out


def _written(value: object) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)
