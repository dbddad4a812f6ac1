"""The `classic` table, widget by widget. Each renders part of a ClassicView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from core.games.classic import queries as Q
from core.games.classic.view import AnimalView, ClassicView
from tui.games.classic import describe as D
from tui.i18n import text
from tui.kits.evolution import widgets as K
from tui.markup import esc
from tui.widgets.cursor import TableItem
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.repaint import ShownLater, repaint, titles

PHASES = ("develop", "food", "feed", "extinction")
HAND_CELL = 19  # a hand card and its gap (game.tcss: .cl-handcard)
HAND_TEXT = 15  # the cells inside a hand card (less its border and left padding)


class AnimalCard(K.AnimalCard):
    CSS_CLASS, describe = "cl-animal", D

    def marks(self, a: AnimalView) -> dict[str, bool]:
        return {"-fed": a.fed, "-turned": a.turned}


class HandCard(K.HandCard):
    prefix = "cl"

    def show(self, view: ClassicView, lang: str) -> None:
        def body() -> str:
            face = D.card_face(view, self.card)
            if len(face) == 1:  # one name: it may take both lines
                return D.chip(face[0], lang)
            # a line each, whole or cut as a typesetter would
            return f"{D.chip(face[0], lang, HAND_TEXT)}\n[dim]/[/] {D.chip(face[1], lang, HAND_TEXT - 2)}"

        self.paint_once((lang, view.single_poisonous), body)


class _Grid(K.CardGrid):
    MIN_CELL = 22  # the longest property name and a pair mark


class SeatRow(K.SeatRow):
    """One seat: a header (name, hand, piles or points, markers) and its animals."""

    prefix, grid_type, grid_class, card_id = "cl", _Grid, "cl-animals", "cl-a-"

    def show(self, view: ClassicView, names: list[str], kinds: list[str], bottom: bool, lang: str) -> None:
        p = view.players[self.seat]
        bits = K.owner_bits(names, kinds, self.seat, bottom, lang, D.seat_name)
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
        self.lay_out(bits, deciding, p.row, AnimalCard,
                     lambda card: card.show(view.animals[card.uid], view, lang),
                     f"[dim]{text('classic.seat.no_animals', lang)}[/]")


class HandRow(K.HandRow):
    """The bottom seat's hand: each card's property, and the second one of a double card
    (folded: a card's number and face on one line)."""

    prefix, cell = "cl", HAND_CELL

    def show(self, view: ClassicView, hand: list[int] | None, lang: str, title: str,
             folded: bool = False) -> None:
        def line() -> str:
            return " · ".join(f"[b]{c}[/] " + " / ".join(D.chip(t, lang) for t in D.card_face(view, c))
                              for c in hand or [])

        self.lay_out(hand, lang, title, folded, HandCard, lambda card: card.show(view, lang), line)


class FoodBase(ShownLater, TableItem):
    """The food base: red tokens left and the roll that made them; the attack or the paired
    triggers under way; the deck and the open discard (v0.9)."""

    key = "base"

    def show(self, view: ClassicView, lang: str) -> None:
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


class BaseLine(ShownLater, TableItem):
    """The food base on one line, for narrow terminals."""

    key = "base"

    def show(self, view: ClassicView, lang: str) -> None:
        bits = [f"[b]{text('classic.base.short', lang)}[/] {D.base_line(view, lang)}"]
        under = _under_way(view, lang)
        if under:
            bits.append(under)
        repaint(self, " · ".join(bits))


def _under_way(view: ClassicView, lang: str) -> str:
    """An attack in progress or paired triggers waiting, else "" (markup)."""
    at = view.attack
    if at is not None and view.step in ("defend", "scavenger"):
        attack = text("classic.base.attack", lang, c=f"c{at.predator}", t=f"c{at.prey}")
        return f"[$classic-attack]{attack}[/]"
    if view.pending and view.step == "trigger":
        return text("classic.base.pending", lang, k=len(view.pending))
    return ""


class StatusLine(KeepsLines, Static):
    """The turn (of N in v0.9, the last one marked), the phase track, deck and discard."""

    def show(self, view: ClassicView, lang: str) -> None:
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


def _phase(view: ClassicView) -> str:
    if view.phase in ("develop", "feed", "extinction"):
        return view.phase
    return ""


class Details(K.Details):
    """What the cursor rests on, in full: properties with their effects."""

    game = "classic"


def score_bits(view: ClassicView, seat: int, lang: str) -> list[str]:
    """A seat's points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    if view.v09:
        bits = [text("classic.seat.points", lang, k=p.score)]
        if view.personal:
            bits.append(text("classic.seat.reserve", lang, k=p.reserve))
        return bits
    score = sum(Q.score_of(view, seat).values())
    return [text("classic.seat.score", lang, k=score), text("classic.seat.pile", lang, k=p.pile_size)]
