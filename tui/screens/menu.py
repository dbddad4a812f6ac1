"""The main menu: new game, continue, load, replay, lessons, rules, settings, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from core import __version__
from core import games as registry
from tui.games import playable, title
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.saves import SaveInfo, in_progress

if TYPE_CHECKING:
    from tui.app import EvoApp

ITEMS = ("new", "continue", "load", "replay", "lessons", "online", "rules", "settings", "quit")
LOGO = r"""
 ███████╗██╗   ██╗ ██████╗
 ██╔════╝██║   ██║██╔═══██╗
 █████╗  ██║   ██║██║   ██║
 ██╔══╝  ╚██╗ ██╔╝██║   ██║
 ███████╗ ╚████╔╝ ╚██████╔╝
 ╚══════╝  ╚═══╝   ╚═════╝"""

SHORT = 30  # rows: below this the blank lines around the titles and the note give way
CHOICES = 6  # games in progress Continue lists by name; the rest are under Load


def _about(info: SaveInfo, lang: str) -> dict[str, object]:
    """A game in progress in the words of the menu's note and Continue's choice."""
    return {"game": title(info.game, lang), "names": ", ".join(info.names),
            "round": registry.get(info.game).round_text("label", lang, k=info.round),
            "k": info.moves, "file": info.path.name}


class MenuScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "ask_quit", "quit", show=False)]

    def __init__(self) -> None:
        super().__init__(id="menu")
        self.going: list[SaveInfo] = []  # the games in progress, the latest first
        self.last: str | None = None  # the item chosen last

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
        """Rebuild the items: Continue depends on what the saves hold right now."""
        lang = self.lang
        self.going = in_progress(self.app.saves_dir, lang, self.app.library)
        menu = self.query_one("#menu-list", OptionList)
        menu.clear_options()
        for item in ITEMS:
            label = text(f"menu.{item}", lang)
            disabled = item == "continue" and not self.going
            menu.add_option(Option(label, id=item, disabled=disabled))
        # Continue while a game is in progress; else, back from a screen, the item that opened
        # it (from the top, Up would wrap round to Quit).
        last = self.last if self.last not in (None, "continue") else None
        menu.highlighted = ITEMS.index("continue") if self.going else ITEMS.index(last) if last else 0
        note = ""
        if len(self.going) == 1:
            note = text("menu.continue_note", lang, **_about(self.going[0], lang))
        elif self.going:
            about = _about(self.going[0], lang)
            about["moves"] = about.pop("k")
            note = text("menu.continue_more", lang, k=len(self.going), **about)
        self.query_one("#menu-note", Static).update(esc(note))
        menu.focus()

    def continue_game(self) -> None:
        """One game in progress: open it. Several: ask which (the latest first)."""
        from tui.screens.dialogs import ChoiceScreen

        if len(self.going) == 1:
            self.app.open_save(self.going[0].path)
            return
        if not self.going:
            return
        lang = self.lang
        options = [(text("menu.continue_item", lang, **_about(info, lang)), str(i))
                   for i, info in enumerate(self.going[:CHOICES])]
        options.append((text("menu.continue_others", lang), "others"))

        def chosen(value: str | None) -> None:
            if value == "others":
                self.app.open_picker("load")
            elif value is not None:
                self.app.open_save(self.going[int(value)].path)

        self.app.push_screen(ChoiceScreen(text("menu.continue_title", lang), options, lang), chosen)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        item = event.option.id
        app = self.app
        self.last = item
        if item == "new":
            app.open_setup()
        elif item == "continue":
            self.continue_game()
        elif item == "load":
            app.open_picker("load")
        elif item == "replay":
            app.open_picker("replay")
        elif item == "lessons":
            app.open_lessons()
        elif item == "online":
            app.open_join()
        elif item == "rules":
            app.choose_rules()
        elif item == "settings":
            app.open_settings()
        elif item == "quit":
            app.exit()
