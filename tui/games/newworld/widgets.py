"""The `newworld` table, widget by widget. Each renders part of a NewWorldView and posts a
message when clicked; none of them knows the rules or the session (ARCHITECTURE: UI notes).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from core.games.newworld.view import AnimalView, HabitatView, NewWorldView
from tui.games.newworld import describe as D
from tui.i18n import text
from tui.kits.evolution import widgets as K
from tui.markup import esc
from tui.widgets.card_board import DrawnCard
from tui.widgets.framed_lines import KeepsLines
from tui.widgets.repaint import LaidOutOnce, repaint

PHASES = ("develop", "habitats", "feed", "extinction")
HAND_CELL = 19  # a hand card's width (game.tcss: .nw-handcard)
HAND_TEXT = 16  # the cells inside it (less its border and left padding)


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


class AnimalCard(K.AnimalCard):
    CSS_CLASS, describe = "nw-animal", D
    attack_steps = ("defend", "scavenger")

    def marks(self, a: AnimalView) -> dict[str, bool]:
        return {"-fed": a.fed, "-sheltered": a.shelter}


class HandCard(K.HandCard):
    prefix = "nw"

    def show(self, lang: str) -> None:
        def body() -> str:
            main, short = D.card_face(self.card)  # each name whole or cut as a typesetter would
            return f"{D.chip(main, lang, HAND_TEXT)}\n[dim]/[/] {D.chip(short, lang, HAND_TEXT - 2)}"

        self.paint_once(lang, body)


class HabitatCard(DrawnCard):
    """One open habitat (a single card, or one half of a double card): its name, its key,
    the red food and shelter discs it holds, and who may use it."""

    CSS_CLASS = "nw-habitat"

    def __init__(self, key: str, card_id: str) -> None:
        super().__init__(card_id)
        self.key = f"hb:{key}"
        self.hkey = key
        self._last: tuple[object, ...] | None = None

    def show(self, h: HabitatView, lang: str, leaving: bool, compact: bool) -> None:
        """`compact`: one line, no frame (a short terminal)."""
        sig = (h, lang, leaving, compact)
        if sig == self._last:
            return
        self._last = sig
        self.frame("" if compact else D.habitat_title(h, lang),
                   "" if compact else D.habitat_need(h, lang))
        self.set_class(leaving, "-leaving")
        self.set_class(bool(h.needs) and not h.swamp, "-restricted")
        self.paint(D.habitat_line(h, lang) if compact else D.habitat_body(h))


class StackCard(DrawnCard):
    """The habitat stack (new habitats come from it onto the left end), with the deck."""

    CSS_CLASS = "nw-stack"
    key = "stack"

    def show(self, view: NewWorldView, lang: str, compact: bool) -> None:
        left = _t("stack.left", lang, k=view.hstack_size)
        deck = _t("stack.deck", lang, k=view.deck_size)
        if compact:
            self.frame("", "")
            self.paint(f"[b]{esc(_t('stack.short', lang))} {view.hstack_size}[/]")
            return
        self.frame(_t("stack.short", lang), f"[dim]{esc(deck)}[/]")
        self.paint(f"[b]{esc(left)}[/]")


class _Grid(K.CardGrid):
    MIN_CELL = 26  # the longest property name with its marks


class _HabitatGrid(K.CardGrid):
    MIN_CELL = 20  # the longest habitat name in the frame ("Тропический лес")
    COMPACT_CELL = 26  # one line: key, name, tokens and the property needed

    def compact(self, on: bool) -> None:
        cell = self.COMPACT_CELL if on else type(self).MIN_CELL
        if cell != self.min_cell:
            self.min_cell = cell
            self.settle(again=True)


class HabitatRow(LaidOutOnce, Vertical):
    """The habitat stack, then the open habitats left to right (new ones come in on the
    left, the rightmost leaves at the end of the epoch)."""

    DEFAULT_CSS = "HabitatRow { height: auto; }"

    def __init__(self) -> None:
        super().__init__(id="nw-habitats")
        self.stack = StackCard("stack")
        self.grid = _HabitatGrid(id="nw-habitat-grid")
        self.cards: list[HabitatCard] = []

    def compose(self) -> ComposeResult:
        yield self.grid

    def show(self, view: NewWorldView, lang: str, compact: bool = False) -> None:
        self.grid.compact(compact)
        habitats = self.grid.sync([("stack", ""), *((f"nw-hb-{h.key}", h.key) for h in view.habitats)],
                                  self._card)
        self.stack.show(view, lang, compact)
        self.cards = [c for c in habitats if isinstance(c, HabitatCard)]
        last = view.habitats[-1].card if view.habitats else -1
        leaving = view.phase in ("feed", "extinction")
        by_key = {h.key: h for h in view.habitats}
        for card in self.cards:
            h = by_key[card.hkey]
            card.show(h, lang, leaving and h.card == last, compact)
        self.grid.settle()

    def _card(self, key: str, card_id: str) -> DrawnCard:
        return self.stack if card_id == "stack" else HabitatCard(key, card_id)

    @property
    def columns(self) -> int:
        return self.grid.columns


class SeatRow(K.SeatRow):
    """One seat: a header (name, hand or gene pool, points, markers) and its animals."""

    prefix, grid_type, grid_class, card_id = "nw", _Grid, "nw-animals", "nw-a-"

    def show(self, view: NewWorldView, names: list[str], kinds: list[str], bottom: bool, lang: str) -> None:
        p = view.players[self.seat]
        bits = K.owner_bits(names, kinds, self.seat, bottom, lang, D.seat_name)
        if kinds[self.seat] == "bot":
            bits.append(f"[dim]{text('table.bot', lang)}[/]")
        if view.scenario == "mutations":
            bits.append(_t("seat.pool", lang, k=p.pool_size))
        else:
            bits.append(_t("seat.hand", lang, k=p.hand_size))
        bits += score_bits(view, self.seat, lang)
        if view.first == self.seat:
            bits.append(f"[$accent]{text('table.first', lang)}[/]")
        if view.phase in ("develop", "feed") and p.passed:
            bits.append(f"[dim]{_t('seat.passed', lang)}[/]")
        deciding = view.decider == self.seat and view.step not in ("", "over")
        if deciding:
            bits.append(f"[b $accent]{_t('seat.deciding', lang)}[/]")
        self.lay_out(bits, deciding, p.row, AnimalCard,
                     lambda card: card.show(view.animals[card.uid], view, lang),
                     f"[dim]{_t('seat.no_animals', lang)}[/]")


class HandRow(K.HandRow):
    """The bottom seat's hand: each card's main and short property (folded: a card's number
    and both names on one line; in Случайные мутации, the gene pool in its place)."""

    prefix, cell = "nw", HAND_CELL

    def show(self, hand: list[int] | None, lang: str, title: str, folded: bool = False,
             pool: str = "") -> None:
        def line() -> str:
            return " · ".join(f"[b]{c}[/] " + " / ".join(D.chip(t, lang) for t in D.card_face(c))
                              for c in hand or [])

        self.lay_out(hand, lang, title, folded, HandCard, lambda card: card.show(lang), line,
                     instead=pool)


class StatusLine(KeepsLines, Static):
    """The epoch (of N, the last one marked), the phase track, what is under way, the piles."""

    def show(self, view: NewWorldView, lang: str) -> None:
        if view.scenario == "cataclysm":
            epoch = _t("status.cataclysm", lang)
        else:
            epoch = _t("status.epoch", lang, k=max(1, view.epoch), n=epochs(view))
            if view.scenario == "mutations":
                epoch = _t("status.mutations", lang) + " · " + epoch
        if view.last and view.step != "over":
            epoch += " " + _t("status.last", lang)
        room = self.app.size.width - 2  # the screen's width less the padding
        now = _phase(view)
        track = [(f"[b reverse $accent] {esc(_t(f'phase.{ph}', lang))} [/]" if ph == now
                  else f"[dim]{esc(_t(f'phase.{ph}', lang))}[/]") for ph in PHASES]
        piles = _t("status.deck", lang, k=view.deck_size) + " · " + \
            _t("status.discard", lang, k=len(view.discard))
        deck = _t("status.deck", lang, k=view.deck_size)
        current = [f"[b $accent]{esc(_t(f'phase.{now}', lang))}[/]"] if now else []
        under = under_way(view, lang)
        if view.step == "over":
            current = [_t("status.over", lang)]
            track = []
        extra = [under] if under else []
        # As much as fits: the whole track and both piles, then the deck only, then the
        # current phase alone (the stack's details have the piles too).
        tries = [[epoch, " › ".join(track), *extra, piles], [epoch, " › ".join(track), *extra, deck],
                 [epoch, *current, *extra, deck], [epoch, *current, *extra]]
        line = " · ".join(tries[-1])
        for bits in tries if track else tries[-2:]:
            candidate = " · ".join(bits)
            if Content.from_markup(candidate).cell_length <= room:
                line = candidate
                break
        repaint(self, line)


def epochs(view: NewWorldView) -> int:
    """How many epochs the game lasts: one per habitat card still in the stack, after this
    one (whose card leaves the stack at its habitat phase, after development)."""
    if view.step == "over":
        return view.epoch
    return view.epoch + view.hstack_size - (1 if view.phase == "develop" else 0)


def _phase(view: NewWorldView) -> str:
    if view.phase in ("develop", "feed", "extinction"):
        return view.phase
    return ""


def under_way(view: NewWorldView, lang: str) -> str:
    """An attack in progress or food triggers waiting, else "" (markup)."""
    at = view.attack
    if at is not None and view.step in ("defend", "scavenger"):
        attack = _t("status.attack", lang, c=f"c{at.predator}", t=f"c{at.prey}")
        return f"[$nw-attack]{esc(attack)}[/]"
    if view.frames and view.step == "trigger":
        f = view.frames[-1]
        return esc(_t("status.triggers", lang, c=f"c{f.animal}", h=f"h{f.habitat}"))
    if view.reveal and view.step == "side":
        return esc(_t("status.revealed", lang, card=view.reveal, c=f"c{view.target}"))
    return ""


class Details(K.Details):
    """What the cursor rests on, in full: properties with their effects."""

    game = "newworld"


def score_bits(view: NewWorldView, seat: int, lang: str) -> list[str]:
    """A seat's points as its row and the round's summary show them (markup)."""
    p = view.players[seat]
    return [_t("seat.score", lang, k=p.score) if view.step == "over" else _t("seat.points", lang, k=p.points)]
