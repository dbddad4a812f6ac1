"""The `classic` table, widget by widget. Each renders part of a ClassicView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.app import ComposeResult
from textual.containers import Container, HorizontalScroll, Vertical
from textual.content import Content
from textual.widgets import Static

from core.games.classic import queries as Q
from tui.games.classic import describe as D
from tui.i18n import text
from tui.markup import esc
from tui.widgets.cards import CardSet
from tui.widgets.cursor import TableItem
from tui.widgets.hand import ScrolledHand
from tui.widgets.repaint import repaint, titles

PHASES = ("develop", "food", "feed", "extinction")
HAND_CELL = 19  # a hand card and its gap (game.tcss: .cl-handcard)
HAND_TEXT = 15  # the cells inside a hand card (less its border and left padding)


class AnimalCard(TableItem):
    def __init__(self, uid: int, id: str | None = None) -> None:
        super().__init__(id=id or f"cl-a-{uid}", classes="cl-animal")
        self.key = f"a:{uid}"
        self.uid = uid
        self._last: tuple[Any, ...] | None = None

    def show(self, a: Any, view: Any, lang: str) -> None:
        at = view.attack
        role = ""
        if at is not None and view.step == "defend":
            role = "predator" if at.predator == a.uid else "prey" if at.prey == a.uid else ""
        sig = (a, role, lang)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        titles(self, D.animal_title(a))
        titles(self, subtitle=D.animal_status(a, lang))
        self.set_class(a.fed, "-fed")
        self.set_class(a.turned, "-turned")
        self.set_class(role == "prey", "-prey")
        self.set_class(role == "predator", "-predator")
        repaint(self, D.animal_body(a, lang))


class HandCard(TableItem):
    def __init__(self, card: int, id: str | None = None) -> None:
        super().__init__(id=id or f"cl-h-{card}", classes="cl-handcard")
        self.key = f"h:{card}"
        self.card = card
        self._last: tuple[str, bool] = ("", False)

    def show(self, view: Any, lang: str) -> None:
        sig = (lang, view.single_poisonous)
        if sig == self._last:
            return
        self._last = sig
        titles(self, f"{self.card}")
        face = D.card_face(view, self.card)
        if len(face) == 1:  # one name: it may take both lines
            lines = [D.chip(face[0], lang)]
        else:  # a line each, whole or cut as a typesetter would
            lines = [D.chip(face[0], lang, HAND_TEXT), f"[dim]/[/] {D.chip(face[1], lang, HAND_TEXT - 2)}"]
        repaint(self, "\n".join(lines))


class _Strip(CardSet, HorizontalScroll, can_focus=False):
    """A horizontally scrolling strip of cards (the hand: it would take the table's rows)."""

    DEFAULT_CSS = "_Strip { height: auto; }"


MIN_CELL = 22  # the narrowest column an animal card gets (the longest property name and a pair mark)


class _Grid(CardSet, Container):
    """Animals in as many equal columns as fit, wrapping onto further lines: every animal on
    the table stays in sight."""

    DEFAULT_CSS = """
    _Grid { layout: grid; grid-size: 3; grid-columns: 1fr; grid-rows: auto; grid-gutter: 0 1; height: auto; }
    """

    @property
    def columns(self) -> int:
        return self.styles.grid_size_columns or 1

    def on_resize(self) -> None:
        columns = max(1, (self.size.width + 1) // MIN_CELL)
        if columns != self.styles.grid_size_columns:
            self.styles.grid_size_columns = columns


class SeatRow(Vertical):
    """One seat: a header (name, hand, piles or points, markers) and its animals."""

    DEFAULT_CSS = "SeatRow { height: auto; }"

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"cl-row-{seat}", classes="cl-seatrow")
        self.seat = seat
        self.cards: list[AnimalCard] = []
        self.header = Static(classes="cl-seat-header")
        self.grid = _Grid(classes="cl-animals")
        self.empty = Static(classes="cl-empty-row")

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.grid
        yield self.empty

    def show(self, view: Any, names: list[str], kinds: list[str], bottom: bool, lang: str) -> None:
        p = view.players[self.seat]
        bits = [D.seat_name(names, self.seat, capital=True)]
        if bottom and kinds[self.seat] == "human":
            bits[0] += f" [dim]{text('table.you', lang)}[/]"
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        bits.append(text("classic.seat.hand", lang, k=p.hand_size))
        bits += score_bits(view, self.seat, lang)
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        if view.phase == "develop" and p.passed:
            bits.append(f"[dim]{text('classic.seat.passed', lang)}[/]")
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:
            bits.append(f"[b $accent]{text('classic.seat.deciding', lang)}[/]")
        repaint(self.header, " · ".join(bits))
        self.set_class(deciding, "-turn")
        self.cards = self.grid.sync([(f"cl-a-{u}", u) for u in p.row], AnimalCard)
        for card in self.cards:
            card.show(view.animals[card.uid], view, lang)
        self.grid.display = bool(p.row)
        self.empty.display = not p.row
        repaint(self.empty, f"[dim]{text('classic.seat.no_animals', lang)}[/]")


class HandRow(ScrolledHand, Vertical):
    """The bottom seat's hand: each card's property, and the second one of a double card.
    A hand wider than the screen scrolls with the cursor, and the title counts the cards out
    of sight on either side. On a short terminal, while no card can be played, the hand folds
    into one line."""

    DEFAULT_CSS = "HandRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="cl-hand")
        self.cards: list[HandCard] = []
        self.strip = _Strip(classes="cl-handcards")
        self.empty = Static(classes="cl-empty-hand")

    def compose(self) -> ComposeResult:
        yield self.strip
        yield self.empty

    def on_mount(self) -> None:
        self.follow_scrolling()

    def on_resize(self) -> None:
        # Whole cards only: the strip is as wide as the cards that fit, none shows cut.
        fit = max(1, self.content_region.width // HAND_CELL) * HAND_CELL
        if self.strip.styles.width is None or self.strip.styles.width.value != fit:
            self.strip.styles.width = fit
        self.retitle()

    def show(self, view: Any, hand: list[int] | None, lang: str, title: str,
             folded: bool = False) -> None:
        self._title, self._lang = title, lang
        self.cards = self.strip.sync([(f"cl-h-{c}", c) for c in (hand or [])], HandCard)
        for card in self.cards:
            card.show(view, lang)
        if folded:
            self.cards = []  # out of the cursor's way
        self.strip.display = bool(hand) and not folded
        self.empty.display = not hand or folded
        if hand and folded:
            line = " · ".join(f"[b]{c}[/] " + " / ".join(D.chip(t, lang) for t in D.card_face(view, c))
                              for c in hand)
        else:
            why = "table.hand_hidden" if hand is None else "table.hand_empty"
            line = f"[dim]{text(why, lang)}[/]"
        repaint(self.empty, line)
        self.retitle()
        self.call_after_refresh(self.retitle)  # new cards have a place only once laid out


class FoodBase(TableItem):
    """The food base: red tokens left and the roll that made them; the attack or the paired
    triggers under way; the deck and the open discard (v0.9)."""

    key = "base"

    def show(self, view: Any, lang: str) -> None:
        titles(self, text("classic.base.title", lang))
        lines = [D.base_line(view, lang)]
        piles = text("classic.base.deck", lang, k=view.deck_size)
        if view.v09:
            piles += " · " + text("classic.base.discard", lang, k=len(view.discard))
        lines.append(f"[dim]{piles}[/]")
        under = _under_way(view, lang)
        if under:
            lines.append(under)
        repaint(self, "\n".join(lines))


class BaseLine(TableItem):
    """The food base on one line, for narrow terminals."""

    key = "base"

    def show(self, view: Any, lang: str) -> None:
        bits = [f"[b]{text('classic.base.short', lang)}[/] {D.base_line(view, lang)}"]
        under = _under_way(view, lang)
        if under:
            bits.append(under)
        repaint(self, " · ".join(bits))


def _under_way(view: Any, lang: str) -> str:
    """An attack in progress or paired triggers waiting, else "" (markup)."""
    at = view.attack
    if at is not None and view.step in ("defend", "scavenger"):
        attack = text("classic.base.attack", lang, c=f"c{at.predator}", t=f"c{at.prey}")
        return f"[$classic-attack]{attack}[/]"
    if view.pending and view.step == "trigger":
        return text("classic.base.pending", lang, k=len(view.pending))
    return ""


class StatusLine(Static):
    """The turn (of N in v0.9, the last one marked), the phase track, deck and discard."""

    def show(self, view: Any, lang: str) -> None:
        if view.v09:
            turn = text("classic.status.turn_of", lang, k=view.turn, n=view.length)
        else:
            turn = text("classic.status.turn", lang, k=view.turn)
        if view.last and view.step != "over":
            turn += " " + text("classic.status.last", lang)
        room = self.app.size.width - 2  # the screen's width less the padding
        now = _phase(view)
        track = [(f"[b reverse $accent] {esc(text(f'classic.phase.{ph}', lang))} [/]" if ph == now
                  else f"[dim]{esc(text(f'classic.phase.{ph}', lang))}[/]") for ph in PHASES]
        piles = text("classic.status.deck", lang, k=view.deck_size)
        if view.v09:
            piles += " · " + text("classic.status.discard", lang, k=len(view.discard))
        deck = text("classic.status.deck", lang, k=view.deck_size)
        current = [f"[b $accent]{esc(text(f'classic.phase.{now}', lang))}[/]"] if now else []
        if view.step == "over":
            current = [text("classic.status.over", lang)]
            track = []
        # As much as fits: the whole track and both piles, then the deck only, then the
        # current phase alone (the base panel and its details have the piles too).
        tries = [[turn, " › ".join(track), piles], [turn, " › ".join(track), deck],
                 [turn, *current, piles]]
        line = " · ".join(tries[-1])
        for bits in tries if track else tries[-1:]:
            candidate = " · ".join(bits)
            if Content.from_markup(candidate).cell_length <= room:
                line = candidate
                break
        repaint(self, line)


def _phase(view: Any) -> str:
    if view.phase in ("develop", "feed", "extinction"):
        return view.phase
    return ""


class Details(Static):
    """What the cursor rests on, in full: properties with their effects."""

    _whole = ("", "en")  # the text last shown, uncut, and its language

    def show(self, markup: str, lang: str) -> None:
        titles(self, text("classic.details.title", lang))
        self._whole = (markup, lang)
        repaint(self, self._cut(markup, lang))

    def on_resize(self) -> None:
        repaint(self, self._cut(*self._whole))

    def _cut(self, markup: str, lang: str) -> str:
        return _cut(markup, lang, self.content_region.width, self.content_region.height)


@lru_cache(maxsize=256)  # the cursor comes back to the same few items
def _cut(markup: str, lang: str, width: int, height: int) -> str:
    """Text that does not fit ends with a pointer to the Info key, which shows it whole."""
    if width <= 0 or height <= 1:
        return markup
    lines = Content.from_markup(markup).wrap(width)
    if len(lines) <= height:
        return markup
    kept = [line.markup for line in lines[: height - 1]]
    return "\n".join([*kept, f"[dim]{esc(text('classic.details.more', lang))}[/]"])


def score_bits(view: Any, seat: int, lang: str) -> list[str]:
    """A seat's points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    if view.v09:
        bits = [text("classic.seat.points", lang, k=p.score)]
        if view.personal:
            bits.append(text("classic.seat.reserve", lang, k=p.reserve))
        return bits
    score = sum(Q.score_of(view, seat).values())
    return [text("classic.seat.score", lang, k=score), text("classic.seat.pile", lang, k=p.pile_size)]
