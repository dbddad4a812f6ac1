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


@lru_cache(maxsize=1024)  # the table asks again for the same texts after every move
def wrapped_lines(markup: str, width: int) -> int:
    """How many lines `markup` takes at `width` cells (-1 before the widget has a width)."""
    if width <= 0:
        return -1
    return len(Content.from_markup(markup).wrap(width))


def repaint(widget: Any, markup: str) -> None:
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
