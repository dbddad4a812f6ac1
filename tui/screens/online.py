"""Network play in the app (#24): the form that joins (or watches) a table, and the table
screen for a table a server holds — the same TableScreen over a RemoteController, with a
line on top saying who is connected, whose turn it is and how long a dropped seat has left,
and undo and redo by consent: `u` or `r` asks, a request shows on the prompt with its keys
(y agrees, n refuses or withdraws) and the time it has left."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Static

from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.online import RemoteController
from tui.screens.table import TableScreen, table_bindings
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
        self._bindings = BindingsMap([  # first: the footer is cut at 80 columns, from the right
            Binding("y", "undo_answer(True)", "undo_yes"),
            Binding("n", "undo_answer(False)", "undo_no"),
            Binding("n", "undo_withdraw", "undo_withdraw"),
            *table_bindings(type(self.board)),
        ])
        self._undone = ctl.undone
        self._undo_keys: tuple[bool, bool] = (False, False)
        self._told_lost = False
        self._asked: tuple[str, bool] = ("", False)  # a request's "asked" line, and it seen open

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
            if self.remote.undo_request() is not None:
                self._show_prompt()  # the request's time counts down

    def _from_server(self) -> None:
        if not self.is_attached:
            return
        ctl = self.remote
        if ctl.undone != self._undone:  # moves were taken back: the log was told again
            self._undone = ctl.undone
            self._seen = len(ctl.log)
            self._no_only_move = ctl.token  # the position undone to is decided, not auto-played
            self.sel = type(self.board).SEL()
        for message in ctl.new_refusals():
            self.say(message, error=True)
        line, seen = self._asked
        if line and ctl.my_undo_request():
            self._asked = (line, True)
        elif line and seen:  # the request is over: "waiting for Bob" would be stale
            self._asked = ("", False)
            if self.message[0] == line:
                self.message = ("", False)
        if ctl.lost() and not self._told_lost:  # said on the prompt too, where the eye is
            self._told_lost = True
            self.say(text("online.lost", self.lang), error=True)
        self._show_status()
        self._after_change()
        keys = (ctl.asked_to_undo(), ctl.my_undo_request())
        if keys != self._undo_keys:
            self._undo_keys = keys
            self._refresh_footer(force=True)

    def _not_your_turn(self) -> None:
        if self.remote.lost():  # not "waiting for" anyone: nothing comes any more
            self.say(text("online.lost", self.lang), error=True)
        else:
            super()._not_your_turn()

    def leaving_question(self) -> str | None:
        return self.remote.leaving_question()

    # --- undo by consent ----------------------------------------------------------------

    def _show_prompt(self) -> None:
        shown = self.remote.undo_prompt()
        if shown is None:
            super()._show_prompt()
            return
        msg, err = self.message
        self.prompt.show(shown[0], [], shown[1], msg, err)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo_answer":
            return self.remote.asked_to_undo()
        if action == "undo_withdraw":
            return self.remote.my_undo_request() and not self.remote.asked_to_undo()
        return super().check_action(action, parameters)

    def action_undo(self) -> None:
        """Ask the others to take the moves back (the server asks whoever must agree)."""
        others = self.remote.undo_others()
        self.remote.undo()
        if others:
            self._said_request(text("online.undo_sent", self.lang, names=", ".join(others)))

    def action_redo(self) -> None:
        """Ask the others to put back the moves the last undo took back."""
        others = self.remote.redo_others()
        self.remote.redo()
        if others:
            self._said_request(text("online.redo_sent", self.lang, names=", ".join(others)))

    def _said_request(self, line: str) -> None:
        """Say that the request went out; the line goes once the request has come and gone
        (agreed, refused, withdrawn or lapsed: the log says which)."""
        self._asked = (line, False)
        self.say(line)

    def action_redo_why(self) -> None:
        why = self.remote.redo_refusal()
        if why:
            self.say(why, error=True)

    def action_undo_answer(self, yes: bool) -> None:
        if self.remote.asked_to_undo():
            self.remote.answer_undo(yes)
            self.say(text("online.undo_agreed" if yes else "online.undo_refused", self.lang))

    def action_undo_withdraw(self) -> None:
        if self.remote.my_undo_request():
            self.remote.answer_undo(False)

    def action_save_as(self) -> None:
        self.say(text("online.no_save", self.lang), error=True)


class WaitingScreen(Screen):
    """Seated at a table whose deal waits for the others: who has sat down, the lines to give
    those who have not, and why it waits. The table opens by itself once it is dealt."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]
    DEFAULT_CSS = """
    #waiting-box { width: 96; max-width: 100%; height: auto; max-height: 100%; }
    #waiting-notes { color: $text-muted; }
    """

    def __init__(self, ctl: RemoteController) -> None:
        super().__init__(id="online-waiting")
        self.ctl = ctl

    @property
    def lang(self) -> str:
        return self.ctl.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(classes="dialog-box", id="waiting-box"):
            yield Label(f"[b]{esc(text('online.waiting_title', lang))}[/]", classes="dialog-title")
            yield Static(id="waiting-seats", classes="dialog-text")
            yield Static(esc(text("online.waiting_why", lang)), classes="dialog-text")
            yield Static(esc("\n".join(self.ctl.warnings)), id="waiting-notes")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.ctl.listeners.append(self._heard)
        self._show()

    def _heard(self) -> None:
        self.call_later(self._show)

    def _show(self) -> None:
        if not self.is_attached or self.app.screen is not self:
            return
        if self.ctl.client.update is not None:  # dealt: to the table
            self.ctl.listeners.remove(self._heard)
            self.app.switch_screen(OnlineTableScreen(self.ctl))
            return
        repaint(self.query_one("#waiting-seats", Static), esc(self.ctl.status()))

    def leaving_question(self) -> str | None:
        return self.ctl.leaving_question()

    def action_back(self) -> None:
        self.ctl.close()
        self.app.pop_screen()


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
            self.show_problem(text("online.url_needed", self.lang), True)
            return
        self.show_problem(text("online.joining", self.lang))
        self.app.open_online(url, token, name)  # type: ignore[attr-defined]

    def show_problem(self, message: str, error: bool = False) -> None:
        if self.is_attached:
            repaint(self.query_one("#join-problem", Static),
                    f"[$error]{esc(message)}[/]" if error else esc(message))


async def join_table(url: str, token: str, name: str, lang: str, saves_dir: Path,
                     ca: str | None = None, pinned: bool = False, claim: int | None = None) -> Any:
    """Connect to a table: its controller, or a NetError saying why not. A free seat taken
    (`claim`) comes with its token, told to the player to come back with."""
    from core.net.client import TableClient

    client = TableClient(url, token, name, lang, ca=ca, pinned=pinned, claim=claim)
    await client.connect()
    ctl = RemoteController(client, lang, saves_dir)
    if not token and client.token:
        ctl.warnings.append(text("online.your_token", lang, url=url, token=client.token))
    return ctl
