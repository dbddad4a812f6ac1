"""The main menu: new game, continue, load, replay, rules, settings, quit."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core import __version__
from tui.games import playable, title
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.saves import inspect, latest_unfinished

ITEMS = ("new", "continue", "load", "replay", "rules", "settings", "quit")
LOGO = r"""
 ███████╗██╗   ██╗ ██████╗
 ██╔════╝██║   ██║██╔═══██╗
 █████╗  ██║   ██║██║   ██║
 ██╔══╝  ╚██╗ ██╔╝██║   ██║
 ███████╗ ╚████╔╝ ╚██████╔╝
 ╚══════╝  ╚═══╝   ╚═════╝"""

SHORT = 30  # rows: below this the blank lines around the titles and the note give way


class MenuScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "ask_quit", "quit", show=False)]

    def __init__(self) -> None:
        super().__init__(id="menu")
        self.latest: Path | None = None

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="menu-box"):
            yield Static(LOGO, id="logo")
            # No-break spaces inside a title: a narrow terminal wraps between titles only.
            games = " · ".join(title(g, lang).replace(" ", "\u00a0") for g in playable())
            yield Static(esc(games), id="menu-games")
            with Center():
                yield OptionList(id="menu-list")
            yield Static(id="menu-note")
            yield Static(text("menu.version", lang, v=__version__), id="menu-version")
        yield Footer(show_command_palette=False)

    def action_ask_quit(self) -> None:
        """Esc on the menu asks first (Ctrl+Q quits at once)."""
        from tui.screens.dialogs import ConfirmScreen

        def chosen(yes: bool | None) -> None:
            if yes:
                self.app.exit()

        self.app.push_screen(ConfirmScreen(text("menu.quit_title", self.lang),
                                           text("menu.quit_question", self.lang), self.lang), chosen)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.refill()

    def on_resize(self) -> None:
        # A short terminal keeps the logo, the menu and its notes whole: no blank lines between.
        self.set_class(self.size.height < SHORT, "-short")

    def on_screen_resume(self) -> None:
        self.refill()

    def relocalize(self) -> None:
        self.refresh(recompose=True)
        self.call_after_refresh(self.refill)

    def refill(self) -> None:
        """Rebuild the items: Continue depends on what the saves folder holds right now."""
        lang = self.lang
        self.latest = latest_unfinished(self.app.saves_dir)
        menu = self.query_one("#menu-list", OptionList)
        menu.clear_options()
        for item in ITEMS:
            label = text(f"menu.{item}", lang)
            disabled = item == "continue" and self.latest is None
            menu.add_option(Option(label, id=item, disabled=disabled))
        menu.highlighted = ITEMS.index("continue") if self.latest else 0
        note = ""
        if self.latest is not None:
            info = inspect(self.latest, lang)
            note = text("menu.continue_note", lang, names=", ".join(info.names), round=info.round,
                        file=self.latest.name)
        self.query_one("#menu-note", Static).update(esc(note))
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        item = event.option.id
        app = self.app
        if item == "new":
            app.open_setup()
        elif item == "continue" and self.latest is not None:
            app.open_save(self.latest)
        elif item == "load":
            app.open_picker("load")
        elif item == "replay":
            app.open_picker("replay")
        elif item == "rules":
            app.choose_rules()
        elif item == "settings":
            app.open_settings()
        elif item == "quit":
            app.exit()
