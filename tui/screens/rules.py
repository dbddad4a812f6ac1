"""Rules and glossary of one game: a readable summary, the status of every part (rulebook or
reconstructed), the card texts from the game's data, RU↔EN terms.

Searchable from the command palette: each card and section is a palette entry that opens
this screen at its heading. The page comes from the game's plugin (`GameUI.rules_markdown`).
`/` searches the rulings a refusal may cite, by id or by words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Markdown, MarkdownViewer

from tui.games import playable, plugin
from tui.keys import localize_bindings

if TYPE_CHECKING:
    from tui.app import EvoApp


class RulesScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "back"),
        Binding("t", "toggle_toc", "contents"),
        Binding("slash", "search", "search", key_display="/"),
    ]

    def __init__(self, anchor: str | None = None, game: str | None = None) -> None:
        super().__init__(classes="rules")  # no id: one rules page replaces another at once
        self.heading = anchor  # not `anchor`: that is a method of every Widget
        self.game = game or playable()[0]

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        viewer = MarkdownViewer(plugin(self.game).rules_markdown(self.lang),
                                show_table_of_contents=self.app.size.width >= 100, id="rules-doc")
        yield viewer
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one(MarkdownViewer).focus()
        if self.heading:
            self.call_after_refresh(self.goto, self.heading)

    def goto(self, heading: str) -> bool:
        """Scroll to the heading with this text (a property, a section)."""
        doc = self.query_one(Markdown)
        for _level, label, block_id in doc.table_of_contents:
            if label.strip() == heading and block_id:
                self.query_one(f"#{block_id}").scroll_visible(top=True, animate=False)
                return True
        return False

    def relocalize(self) -> None:
        self.refresh(recompose=True)

    def action_toggle_toc(self) -> None:
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_search(self) -> None:
        """Find a ruling by the id a refusal cited, or by words (tui/screens/rule_search.py)."""
        from tui.screens.rule_search import RuleSearchScreen

        self.app.push_screen(RuleSearchScreen(self.game, self.lang))

    def action_back(self) -> None:
        self.app.pop_screen()
