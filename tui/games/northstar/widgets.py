"""The `northstar` table, widget by widget. Each renders part of a NorthStarView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import Static

from core.games.northstar.data import card_traits
from core.games.northstar.view import NorthStarView, PlayerView, SpeciesView
from tui.games.northstar import describe as D
from tui.i18n import text
from tui.kits.evolution import widgets as K
from tui.markup import esc
from tui.widgets.card_board import DrawnCard
from tui.widgets.cursor import TableItem
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.repaint import repaint, titles

PHASES = ("deal", "food", "play", "before", "feed")
HAND_CELL = 19  # a hand card's width (game.tcss: .ns-handcard)
HAND_TEXT = 16  # the cells inside it (less its border and left padding)


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


class SpeciesCard(DrawnCard):
    CSS_CLASS = "ns-species"

    def __init__(self, uid: int, card_id: str) -> None:
        super().__init__(card_id)
        self.key = f"s:{uid}"
        self.uid = uid
        self._last: tuple[object, ...] | None = None

    def show(self, x: SpeciesView, off: list[str], lang: str, compact: bool) -> None:
        sig = (x, tuple(off), lang, compact)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        self.frame(D.species_title(x), D.species_status(x, lang))
        self.set_class(not x.hungry, "-fed")
        self.set_class(x.carnivore, "-carnivore")
        self.paint(D.species_body(x, lang, off, compact))


class HandCard(K.HandCard):
    prefix = "ns"

    def show(self, lang: str) -> None:
        def body() -> str:
            food = _t("hand.food", lang, v=D.food_value(self.card))
            return f"{D.chip(card_traits()[self.card], lang, HAND_TEXT)}\n[$ns-plant]{esc(food)}[/]"

        self.paint_once(lang, body)


class HoleCard(TableItem):
    """The watering hole: its plant food, the food cards chosen or revealed, the piles."""

    key = "hole"

    def show(self, view: NorthStarView, names: list[str], lang: str, compact: bool) -> None:
        food = _t("hole.food", lang, k=view.hole)
        bits = [f"[b $ns-plant]{esc(food)}[/]"]
        if view.shown:
            bits.append(esc(_t("hole.shown", lang, list=D.shown_cards(view, lang, named=not compact))))
        else:
            # choosing, how many have chosen; after it, the cards waiting to be revealed (a
            # lesson's position may start with none)
            k = sum(1 for p in view.players if p.food_chosen)
            if view.phase == "food":
                bits.append(esc(_t("hole.chosen", lang, k=k, n=view.n)))
            elif view.phase in ("play", "before") and k:
                bits.append(esc(_t("hole.face_down", lang, k=k)))
        titles(self, "" if compact else _t("hole.title", lang))
        titles(self, subtitle="" if compact else esc(_t("hole.piles", lang, k=view.deck_size,
                                                         d=len(view.discard))))
        line = " · ".join(bits)
        if compact:
            line = f"[b]{esc(_t('hole.short', lang))}[/] {line}"
        repaint(self, line)


class _Grid(K.CardGrid):
    MIN_CELL = 25  # the longest trait name in Russian with the hidden mark


class SeatRow(K.SeatRow):
    """One seat: a header (name, hand, bag, points, markers) and its species boards."""

    prefix, grid_type, grid_class, card_id = "ns", _Grid, "ns-species-row", "ns-s-"

    def show(self, view: NorthStarView, names: list[str], kinds: list[str], bottom: bool, lang: str,
             row: list[int], species: dict[int, Any], compact: bool) -> None:
        p = view.players[self.seat]
        bits = K.owner_bits(names, kinds, self.seat, bottom, lang, D.seat_name)
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:  # first, so a narrow header never cuts it off
            bits.append(f"[b $accent]{esc(_t('seat.deciding', lang))}[/]")
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        bits.append(esc(_t("seat.hand", lang, k=p.hand_size)))
        bits += score_bits(view, self.seat, lang)
        bits += self._markers(view, p, lang)  # before "first": at 80 columns the line's end is cut
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        self.lay_out(bits, deciding, row, SpeciesCard,
                     lambda card: card.show(species[card.uid], view.off, lang, compact),
                     f"[dim]{esc(_t('seat.no_species', lang))}[/]")

    def _markers(self, view: NorthStarView, p: PlayerView, lang: str) -> list[str]:
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


class HandRow(K.HandRow):
    """The bottom seat's hand: each card's trait and food number (folded: both on one line)."""

    prefix, cell = "ns", HAND_CELL

    def show(self, hand: list[int] | None, lang: str, title: str, folded: bool = False,
             extra: str = "") -> None:
        def line() -> str:
            names = card_traits()
            return " · ".join(f"[b]{c}[/] {D.chip(names[c], lang)} {D.food_value(c)}"
                              for c in hand or [])

        self.lay_out(hand, lang, title, folded, HandCard, lambda card: card.show(lang), line,
                     note=extra)


class StatusLine(KeepsLines, Static):
    """The round (the last one marked), the phase track, the piles."""

    def show(self, view: NorthStarView, lang: str) -> None:
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


class Details(K.Details):
    """What the cursor rests on, in full."""

    game = "northstar"


def score_bits(view: NorthStarView, seat: int, lang: str) -> list[str]:
    """A seat's bag and points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    bag = esc(_t("seat.bag", lang, k="?" if p.bag is None else str(p.bag)))
    if view.step == "over":
        return [bag, f"[b]{esc(_t('seat.score', lang, k=p.score))}[/]"]
    return [bag, esc(_t("seat.points", lang, k=p.points))]
