"""The `classic` board: seat rows of animals with their property cards, the food base, the
details of what the cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the food base, the animals (row by row, as wrapped on the
screen) and the hand; the stage says which of them may be picked and what picking each leads
to. The rows, the hand, the details and the cursor are the kit's (`tui/row_board.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from textual.widget import Widget

from core.games.classic.view import ClassicView
from tui.board import BoardContext, Pick
from tui.games.classic import describe as D
from tui.games.classic import widgets as W
from tui.games.classic.stages import Sel, Stage, action_target, build_stage
from tui.i18n import text
from tui.kits.evolution.stages import previewed_attacker
from tui.row_board import RowBoard

if TYPE_CHECKING:
    from core.engine.protocol import Action


class ClassicBoard(RowBoard[ClassicView, Stage, Sel]):
    SEL = Sel
    STAGES = build_stage
    SIDE_PANEL = "cl-side"
    PREFIX = "cl-"
    ROW, HAND, DETAILS = W.SeatRow, W.HandRow, W.Details  # its widgets
    HAND_CELL = W.HAND_CELL
    ROW_KIND = "a"
    HINT_TARGET = action_target
    SEAT_NAME = D.seat_name
    DIM_BY_KIND = False  # everything but the food base dims while a choice is made
    ITEM_LABELS: ClassVar[dict[str, str]] = {"a": "c"}  # an animal, as its title shows it
    ENTER_DEFAULT = "classic.keys.enter_default"

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        self.status = W.StatusLine(id="cl-status")
        self.base = W.FoodBase(id="cl-base")
        self.base_line = W.BaseLine(id="cl-base-line")

    # --- its own parts: the food base, the status line ----------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def top_widgets(self) -> Iterable[Widget]:
        return [self.base_line]

    def side_widgets(self) -> Iterable[Widget]:
        return [self.base]

    def show_parts(self, view: ClassicView) -> None:
        self.status.show(view, self.lang)
        self.base.show(view, self.lang)
        self.base_line.show(view, self.lang)

    def show_hand(self, view: ClassicView) -> None:
        me = view.players[self.ctx.bottom]
        folded = self._short and view.step not in ("develop", "discard")  # no card to play
        self.hand.show(view, me.hand, self.lang, self.hand_title(me.hand_size), folded)

    def lead_items(self) -> dict[str, W.FoodBase | W.BaseLine]:
        return {"base": self.base_line if self.narrow_now else self.base}

    # --- the decision ----------------------------------------------------------------------

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return {f"h:{c}" for c in st.cards} | {f"a:{u}" for u in st.animals}

    def picked_keys(self, stage: Stage) -> list[str]:
        card = [f"h:{stage.picked_card}"] if stage.picked_card is not None else []
        return card + [f"a:{u}" for u in stage.picked]

    def switches(self, stage: Stage) -> Mapping[str, object]:
        return stage.switch

    def pickable(self, stage: Stage) -> bool:
        return bool(stage.cards or stage.animals)

    def hint_next(self, action: Action, sel: Sel) -> str | None:
        from core.games.classic import actions as A

        if isinstance(action, A.Add) and sel.card == action.card:
            return f"a:{action.animal}"
        if isinstance(action, A.Pair) and sel.card == action.card:
            return f"a:{action.b if sel.first == action.a else action.a}"
        if isinstance(action, A.Attack) and sel.animal == action.predator:
            return f"a:{action.prey}"
        if isinstance(action, A.Pirate) and sel.animal == action.animal:
            return f"a:{action.victim}"
        return None

    def card_names(self, card: int) -> list[str]:
        return [D.prop_name(p, lang) for p in D.card_face(self.shown, card) for lang in ("ru", "en")]

    def describe_item(self, key: str) -> str:
        view = self.shown
        if key == "base":
            return D.base_details(view, self.ctx.names, self.lang)
        kind, _, ident = key.partition(":")
        if kind == "a" and int(ident) in view.animals:
            attacker = previewed_attacker(self.stage, key, int(ident))
            return D.animal_details(view.animals[int(ident)], view, self.ctx.names,
                                    self.lang, attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), view, self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def lead_message(self, key: str, stage: Stage) -> str:
        return text("classic.msg.base", self.lang) if key == "base" and self.pickable(stage) else ""

    def pick_kind(self, kind: str, ident: str, stage: Stage) -> Pick:
        if kind == "h":
            return self.pick_item(int(ident), stage.cards, stage.probe_card, stage.card_message)
        return self.pick_item(int(ident), stage.animals, stage.probe_animal, stage.animal_message)
