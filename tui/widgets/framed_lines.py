"""Lines rendered once, not at every frame: the board's widgets keep what they last rendered
(`KeptLines`, `KeepsLines`), and the log frames a line once wherever it scrolls to
(`FramedLines`).

Textual frames every content line of a widget (its border, padding and background: the
`StylesCache` behind `render_lines`) again whenever the widget is refreshed, and a view that
scrolls by a line is refreshed whole. The log scrolls at every replay step: some 30 lines
framed again at 120×40, each as much work as painting it. Its lines come from its own cache
(the same `Strip` object for the same line), so `FramedLines` keeps each one's framed form by
that object, and a scrolled line is framed once, at whatever row it comes to. A scroll bar's
lines are new objects at every paint, but the same few (track, thumb, their ends):
`by_value` keeps them by their segments instead.

Only content rows are kept so (not the border's or the padding's, nor an outline's first and
last row); the kept lines are dropped whenever anything the frame is made of changes (size,
colours, border, padding, opacity, tint)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual._styles_cache import StylesCache
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.color import Color
    from textual.css.styles import StylesBase
    from textual.geometry import Region, Size, Spacing
    from textual.widget import Widget

KEEP = 600  # framed lines kept (a few screens of a log), dropped all at once beyond
TEXTS_KEPT = 16  # a `KeptByText` widget's texts kept


class KeptLines(StylesCache):
    """A widget's lines as last rendered, given again while nothing marked it for repainting.

    A frame renders every widget that meets the region it repaints, and one replay step
    repaints the log (the screen's height) and the bar (its width): nearly every widget. A
    widget that was not refreshed gets its lines from Textual's cache, but only after Textual
    worked out its colours, titles and filters and put each line through them again; here the
    lines of the last render are given back whole while all of that is as it was."""

    def __init__(self) -> None:
        super().__init__()
        self._kept: tuple[object, list[Strip]] | None = None

    def clear(self) -> None:
        super().clear()
        self._kept = None

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        key = self._key(widget, crop)
        kept = self._kept
        if kept is not None and not self._dirty_lines and kept[0] == key:
            return kept[1]
        strips = super().render_widget(widget, crop)
        self._kept = (key, strips)
        return strips

    @staticmethod
    def _key(widget: Widget, crop: Region) -> tuple[object, ...]:
        """What the lines are made from, but the widget's content."""
        hover = widget.hover_style._link_id if widget.auto_links else None
        # Not the colours or the opacity (working them out walks every ancestor): a change of
        # either refreshes the widget, and its children too, which drops what it kept.
        return (crop, widget.region.size, widget._border_title, widget._border_subtitle, hover,
                tuple(widget.get_line_filters()), id(widget.app.ansi_theme))


class KeptByText(KeptLines):
    """`KeptLines` for a widget whose few texts come back (the details of what the cursor
    rests on: a cursor key changes them, and the cursor returns to the same cards): the lines
    of its last TEXTS_KEPT texts, by `text` (which the widget sets with each new text) and
    what `KeptLines` compares. Textual's refresh for a new text drops only the lines shown;
    a restyle (a theme, a class above) must `forget` them all, as the colours are not
    compared."""

    def __init__(self) -> None:
        super().__init__()
        self.text: object = None
        self._by_text: dict[tuple[object, ...], list[Strip]] = {}

    def forget(self) -> None:
        self._by_text.clear()
        self.clear()

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        key = self._key(widget, crop)
        kept = self._kept
        if kept is not None and not self._dirty_lines and kept[0] == key:
            return kept[1]
        full = (self.text, *key)
        strips = self._by_text.get(full)
        if strips is None:
            strips = super().render_widget(widget, crop)
            if len(self._by_text) >= TEXTS_KEPT:
                del self._by_text[next(iter(self._by_text))]  # the oldest
            self._by_text[full] = strips
        else:
            self._dirty_lines.clear()  # every line is given, as drawn for this text
        self._kept = (key, strips)
        return strips


class FramedLines(KeptLines):
    def __init__(self, by_value: bool = False) -> None:
        super().__init__()
        self._by_value = by_value
        # id(content) -> (content, framed), or (its segments) -> (content, framed)
        self._framed: dict[object, tuple[Strip, Strip]] = {}
        self._frame_key: tuple[object, ...] | None = None
        self._outlined = False

    def render(self, styles: StylesBase, size: Size, base_background: Color, background: Color,
               *args: Any, **kwargs: Any) -> list[Strip]:  # the rest passed on as given
        hatch = styles.hatch if styles.has_rule("hatch") else None
        key = (size, kwargs.get("content_size"), kwargs.get("padding"), base_background,
               background, styles.border, styles.outline, styles.tint, styles.text_opacity,
               hatch, kwargs.get("opacity"), kwargs.get("native_ansi"), id(kwargs.get("ansi_theme")))
        if key != self._frame_key or len(self._framed) > KEEP:
            self._framed = {}
            self._frame_key = key
            self._outlined = any(edge for edge, _ in styles.outline)
        return super().render(styles, size, base_background, background, *args, **kwargs)

    def render_line(self, styles: StylesBase, y: int, size: Size, content_size: Size, padding: Spacing,
                    base_background: Color, background: Color,
                    render_content_line: Callable[[int], Strip], *args: Any) -> Strip:
        gutter = styles.gutter
        top = gutter.top
        if y < top or y >= size.height - gutter.bottom or y - top >= content_size.height \
                or (self._outlined and (y == 0 or y == size.height - 1)):
            return super().render_line(styles, y, size, content_size, padding, base_background,
                                       background, render_content_line, *args)
        content = render_content_line(y - top)
        key = tuple(content) if self._by_value else id(content)
        kept = self._framed.get(key)
        if kept is not None and (self._by_value or kept[0] is content):
            return kept[1]

        def same(_: int) -> Strip:
            return content

        framed = super().render_line(styles, y, size, content_size, padding, base_background,
                                     background, same, *args)
        self._framed[key] = (content, framed)
        return framed


class KeepsLines:
    """Mixed into a widget (before Textual's classes): it renders through `KeptLines`."""

    _styles_cache: StylesCache  # Widget's

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = KeptLines()
