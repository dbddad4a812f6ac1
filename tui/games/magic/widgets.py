"""The `magic` table, widget by widget. Each renders part of a MagicView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from core.games.magic.view import energy_deck_left, next_source
from tui.games.magic import describe as D
from tui.i18n import text
from tui.kits.evolution import widgets as K
from tui.markup import esc
from tui.widgets.card_board import CardBoard, DrawnCard, StripBoard
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.hand import ScrolledHand
from tui.widgets.repaint import BoardText, LaidOutOnce, ShownLater, repaint, titles

if TYPE_CHECKING:
    from core.games.magic.view import CreatureView, MagicView


class CreatureCard(DrawnCard):
    CSS_CLASS = "creature"

    def __init__(self, uid: int, card_id: str) -> None:
        super().__init__(card_id)
        self.key = f"c:{uid}"
        self.uid = uid
        self._last: tuple[object, ...] | None = None

    def show(self, cv: CreatureView, view: MagicView, lang: str) -> None:
        active = view.active == cv.uid and view.step not in ("", "over")
        sig = (cv, active, tuple(view.copied) if active else (), lang, view.step)
        if sig == self._last:
            return  # unchanged: skip the repaint (keeps a keypress cheap)
        self._last = sig
        self.frame(D.creature_title(cv, view), D.creature_subtitle(cv, lang))
        self.set_class(cv.asleep, "-asleep")
        self.set_class(active, "-active")
        self.paint(D.creature_body(cv, view, lang))


class HandCard(DrawnCard):
    """A card in the hand, numbered on its frame, both of its properties inside."""

    CSS_CLASS = "handcard"

    def __init__(self, card: int, card_id: str = "") -> None:
        super().__init__(card_id)
        self.key = f"h:{card}"
        self.card = card
        self._lang = ""

    def show(self, lang: str) -> None:
        if lang == self._lang:
            return
        self._lang = lang
        self.frame(f"{self.card}")
        self.paint(D.hand_card_body(self.card, lang))


class _Strip(LaidOutOnce, StripBoard):
    """The hand's cards on one line scrolling sideways (it would take the table's rows), drawn
    by one widget: a card played or drawn lays out nothing (`StripBoard`)."""


CARD_CELL = 19  # a creature card's width (18: the longest property names, 14 cells) and a gap


class _Wrap(LaidOutOnce, CardBoard):
    """Creatures in as many columns as fit, wrapping onto further lines: every creature on
    the table stays in sight, where a scrolling strip hid those past the edge. One widget
    draws them all (`CardBoard`)."""

    CELL = CARD_CELL


class SeatRow(LaidOutOnce, Vertical):
    """One seat: a header (name, hand size, tokens, markers) and its creatures left to right."""

    DEFAULT_CSS = "SeatRow { height: auto; }"

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"row-{seat}", classes="seatrow")
        self.seat = seat
        self.cards: list[CreatureCard] = []
        self.header = BoardText(classes="seat-header")
        self.strip = _Wrap(classes="creatures")
        self.empty = BoardText(classes="empty-row")

    def compose(self) -> ComposeResult:
        yield self.header
        yield self.strip
        yield self.empty

    def show(self, view: MagicView, names: list[str], kinds: list[str], bottom: bool, lang: str) -> None:
        p = view.players[self.seat]
        bits = [D.seat_name(names, self.seat, capital=True)]
        if bottom and kinds[self.seat] == "human":
            bits[0] += f" [dim]{text('table.you', lang)}[/]"
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        if not p.shade:
            bits.append(text("table.hand", lang, k=p.hand_size))
        bits += score_bits(view, self.seat, lang)
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:
            bits.append(f"[b $accent]{text('table.turn_marker', lang)}[/]")
        repaint(self.header, " · ".join(bits))
        K.mark_turn(self.header, deciding)
        self.cards = self.strip.sync([(f"c-{u}", u) for u in p.row], CreatureCard)
        for card in self.cards:
            card.show(view.creatures[card.uid], view, lang)
        self.strip.settle()
        self.strip.display = bool(p.row)
        self.empty.display = not p.row
        repaint(self.empty, f"[dim]{text('table.no_creatures', lang)}[/]")


class HandRow(LaidOutOnce, ScrolledHand, Vertical):
    """The bottom seat's hand; every card shows both of its properties. A hand wider than the
    screen scrolls with the cursor, and the title counts the cards out of sight on either side."""

    DEFAULT_CSS = "HandRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="hand")
        self.cards: list[HandCard] = []
        self.strip = _Strip(classes="handcards")
        self.empty = BoardText(classes="empty-hand")

    def compose(self) -> ComposeResult:
        yield self.strip
        yield self.empty

    def on_mount(self) -> None:
        self.follow_scrolling()

    def show(self, hand: list[int] | None, lang: str, title: str) -> None:
        self._title, self._lang = title, lang
        self.cards = self.strip.sync([(f"h-{c}", c) for c in hand or []], HandCard)
        for card in self.cards:
            card.show(lang)
        self.strip.settle()
        self.strip.display = bool(hand)
        self.empty.display = not hand
        why = "table.hand_hidden" if hand is None else "table.hand_empty"
        repaint(self.empty, f"[dim]{text(why, lang)}[/]")
        self.retitle()
        self.call_after_refresh(self.retitle)  # new cards have a place only once laid out


def _tokens(n: int) -> str:
    if n <= 0:
        return "[dim]0[/]"
    return f"[$energy]{'●' * min(n, 12)}[/]{'…' if n > 12 else ''} {n}"


class EnergySource(ShownLater, Static):
    """The current energy source: lower tokens, bonus tokens with their key, the energy deck."""

    def show(self, view: MagicView, lang: str) -> None:
        titles(self, text("magic.source.title", lang))
        key = D.source_key(view.source)
        lines = [f"[b]{esc(D.source_name(view.source, lang))}[/]",
                 f"{text('magic.source.lower', lang)} {_tokens(view.lower)}"]
        if key:
            lines.append(f"{text('magic.source.upper', lang)} {_tokens(view.upper)} · {D.chip(key, lang)}")
        else:
            lines.append(f"{text('magic.source.upper', lang)} [dim]{text('magic.source.no_bonus', lang)}[/]")
        nxt = next_source(view)
        if nxt:
            lines.append(f"[dim]{text('magic.source.next', lang, name=D.source_name(nxt, lang))}[/]")
        else:
            lines.append(f"[dim]{text('magic.source.left', lang, k=energy_deck_left(view))}[/]")
        repaint(self, "\n".join(lines))


class SourceLine(ShownLater, Static):
    """The energy source on one line, for narrow terminals."""

    def show(self, view: MagicView, lang: str) -> None:
        key = D.source_key(view.source)
        upper = f"{view.upper} ({D.chip(key, lang)})" if key else "—"
        repaint(self, text("magic.source.line", lang, name=esc(D.source_name(view.source, lang)),
                         lower=view.lower, upper=upper, k=energy_deck_left(view)))


class StatusLine(KeepsLines, Static):
    """Round, first player, deck and discard sizes, and the goal — on one line at any width:
    what does not fit goes or gets shorter (the first player first: the seat rows say it too)."""

    _lines: tuple[str, ...] = ()  # the line as it could be shown, longest first

    def show(self, view: MagicView, names: list[str], lang: str, extra: str = "") -> None:
        goal_key = "magic.status.goal_solo" if view.solo else "magic.status.goal"
        shade = min(p.goal for p in view.players)
        round_ = text("magic.status.round", lang, k=view.round)
        first = text("magic.status.first", lang, name=D.seat_name(names, view.first))
        piles = [text("magic.status.deck", lang, k=view.deck_size),
                 text("magic.status.discard", lang, k=view.discard_size)]
        goal = text(goal_key, lang, k=view.win_at, shade=shade)
        short = text(f"{goal_key}_short", lang, k=view.win_at, shade=shade)
        tail = [extra] if extra else []
        self._lines = tuple(" · ".join(bits) for bits in (
            [round_, first, *piles, goal, *tail],
            [round_, *piles, goal, *tail],
            [round_, *piles, short, *tail],
            [round_, short, *tail],
        ))
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        if not self._lines:
            return
        room = self.content_region.width or (self.app.size.width - 2)  # less the padding
        line = next((x for x in self._lines if Content.from_markup(x).cell_length <= room),
                    self._lines[-1])
        repaint(self, line)


class Details(K.Details):
    """What the cursor rests on, in full: properties with their effects."""

    game = "magic"


def score_bits(view: MagicView, seat: int, lang: str) -> list[str]:
    """A seat's victory tokens as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    goal = D.goal(view, seat)
    tokens = "◆" * p.tokens + "◇" * max(0, goal - p.tokens)
    return [f"[$energy]{tokens}[/] {text('table.tokens', lang, k=p.tokens, n=goal)}"]
