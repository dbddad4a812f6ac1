"""Cards on a board, reconciled in place when the view changes (every game's rows and hands).

A container mixes in `CardSet` and calls `sync(items, make)` with the cards it should hold,
by widget id, in order. Existing widgets are reused (a repaint, not a remount), new ones
mounted at their place, gone ones removed, and a changed order (an undo, a row arranged for a
pair) is mended by moving the kept widgets: never by removing and remounting them, since a
removal finishes later and the same ids would clash. For the same reason a card that comes
back while its old widget is still being removed (an undo and a redo in quick succession)
gets a fresh widget id (`make(arg, widget_id)` builds a card with the id it is given);
cards are known by `card_id`, the id they were asked for.

A hand shows its cards by place instead (`fill`): its card widgets are slots, each showing the
card at its place. A card played or drawn repaints the slots after it, and the last slot is
hidden or shown again — never removed or mounted, which costs a replay step more than the
layout it needs (removing a widget twice that).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class CardSet:
    def is_card(self, widget: Any) -> bool:
        """Which children `sync` manages (others, e.g. a heading, stay first)."""
        return True

    def sync(self, items: list[tuple[str, Any]], make: Callable[[Any, str], Any]) -> list[Any]:
        """Make the cards exactly `items` (ids in order); returns the widgets in that order."""
        host: Any = self
        wanted = [wid for wid, _ in items]
        cards = [w for w in host.children if self.is_card(w) and not w._pruning]
        have = {getattr(w, "card_id", w.id): w for w in cards}
        for wid, w in have.items():
            if wid not in wanted:
                # Out of the layout now, with the rest of this change (one layout, one frame);
                # removing it finishes later, when nothing on screen changes any more.
                w.display = False
                w.remove()
        existing = [have[wid] for wid in wanted if wid in have]
        current = [w for w in cards if getattr(w, "card_id", w.id) in wanted]
        if current != existing:  # reordered: move the kept cards into order
            anchor = current[0]
            for i, w in enumerate(existing):
                if i == 0:
                    if w is not anchor:
                        host.move_child(w, before=anchor)
                else:
                    host.move_child(w, after=existing[i - 1])
        out: list[Any] = []
        prev = None
        for wid, arg in items:
            w = have.get(wid)
            if w is None:
                widget_id, k = wid, 1
                taken = {c.id for c in host.children}
                while widget_id in taken:  # the card's old widget is still on its way out
                    k += 1
                    widget_id = f"{wid}--{k}"
                w = make(arg, widget_id)
                w.card_id = wid
                if prev is not None:
                    host.mount(w, after=prev)
                elif existing:
                    host.mount(w, before=existing[0])
                else:
                    host.mount(w)
            out.append(w)
            prev = w
        return out

    def fill(self, cards: list[Any], make: Callable[[Any], Any]) -> list[Any]:
        """Show `cards` in the slots by place (a slot takes another card with `hold(card)`),
        mounting slots only beyond the most ever shown; returns the slots showing them."""
        host: Any = self
        slots = [w for w in host.children if self.is_card(w) and not w._pruning]
        for slot, card in zip(slots, cards, strict=False):
            if slot.card != card:
                slot.hold(card)
            if not slot.display:
                slot.display = True
        for slot in slots[len(cards):]:
            if slot.display:
                slot.display = False  # kept for the next card drawn
        new = [make(card) for card in cards[len(slots):]]
        if new:
            host.mount(*new)
        return [*slots[:len(cards)], *new]
