"""The event log: narrated lines, newest last, scrollable, cheap to replace wholesale.

Built on the line API so that replays of long games can swap thousands of lines at every
step: only the visible lines are rendered, and each line's wrapping is cached per width.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

if TYPE_CHECKING:
    from tui.controller import GameController


@dataclass(frozen=True)
class Entry:
    text: str  # plain text; never markup (names typed by players may contain brackets)
    who: str = ""  # a seat name shown before the text
    seat: int | None = None  # colours `who`
    note: bool = False  # an app note (undo, redo): shown dim and italic


def log_entries(ctl: GameController) -> list[Entry]:
    """The lines of a GameController's log as entries (the seat's name before each, if any)."""
    names = ctl.names()
    return [Entry(line.text, names[line.seat] if line.seat is not None else "", line.seat, line.note)
            for line in ctl.log]


class EventLog(ScrollView, can_focus=False):
    """Not focusable by default: on the table the arrow keys belong to the cursor.
    The full-screen log makes it focusable to scroll with the keys."""
    DEFAULT_CSS = """
    EventLog { height: 1fr; scrollbar-size-vertical: 1; scrollbar-gutter: stable; overflow-x: hidden; }
    """
    # The gutter is kept for the scrollbar even while there is none: the lines are wrapped to
    # the width left, and a scrollbar appearing later (the log grew or its box shrank) must
    # not narrow it under lines already wrapped.

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: list[Entry] = []
        self._highlight: int | None = None
        self._fresh = 0  # entries from here on are new since the player last looked
        self._wrapped: dict[tuple[int, int], list[Strip]] = {}  # (index, width) -> strips
        self._rows: list[tuple[int, int]] = []  # (entry index, line within it) for every row
        self._first_row: list[int] = []  # each entry's first row
        self._width = 0
        self._base = Style()  # the log's own style, taken as each frame is rendered
        self._painted: dict[tuple[int, int, int, int], Strip] = {}  # (index, line, mark, width)
        self._painted_base = Style()  # the style `_painted` was painted in
        self._frame = (0, 0)  # the frame being rendered: its first row, its width

    def set_entries(self, entries: list[Entry], highlight: int | None = None, follow: bool = True,
                    fresh: int | None = None) -> None:
        """Replace the content; with `follow`, scroll to the newest (or highlighted) line.
        Entries from index `fresh` on are marked new (what others did since the player's last
        look); `highlight` is the one entry being shown (a replay)."""
        old, marks = self._entries, (self._highlight, self._fresh)
        same = min(len(old), len(entries))  # entries kept as they were (a replay step: all)
        if entries[:same] != old[:same]:
            self._wrapped.clear()
            self._painted.clear()
            same = 0
        elif len(entries) < len(old):  # what was wrapped past the end may come back different
            self._wrapped = {key: v for key, v in self._wrapped.items() if key[0] < len(entries)}
            self._painted = {key: v for key, v in self._painted.items() if key[0] < len(entries)}
        self._entries = list(entries)
        self._highlight = highlight
        self._fresh = len(entries) if fresh is None else fresh
        # Only entries from the first one changed, newly marked or unmarked are wrapped again:
        # a step of a long replay costs the same at its end as at its start.
        changed = [same, *(i for i in marks if i is not None), *(i for i in (highlight, self._fresh)
                                                                if i is not None)]
        self._relayout(min(changed))
        if follow:
            self._follow()
            self.call_after_refresh(self._follow)  # again once the size is known (first layout)

    def _follow(self) -> None:
        if self._highlight is not None:
            rows = [i for i, (e, _) in enumerate(self._rows) if e == self._highlight]
            if rows:
                self.scroll_to(y=max(0, rows[-1] - self.size.height + 2), animate=False)
                return
        self.scroll_end(animate=False)

    @property
    def entries(self) -> list[Entry]:
        return self._entries

    def on_resize(self) -> None:
        self._relayout()
        self._follow()

    def _relayout(self, start: int = 0) -> None:
        """Lay out the rows again from entry `start` on (those before it are as they were)."""
        width = max(10, self.scrollable_content_region.width or self.size.width or 40)
        if width != self._width:
            self._wrapped.clear()
            self._painted.clear()
            self._width = width
            start = 0
        start = max(0, min(start, len(self._first_row), len(self._entries)))
        rows = self._rows[:self._first_row[start]] if start < len(self._first_row) else self._rows
        first = self._first_row[:start]
        for i in range(start, len(self._entries)):
            first.append(len(rows))
            rows.extend((i, k) for k in range(len(self._strips(i))))
        self._rows, self._first_row = rows, first
        size = Size(width, len(rows))
        if self.is_mounted and size != self.virtual_size and size.width == self.virtual_size.width:
            # More lines in a box of a fixed size: only the scrollbar changes. Setting
            # `virtual_size` would lay out the whole screen (tens of ms per replay step).
            self.set_reactive(EventLog.virtual_size, size)
            self._scroll_update(size)
        else:
            self.virtual_size = size
        self.refresh()

    def _style(self, var: str, fallback: str = "") -> Style:
        value = self.app.theme_variables.get(var, fallback) if self.is_attached else fallback
        try:
            return Style.parse(value) if value else Style()
        except Exception:
            return Style()

    def _marked(self, i: int) -> bool:
        """The entry wears a two-cell mark on the left (being shown, or new): it is wrapped
        two cells narrower, so the mark never pushes a word off the right edge."""
        return i == self._highlight or i >= self._fresh

    def _strips(self, i: int) -> list[Strip]:
        width = self._width - (2 if self._marked(i) else 0)
        key = (i, width)
        strips = self._wrapped.get(key)
        if strips is None:
            e = self._entries[i]
            t = Text()
            body = e.text
            if e.who:
                colour = self._style(f"seat-{(e.seat or 0) % 4}") + Style(bold=True)
                t.append(e.who[:1].upper() + e.who[1:], colour)
                t.append(" · ")
            else:
                body = body[:1].upper() + body[1:]  # "the Shade draws…" starts a line
            t.append(body, Style(italic=True, dim=True) if e.note else Style())
            lines = t.wrap(self.app.console, width) if self.is_attached else [t]
            strips = [Strip(list(line.render(self.app.console))) for line in lines]
            self._wrapped[key] = strips
        return strips

    def render_lines(self, crop: Region) -> list[Strip]:
        # Once a frame, not once a line: the style walks every ancestor's styles.
        self._base = self.rich_style
        self._frame = (self.scroll_offset.y, self.scrollable_content_region.width)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        top, width = self._frame
        row = top + y
        base = self._base
        if row >= len(self._rows):
            return Strip.blank(width, base)
        i, k = self._rows[row]
        if base != self._painted_base:
            self._painted, self._painted_base = {}, base
        key = (i, k, 1 if i == self._highlight else 2 if i >= self._fresh else 0, width)
        painted = self._painted.get(key)
        if painted is None:  # a replay step repaints every line in sight: most are as they were
            painted = self._painted[key] = self._paint(i, k, width, base)
        return painted

    def _paint(self, i: int, k: int, width: int, base: Style) -> Strip:
        strip = self._strips(i)[k]
        if i == self._highlight:
            mark = self._style("accent") + Style(bold=True)
            strip = Strip([Segment("▶ " if k == 0 else "  ", mark), *strip])
            base = base + Style(bold=True)
        elif i >= self._fresh:
            strip = Strip([Segment("▍ ", self._style("accent")), *strip])
        return strip.apply_style(base).extend_cell_length(width, base).crop(0, width)
