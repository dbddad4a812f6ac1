"""A row of buttons (Yes / No, Start / Back): Left and Right move between them, as Tab does."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button


class ButtonRow(Horizontal):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", show=False),
        Binding("right", "step(1)", show=False),
    ]

    def action_step(self, by: int) -> None:
        buttons = [b for b in self.query(Button) if b.focusable]
        focused = self.screen.focused
        if focused in buttons:  # no wrapping round: Right twice is surely the last button
            buttons[max(0, min(len(buttons) - 1, buttons.index(focused) + by))].focus()
