"""Pick a saved game to continue or to replay: the saves folder, newest first, or any path."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from core import games
from tui.games import title
from tui.i18n import text
from tui.keys import localize_bindings
from tui.markup import esc
from tui.saves import SaveInfo, list_saves, save_problem

if TYPE_CHECKING:
    from tui.app import EvoApp


class SavesScreen(Screen):
    """`mode` is "load" (continue playing) or "replay"."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back"),
        Binding("p", "replay_selected", "replay", show=False),
    ]

    def __init__(self, mode: str) -> None:
        super().__init__(id="saves")
        self.mode = mode
        self.infos: list[SaveInfo] = []

    @property
    def lang(self) -> str:
        return self.app.lang

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="saves-box"):
            yield Static(f"[b]{text(f'saves.title_{self.mode}', lang)}[/]", id="saves-title")
            yield Static(esc(text("saves.folder", lang, path=str(self.app.saves_dir))), id="saves-folder")
            yield OptionList(id="saves-list")
            with Horizontal(id="saves-path-line"):
                yield Input(placeholder=text("saves.path_placeholder", lang), id="saves-path", compact=True)
                yield Button(text("saves.open", lang), id="saves-open", compact=True)
            yield Static(id="saves-error")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.query_one("#saves-path", Input).cursor_blink = self.app.cursor_blink_enabled
        self.infos = list_saves(self.app.saves_dir, self.lang, self.app.library)
        menu = self.query_one("#saves-list", OptionList)
        for i, info in enumerate(self.infos):
            menu.add_option(Option(self._label(info), id=str(i)))
        if not self.infos:
            menu.add_option(Option(text("saves.none", self.lang), disabled=True))
        else:
            menu.highlighted = 0  # so Enter opens the newest save at once
        menu.focus()

    def _label(self, info: SaveInfo) -> str:
        lang = self.lang
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.mtime))
        name = esc(info.path.name)
        if not info.ok:
            return (f"[dim]{when}  {name}[/]\n  [$error]{esc(info.error)}[/]\n"
                    f"  [dim]{text('saves.repair_hint', lang)}[/]")
        if info.finished:
            status = text("saves.finished", lang, name=esc(info.winner))
        else:
            status = text("saves.in_progress", lang,
                          round=games.get(info.game).round_text("label", lang, k=info.round))
        demo = f" [$accent]{text('saves.demo', lang)}[/]" if info.demo else ""
        game = title(info.game, lang)
        players = esc(", ".join(info.names))
        moves = text("saves.moves", lang, k=info.moves)
        return f"[b]{when}[/]  {esc(game)}{demo}  ·  {players}\n  {status} · {moves} · [dim]{name}[/]"

    def _open(self, path: Path) -> None:
        if self.mode == "replay":
            self.app.open_replay(path)
        else:
            self.app.open_save(path)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        info = self.infos[int(event.option.id)]
        if info.ok:
            self._open(info.path)
        else:
            self._offer_repair(info.path)

    def _offer_repair(self, path: Path) -> None:
        """A damaged save: keep its sound beginning as a new file (the original stays)."""
        from tui.screens.dialogs import ConfirmScreen

        def chosen(yes: bool | None) -> None:
            if yes:
                self._repair(path)

        self.app.push_screen(ConfirmScreen(text("saves.repair_title", self.lang),
                                           text("saves.repair_question", self.lang, file=path.name),
                                           self.lang), chosen)

    def _repair(self, path: Path) -> None:
        from core.engine.journal import JournalError
        from core.engine.session import salvage

        try:
            result = salvage(path)
        except (JournalError, OSError) as exc:
            self.show_error(save_problem(exc, self.lang))
            return
        self.app.notify(text("saves.repaired", self.lang, file=Path(result.path).name,
                             k=result.kept - 1, dropped=result.dropped), timeout=10)
        self.app.switch_screen(SavesScreen(self.mode))

    def action_replay_selected(self) -> None:
        menu = self.query_one("#saves-list", OptionList)
        if menu.highlighted is not None and self.infos:
            self.app.open_replay(self.infos[menu.highlighted].path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self._open(Path(event.value.strip()).expanduser())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        value = self.query_one("#saves-path", Input).value.strip()
        if value:
            self._open(Path(value).expanduser())

    def show_error(self, message: str) -> None:
        self.query_one("#saves-error", Static).update(f"[$error]{esc(message)}[/]")

    def action_back(self) -> None:
        self.app.pop_screen()
