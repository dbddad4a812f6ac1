"""Play online (#24, docs/network.md): a server's tables — list them, take a free seat at an
open one or watch one, host a new one there (the new-game form, its seats and options, sent
as `create`), or join a table by its address and token (JoinScreen)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from core.net import protocol as P
from tui.games import title
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.screens.setup import SetupScreen
from tui.widgets.button_row import ButtonRow
from tui.widgets.repaint import repaint

if TYPE_CHECKING:
    from tui.app import EvoApp

DEFAULT_SERVER = f"ws://127.0.0.1:{P.DEFAULT_PORT}"


def table_line(t: P.TableInfo, lang: str) -> str:
    """One table of a server's list: its game, who sits where (● connected, ○ free to take),
    how far it is."""
    seats = []
    for i, s in enumerate(t.seats):
        if i in t.free:
            seats.append(text("online.seat_free", lang, k=i + 1))
        elif s.kind == "human":
            seats.append(f"{'●' if s.connected else '○'} {s.name}")
        else:
            seats.append(text("online.seat_bot", lang, name=s.name))
    state = text("online.table_over", lang) if t.over else text("online.table_moves", lang, k=t.moves)
    return f"{title(t.game, lang)} · {', '.join(seats)} · {state}"


class OnlineScreen(Screen):
    """A server's tables, and the ways to a table: take a seat, watch, host, join by address."""

    if TYPE_CHECKING:
        app: EvoApp

    DEFAULT_CSS = """
    #online-box { padding: 1 2; height: 1fr; }
    #online-title { padding: 0 0 1 0; color: $accent; }
    #online-tables { height: 1fr; border: round $primary; }
    #online-problem { height: auto; }
    #online-buttons { height: auto; padding: 0 2; }
    #online-buttons Button { margin-right: 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("f5", "refresh", "refresh_tables"),
        Binding("w", "watch", "watch"),
        Binding("ctrl+n", "host", "host_table"),
        Binding("ctrl+o", "address", "join_address"),
    ]

    def __init__(self, server: str | None = None, ca: str | None = None) -> None:
        """`server`: the one to list (None: the one last reached, or the default)."""
        super().__init__(id="online")
        self.server, self.ca = server, ca
        self.tables: dict[str, P.TableInfo] = {}

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="online-box"):
            yield Static(f"[b]{esc(text('online.lobby_title', lang))}[/]", id="online-title")
            with Horizontal(classes="setup-line"):
                yield Label(text("online.server", lang), classes="setup-label")
                yield Input(self.server or self.app.settings.server or DEFAULT_SERVER,
                            id="online-server", compact=True)
            with Horizontal(classes="setup-line"):
                yield Label(text("online.name", lang), classes="setup-label")
                yield Input(self.app.settings.player_name, id="online-name", compact=True)
            yield OptionList(id="online-tables")
            yield Static("", id="online-problem")
        with ButtonRow(id="online-buttons"):
            yield Button(text("online.take", lang), id="take", variant="primary")
            yield Button(text("online.watch", lang), id="watch")
            yield Button(text("online.host", lang), id="host")
            yield Button(text("online.address", lang), id="address")  # Esc goes back: in the footer
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.app.use_styles("forms")
        localize_bindings(self, self.lang)
        self.query_one("#online-tables", OptionList).focus()
        self.action_refresh()

    # --- the list ---------------------------------------------------------------------------

    def server_url(self) -> str:
        return self.query_one("#online-server", Input).value.strip() or DEFAULT_SERVER

    def player_name(self) -> str:
        return self.query_one("#online-name", Input).value.strip()

    def action_refresh(self) -> None:
        self.show_problem(text("online.listing", self.lang))
        self.run_worker(self._list(self.server_url()), exclusive=True, group="online-list")

    async def _list(self, url: str) -> None:
        from core.net.client import NetError, list_tables

        try:
            tables = await list_tables(url, self.ca)
        except NetError as exc:
            self._show([])
            self.show_problem(text("online.cannot_list", self.lang, why=str(exc)), error=True)
            return
        self._show(tables)
        self.show_problem("" if tables else text("online.no_tables", self.lang))
        self._remember(url)

    def _remember(self, url: str | None = None) -> None:
        """The server that answered (and the name typed) are offered again next time."""
        if self.is_attached:
            self.app.remember_online(url or self.server_url(), self.player_name())

    def _show(self, tables: list[P.TableInfo]) -> None:
        if not self.is_attached:
            return
        # open tables with a free seat first, then those under way, the finished last
        tables = sorted(tables, key=lambda t: (t.over, not t.free))
        self.tables = {t.table: t for t in tables}
        menu = self.query_one("#online-tables", OptionList)
        menu.clear_options()
        menu.add_options([Option(esc(table_line(t, self.lang)), id=t.table) for t in tables])
        if tables:
            menu.highlighted = 0

    def show_problem(self, message: str, error: bool = False) -> None:
        if self.is_attached:
            shown = f"[$error]{esc(message)}[/]" if error else esc(message)
            repaint(self.query_one("#online-problem", Static), shown)

    def chosen(self) -> P.TableInfo | None:
        menu = self.query_one("#online-tables", OptionList)
        if menu.highlighted is None:
            return None
        option = menu.get_option_at_index(menu.highlighted)
        return self.tables.get(option.id or "")

    # --- to a table ---------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_take()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "online-server":
            self.action_refresh()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        getattr(self, f"action_{event.button.id}")()

    def action_take(self) -> None:
        """Take the first free seat of the table chosen; at a table with none, watch it."""
        t = self.chosen()
        if t is None:
            self.show_problem(text("online.choose_table", self.lang))
            return
        if not t.free:
            self.show_problem(text("online.no_free_seat", self.lang))
            self._open(t, None)
            return
        self.show_problem(text("online.joining", self.lang))
        self._open(t, t.free[0])

    def action_watch(self) -> None:
        t = self.chosen()
        if t is None:
            self.show_problem(text("online.choose_table", self.lang))
            return
        self._open(t, None)

    def _open(self, t: P.TableInfo, seat: int | None) -> None:
        from core.net.client import table_url

        self._remember()
        self.app.open_online(table_url(self.server_url(), t.table), "", self.player_name(),
                             ca=self.ca, claim=seat)

    def action_host(self) -> None:
        self._remember()
        self.app.push_screen(HostScreen(self.server_url(), self.player_name(), self.ca))

    def action_address(self) -> None:
        from tui.screens.online import JoinScreen

        self.app.push_screen(JoinScreen())

    def action_back(self) -> None:
        self.app.pop_screen()


class HostScreen(SetupScreen):
    """The new-game form, to open a table on a server: its seats (people and bots) and options
    go in `create`; the deal is the server's (no seed here). The table is open: the seats of
    people other than the host are free for anyone who lists the server's tables, and their
    tokens are shown at the table for those who join by address."""

    def __init__(self, server: str, name: str, ca: str | None = None) -> None:
        super().__init__()
        self.server, self.host_name, self.ca = server, name, ca

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#seed").parent.display = False  # type: ignore[union-attr]
        repaint(self.query_one("#setup-title", Static),
                f"[b]{esc(text('online.host_title', self.lang, server=self.server))}[/]")
        self.query_one("#start", Button).label = text("online.host_start", self.lang)

    def action_start(self) -> None:
        try:
            c = self.choices()
        except ValueError:  # the form says what is missing, in the player's words
            self.show_warnings()
            return
        seats = c["seats"]
        specs = [f"bot:{s.bot}" if s.kind == "bot" else "human" for s in seats]
        msg = P.Create(P.PROTOCOL, self.game, specs, c["options"], [s.name for s in seats],
                       undo=c["undo"], open=True, mix=True)
        self._error(text("online.opening", self.lang), error=False)
        self.run_worker(self._create(msg, [s.kind for s in seats]), exclusive=True, group="online-host")

    async def _create(self, msg: P.Create, kinds: list[str]) -> None:
        from core.net.client import NetError, create_table, table_url

        try:
            created = await create_table(self.server, msg, self.ca)
        except NetError as exc:
            self._error(text("online.cannot_host", self.lang, why=str(exc)))
            return
        people = [i for i, tok in enumerate(created.tokens) if tok and kinds[i] == "human"]
        if not people:
            self._error(text("online.cannot_host", self.lang, why=text("online.no_person", self.lang)))
            return
        url = table_url(self.server, created.table)
        own = people[0]
        name = msg.names[own] if own < len(msg.names) else self.host_name
        notes = [text("online.join_line", self.lang, seat=i + 1, url=url, token=created.tokens[i])
                 for i in people[1:]]
        self.app.open_online(url, created.tokens[own], name, notes, ca=self.ca)

    def _error(self, message: str, error: bool = True) -> None:
        if self.is_attached:
            repaint(self.query_one("#setup-error", Static), f"[$error]{esc(message)}[/]" if error
                    else esc(message))
