"""A game's board: what the generic table and replay screens show of a game.

Each game subclasses `Board` in `tui/games/<g>/board.py`. The board composes the widgets
between the status line(s) and the prompt (the status widgets themselves go above, where the
replay screen puts its bar under them), renders a view on them, and — on the table — owns the
cursor: where it may go, what picking under it means in the decision being asked, and what
the details of the item under it are. The screens own the rest: the flow of the game, the
prompt, the keys, bots, hints, undo and redo, the replay's timeline.

The board talks to its screen through `host` (the screen), which offers `lang`,
`seat_names()`, `seat_kinds()`, `bottom_seat()` and `ctl` (the GameController on the table;
None in a replay).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from textual.containers import Vertical
from textual.widget import Widget

from tui.i18n import text
from tui.markup import esc
from tui.stage import Stage

NARROW = 100  # below this width a board usually folds its side panel away
DETAILS_MIN = 6  # rows of a side panel's details, frame included, even with little to say
LOG_MIN = 12  # rows the log keeps under the details (ten lines of text) where the side has room
SIDE = 40  # columns of the side panel (the log, details) up to SIDE_FROM columns of terminal
SIDE_FROM = 130  # from here the side panel takes a third of the width, up to SIDE_MAX
SIDE_MAX = 80


def side_width(width: int) -> int:
    """The side panel's width: a wide terminal gives the log and the details room to breathe
    instead of leaving it empty beside a few animals."""
    return SIDE if width < SIDE_FROM else max(SIDE, min(SIDE_MAX, width // 3))


@dataclass(frozen=True)
class BoardKey:
    """A key of the board's own on the table: `action` is the board's `action_<action>`,
    `description` a `keys.<description>` text shown in the footer."""

    key: str
    action: str
    description: str
    key_display: str | None = None
    show: bool = True  # False: not in the footer (the board says where the key is)


@dataclass(frozen=True)
class Pick:
    """What Enter on the board means now: a `result` to apply (an action or a deeper
    selection), a `probe` action whose refusal explains why the item cannot be picked, or a
    `message` to show (nothing pickable under the cursor)."""

    result: Any = None
    probe: Any = None
    message: str = ""
    chosen: bool = False  # `result` is set (it may itself be None-like)


class Board(Vertical):
    DEFAULT_CSS = "Board { height: 1fr; }"

    SEL: ClassVar[Callable[[], Any]]  # the game's selection type (empty when called)
    SIDE_PANEL: ClassVar[str | None] = None  # the id of the side panel (log, details), if any
    KEYS: ClassVar[list[BoardKey]] = []  # the table's extra keys, listed after help
    HINT_IN_FOOTER: ClassVar[bool] = True  # False: the hint key is only in the help
    BENCH_KEYS: ClassVar[tuple[str, ...]] = ("right", "left", "down", "up")  # evo bench --app

    def __init__(self, seats: int, mode: str) -> None:
        """`mode`: "table" or "replay"."""
        super().__init__(id="board")
        self.seats = seats
        self.mode = mode
        self.cursor: Any = None

    @property
    def host(self) -> Any:
        return self.screen

    @property
    def lang(self) -> str:
        return self.app.lang

    # --- layout ------------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        """Widgets above the board (and above the replay's bar)."""
        return []

    def narrow(self, width: int, height: int) -> bool:
        """The compact layout for a terminal of this size."""
        return width < NARROW

    def fit(self, width: int, height: int) -> None:
        """Set the screen's layout classes for its size (the screen sets `-narrow`)."""

    def fit_side(self, width: int) -> None:
        """Size the side panel for a terminal `width` columns wide (the screens call it)."""
        if self.SIDE_PANEL is not None:
            for side in self.query(f"#{self.SIDE_PANEL}"):
                side.styles.width = side_width(width)

    def settled(self) -> None:
        """Called once the screen has its size and after every resize (sizes that depend on
        the laid-out panels are measured here)."""

    # --- rendering ----------------------------------------------------------------------------

    def show(self, view: Any) -> None:
        """Render `view` (the table's or the replay's) on every widget of the board."""
        raise NotImplementedError

    def items(self) -> dict[str, Widget]:
        """The table's items by cursor key (cards, creatures, places): after others' turns the
        screen marks those whose text changed, until the player's next key."""
        return {}

    def log_widget(self) -> Any:
        """The EventLog the screen fills, in the layout shown now."""
        return self.query_one("#log")

    def seats_rearranged(self) -> None:
        """The seat shown at the bottom changed (a hot-seat hand-over, the replay's viewer)."""

    # --- the table: the decision being asked ---------------------------------------------------

    def build_stage(self, view: Any, legal: list[Any], sel: Any) -> Stage:
        raise NotImplementedError

    def stage_shown(self, stage: Stage | None) -> None:
        """A new stage (None: not this table's decision): place the cursor, mark the items."""

    def move(self, dx: int, dy: int) -> None:
        """An arrow key: move the cursor and repaint what it changes."""

    def pick(self, stage: Stage) -> Pick:
        """Enter: what picking the item under the cursor means in `stage`."""
        return Pick()

    def pick_keys(self, stage: Stage, compact: bool) -> list[str]:
        """The first parts of the keys line: how to pick on the board, or what Enter does."""
        return [self.key_text("enter", compact)] if stage.default is not None else []

    def key_text(self, name: str, compact: bool, **args: Any) -> str:
        """A part of the keys line (enter, number, numbers, back, help), markup."""
        return text(f"keys.line_{name}", self.lang, **args)

    def describe(self) -> str:
        """The details of the item under the cursor (the info key), markup."""
        return ""

    def confirm(self, result: Any) -> tuple[str, str] | None:
        """A (title, question) to confirm before `result` is played, or None."""
        return None

    def show_hint(self, hints: list[Any]) -> None:
        """A hint arrived (best first): point the cursor at the best move's item."""

    def decider_name(self, seat: int) -> str:
        """How prompts name the seat deciding (a game may name the person playing it)."""
        return self.host.seat_names()[seat]

    def bot_thinking(self, seat: int) -> str:
        """The prompt while a bot decides for `seat`."""
        return text("table.bot_thinking", self.lang, name=self.decider_name(seat))

    def prompt_prefix(self, seat: int) -> bool:
        """Whether the prompt starts with the deciding seat's name."""
        ctl = self.host.ctl
        return ctl is not None and ctl.hotseat

    def check_action(self, action: str) -> bool | None:
        """Availability of the board's own keys (KEYS); None for keys it does not know."""
        return None


def use_numbers(options: list[Any], lang: str) -> str:
    """How to choose among numbered options: "1–4", or just "1" for a single one."""
    keys = options[0].key if len(options) == 1 else f"{options[0].key}–{options[-1].key}"
    return text("table.use_numbers", lang, n=len(options), keys=keys)


def sureness(share: float, lang: str) -> str:
    """How sure the search is of a move, in words (never a percentage of visits)."""
    word = "clear" if share >= 0.6 else "likely" if share >= 0.35 else "close"
    return text(f"hint.sure_{word}", lang)


def hint_lines(hints: list[Any], lang: str) -> str:
    """A hint's top moves with their reasons and a bar of how sure the bot is (markup), for a
    board to show."""
    lines = [f"[b]{esc(text('hint.title', lang))}[/]"]
    for i, h in enumerate(hints, 1):
        filled = max(1, round(h.share * 5))
        bar = "▮" * filled + "▯" * (5 - filled)
        lines.append(esc(text("hint.item", lang, rank=i, reason=h.reason, bar=bar,
                              sure=sureness(h.share, lang))))
    return "\n".join(lines)
