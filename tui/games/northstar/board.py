"""The `northstar` board: the watering hole, seat rows of species boards left to right, the
details of what the cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the watering hole, the species (row by row, as wrapped on
the screen) and the hand; the stage says which of them may be picked and what picking each
leads to. In the short variant the bottom seat's row and hand show its secret plan applied
(the view's draft), which only that seat sees. The rows, the hand, the details and the cursor
are the kit's (`tui/row_board.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from textual.widget import Widget

from core.games.northstar.data import card_traits
from core.games.northstar.state import species_label
from core.games.northstar.view import NorthStarView
from tui.board import BoardContext, Pick
from tui.games.northstar import describe as D
from tui.games.northstar import widgets as W
from tui.games.northstar.stages import Sel, Stage, action_target, build_stage
from tui.i18n import text
from tui.markup import esc
from tui.row_board import RowBoard

if TYPE_CHECKING:
    from core.engine.protocol import Action


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"northstar.{key}", lang, **args)


class NorthStarBoard(RowBoard[NorthStarView, Stage, Sel]):
    SEL = Sel
    STAGES = build_stage
    SIDE_PANEL = "ns-side"
    PREFIX = "ns-"
    ROW, HAND, DETAILS = W.SeatRow, W.HandRow, W.Details  # its widgets
    HAND_CELL = W.HAND_CELL
    ROW_KIND = "s"
    HINT_TARGET = action_target
    SEAT_NAME = D.seat_name
    SHORT_REPLAY = True  # species boards fold their traits onto one line in the replay too
    ENTER_DEFAULT = "northstar.keys.enter_default"
    MOVE_DEFAULT = "northstar.keys.move_default"

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        self.status = W.StatusLine(id="ns-status")
        self.hole = W.HoleCard(id="ns-hole", classes="ns-hole")
        self._need_hand = False  # the stage picks a hand card: the hand never folds

    # --- its own parts: the watering hole, the status line, the secret plan -------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def top_widgets(self) -> Iterable[Widget]:
        return [self.hole]

    def _draft(self, seat: int) -> Any:
        """The seat's secret plan applied, when the view holds it (its owner only)."""
        view = self.view
        if view is not None and view.draft is not None and view.viewer == seat:
            return view.draft
        return None

    def species_of(self, uid: int) -> Any:
        draft = self._draft(self.ctx.bottom)
        if draft is not None and uid in draft.species:
            return draft.species[uid]
        return self.shown.species.get(uid)

    def show_parts(self, view: NorthStarView) -> None:
        self.status.show(view, self.lang)
        self.hole.show(view, self.ctx.names, self.lang, self._short)

    def show_row(self, row: Any, view: NorthStarView, you: bool) -> None:
        draft = self._draft(row.seat)
        order = draft.row if draft is not None else view.players[row.seat].row
        species = {**view.species, **draft.species} if draft is not None else view.species
        row.show(view, self.ctx.names, self.ctx.kinds, you, self.lang, order, species, self._short)

    def show_hand(self, view: NorthStarView) -> None:
        me = view.players[self.ctx.bottom]
        draft = self._draft(self.ctx.bottom)
        hand = draft.hand if draft is not None else me.hand
        # A short terminal folds the hand into one line unless a card is to be picked.
        playing = view.step in ("food", "play", "plan") or self._need_hand
        folded = self._short and not playing
        extra = self._plan_line(me) if view.short and view.phase == "play" else ""
        k = len(hand) if hand is not None else me.hand_size  # a plan's draft: what is left
        self.hand.show(hand, self.lang, self.hand_title(k), folded, extra)

    def _plan_line(self, me: Any) -> str:
        """The short variant: the bottom seat's secret list so far (markup)."""
        if me.plan is None:
            return ""
        if not me.plan:
            return f"[dim]{esc(_t('hand.plan_empty', self.lang))}[/]"
        from core.games.northstar.texts import what

        words = "; ".join(what(step, self.lang) for step in me.plan)
        return f"[b]{esc(_t('hand.plan', self.lang))}[/] " + esc(words)

    def lead_items(self) -> dict[str, W.HoleCard]:
        return {"hole": self.hole}

    def card_names(self, card: int) -> list[str]:
        trait = card_traits()[card]
        return [D.trait_name(trait, lang) for lang in ("ru", "en")]

    # --- the decision ----------------------------------------------------------------------

    def stage_shown(self, stage: Stage | None) -> None:
        need = stage is not None and bool(stage.cards)
        if need != self._need_hand:
            self._need_hand = need
            if self._short and self.view is not None:
                self.show(self.view)  # the hand unfolds for Intelligence's card
        super().stage_shown(stage)

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return {f"h:{c}" for c in st.cards} | {f"s:{u}" for u in st.species}

    def picked_keys(self, stage: Stage) -> list[str]:
        card = [f"h:{stage.picked_card}"] if stage.picked_card is not None else []
        return card + [f"s:{u}" for u in stage.picked]

    def switches(self, stage: Stage) -> Mapping[str, object]:
        return stage.switch

    def pickable(self, stage: Stage) -> bool:
        return bool(stage.cards or stage.species)

    def stays(self, stage: Stage) -> bool:
        return bool(stage.stay)

    def hint_next(self, action: Action, sel: Sel) -> str | None:
        from core.games.northstar import actions as A

        if isinstance(action, A.Place) and sel.card == action.card and not sel.mode:
            return f"s:{action.species}"
        if isinstance(action, A.Grow) and sel.card == action.card and sel.mode == action.track:
            return f"s:{action.species}"  # not before +1 is chosen: Enter there places a trait
        if isinstance(action, A.Attack) and sel.species == action.attacker:
            return f"s:{action.target}"
        if isinstance(action, A.Smart) and sel.species == action.species:
            return f"h:{action.card}"
        return None

    def _scroll_to_cursor(self) -> None:
        super()._scroll_to_cursor()
        if self.cursor in (c.key for c in self.hand.cards):
            # Choosing a card, one's own species (the last row) stay in sight.
            rows = self.query_one("#ns-rows")
            if rows.scroll_y < rows.max_scroll_y:
                rows.scroll_end(animate=False, immediate=True)

    def describe_item(self, key: str) -> str:
        view, names = self.shown, self.ctx.names
        if key == "hole":
            return D.hole_details(view, names, self.lang)
        kind, _, ident = key.partition(":")
        if kind == "s":
            x = self.species_of(int(ident))
            if x is None:
                return ""
            attacker = self.stage.attacker if self.stage is not None else None
            return D.species_details(x, view, names, self.lang, attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def lead_message(self, key: str, stage: Stage) -> str:
        """The watering hole: said where the stage picks items, or where Enter has no default;
        to a carnivore choosing its prey, that it eats no plant food (NS6)."""
        if key == "hole" and stage.attacker is not None:
            return _t("msg.hole_prey", self.lang)
        if key == "hole" and (self.pickable(stage) or stage.default is None):
            return _t("msg.hole", self.lang)
        return ""

    def pick_kind(self, kind: str, ident: str, stage: Stage) -> Pick:
        if kind == "h":
            return self.pick_item(int(ident), stage.cards, stage.probe_card, stage.card_message)
        return self.pick_item(int(ident), stage.species, stage.probe_species, stage.species_message)

    def item_name(self, key: str) -> str:
        kind, _, ident = key.partition(":")
        return species_label(int(ident)) if kind == "s" else super().item_name(key)
