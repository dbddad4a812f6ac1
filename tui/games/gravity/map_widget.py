"""The town map widget: draws `tui.games.gravity.town` for a view and posts `LocationPicked` on a click.

It never decides anything: the screen hands it the marks (cursor, pickable locations, the route
shown) and decides what a pick means.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.events import Click
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tui.games.gravity import describe as D
from tui.games.gravity.town import Layout, Marks, Place, layout, paint
from tui.i18n import text

if TYPE_CHECKING:
    from core.games.gravity.view import GravityView

MIN_W, MIN_H = 40, 12

# theme variable (or fallback colour) of each style the map draws with
_COLOURS = {"road": ("road", "#5c6370"), "route": ("route", "#56d4dd"), "support": ("support", "#6cc46c"),
            "distrust": ("distrust", "#f06060"), "die": ("courage", "#ffd866"),
            "monster": ("monster", "#ff5f87"), "zero": ("text-muted", "#7d8590")}


def _colour(variables: dict[str, str], name: str, fallback: str) -> str:
    value = variables.get(name, fallback)
    try:
        Style.parse(value)
    except Exception:
        return fallback
    return value


def map_styles(variables: dict[str, str]) -> dict[str, Style]:
    """The rich styles of the map, from the theme's variables."""
    c = {key: _colour(variables, var, fb) for key, (var, fb) in _COLOURS.items()}
    panel = _colour(variables, "panel", "#262b34")
    target = _colour(variables, "target", "#56d4dd")
    cursor = _colour(variables, "cursor", "#ffffff")
    fg = _colour(variables, "foreground", "#e4e6eb")
    bg = _colour(variables, "background", "#14171c")
    muted = _colour(variables, "panel-lighten-2", "#4a5160")
    accent = _colour(variables, "accent", "#f0b44c")
    out = {
        "base": Style(), "road": Style(color=c["road"]), "route": Style(color=c["route"], bold=True),
        "step": Style(color=bg, bgcolor=c["route"], bold=True),
        "box": Style(color=fg, bgcolor=panel),
        "dim": Style(color=c["zero"], bgcolor=panel, dim=True),
        "related": Style(color=fg, bgcolor=muted),
        "target": Style(color=target, bgcolor=muted, bold=True),
        "cursor": Style(color=bg, bgcolor=cursor, bold=True),
        "cursor_target": Style(color=bg, bgcolor=target, bold=True),
        "id": Style(bold=True), "here": Style(color=accent, bold=True, underline=True),
        "support": Style(color=c["support"], bold=True), "distrust": Style(color=c["distrust"], bold=True),
        "die": Style(color=c["die"], bold=True), "zero": Style(color=c["zero"]),
        "monster": Style(color=c["monster"], bold=True),
    }
    for ch in ("dipper", "mabel", "stan", "wendy", "soos"):
        out[f"char-{ch}"] = Style(color=_colour(variables, f"char-{ch}", fg), bold=True)
    return out


def places_of(view: GravityView, lang: str) -> dict[int, Place]:
    places = {}
    for loc in range(1, len(view.places) + 1):
        p = view.places[loc - 1]
        chars, mons = D.figures_at(view, loc)
        figures = [(D.glyph(view.chars[i].id, lang), f"char-{view.chars[i].id}") for i in chars]
        figures += [(D.MONSTER_GLYPH, "monster") for _ in mons]
        places[loc] = Place(p.support, p.distrust, p.die, figures, D.short(loc, lang))
    return places


class LocationPicked(Message):
    """A location was clicked on the map."""

    def __init__(self, loc: int) -> None:
        super().__init__()
        self.loc = loc


class TownMap(Widget, can_focus=False):
    """Drawn with the line API: the painted rows are kept as strips, so a repaint of the screen
    (after any layout change elsewhere) costs the map nothing until the map itself changes, and
    a change repaints only the rows it changed (a replay step moves a figure or a token)."""

    DEFAULT_CSS = "TownMap { width: 1fr; height: 1fr; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: GravityView | None = None
        self.marks = Marks()
        self.lang = "en"
        self._shown: tuple[dict[int, Place], Marks, str] | None = None  # the places, marks, language drawn
        self._version = 0  # counts what was shown: the strips are painted for one
        self._cache: tuple[tuple[object, ...], list[Strip]] | None = None
        # the last canvas's rows (cells and their styles) and strips, by size and theme: a row
        # that paints the same cells again keeps its strip
        self._rows: tuple[tuple[object, ...], list[tuple[list[str], list[Style]]], list[Strip]] | None = None
        self._styles: tuple[str, dict[str, Style]] | None = None

    def show(self, view: GravityView, marks: Marks, lang: str) -> None:
        shown = (places_of(view, lang), marks, lang)
        self.view = view
        if shown == self._shown:
            return  # the map looks the same (another view of it): no repaint
        self._shown, self._version = shown, self._version + 1
        self.marks, self.lang = marks, lang
        old = self._cache
        if old is None or not self.is_mounted or old[0][1:] != self._size_key():
            self.refresh()
            return
        new = self._strips()  # painted now, to repaint only the rows that changed
        width = self.content_size.width
        changed = [y for y in range(max(len(new), len(old[1])))
                   if y >= len(new) or y >= len(old[1]) or new[y] != old[1][y]]
        for y in changed:
            self.refresh(Region(0, y, width, 1))

    def current_layout(self) -> Layout | None:
        w, h = self.content_size.width, self.content_size.height
        if w < MIN_W or h < MIN_H:
            return None
        return layout(w, h)

    def _size_key(self) -> tuple[object, ...]:
        return self.content_size.width, self.content_size.height, self.app.theme

    def _strips(self) -> list[Strip]:
        lay = self.current_layout()
        width = self.content_size.width
        key = (self._version, *self._size_key())
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        base = self.rich_style
        if self.view is None:
            strips: list[Strip] = []
        elif lay is None:
            note = Text(text("gravity.map_too_small", self.lang), style="dim")
            lines = note.wrap(self.app.console, max(1, width))
            strips = [Strip(list(line.render(self.app.console))).apply_style(base) for line in lines]
        else:
            if self._styles is None or self._styles[0] != self.app.theme:
                self._styles = (self.app.theme, map_styles(self.app.theme_variables))
            canvas = paint(lay, self._shown[0] if self._shown else {}, self.marks, self._styles[1])
            rows = list(zip(canvas.chars, canvas.styles, strict=True))
            old = self._rows if self._rows is not None and self._rows[0] == key[1:] else None
            strips = [old[2][y] if old is not None and y < len(old[1]) and old[1][y] == row
                      else Strip(canvas.line(y), lay.width).apply_style(base)
                      for y, row in enumerate(rows)]
            self._rows = (key[1:], rows, strips)
        self._cache = (key, strips)
        return strips

    def render_line(self, y: int) -> Strip:
        strips = self._strips()
        width = self.content_size.width
        if y < len(strips):
            return strips[y].extend_cell_length(width, self.rich_style).crop(0, width)
        return Strip.blank(width, self.rich_style)

    def on_click(self, event: Click) -> None:
        lay = self.current_layout()
        if lay is None:
            return
        loc = lay.at(event.x - self.gutter.left, event.y - self.gutter.top)
        if loc is not None:
            event.stop()
            self.post_message(LocationPicked(loc))
