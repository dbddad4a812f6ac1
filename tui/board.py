"""A game's board: what the generic table and replay screens show of a game.

Each game subclasses `Board` in `tui/games/<g>/board.py`. The board composes the widgets
between the status line(s) and the prompt (the status widgets themselves go above, where the
replay screen puts its bar under them), renders a view on them, and — on the table — owns the
cursor: where it may go, what picking under it means in the decision being asked, and what
the details of the item under it are. The screens own the rest: the flow of the game, the
prompt, the keys, bots, hints, undo and redo, the replay's timeline.

Attributes down, messages up: the screen gives its board a `BoardContext` (the seats' names
and kinds, the seat at the bottom, the language, the game controller on the table or the
replay's timeline) and tells it again when any of it changes; the board asks its screen for
what only the screen may do by posting a message (`Board.Say`, `Board.Play`, `Board.PickHere`,
`Board.Relayout`). A board whose items lie in seat rows builds on `tui/row_board.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget

from tui.i18n import text
from tui.markup import esc
from tui.stage import Option, Stage
from tui.widgets.repaint import LaidOutOnce

if TYPE_CHECKING:
    from core.bots.hint import Hint
    from core.engine.protocol import Action
    from tui.controller import GameController
    from tui.replay import ReplayModel
    from tui.widgets.card_board import DrawnCard
    from tui.widgets.event_log import EventLog

V = TypeVar("V")  # the game's view
St = TypeVar("St", bound=Stage)  # the game's stage
Sl = TypeVar("Sl")  # the game's selection

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
class BoardContext:
    """What a screen tells its board; a new one whenever any of it changes (a hand-over, the
    replay's viewer, the language)."""

    names: list[str]  # each seat's name as the table says it, in `lang`
    kinds: list[str]  # each seat's kind: "human" or "bot"
    bottom: int  # the seat shown at the foot: its hand, its row docked
    lang: str
    ctl: GameController | None = None  # the game in play; None in a replay
    replay: ReplayModel | None = None  # the replay's timeline; None on the table


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

    result: object = None  # an action, or a selection to continue with
    probe: Action | None = None
    message: str = ""
    chosen: bool = False  # `result` is set (it may itself be None-like)


class Board(LaidOutOnce, Vertical, Generic[V, St, Sl]):
    DEFAULT_CSS = "Board { height: 1fr; }"

    SEL: ClassVar[type[object]]  # the game's selection type (empty when called)
    # (view, legal actions, selection, lang) -> the stage asked (tui/games/<g>/stages.py)
    STAGES: ClassVar[Callable[[Any, list[Any], Any, str], Stage]]
    SIDE_PANEL: ClassVar[str | None] = None  # the id of the side panel (log, details), if any
    KEYS: ClassVar[list[BoardKey]] = []  # the table's extra keys, listed after help
    # the narrowest table whose footer lists the hint key (below it, only the help does)
    HINT_FOOTER_WIDTH: ClassVar[int] = 0
    BENCH_KEYS: ClassVar[tuple[str, ...]] = ("right", "left", "down", "up")  # evo bench --app

    class Say(Message):
        """A line for the prompt (`error`: a refusal). With `only_over`, a line that replaces
        only that one (an empty `text` takes it away if it is still shown)."""

        def __init__(self, text: str, error: bool = False, only_over: str | None = None) -> None:
            super().__init__()
            self.text, self.error, self.only_over = text, error, only_over

    class Play(Message):
        """Play this move, as if the player had picked it; with `token`, only if the game is
        still where it was then (GameController.token)."""

        def __init__(self, action: Action, token: int | None = None) -> None:
            super().__init__()
            self.action, self.token = action, token

    class PickHere(Message):
        """Pick the item under the cursor (a click put it there), as Enter does."""

    class Relayout(Message):
        """The board's own layout changed (its `fit` answers differently): fit it again, and
        with `redraw` show it all again."""

        def __init__(self, redraw: bool = True) -> None:
            super().__init__()
            self.redraw = redraw

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        """`mode`: "table" or "replay"."""
        super().__init__(id="board")
        self.ctx = ctx
        self.seats = len(ctx.names)
        self.mode = mode
        self.cursor: object = None  # the item under the cursor (a key, a place: the board's own)
        self.narrow_now = False  # the compact layout, as `fit` last found it
        self.sel: Sl | None = None  # the selection the last stage was built from
        self.legal: list[Action] = []  # the legal actions it was built from

    @property
    def lang(self) -> str:
        return self.ctx.lang

    @property
    def ctl(self) -> GameController:
        """The game in play, for what a board does on the table only (a replay has none)."""
        assert self.ctx.ctl is not None, "the table's own: a replay has no game in play"
        return self.ctx.ctl

    @property
    def replay(self) -> ReplayModel:
        """The replay's timeline, for what a board does in the replay only."""
        assert self.ctx.replay is not None, "the replay's own: the table has no timeline"
        return self.ctx.replay

    def tell(self, ctx: BoardContext) -> None:
        """The screen's news: the seats, the bottom seat, the language (attributes down)."""
        moved = ctx.bottom != self.ctx.bottom
        self.ctx = ctx
        if moved and self.is_attached:
            self.seats_rearranged()

    # --- layout ------------------------------------------------------------------------------

    def status_widgets(self) -> list[Widget]:
        """Widgets above the board (and above the replay's bar)."""
        return []

    def narrow(self, width: int, height: int) -> bool:
        """The compact layout for a terminal of this size."""
        return width < NARROW

    def fit(self, width: int, height: int) -> dict[str, bool]:
        """The screen's layout classes for a terminal of this size (the board's styles select
        on them): `-narrow` for the compact layout, and any of the board's own."""
        self.narrow_now = self.narrow(width, height)
        return {"-narrow": self.narrow_now}

    def fit_side(self, width: int) -> None:
        """Size the side panel for a terminal `width` columns wide (the screens call it)."""
        if self.SIDE_PANEL is not None:
            for side in self.query(f"#{self.SIDE_PANEL}"):
                side.styles.width = side_width(width)

    def settled(self) -> None:
        """Called once the screen has its size and after every resize (sizes that depend on
        the laid-out panels are measured here)."""

    # --- rendering ----------------------------------------------------------------------------

    def show(self, view: V) -> None:
        """Render `view` (the table's or the replay's) on every widget of the board."""
        raise NotImplementedError

    def items(self) -> Mapping[str, Widget | DrawnCard]:
        """The table's items by cursor key (cards, creatures, places): after others' turns the
        screen marks those whose text changed, until the player's next key."""
        return {}

    def log_widget(self) -> EventLog:
        """The EventLog the screen fills, in the layout shown now."""
        from tui.widgets.event_log import EventLog

        return self.query_one("#log", EventLog)

    def seats_rearranged(self) -> None:
        """The seat shown at the bottom changed (a hot-seat hand-over, the replay's viewer)."""

    # --- the table: the decision being asked ---------------------------------------------------

    def build_stage(self, view: V, legal: list[Action], sel: Sl) -> St:
        """The decision asked now, as far as `sel` has chosen (remembered with `legal`)."""
        self.sel, self.legal = sel, legal
        return cast(St, type(self).STAGES(view, legal, sel, self.lang))  # the game's stage

    def stage_shown(self, stage: St | None) -> None:
        """A new stage (None: not this table's decision): place the cursor, mark the items."""

    def move(self, dx: int, dy: int) -> None:
        """An arrow key: move the cursor and repaint what it changes."""

    def pick(self, stage: St) -> Pick:
        """Enter: what picking the item under the cursor means in `stage`."""
        return Pick()

    def pick_keys(self, stage: St, compact: bool) -> list[str]:
        """The first parts of the keys line: how to pick on the board, or what Enter does."""
        return [self.key_text("enter", compact)] if stage.default is not None else []

    def key_text(self, name: str, compact: bool, **args: object) -> str:
        """A part of the keys line (enter, number, numbers, back, help), markup."""
        return text(f"keys.line_{name}", self.lang, **args)

    def describe(self) -> str:
        """The details of the item under the cursor (the info key), markup."""
        return ""

    def confirm(self, result: object) -> tuple[str, str] | None:
        """A (title, question) to confirm before `result` is played, or None."""
        return None

    def show_hint(self, hints: list[Hint]) -> str:
        """A hint arrived (best first): point the cursor at the best move's item and show the
        hint's lines. Returns the item the cursor went to, named (`item_name`), so the prompt
        can say where it went; "" where it did not move."""
        return ""

    def item_name(self, key: str) -> str:
        """A table item named as the player sees it: "h:<n>" a hand card, otherwise the item's
        own id after the colon (a board names its other kinds of items itself)."""
        kind, _, ident = key.partition(":")
        return text("hint.card", self.lang, n=ident) if kind == "h" else ident

    def decider_name(self, seat: int) -> str:
        """How prompts name the seat deciding (a game may name the person playing it)."""
        return self.ctx.names[seat]

    def bot_thinking(self, seat: int) -> str:
        """The prompt while a bot decides for `seat`."""
        return text("table.bot_thinking", self.lang, name=self.decider_name(seat))

    def prompt_prefix(self, seat: int) -> bool:
        """Whether the prompt starts with the deciding seat's name."""
        ctl = self.ctx.ctl
        return ctl is not None and ctl.hotseat

    def key_allowed(self, action: str) -> bool | None:
        """Availability of the board's own keys (KEYS); None for keys it does not know."""
        return None


def use_numbers(options: list[Option], lang: str) -> str:
    """How to choose among numbered options: "1–4", or just "1" for a single one."""
    keys = options[0].key if len(options) == 1 else f"{options[0].key}–{options[-1].key}"
    return text("table.use_numbers", lang, n=len(options), keys=keys)


def sureness(share: float, lang: str) -> str:
    """How sure the search is of a move, in words (never a percentage of visits)."""
    word = "clear" if share >= 0.6 else "likely" if share >= 0.35 else "close"
    return text(f"hint.sure_{word}", lang)


def hint_lines(hints: list[Hint], lang: str) -> str:
    """A hint's top moves with their reasons and a bar of how sure the bot is (markup), for a
    board to show."""
    lines = [f"[b]{esc(text('hint.title', lang))}[/]"]
    for i, h in enumerate(hints, 1):
        filled = max(1, round(h.share * 5))
        bar = "▮" * filled + "▯" * (5 - filled)
        lines.append(esc(text("hint.item", lang, rank=i, reason=h.reason, bar=bar,
                              sure=sureness(h.share, lang))))
    return "\n".join(lines)
