"""A hand bigger than the screen, for every game with cards in hand.

`ScrolledHand` is mixed into a hand row (a widget with a horizontally scrolling `strip` and
its `cards`): its title counts the cards out of sight on either side and, on the table, names
the key that finds a card. `HandFinder` is mixed into a board: the key asks for a card's
number or the start of one of its names and puts the cursor on the next hand card that
matches, so a hand of twenty cards needs no walk along it with the arrows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tui.board import Board, BoardKey
from tui.i18n import text
from tui.widgets.repaint import titles

FIND_KEY = BoardKey("slash", "find_card", "", "/", show=False)  # the title and the help name it


def normal(s: str) -> str:
    """For matching: any case, «ё» as «е»."""
    return s.strip().lower().replace("ё", "е")


def card_matches(card: int, names: Iterable[str], query: str) -> bool:
    """A card matches a search: its number, or the start of one of its names."""
    q = normal(query)
    if not q:
        return False
    if q.isdigit():
        return card == int(q)
    return any(normal(n).startswith(q) for n in names)


class ScrolledHand:
    """For a hand row: `strip`, `cards` (widgets with a virtual region), `border_title`."""

    strip: Any
    cards: list[Any]
    findable = False  # the table: the title names the find key
    _title = ""
    _lang = "en"

    def follow_scrolling(self) -> None:
        """Call on mount: the title follows the strip's scrolling."""
        self.watch(self.strip, "scroll_x", self.retitle, init=False)  # type: ignore[attr-defined]

    def on_resize(self) -> None:
        self.fit_laid_out()

    def fit_laid_out(self) -> None:
        """The title fits the row's new size: in the layout's own frame on a table or replay
        (tui/screens/settled.py), and on a resize elsewhere."""
        self.retitle()

    def out_of_sight(self) -> tuple[int, int]:
        """Cards not wholly in sight: left of the view, right of it."""
        width = self.strip.scrollable_content_region.width
        if not self.cards or width <= 0 or not self.strip.display:
            return 0, 0
        x0 = round(self.strip.scroll_x)
        left = sum(1 for c in self.cards if c.virtual_region.x < x0)
        right = sum(1 for c in self.cards if c.virtual_region.right > x0 + width)
        return left, right

    def retitle(self) -> None:
        if not self.is_attached:  # type: ignore[attr-defined]
            return
        left, right = self.out_of_sight()
        title = self._title
        if left or right:
            sides = " ".join(([f"←{left}"] if left else []) + ([f"{right}→"] if right else []))
            title += " · " + text("table.hand_out_of_sight", self._lang, sides=sides)
            if self.findable:
                title += " · " + text("table.hand_find_key", self._lang)
        titles(self, title)


class HandFinder:
    """For a board with a `hand` (a ScrolledHand whose cards have `card` and `key`), a
    `cursor`, `card_names(card)` (every name a search may start with: both languages) and
    `cursor_placed()` (repaint after the cursor moved)."""

    hand: Any
    cursor: Any
    _find = ""  # the last search (the find key offers it again)

    def card_names(self, card: int) -> list[str]:
        raise NotImplementedError

    def cursor_placed(self) -> None:
        raise NotImplementedError

    def can_find(self) -> bool:
        return self.mode == "table" and bool(self.hand.cards)  # type: ignore[attr-defined]

    def action_find_card(self) -> None:
        from tui.screens.dialogs import AskScreen

        lang = self.lang  # type: ignore[attr-defined]

        def asked(query: str | None) -> None:
            if query:
                self._find = query
                self.post_message(Board.Say(self.jump_to_card(query)))  # type: ignore[attr-defined]

        ask = AskScreen(text("table.find_title", lang), text("table.find_prompt", lang), self._find, lang)
        self.app.push_screen(ask, asked)  # type: ignore[attr-defined]

    def jump_to_card(self, query: str) -> str:
        """Put the cursor on the next hand card matching `query` (after the one it is on,
        round to the first); what was found, in words."""
        lang = self.lang  # type: ignore[attr-defined]
        cards = [c.card for c in self.hand.cards]
        found = [c for c in cards if card_matches(c, self.card_names(c), query)]
        if not found:
            return text("table.find_none", lang, q=query)
        keys = [c.key for c in self.hand.cards]
        here = keys.index(self.cursor) if self.cursor in keys else -1
        nxt = next((c for c in found if cards.index(c) > here), found[0])
        self.cursor = self.hand.cards[cards.index(nxt)].key
        self.cursor_placed()
        return text("table.find_found", lang, card=nxt, n=found.index(nxt) + 1, k=len(found))
