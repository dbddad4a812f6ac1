"""The end of a round, told on the table before the game goes on (tui/round_summary.py)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui.i18n import text
from tui.markup import esc
from tui.round_summary import RoundSummary
from tui.screens.dialogs import dialog_box


class RoundSummaryScreen(ModalScreen[None]):
    """Waits for a key: nothing of the next round is played until the player has read it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape,q", "close", show=False),
    ]

    def __init__(self, summary: RoundSummary, lang: str) -> None:
        super().__init__(classes="dialog", id="round-summary")
        self.summary, self.lang = summary, lang

    def compose(self) -> ComposeResult:
        s, lang = self.summary, self.lang
        with dialog_box(self, "wide"):
            yield Label(f"[b]{esc(s.title)}[/]", classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.body(), id="round-summary-body")
            yield Static(text("summary.keys", lang), classes="dialog-hint")

    def body(self) -> str:
        s, lang = self.summary, self.lang
        parts: list[str] = []
        if s.quiet:
            parts.append(esc(s.quiet))
        for heading, lines in s.sections:
            parts.append(f"[b $accent]{esc(heading)}[/]\n" + "\n".join(f"• {esc(line)}" for line in lines))
        if s.standing:
            parts.append(f"[b $accent]{esc(text('summary.standing', lang))}[/]\n" + "\n".join(s.standing))
        return "\n\n".join(parts)

    def on_mount(self) -> None:
        self.query_one(".dialog-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
