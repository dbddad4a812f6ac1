"""The seat rows of a row board (creatures, animals, species): whose row each is stays in sight.

On a short terminal the rows scroll, and a scrolled row loses its header (the seat's name),
while the player's own row falls below the fold. So: the bottom seat's row (class `-own-row`,
set by the board) is docked at the foot of the rows and never scrolls away (taller than its
share, it scrolls within itself: table.tcss), and when the row at the top of the view has its
header scrolled out above, that header is repeated on a line of its own at the top.
"""

from __future__ import annotations

from typing import Any

from textual.containers import VerticalScroll

from tui.widgets.repaint import BoardText, LaidOutOnce, QuietScrollBars, repaint


class SeatRows(QuietScrollBars, LaidOutOnce, VerticalScroll, can_focus=False):
    """Never focused, so the arrow keys stay with the screen's cursor. Its rows are children
    with a `header` (a Static painted with `repaint`)."""

    DEFAULT_CSS = """
    SeatRows > .-sticky-header {
        dock: top;
        height: 1;
        display: none;
        padding: 0 1;
        background: $panel;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def __init__(self, *children: Any, **kwargs: Any) -> None:
        super().__init__(*children, **kwargs)
        self.sticky = BoardText(classes="-sticky-header")

    def on_mount(self) -> None:
        self.mount(self.sticky, before=0)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self.update_sticky)

    def on_resize(self) -> None:
        self.call_after_refresh(self.update_sticky)

    def _rows(self) -> list[Any]:
        return [w for w in self.children
                if hasattr(w, "header") and w.display and not w.has_class("-own-row")]

    def update_sticky(self) -> None:
        """Name the row at the top of the view when its own header is out of sight above."""
        if not self.is_attached:
            return
        top = round(self.scroll_y)
        shown = ""
        for row in self._rows():
            y = row.virtual_region.y
            if y < top < y + row.outer_size.height:
                shown = getattr(row.header, "_evo_markup", "") or ""
                break
        if shown:
            repaint(self.sticky, shown)
        if self.sticky.display != bool(shown):
            self.sticky.display = bool(shown)
