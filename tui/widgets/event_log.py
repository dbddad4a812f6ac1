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
from textual.scrollbar import ScrollBar
from textual.strip import Strip

from core.textdata import capitalized
from tui.widgets.framed_lines import FramedLines
from tui.widgets.repaint import QuietScrollBars, hidden

WARM_CHUNK = 10  # lines wrapped ahead of need at a time (a millisecond or two)…
WARM_PAUSE = 0.02  # …with this many seconds between, for keys and frames to come first

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


class EventLog(QuietScrollBars, ScrollView, can_focus=False):
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
        self._styles_cache = FramedLines()  # a line scrolled to another row is not framed again
        self._entries: list[Entry] = []
        self._highlight: int | None = None
        self._fresh = 0  # entries from here on are new since the player last looked
        # Wrapped and painted lines are kept by what they show, not where: a replay's jump back
        # and forth (End, Home) finds every line it showed before already wrapped.
        self._wrapped: dict[tuple[Entry, int], list[Strip]] = {}  # (entry, width) -> strips
        self._rows: list[tuple[int, int]] = []  # (entry index, line within it) for every row
        self._first_row: list[int] = []  # each entry's first row
        self._width = 0
        self._base = Style()  # the log's own style, taken as each frame is rendered
        self._painted: dict[tuple[Entry, int, int, int], Strip] = {}  # (entry, line, mark, width)
        self._painted_base = Style()  # the style `_painted` was painted in
        self._frame = (0, 0)  # the frame being rendered: its first row, its width
        # What a hidden log was given (a narrow layout folds the side panel away), laid out
        # when it is shown: a hidden widget's repaint makes the screen arrange every widget
        # again to find it (a replay step at 80×24 paid that at every step).
        self._later: tuple[list[Entry], int | None, bool, int | None] | None = None
        self._warming: list[Entry] = []  # lines to wrap ahead of need (`warm`)
        self._known = 0  # how many lines were given to warm: the cache keeps room for them

    def set_entries(self, entries: list[Entry], highlight: int | None = None, follow: bool = True,
                    fresh: int | None = None) -> None:
        """Replace the content; with `follow`, scroll to the newest (or highlighted) line.
        Entries from index `fresh` on are marked new (what others did since the player's last
        look); `highlight` is the one entry being shown (a replay)."""
        if self.is_mounted and hidden(self):
            self._later = (list(entries), highlight, follow, fresh)
            return
        self._later = None
        old, marks = self._entries, (self._highlight, self._fresh)
        if entries == old and marks == (highlight, len(entries) if fresh is None else fresh):
            if follow:  # told again what it shows (a redraw): no repaint
                self._follow()
            return
        same = min(len(old), len(entries))  # entries kept as they were (a replay step: all)
        if entries[:same] != old[:same]:
            same = next(i for i in range(same) if entries[i] != old[i])
        if len(self._wrapped) > 2 * (len(entries) + self._known) + 2000:  # long gone lines
            self._wrapped.clear()
            self._painted.clear()
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
        self.scroll_to(y=self._followed_y(), animate=False)

    def _followed_y(self) -> int:
        """The top row that shows the highlighted entry near the bottom, else the newest."""
        height = self.scrollable_content_region.height
        h = self._highlight
        if h is not None and h < len(self._first_row):
            last = (self._first_row[h + 1] if h + 1 < len(self._first_row) else len(self._rows)) - 1
            return max(0, min(last - height + 2, len(self._rows) - height))
        return max(0, len(self._rows) - height)

    def warm(self, entries: list[Entry]) -> None:
        """Wrap `entries` ahead of need, a few between frames: a replay gives all its lines, so
        that a jump to its end or a later round finds them wrapped (wrapping hundreds of lines
        at once took a jump some 40 ms)."""
        self._warming, self._known = list(entries), len(entries)
        self.set_timer(WARM_PAUSE, self._warm_some)

    def _warm_some(self) -> None:
        if not self._warming or not self.is_attached or hidden(self):
            return  # a hidden log wraps what it shows once shown
        chunk, self._warming = self._warming[:WARM_CHUNK], self._warming[WARM_CHUNK:]
        for e in chunk:
            self._wrap(e, self._width)
        if self._warming:
            self.set_timer(WARM_PAUSE, self._warm_some)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        bar = super().vertical_scrollbar
        if not isinstance(bar._styles_cache, FramedLines):  # it moves at every replay step
            bar._styles_cache = FramedLines(by_value=True)
        return bar

    @property
    def entries(self) -> list[Entry]:
        return self._later[0] if self._later is not None else self._entries

    def on_show(self) -> None:
        if self._later is not None:
            self.set_entries(*self._later)

    def on_resize(self) -> None:
        if max(10, self.scrollable_content_region.width) != self._width:
            self._relayout()  # a new height alone leaves every line as it was wrapped
        self._follow()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        """A layout that only made the log taller or shorter (the board above it grew or
        shrank: a replay's jump) scrolls it in that layout's own frame. Its resize event comes
        after that frame, and scrolling there was a second layout and frame, 1/60 s later."""
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        width = max(10, self.scrollable_content_region.width)
        if resized and width == self._width and self._later is None and self.is_mounted:
            y = self._followed_y()
            if y != round(self.scroll_y):
                self.set_reactive(EventLog.scroll_y, float(y))
                self.set_reactive(EventLog.scroll_target_y, float(y))
                if self._vertical_scrollbar is not None:
                    self._vertical_scrollbar.set_reactive(ScrollBar.position, float(y))
                    self._vertical_scrollbar._repaint_required = True
                self._repaint_bars()
        return resized

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
        return self._wrap(self._entries[i], self._width - (2 if self._marked(i) else 0))

    def _wrap(self, e: Entry, width: int) -> list[Strip]:
        key = (e, width)
        strips = self._wrapped.get(key)
        if strips is None:
            t = Text()
            body = e.text
            if e.who:
                colour = self._style(f"seat-{(e.seat or 0) % 4}") + Style(bold=True)
                t.append(capitalized(e.who), colour)
                t.append(" · ")
            else:
                body = capitalized(body)  # "the Shade draws…" starts a line
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
        key = (self._entries[i], k, 1 if i == self._highlight else 2 if i >= self._fresh else 0, width)
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
