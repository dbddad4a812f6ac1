"""The `northstar` table, widget by widget. Each renders part of a NorthStarView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from textual.app import ComposeResult
from textual.containers import Container, HorizontalScroll, Vertical
from textual.content import Content
from textual.widgets import Static

from core.games.northstar.data import card_traits
from tui.games.northstar import describe as D
from tui.i18n import text
from tui.markup import esc
from tui.widgets.cards import CardSet
from tui.widgets.cursor import TableItem
from tui.widgets.hand import ScrolledHand
from tui.widgets.repaint import repaint, titles

PHASES = ("deal", "food", "play", "before", "feed")
HAND_CELL = 19  # a hand card's width (game.tcss: .ns-handcard)
HAND_TEXT = 16  # the cells inside it (less its border and left padding)


def _t(key: str, lang: str, **args: Any) -> str:
    return text(f"northstar.{key}", lang, **args)


class SpeciesCard(TableItem):
    def __init__(self, uid: int, id: str | None = None) -> None:
        super().__init__(id=id or f"ns-s-{uid}", classes="ns-species")
        self.key = f"s:{uid}"
        self.uid = uid
        self._last: tuple[Any, ...] | None = None

    def show(self, x: Any, off: list[str], lang: str, compact: bool) -> None:
        sig = (x, tuple(off), lang, compact)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        titles(self, D.species_title(x))
        titles(self, subtitle=D.species_status(x, lang))
        self.set_class(not x.hungry, "-fed")
        self.set_class(x.carnivore, "-carnivore")
        repaint(self, D.species_body(x, lang, off, compact))


class HandCard(TableItem):
    def __init__(self, card: int, id: str | None = None) -> None:
        super().__init__(id=id or f"ns-h-{card}", classes="ns-handcard")
        self.key = f"h:{card}"
        self.card = card
        self._last = ""

    def show(self, lang: str) -> None:
        if lang == self._last:
            return
        self._last = lang
        titles(self, f"{self.card}")
        trait = card_traits()[self.card]
        food = _t("hand.food", lang, v=D.food_value(self.card))
        repaint(self, f"{D.chip(trait, lang, HAND_TEXT)}\n[$ns-plant]{esc(food)}[/]")


class HoleCard(TableItem):
    """The watering hole: its plant food, the food cards chosen or revealed, the piles."""

    key = "hole"

    def show(self, view: Any, names: list[str], lang: str, compact: bool) -> None:
        food = _t("hole.food", lang, k=view.hole)
        bits = [f"[b $ns-plant]{esc(food)}[/]"]
        if view.shown:
            bits.append(esc(_t("hole.shown", lang, list=D.shown_cards(view, lang))))
        elif view.phase in ("food", "play", "before"):
            k = sum(1 for p in view.players if p.food_chosen)
            bits.append(esc(_t("hole.chosen", lang, k=k, n=view.n)))
        titles(self, "" if compact else _t("hole.title", lang))
        titles(self, subtitle="" if compact else esc(_t("hole.piles", lang, k=view.deck_size,
                                                         d=len(view.discard))))
        line = " · ".join(bits)
        if compact:
            line = f"[b]{esc(_t('hole.short', lang))}[/] {line}"
        repaint(self, line)


class _Cards(CardSet):
    """Cards reconciled in place (tui/widgets/cards.py)."""

    def is_card(self, widget: Any) -> bool:
        return isinstance(widget, TableItem)


class _Strip(_Cards, HorizontalScroll, can_focus=False):
    """A horizontally scrolling strip of cards (the hand: it would take the table's rows)."""

    DEFAULT_CSS = "_Strip { height: auto; }"


class _Grid(_Cards, Container):
    """Species boards in as many equal columns as fit, wrapping onto further lines: every one
    stays in sight, left to right as in the row."""

    DEFAULT_CSS = """
    _Grid { layout: grid; grid-size: 3; grid-columns: 1fr; grid-rows: auto; grid-gutter: 0 1; height: auto; }
    """
    MIN_CELL = 25  # the longest trait name in Russian with the hidden mark

    @property
    def columns(self) -> int:
        return self.styles.grid_size_columns or 1

    def on_resize(self) -> None:
        columns = max(1, (self.size.width + 1) // self.MIN_CELL)
        if columns != self.styles.grid_size_columns:
            self.styles.grid_size_columns = columns


class SeatRow(Vertical):
    """One seat: a header (name, hand, bag, points, markers) and its species boards."""

    DEFAULT_CSS = "SeatRow { height: auto; }"

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"ns-row-{seat}", classes="ns-seatrow")
        self.seat = seat
        self.cards: list[SpeciesCard] = []
        self.header = Static(classes="ns-seat-header")
        self.grid = _Grid(classes="ns-species-row")
        self.empty = Static(classes="ns-empty-row")

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.grid
        yield self.empty

    def show(self, view: Any, names: list[str], kinds: list[str], bottom: bool, lang: str,
             row: list[int], species: dict[int, Any], compact: bool) -> None:
        p = view.players[self.seat]
        bits = [D.seat_name(names, self.seat, capital=True)]
        if bottom and kinds[self.seat] == "human":
            bits[0] += f" [dim]{text('table.you', lang)}[/]"
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:  # first, so a narrow header never cuts it off
            bits.append(f"[b $accent]{esc(_t('seat.deciding', lang))}[/]")
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        bits.append(esc(_t("seat.hand", lang, k=p.hand_size)))
        bits += score_bits(view, self.seat, lang)
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        bits += self._markers(view, p, lang)
        repaint(self.header, " · ".join(bits))
        self.set_class(deciding, "-turn")
        self.cards = self.grid.sync([(f"ns-s-{u}", u) for u in row], SpeciesCard)
        for card in self.cards:
            card.show(species[card.uid], view.off, lang, compact)
        self.grid.display = bool(row)
        self.empty.display = not row
        repaint(self.empty, f"[dim]{esc(_t('seat.no_species', lang))}[/]")

    def _markers(self, view: Any, p: Any, lang: str) -> list[str]:
        """This round's marks: the food card (its number for its owner), done playing or
        the plan submitted."""
        out = []
        if view.phase in ("food", "play", "before"):
            if p.food:
                out.append(esc(_t("seat.food_card", lang, card=p.food,
                                  v=D.food_value(p.food))))
            elif p.food_chosen:
                out.append(esc(_t("seat.food_chosen", lang)))
        if view.phase == "play" and p.done:
            out.append(f"[dim]{esc(_t('seat.submitted' if view.short else 'seat.done', lang))}[/]")
        return out


class HandRow(ScrolledHand, Vertical):
    """The bottom seat's hand: each card's trait and food number. A hand wider than the
    screen scrolls with the cursor, and the title counts the cards out of sight."""

    DEFAULT_CSS = "HandRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="ns-hand")
        self.cards: list[HandCard] = []
        self.strip = _Strip(classes="ns-handcards")
        self.empty = Static(classes="ns-empty-hand")

    def compose(self) -> ComposeResult:
        yield self.strip
        yield self.empty

    def on_mount(self) -> None:
        self.follow_scrolling()

    def show(self, hand: list[int] | None, lang: str, title: str, folded: bool = False,
             extra: str = "") -> None:
        self._title, self._lang = title, lang
        self.cards = self.strip.sync([(f"ns-h-{c}", c) for c in (hand or [])], HandCard)
        for card in self.cards:
            card.show(lang)
        if folded:
            self.cards = []  # out of the cursor's way
        self.strip.display = bool(hand) and not folded
        self.empty.display = not hand or folded or bool(extra)
        names = card_traits()
        if hand and folded:
            line = " · ".join(f"[b]{c}[/] {D.chip(names[c], lang)} {D.food_value(c)}"
                              for c in hand)
        elif hand:
            line = ""
        else:
            why = "table.hand_hidden" if hand is None else "table.hand_empty"
            line = f"[dim]{text(why, lang)}[/]"
        if extra:
            line = f"{line}\n{extra}" if line else extra
        repaint(self.empty, line)
        self.retitle()
        self.call_after_refresh(self.retitle)  # new cards have a place only once laid out

    def on_resize(self) -> None:
        # Whole cards only: the strip is as wide as the cards that fit, none shows cut.
        fit = max(1, self.content_region.width // HAND_CELL) * HAND_CELL
        if self.strip.styles.width is None or self.strip.styles.width.value != fit:
            self.strip.styles.width = fit
        self.retitle()


class StatusLine(Static):
    """The round (the last one marked), the phase track, the piles."""

    def show(self, view: Any, lang: str) -> None:
        head = _t("status.round", lang, k=max(1, view.round))
        if view.last and view.last == view.round and view.step != "over":
            head += " " + _t("status.last", lang)
        elif view.last and view.step != "over":
            head += " " + _t("status.last_next", lang, k=view.last)
        if view.short:
            head = _t("status.short", lang) + " · " + head
        room = self.app.size.width - 2
        now = view.phase
        track = [(f"[b reverse $accent] {esc(_t(f'phase.{ph}', lang))} [/]" if ph == now
                  else f"[dim]{esc(_t(f'phase.{ph}', lang))}[/]") for ph in PHASES]
        piles = _t("status.deck", lang, k=view.deck_size)
        current = [f"[b $accent]{esc(_t(f'phase.{now}', lang))}[/]"] if now in PHASES else []
        off = ""
        if view.off:
            off = esc(_t("status.off", lang, list=", ".join(D.trait_name(t, lang)
                                                             for t in view.off)))
        extra = [off] if off else []
        if view.step == "over":
            line = " · ".join([head, _t("status.over", lang)])
            repaint(self, esc(line))
            return
        tries = [[esc(head), " › ".join(track), *extra, esc(piles)],
                 [esc(head), *current, *extra, esc(piles)], [esc(head), *current, *extra],
                 [esc(head), *current]]
        line = " · ".join(tries[-1])
        for bits in tries:
            candidate = " · ".join(bits)
            if Content.from_markup(candidate).cell_length <= room:
                line = candidate
                break
        repaint(self, line)


class Details(Static):
    """What the cursor rests on, in full."""

    _whole = ("", "en")

    def show(self, markup: str, lang: str) -> None:
        titles(self, _t("details.title", lang))
        self._whole = (markup, lang)
        self._paint(self._cut(markup, lang))

    def on_resize(self) -> None:
        self._paint(self._cut(*self._whole))

    def _cut(self, markup: str, lang: str) -> str:
        return _cut(markup, lang, self.content_region.width, self.content_region.height)

    def _paint(self, markup: str) -> None:
        if markup == getattr(self, "_evo_markup", None):
            return
        self._evo_markup = markup
        self.update(_parsed(markup), layout=False)


@lru_cache(maxsize=256)
def _parsed(markup: str) -> Content:
    return Content.from_markup(markup)


@lru_cache(maxsize=256)
def _cut(markup: str, lang: str, width: int, height: int) -> str:
    """Text that does not fit ends with a pointer to the Info key, which shows it whole."""
    if width <= 0 or height <= 1:
        return markup
    lines = Content.from_markup(markup).wrap(width)
    if len(lines) <= height:
        return markup
    kept = [line.markup for line in lines[: height - 1]]
    return "\n".join([*kept, f"[dim]{esc(_t('details.more', lang))}[/]"])


def score_bits(view: Any, seat: int, lang: str) -> list[str]:
    """A seat's bag and points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    bag = esc(_t("seat.bag", lang, k="?" if p.bag is None else str(p.bag)))
    if view.step == "over":
        return [bag, f"[b]{esc(_t('seat.score', lang, k=p.score))}[/]"]
    return [bag, esc(_t("seat.points", lang, k=p.points))]
