"""The table's cursor over its items, shared by the boards that lay their items out in lines
(creatures, animals, species, habitats, the hand): a clickable item that posts `Picked`, and
the arrow-key walk over the lines a board reports in `zones()`."""

from __future__ import annotations

from typing import ClassVar

from textual.message import Message
from textual.widgets import Static

from tui.widgets.repaint import LaidOutOnce


class Picked(Message):
    """An item was clicked: `key` is its cursor key (e.g. "c:<uid>", "h:<card>")."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


class TableItem(LaidOutOnce, Static):
    """Something on the table the cursor can rest on."""

    key = ""
    _marks: tuple[bool, bool, bool, bool] | None = None

    def on_click(self) -> None:
        self.post_message(Picked(self.key))

    def mark(self, cursor: bool, target: bool, picked: bool, dim: bool) -> None:
        marks = (cursor, target, picked, dim)
        if marks == self._marks:  # a cursor key re-marks every item; most stay as they were
            return
        self._marks = marks
        self.set_class(cursor, "-cursor")
        self.set_class(target, "-target")
        self.set_class(picked, "-picked")
        self.set_class(dim, "-dim")


def step(zones: list[list[str]], cursor: str | None, dx: int, dy: int,
         proportional: bool = False) -> str:
    """The key the cursor lands on after an arrow key: along its line, or to the line above
    or below (at the same index, or with `proportional` at the same relative place); a cursor
    on no line goes to the first item of the last line (the hand)."""
    pos = next(((zi, zone.index(cursor)) for zi, zone in enumerate(zones) if cursor in zone), None)
    if pos is None:
        return zones[-1][0]
    zi, ii = pos
    if dx:
        ii = max(0, min(len(zones[zi]) - 1, ii + dx))
    if dy:
        nz = max(0, min(len(zones) - 1, zi + dy))
        if nz != zi:
            if proportional and len(zones[zi]) > 1:
                ii = round(ii * (len(zones[nz]) - 1) / (len(zones[zi]) - 1))
            else:
                ii = min(ii, len(zones[nz]) - 1)
            zi = nz
    return zones[zi][ii]


class ZoneCursor:
    """For a board with `zones()` (the cursor's lines, top to bottom), a `cursor` key,
    `cursor_placed()` (repaint after the cursor moved) and `mode`; a click picks (as Enter)."""

    cursor: str | None
    PROPORTIONAL: ClassVar[bool] = False  # up/down keep the relative place in the line
    # (where the player left the cursor, where a new choice moved it: its first target) — an
    # up or down while it is still there moves from where the player left it, as they expect
    # (Up from the hand card just picked reaches their own row, where the cursor already went)
    jumped: tuple[str, str] | None = None

    def zones(self) -> list[list[str]]:
        raise NotImplementedError

    def cursor_placed(self) -> None:
        raise NotImplementedError

    def move(self, dx: int, dy: int) -> None:
        zones = self.zones()
        jumped, self.jumped = self.jumped, None
        start = self.cursor
        if dy and jumped is not None and jumped[1] == start and any(jumped[0] in z for z in zones):
            start = jumped[0]
        if zones:
            self.cursor = step(zones, start, dx, dy, self.PROPORTIONAL)
            self.cursor_placed()

    def on_picked(self, event: Picked) -> None:
        from tui.board import Board

        event.stop()
        if self.mode != "table":  # type: ignore[attr-defined]
            return
        self.cursor = event.key
        self.cursor_placed()
        self.post_message(Board.PickHere())  # type: ignore[attr-defined]
