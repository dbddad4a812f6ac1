"""The town map of `gravity`, laid out from the board file's grid coordinates and drawn as text.

Pure and Textual-free: `layout(width, height)` places the 23 location boxes and the 41 roads
on a character grid (the board is planar, so straight roads never cross); `draw` paints one
view on it — tokens, courage dice, figures, the cursor, the locations that may be picked and
the route being chosen — as a rich Text whose styles come from the theme.

Two box sizes: two lines (number and short name; tokens, die and figures) when every grid row
gets two text rows, else one line (number, tokens, die, figures) for small terminals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from core.games.gravity.data import board

GRID = 11  # board.toml coordinates run 0..GRID
MAX_BOX = 16


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    box_w: int
    box_h: int
    boxes: dict[int, tuple[int, int]]  # location -> (column, row) of its box's top-left cell
    roads: dict[tuple[int, int], tuple[tuple[int, int, str], ...]]  # road -> its cells, start first

    @property
    def compact(self) -> bool:
        return self.box_h == 1

    def at(self, col: int, row: int) -> int | None:
        """The location whose box covers this cell (for mouse clicks)."""
        for loc, (c, r) in self.boxes.items():
            if c <= col < c + self.box_w and r <= row < r + self.box_h:
                return loc
        return None


def _step_char(dx: int, dy: int) -> str:
    if dy == 0:
        return "─"
    if dx == 0:
        return "│"
    return "╲" if dx == dy else "╱"


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int, str]]:
    """Bresenham from a to b; each cell carries the glyph of the step that reached it."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    out = []
    x, y = x0, y0
    while (x, y) != (x1, y1):
        e2 = 2 * err
        mx = my = 0
        if e2 >= dy:
            err += dy
            x += sx
            mx = sx
        if e2 <= dx:
            err += dx
            y += sy
            my = sy
        out.append((x, y, _step_char(mx, my)))
    return out


@cache
def layout(width: int, height: int) -> Layout:
    """Boxes and roads for a map area of this size (at least 40 × 12)."""
    b = board()
    box_h = 2 if height - 2 >= 2 * GRID else 1
    # Locations on one grid row are at least two columns apart: leave a gap between their boxes.
    # Locations on one grid row are at least two columns apart: 2 (width - w) / GRID > w keeps
    # a gap between their boxes; the widest box that fits (after rounding) is used.
    box_w = min(MAX_BOX, (2 * width - GRID) // (GRID + 2))
    while True:
        boxes = _place(b, width, height, box_w, box_h)
        if box_w <= 6 or not _overlap(boxes, box_w, box_h):
            break
        box_w -= 1
    roads = {}
    for a, c in b.roads:
        ca, cc = boxes[a], boxes[c]
        pa = (ca[0] + box_w // 2, ca[1] + box_h // 2)
        pc = (cc[0] + box_w // 2, cc[1] + box_h // 2)
        cells = [(x, y, ch) for x, y, ch in _line(pa, pc) if _outside(x, y, boxes, box_w, box_h)]
        roads[(a, c)] = tuple(cells)
    return Layout(width, height, box_w, box_h, boxes, roads)


def _place(b: object, width: int, height: int, w: int, h: int) -> dict[int, tuple[int, int]]:
    locs = board().locations
    return {loc: (round(locs[loc].x * (width - w) / GRID), round(locs[loc].y * (height - h) / GRID))
            for loc in locs}


def _overlap(boxes: dict[int, tuple[int, int]], w: int, h: int) -> bool:
    spots = list(boxes.values())
    return any(abs(a[0] - b[0]) <= w and abs(a[1] - b[1]) < h
               for i, a in enumerate(spots) for b in spots[i + 1:])


def _outside(x: int, y: int, boxes: dict[int, tuple[int, int]], w: int, h: int) -> bool:
    return not any(c <= x < c + w and r <= y < r + h for c, r in boxes.values())


# --- painting --------------------------------------------------------------------------------

@dataclass
class Place:
    """What one location shows."""

    support: int = 0
    distrust: int = 0
    die: bool = False
    figures: list[tuple[str, str]] = field(default_factory=list)  # (glyph, style key)
    name: str = ""


@dataclass
class Marks:
    """What the table wants emphasised: the cursor, what may be picked, the route shown."""

    cursor: int | None = None
    targets: frozenset[int] = frozenset()
    route: tuple[int, ...] = ()  # start, then each location entered
    here: int | None = None  # the active character's location
    related: frozenset[int] = frozenset()  # e.g. the neighbour Rumours pull from


class Canvas:
    def __init__(self, width: int, height: int, base: Style) -> None:
        self.w, self.h = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style]] = [[base] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style) -> int:
        end = x + len(text)
        if 0 <= y < self.h:  # the cells inside the canvas, at once (a replay step paints it all)
            a, b = max(0, x), min(self.w, end)
            if a < b:
                self.chars[y][a:b] = text[a - x:b - x]
                self.styles[y][a:b] = [style] * (b - a)
        return end

    def lines(self) -> list[list[Segment]]:
        """Each row as segments, one per run of cells of one style (for a line-API widget)."""
        return [self.line(y) for y in range(self.h)]

    def line(self, y: int) -> list[Segment]:
        """Row `y` as segments, one per run of cells of one style."""
        row, styles = self.chars[y], self.styles[y]
        segs = []
        start = 0
        for x in range(1, self.w + 1):
            # cells of one `put` share their style: compare values only where they differ
            if x == self.w or (styles[x] is not styles[start] and styles[x] != styles[start]):
                segs.append(Segment("".join(row[start:x]), styles[start]))
                start = x
        return segs

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y in range(self.h):
            row, styles = self.chars[y], self.styles[y]
            start = 0
            for x in range(1, self.w + 1):
                if x == self.w or styles[x] != styles[start]:
                    out.append("".join(row[start:x]), styles[start])
                    start = x
            if y < self.h - 1:
                out.append("\n")
        return out


def route_roads(route: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(route[i], route[i + 1]) for i in range(len(route) - 1)]


def draw(lay: Layout, places: dict[int, Place], marks: Marks, styles: dict[str, Style]) -> Text:
    """The map as text. `styles` maps the keys used here (road, route, box, cursor, target, dim,
    support, distrust, die, zero, id, here, related, step) and each figure's key to a Style."""
    return paint(lay, places, marks, styles).text()


def paint(lay: Layout, places: dict[int, Place], marks: Marks, styles: dict[str, Style]) -> Canvas:
    """The map painted on a canvas of the layout's size."""
    cv = Canvas(lay.width, lay.height, styles["base"])
    walked = {tuple(sorted(r)): i + 1 for i, r in enumerate(route_roads(marks.route))}
    for road, cells in lay.roads.items():
        step = walked.get(road)
        style = styles["route"] if step else styles["road"]
        for x, y, ch in cells:
            cv.put(x, y, ch, style)
        if step and cells:
            # the step number in the middle of the road, counted from the start of the route
            x, y, _ = cells[len(cells) // 2]
            cv.put(x, y, str(step), styles["step"])
    for loc, (col, row) in lay.boxes.items():
        _box(cv, lay, loc, col, row, places.get(loc, Place()), marks, styles)
    return cv


def _box_style(loc: int, marks: Marks, styles: dict[str, Style]) -> Style:
    if loc == marks.cursor:
        return styles["cursor_target"] if loc in marks.targets else styles["cursor"]
    if loc in marks.targets:
        return styles["target"]
    if marks.route and loc == marks.route[-1]:
        return styles["target"]
    if loc in marks.related or loc == marks.here:
        return styles["related"]
    if marks.targets:
        return styles["dim"]
    return styles["box"]


def _box(cv: Canvas, lay: Layout, loc: int, col: int, row: int, p: Place, marks: Marks,
         styles: dict[str, Style]) -> None:
    base = _box_style(loc, marks, styles)
    w = lay.box_w
    for dy in range(lay.box_h):
        cv.put(col, row + dy, " " * w, base)
    ident = styles["here"] if loc == marks.here else styles["id"]
    x = cv.put(col, row, str(loc) if not lay.compact else f"{loc:>2}", base + ident)
    if not lay.compact:
        room = max(0, w - len(str(loc)) - 1)
        name = p.name if len(p.name) <= room else p.name[: room - 1] + "…"
        cv.put(x + 1, row, name, base + (styles["here"] if loc == marks.here else Style()))
        x, y = col, row + 1
    else:
        y = row
    x = _counts(cv, x, y, p, base, styles)
    end = col + w
    for glyph, key in p.figures:
        if x + len(glyph) > end:
            cv.put(end - 1, y, "+", base + styles["zero"])
            break
        x = cv.put(x, y, glyph, base + styles.get(key, styles["id"]))


def _counts(cv: Canvas, x: int, y: int, p: Place, base: Style, styles: dict[str, Style]) -> int:
    """Support and distrust tokens, then the courage die: "+3-1◆" (zeros dimmed)."""
    x = cv.put(x, y, f"+{p.support}", base + (styles["support"] if p.support else styles["zero"]))
    x = cv.put(x, y, f"-{p.distrust}", base + (styles["distrust"] if p.distrust else styles["zero"]))
    x = cv.put(x, y, "◆" if p.die else " ", base + styles["die"])
    return x


__all__ = ["Layout", "Marks", "Place", "draw", "layout", "paint", "route_roads"]
