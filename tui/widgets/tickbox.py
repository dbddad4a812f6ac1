"""A checkbox whose state reads without colour: ✓ when checked, blank when not (Textual's
compact checkbox shows an X either way, told apart by colour only)."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # Textual reads this name
        return "✓" if self.value else " "
