"""Hot-seat hand-over: the table is covered until the next player says they are at the keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tui.i18n import text
from tui.markup import esc

if TYPE_CHECKING:
    from tui.app import EvoApp


class HandoverScreen(ModalScreen[bool]):
    """Opaque on purpose: nothing of the previous player's hand shows through (spec §9)."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (use_styles)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", show=False),
        Binding("escape", "leave", show=False),  # back: to the menu, the game saved
    ]

    def __init__(self, name: str, lang: str) -> None:
        super().__init__(id="handover")
        self.player, self.lang = name, lang

    def compose(self) -> ComposeResult:
        self.app.use_styles("dialogs")
        with Vertical(id="handover-box"):
            yield Static(f"[b]{esc(text('handover.title', self.lang, name=self.player))}[/]",
                         id="handover-title")
            yield Static(esc(text("handover.text", self.lang, name=self.player)), id="handover-text")
            with Center():
                yield Button(text("handover.button", self.lang, name=self.player), id="ready",
                             variant="primary")

    def on_mount(self) -> None:
        self.query_one("#ready", Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)
