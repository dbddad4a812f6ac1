"""Small modal dialogs: confirm, ask for a line of text, show markdown, details and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from tui.i18n import text
from tui.markup import esc
from tui.widgets.button_row import ButtonRow
from tui.widgets.event_log import Entry, EventLog

if TYPE_CHECKING:
    from tui.app import EvoApp


R = TypeVar("R")  # what a dialog answers


def dialog_box(dialog: ModalScreen[R], *looks: str) -> Vertical:
    """The box a dialog (a screen of class "dialog") shows itself in, `looks` among "wide"
    and "tall"; the dialogs' styles are parsed when the first one opens (dialogs.tcss)."""
    cast("EvoApp", dialog.app).use_styles("dialogs")
    return Vertical(classes=" ".join(("dialog-box", *looks)))


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; y says yes, Esc or n says no, Enter presses the focused button (No
    at first; Left/Right and Tab move between them)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,n", "answer(False)", show=False),
        Binding("y", "answer(True)", show=False),
    ]

    def __init__(self, title: str, question: str, lang: str) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.question, self.lang = title, question, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self):
            yield Label(f"[b]{esc(self.title_text)}[/]", classes="dialog-title")
            yield Static(esc(self.question), classes="dialog-text")
            with ButtonRow(classes="dialog-buttons"):
                yield Button(text("dialog.yes", self.lang), id="yes", variant="warning")
                yield Button(text("dialog.no", self.lang), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class AskScreen(ModalScreen[str | None]):
    """One line of text (a file name, a round number); Esc cancels."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, title: str, prompt: str, value: str, lang: str) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.prompt, self.value, self.lang = title, prompt, value, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self):
            yield Label(f"[b]{esc(self.title_text)}[/]", classes="dialog-title")
            yield Static(esc(self.prompt), classes="dialog-text")
            yield Input(self.value, id="answer")
            with ButtonRow(classes="dialog-buttons"):
                yield Button(text("dialog.ok", self.lang), id="ok", variant="primary")
                yield Button(text("dialog.cancel", self.lang), id="cancel")

    def on_mount(self) -> None:
        inp = self.query_one("#answer", Input)
        inp.cursor_blink = self.app.cursor_blink_enabled
        inp.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "ok":
            self.dismiss(self.query_one("#answer", Input).value.strip() or None)
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceScreen(ModalScreen[str | None]):
    """Pick one of a few choices (e.g. which game's rules); Esc cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", show=False)]

    def __init__(self, title: str, options: list[tuple[str, str]], lang: str) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.options, self.lang = title, options, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self):
            yield Label(f"[b]{esc(self.title_text)}[/]", classes="dialog-title")
            yield OptionList(*(Option(esc(label), id=value) for label, value in self.options),
                             classes="dialog-choices")
            yield Static(text("dialog.close_hint", self.lang), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveAsScreen(AskScreen):
    def __init__(self, default: str, lang: str) -> None:
        super().__init__(text("save.title", lang), text("save.prompt", lang), default, lang)


class MarkdownScreen(ModalScreen[None]):
    """A scrollable page of markdown (decision help); Esc, q or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,f1,question_mark", "close", show=False)]

    def __init__(self, title: str, body: str, lang: str) -> None:
        super().__init__(classes="dialog")
        self.title_text, self.body, self.lang = title, body, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self, "wide"):
            yield Label(f"[b]{esc(self.title_text)}[/]", classes="dialog-title")
            with VerticalScroll(classes="dialog-scroll"):
                yield Markdown(self.body)
            yield Static(text("dialog.close_hint", self.lang), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(".dialog-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)


class InfoScreen(ModalScreen[None]):
    """Everything about the card or creature under the cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,i,enter", "close", show=False)]

    def __init__(self, markup: str, lang: str) -> None:
        super().__init__(classes="dialog")
        self.markup, self.lang = markup, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self, "wide"):
            with VerticalScroll(classes="dialog-scroll"):
                yield Static(self.markup)
            yield Static(text("dialog.close_hint", self.lang), classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class LogScreen(ModalScreen[None]):
    """The whole event log, for terminals too narrow to keep it beside the table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,l", "close", show=False)]

    def __init__(self, entries: list[Entry], lang: str) -> None:
        super().__init__(classes="dialog")
        self.entries, self.lang = entries, lang

    def compose(self) -> ComposeResult:
        with dialog_box(self, "wide", "tall"):
            yield Label(f"[b]{text('log.title', self.lang)}[/]", classes="dialog-title")
            yield EventLog(id="full-log")
            yield Static(text("dialog.close_hint", self.lang), classes="dialog-hint")

    def on_mount(self) -> None:
        log = self.query_one(EventLog)
        log.can_focus = True
        self.call_after_refresh(log.set_entries, self.entries)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)
