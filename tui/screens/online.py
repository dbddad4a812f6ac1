"""Network play in the app (#24): the form that joins (or watches) a table, and the table
screen for a table a server holds — the same TableScreen over a RemoteController, with a
line on top saying who is connected, whose turn it is and how long a dropped seat has left."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.online import RemoteController
from tui.screens.table import TableScreen
from tui.widgets.button_row import ButtonRow
from tui.widgets.repaint import repaint


class OnlineTableScreen(TableScreen):
    """The table, its moves sent to the server and its changes coming from there."""

    DEFAULT_CSS = """
    #online-status { height: 1; padding: 0 1; background: $boost; color: $text-muted; }
    """

    def __init__(self, ctl: RemoteController) -> None:
        super().__init__(ctl)  # type: ignore[arg-type]
        self.remote = ctl

    def compose(self) -> ComposeResult:
        yield Static(id="online-status")
        yield from super().compose()

    def on_mount(self) -> None:
        super().on_mount()
        self.remote.listeners.append(self._heard)
        self.set_interval(1.0, self._show_status)  # a dropped seat's time counts down
        self._show_status()

    def _heard(self) -> None:
        self.call_later(self._from_server)

    def _show_status(self) -> None:
        if self.is_attached:
            repaint(self.query_one("#online-status", Static), esc(self.remote.status()))

    def _from_server(self) -> None:
        if not self.is_attached:
            return
        for message in self.remote.new_refusals():
            self.say(message, error=True)
        self._show_status()
        self._after_change()

    def action_save_as(self) -> None:
        self.say(text("online.no_save", self.lang), error=True)


class JoinScreen(Screen):
    """Play online: a table's address, the seat's token (none to watch) and a name."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    def __init__(self) -> None:
        super().__init__(id="online-join")

    @property
    def lang(self) -> str:
        return self.app.lang  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog-box", id="join-box"):
            yield Label(f"[b]{esc(text('online.title', lang))}[/]", classes="dialog-title")
            yield Static(esc(text("online.explain", lang)), classes="dialog-text")
            for key, placeholder in (("url", "ws://127.0.0.1:7777/…"), ("token", ""), ("name", "")):
                with Horizontal(classes="setup-line"):
                    yield Label(text(f"online.{key}", lang), classes="setup-label")
                    yield Input(placeholder=placeholder, id=f"join-{key}")
            yield Static("", id="join-problem")
            with ButtonRow(classes="dialog-buttons"):
                yield Button(text("online.join", lang), id="join", variant="primary")
                yield Button(text("online.back", lang), id="back")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#join-url", Input).focus()

    def on_input_submitted(self) -> None:
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        getattr(self, f"action_{event.button.id}")()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_join(self) -> None:
        url = self.query_one("#join-url", Input).value.strip()
        token = self.query_one("#join-token", Input).value.strip()
        name = self.query_one("#join-name", Input).value.strip()
        if not url:
            self._problem(text("online.url_needed", self.lang))
            return
        self._problem(text("online.joining", self.lang))
        self.app.open_online(url, token, name)  # type: ignore[attr-defined]

    def _problem(self, message: str) -> None:
        repaint(self.query_one("#join-problem", Static), esc(message))


async def join_table(url: str, token: str, name: str, lang: str, saves_dir: Path) -> Any:
    """Connect to a table: its controller, or a NetError saying why not."""
    from core.net.client import TableClient

    client = TableClient(url, token, name, lang)
    await client.connect()
    return RemoteController(client, lang, saves_dir)
