"""The prompt bar: the pending decision in plain words, the numbered choices, the keys.

Choices are links: clicking one runs the screen's `choose` action, as the number key does.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tui.markup import esc
from tui.widgets.repaint import repaint

GAP = 3  # spaces between two choices on a line


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    enabled: bool = True
    order: int = 0  # > 0: ticked, at this position (attack properties)
    tickable: bool = False
    ordered: bool = True  # False: a ticked box shows no position (an unordered checklist)


class PromptBar(Vertical):
    DEFAULT_CSS = """
    PromptBar { height: auto; }
    PromptBar > Static { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: list[Choice] = []

    def compose(self) -> ComposeResult:
        yield Static(id="prompt-text")
        yield Static(id="prompt-choices")
        yield Static(id="prompt-message")

    def show(self, prompt: str, choices: list[Choice], keys: str, message: str = "",
             error: bool = False) -> None:
        """`prompt` and `message` are plain text; `keys` is markup."""
        repaint(self.query_one("#prompt-text", Static), f"[b]{esc(prompt)}[/]")
        self._shown = choices
        self._show_choices()
        self.query_one("#prompt-choices").display = bool(choices)
        msg = self.query_one("#prompt-message", Static)
        if message:
            repaint(msg, f"[$error]✗ {esc(message)}[/]" if error else esc(message))
        else:
            repaint(msg, keys)

    def on_resize(self) -> None:
        self._show_choices()

    def _show_choices(self) -> None:
        """The choices, wrapped between choices (never inside one) at the bar's width."""
        parts = self._choices(self._shown)
        width = self.content_region.width
        lines: list[str] = []
        used = 0
        for part, size in parts:
            if lines and width > 0 and used + GAP + size > width:
                lines.append("\n")
                used = 0
            elif lines:
                lines.append(" " * GAP)
                used += GAP
            lines.append(part)
            used += size
        repaint(self.query_one("#prompt-choices", Static), "".join(lines))

    @staticmethod
    def _choices(choices: list[Choice]) -> list[tuple[str, int]]:
        """Each choice as markup, with its width on the screen."""
        parts = []
        for c in choices:
            box = ""
            if c.tickable:
                mark = f"☑{c.order}" if c.ordered else "☑"
                box = f"[b]{mark}[/] " if c.order else "☐ "
            label = esc(c.label)
            key = f"[b $accent]{c.key}[/]" if c.enabled else f"[dim]{c.key}[/]"
            body = label if c.enabled else f"[dim strike]{label}[/]"
            markup = f"[@click=screen.choose('{c.key}')]{key} {box}{body}[/]"
            parts.append((markup, Text.from_markup(markup).cell_len))
        return parts
