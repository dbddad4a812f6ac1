"""Search the rulings: type an id ("CL13", "cl 13", "NS 4.3") or words, pick a match, read it.

Opened from the rules screen (/) or the command palette. An id finds its ruling in any game;
words look in the titles and texts in the player's language, the game in front first. An empty
search lists that game's rulings.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from core.engine.rulings import Ruling
from tui.games import title
from tui.i18n import text
from tui.markup import esc
from tui.rulings import heading, ruling_markdown, search
from tui.screens.dialogs import dialog_box

MAX_SHOWN = 200  # a word common to every ruling lists them all; more is no help


class RuleSearchScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", show=False),
        Binding("down", "to_list", show=False),
    ]

    def __init__(self, game: str | None, lang: str, query: str = "") -> None:
        super().__init__(classes="dialog", id="rule-search")
        self.game, self.lang, self.initial = game, lang, query
        self.found: list[Ruling] = []

    def compose(self) -> ComposeResult:
        name = title(self.game, self.lang) if self.game else ""
        with dialog_box(self, "wide", "tall"):
            yield Label(f"[b]{esc(text('rulings.search_title', self.lang, game=name))}[/]",
                        classes="dialog-title")
            yield Input(self.initial, placeholder=text("rulings.placeholder", self.lang), id="rule-query")
            yield OptionList(id="rule-found")
            with VerticalScroll(id="rule-text"):
                yield Markdown("", id="rule-body")
            yield Static(text("rulings.hint", self.lang), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()
        self._refresh(self.initial)

    @on(Input.Changed, "#rule-query")
    def _typed(self, event: Input.Changed) -> None:
        self._refresh(event.value)

    @on(Input.Submitted, "#rule-query")
    def _submitted(self) -> None:
        self.action_to_list()

    @on(OptionList.OptionHighlighted, "#rule-found")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show(event.option_index)

    def _refresh(self, query: str) -> None:
        self.found = search(query, self.lang, self.game)[:MAX_SHOWN]
        found = self.query_one(OptionList)
        found.clear_options()
        found.add_options([Option(self._label(r)) for r in self.found])
        if self.found:
            found.highlighted = 0
            self._show(0)
        else:
            self.query_one("#rule-body", Markdown).update(text("rulings.none", self.lang))

    def _label(self, r: Ruling) -> str:
        shown = esc(heading(r, self.lang))
        if r.game != self.game:
            shown += f" [dim]— {esc(title(r.game, self.lang))}[/]"
        return shown

    def _show(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.found):
            return
        self.query_one("#rule-body", Markdown).update(ruling_markdown(self.found[index], self.lang, "###"))
        self.query_one("#rule-text").scroll_home(animate=False)

    def action_to_list(self) -> None:
        if self.found and self.query_one(Input).has_focus:
            self.query_one(OptionList).focus()

    def action_close(self) -> None:
        self.dismiss(None)
