"""The `newworld` board: a kit row board (`tui/row_board.py`: seat rows of animals with
their property cards, the details of what the cursor is on, the log, the hand and the cursor
over them) with the habitat row above it — the stack, then the open habitats left to right,
wrapped as the screen allows, the cursor's first lines — and the gene pool standing for the
hand in «Случайные мутации».
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from textual.widget import Widget

from core.games.newworld.view import NewWorldView
from tui.board import BoardContext, Pick
from tui.games.newworld import describe as D
from tui.games.newworld import widgets as W
from tui.games.newworld.stages import Sel, Stage, action_target, build_stage
from tui.i18n import text
from tui.kits.evolution.stages import previewed_attacker
from tui.markup import esc
from tui.row_board import RowBoard

if TYPE_CHECKING:
    from core.engine.protocol import Action


def _t(key: str, lang: str, **args: object) -> str:
    return text(f"newworld.{key}", lang, **args)


class NewWorldBoard(RowBoard[NewWorldView, Stage, Sel]):
    SEL = Sel
    STAGES = build_stage
    SIDE_PANEL = "nw-side"
    PREFIX = "nw-"
    ROW, HAND, DETAILS = W.SeatRow, W.HandRow, W.Details  # its widgets
    HAND_CELL = W.HAND_CELL
    ROW_KIND = "a"
    HINT_TARGET = action_target
    SEAT_NAME = D.seat_name
    SHORT_REPLAY = True  # the replay folds the habitats too
    # an animal, a habitat: as their titles show them
    ITEM_LABELS: ClassVar[dict[str, str]] = {"a": "c", "hb": "h"}
    ENTER_DEFAULT = "newworld.keys.enter_default"
    MOVE_DEFAULT = "newworld.keys.move_default"

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        self.status = W.StatusLine(id="nw-status")
        self.habitats = W.HabitatRow()

    # --- its own parts: the habitats, the status line, the gene pool --------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def top_widgets(self) -> Iterable[Widget]:
        return [self.habitats]

    def show_parts(self, view: NewWorldView) -> None:
        self.status.show(view, self.lang)
        self.habitats.show(view, self.lang, self._short)

    def show_hand(self, view: NewWorldView) -> None:
        lang, me = self.lang, view.players[self.ctx.bottom]
        playing = view.step in ("develop", "discard") or (view.step == "feed" and any(
            "transformation" in view.animals[u].traits for u in me.row))
        folded = self._short and not playing  # a short terminal: folded while no card is played
        pool, title = "", self.hand_title(me.hand_size)
        if view.scenario == "mutations":
            title = _t("hand.pool_title", lang, k=me.pool_size)
            pool = self._pool_line(view, me)
        self.hand.show(me.hand, lang, title, folded, pool)

    def _pool_line(self, view: NewWorldView, me: Any) -> str:
        """Случайные мутации: what stands for the hand — the gene pool (its cards only in the
        omniscient replay) and the card revealed now (markup)."""
        lang = self.lang
        pool = _t("hand.pool", lang, k=me.pool_size)
        if me.pool is not None:  # the cards, the top one first
            pool = _t("hand.pool_seen", lang, cards=", ".join(
                f"{c} " + " / ".join(D.prop_name(t, lang) for t in D.card_face(c))
                for c in reversed(me.pool)))
        if not view.reveal:
            return f"[dim]{esc(pool)}[/]"
        face = " / ".join(D.chip(t, lang) for t in D.card_face(view.reveal))
        return f"[b]{esc(_t('hand.revealed', lang, card=view.reveal))}[/] {face} · [dim]{esc(pool)}[/]"

    def lead_items(self) -> dict[str, W.StackCard | W.HabitatCard]:
        items: dict[str, W.StackCard | W.HabitatCard] = {"stack": self.habitats.stack}
        for card in self.habitats.cards:
            items[card.key] = card
        return items

    def lead_zones(self) -> list[list[str]]:
        """The habitat row as wrapped on the screen, the stack first."""
        hab, step = list(self.lead_items()), self.habitats.columns
        return [hab[i:i + step] for i in range(0, len(hab), step)]

    def card_names(self, card: int) -> list[str]:
        return [D.prop_name(p, lang) for p in D.card_face(card) for lang in ("ru", "en")]

    # --- the decision ----------------------------------------------------------------------

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return ({f"h:{c}" for c in st.cards} | {f"a:{u}" for u in st.animals}
                | {f"hb:{k}" for k in st.habitats})

    def picked_keys(self, stage: Stage) -> list[str]:
        """The items picked so far in this decision ("h:…", "hb:…", "a:…")."""
        picked = [f"h:{stage.picked_card}"] if stage.picked_card is not None else []
        if stage.picked_habitat is not None:
            picked.append(f"hb:{stage.picked_habitat}")
        return picked + [f"a:{u}" for u in stage.picked]

    def switches(self, stage: Stage) -> Mapping[str, object]:
        return stage.switch

    def pickable(self, stage: Stage) -> bool:
        return bool(stage.cards or stage.animals or stage.habitats)

    def stays(self, stage: Stage) -> bool:
        return bool(stage.stay)

    def dims(self, stage: Stage) -> bool:
        # Dim only the items of the kind being chosen that cannot be chosen (a habitat an
        # animal may not enter, an animal that cannot be the prey).
        return bool(stage.dim)

    def zone_pool(self, zone: str, flat: list[str]) -> list[str] | None:
        return [k for k in flat if k.startswith("hb:")] + flat if zone == "habitats" else None

    def hint_next(self, action: Action, sel: Sel) -> str | None:
        from core.games.newworld import actions as A

        if isinstance(action, A.Add) and sel.card == action.card:
            return f"a:{action.animal}"
        if isinstance(action, A.Create) and sel.card == action.card and action.before:
            return f"a:{action.before}"
        if isinstance(action, A.Pair) and sel.card == action.card:
            return f"a:{action.b if sel.first == action.a else action.a}"
        if isinstance(action, (A.Feed, A.Shelter)) and sel.animal == action.animal:
            return f"hb:{action.habitat}"
        if isinstance(action, A.Attack) and sel.animal == action.predator:
            return f"a:{action.prey}"
        if isinstance(action, A.Pirate) and sel.animal == action.animal:
            return f"a:{action.victim}"
        if isinstance(action, A.Transform) and sel.animal == action.animal and action.card:
            return f"h:{action.card}"
        return None

    def describe_item(self, key: str) -> str:
        view, names = self.shown, self.ctx.names
        if key == "stack":
            return D.stack_details(view, self.lang)
        kind, _, ident = key.partition(":")
        if kind == "hb":
            h = next((x for x in view.habitats if x.key == ident), None)
            if h is None:
                return ""
            playing = self.mode == "table" and view.step not in ("", "over")
            seat = view.decider if playing else self.ctx.bottom
            return D.habitat_details(h, view, names, self.lang, seat)
        if kind == "a" and int(ident) in view.animals:
            attacker = previewed_attacker(self.stage, key, int(ident))
            return D.animal_details(view.animals[int(ident)], view, names, self.lang,
                                    attacker=attacker)
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- input ------------------------------------------------------------------------------

    def lead_message(self, key: str, stage: Stage) -> str:
        """The stack: said where the stage picks items, or where Enter has no default."""
        if key == "stack" and (self.pickable(stage) or stage.default is None):
            return _t("msg.stack", self.lang)
        return ""

    def pick_kind(self, kind: str, ident: str, stage: Stage) -> Pick:
        if kind == "hb":
            return self.pick_item(ident, stage.habitats, stage.probe_habitat, stage.habitat_message)
        if kind == "h":
            return self.pick_item(int(ident), stage.cards, stage.probe_card, stage.card_message)
        return self.pick_item(int(ident), stage.animals, stage.probe_animal, stage.animal_message)
