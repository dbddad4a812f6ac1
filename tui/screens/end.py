"""The end of a game: who won (or how it was lost), a few statistics from the events, what next.

The content comes from the game's plugin (`GameUI.end_info`); the screen is shared."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.css.scalar import Unit
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Static

from tui.controller import GameController
from tui.games import plugin
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.widgets.button_row import ButtonRow
from tui.widgets.event_log import EventLog, log_entries

if TYPE_CHECKING:
    from tui.app import EvoApp


def fitted_labels(columns: list[str], rows: list[list[str]], width: int) -> list[str]:
    """The column labels, each of several words folded onto two lines when the table on one
    line would be wider than `width` (classic's eight columns at 80: the last one cut)."""
    def wide(i: int, label: str) -> int:
        return max([cell_len(label), *(cell_len(r[i]) for r in rows if i < len(r))])

    if sum(wide(i, c) + 2 for i, c in enumerate(columns)) <= width:  # 2: the cell padding
        return columns
    return [_two_lines(c) for c in columns]


def _two_lines(label: str) -> str:
    """`label` broken at the space that leaves its longer line shortest."""
    words = label.split(" ")
    if len(words) < 2:
        return label
    cuts = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    first, rest = min(cuts, key=lambda c: max(cell_len(c[0]), cell_len(c[1])))
    return f"{first}\n{rest}"


class EndScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "replay", "replay"),
        Binding("r", "rematch", "rematch"),
        Binding("v", "review", "review"),
        Binding("n", "new_game", "new_game"),
        Binding("escape,m", "menu", "menu"),
    ]

    def __init__(self, ctl: GameController) -> None:
        super().__init__(id="end")
        self.ctl = ctl

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def compose(self) -> ComposeResult:
        self.app.use_styles("end")
        lang, ctl = self.lang, self.ctl
        info = plugin(ctl.session.header.game).end_info(ctl, lang)
        with Vertical(id="end-box"):
            yield Static(info.title, id="end-title")
            note = ctl.end_note()
            yield Static(f"{info.summary}\n{esc(note)}" if note else info.summary, id="end-summary")
            self.info = info  # its table is filled on mount, when the box's width is known
            yield DataTable(id="end-table", show_cursor=False, zebra_stripes=True)
            yield Static(text("end.last_events", lang), classes="end-subtitle")
            yield EventLog(id="end-log")
            with Center(), ButtonRow(id="end-buttons"):
                yield Button(text("end.replay", lang), id="replay")
                yield Button(text("end.rematch", lang), id="rematch")
                yield Button(text("end.new_game", lang), id="new_game", variant="primary")
                yield Button(text("end.menu", lang), id="menu")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self._fill_table()
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        log = self.query_one("#end-log", EventLog)
        self.call_after_refresh(log.set_entries, log_entries(self.ctl)[-40:])
        self.query_one("#new_game", Button).focus()

    def _fill_table(self) -> None:
        """The scoring table, its labels folded where one line each would not fit the box (the
        box's width and padding as end.tcss gives them; it is not laid out yet)."""
        box, info = self.query_one("#end-box").styles, self.info
        wide = box.width.value if box.width is not None and box.width.unit == Unit.CELLS else 0
        room = min(int(wide) or self.app.size.width, self.app.size.width)
        labels = fitted_labels(info.columns, info.rows, room - box.padding.left - box.padding.right)
        table = self.query_one("#end-table", DataTable)
        table.header_height = max(x.count("\n") + 1 for x in labels)
        table.add_columns(*labels)
        for row in info.rows:
            table.add_row(*row)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        getattr(self, f"action_{event.button.id}")()

    def action_replay(self) -> None:
        self.app.open_replay_session(self.ctl.session)

    def action_review(self) -> None:
        """The key moments of a person's decisions (every seat's when only bots played)."""
        from tui.screens.review import ReviewScreen

        ctl = self.ctl
        seats = ctl.humans or [i for i, k in enumerate(ctl.kinds) if k == "bot"]
        if seats:
            seat = ctl.bottom_seat() if ctl.bottom_seat() in seats else seats[0]
            self.app.push_screen(ReviewScreen(ctl.session, seats, seat, self.lang))

    def action_rematch(self) -> None:
        self.app.rematch(self.ctl.session)

    def action_new_game(self) -> None:
        self.app.open_setup()

    def action_menu(self) -> None:
        self.app.pop_screen()
