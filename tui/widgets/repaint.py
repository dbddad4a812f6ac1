"""Updating a Static cheaply: a keypress should repaint what changed, not lay out the screen.

`Static.update` asks for a new layout of the whole screen every time (tens of milliseconds on
a full table). `repaint` skips an update whose content is unchanged, and asks for a layout only
when the widget's height is `auto` and the number of lines the new content wraps to differs
from the old (its height can only change then).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widgets import Static

from tui.widgets.framed_lines import KeepsLines


@lru_cache(maxsize=1024)  # the table asks again for the same texts after every move
def wrapped_lines(markup: str, width: int) -> int:
    """How many lines `markup` takes at `width` cells (-1 before the widget has a width)."""
    if width <= 0:
        return -1
    return len(Content.from_markup(markup).wrap(width))


def hidden(widget: Any) -> bool:
    """Whether the widget or one of its containers is not displayed (`display: none`)."""
    node = widget
    while node is not None and not isinstance(node, Screen):  # a screen always is
        if not node.display:
            return True
        node = node.parent
    return False


class QuietScrollBar(ScrollBar):
    """A scroll bar that a layout sizing it does not lay out again: Textual's `virtual_size`
    asks for a second layout of the whole screen (and a second frame, 1/60 s later) whenever a
    bar's size changed in one, when the first has placed it already and a repaint is all it
    needs. A replay step where the rows' or the log's bar came, went or changed length paid
    for two layouts."""

    # (nor a repaint: a bar's virtual size is its size, and a layout that changes that paints
    # it in the same frame)
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class QuietScrollBars:
    """Mixed into a scrolling widget of a fixed size (the seat rows, the log): its scroll bars
    are `QuietScrollBar`s (as Textual's `Widget.vertical_scrollbar` and `horizontal_scrollbar`
    make them, the class aside). Not for one whose height is `auto`: there a bar that comes
    makes it taller, and only the second layout gives it the row."""

    _vertical_scrollbar: ScrollBar | None
    _horizontal_scrollbar: ScrollBar | None

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = self._quiet_bar(vertical=True)
        return self._vertical_scrollbar

    @property
    def horizontal_scrollbar(self) -> ScrollBar:
        if self._horizontal_scrollbar is None:
            self._horizontal_scrollbar = self._quiet_bar(vertical=False)
        return self._horizontal_scrollbar

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        """Sized by a layout: a bar whose thumb moved (the rows grew) is painted in the
        layout's own frame. Textual has it ask for a repaint of its own, which comes after
        that frame and is a second one, 1/60 s later (the update timer's pace)."""
        resized: bool = super()._size_updated(  # type: ignore[misc]
            size, virtual_size, container_size, layout)
        if resized:
            self._repaint_bars()
        return resized

    def _repaint_bars(self) -> None:
        """Bars waiting for a repaint are painted in the frame being composed."""
        compositor = self.screen._compositor  # type: ignore[attr-defined]  # a Widget
        visible = compositor.visible_widgets
        for bar in (self._vertical_scrollbar, self._horizontal_scrollbar):
            if bar is not None and bar._repaint_required and bar in visible:
                bar._repaint_required = False
                compositor.update_widgets({bar})

    def _quiet_bar(self, vertical: bool) -> ScrollBar:
        """The bar Textual's own property would make, of the quiet class."""
        widget: Any = self  # a Widget
        thickness = widget.scrollbar_size_vertical if vertical else widget.scrollbar_size_horizontal
        bar = QuietScrollBar(vertical=vertical, name="vertical" if vertical else "horizontal",
                             thickness=thickness)
        bar.display = False
        widget.app._start_widget(widget, bar)
        return bar


class LaidOutOnce(KeepsLines):
    """Mixed into a board's widgets: when a layout changes a widget's size, the layout is done
    (and a widget not refreshed gives its last lines again, `KeepsLines`).
    Textual's `virtual_size` asks for a second layout of the whole screen whenever a widget's
    size changed in one; but the first one has placed everything already (a scrolling view's
    scrollbars coming or going ask for their own), and the second only painted the screen
    again: a replay step where a card grew paid for two layouts and two frames."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class ShownLater:
    """Mixed into a Static that a layout folds away (the side panel of a narrow terminal, the
    one-line forms of a wide one): while it is not displayed, `repaint` keeps its new text and
    paints it when it is shown. Repainting a widget out of sight makes Textual arrange every
    widget of the screen again to find it: a replay step at 80×24 paid that at every step."""

    _evo_later: str | None = None

    def on_show(self) -> None:
        later, self._evo_later = self._evo_later, None
        if later is not None:
            repaint(self, later)


class BoardText(LaidOutOnce, Static):
    """Text on a board (a seat's header, the line in place of missing cards): laid out once."""


class FoldingStatic(ShownLater, BoardText):
    """A Static that a layout folds away, painted when it is shown (`ShownLater`)."""


def repaint(widget: Any, markup: str) -> None:
    if isinstance(widget, ShownLater):
        if widget.is_mounted and hidden(widget):  # type: ignore[attr-defined]  # a Widget
            widget._evo_later = markup
            return
        widget._evo_later = None
    last = getattr(widget, "_evo_markup", None)
    if markup == last:
        return
    width = widget.content_region.width
    height = widget.styles.height
    if height is not None and not height.is_auto:
        layout = False  # a fixed height: new text never changes the layout
    else:
        layout = last is None or wrapped_lines(markup, width) != wrapped_lines(last, width)
    widget._evo_markup = markup
    widget.update(markup, layout=layout)


def titles(widget: Any, title: str | None = None, subtitle: str | None = None) -> None:
    """Set a widget's border title and subtitle (markup; None leaves one as it is) only when
    they change: Textual repaints the widget, and everything inside it, at every assignment."""
    if title is not None and title != getattr(widget, "_evo_title", None):
        widget._evo_title = title
        widget.border_title = title
    if subtitle is not None and subtitle != getattr(widget, "_evo_subtitle", None):
        widget._evo_subtitle = subtitle
        widget.border_subtitle = subtitle
