"""The `magic` board: seat rows of creature cards, the energy source, the details of what the
cursor is on, the log and the hand — on the table and in the replay.

On the table the cursor moves over the creatures (row by row, as wrapped on the screen) and
the hand; the stage says which of them may be picked and what picking each leads to. The
rows, the hand, the details and the cursor are the kit's (`tui/row_board.py`); the board adds
the attack preview while a target is chosen and passing to the end of the round.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.widget import Widget

from core.games.magic import actions as A
from core.games.magic.view import MagicView
from tui.board import BoardContext, Pick
from tui.games.magic import describe as D
from tui.games.magic import widgets as W
from tui.games.magic.stages import (
    PASS_ROUND,
    Sel,
    Stage,
    action_target,
    all_asleep,
    attack_is_futile,
    build_stage,
)
from tui.i18n import text
from tui.markup import esc
from tui.row_board import RowBoard

if TYPE_CHECKING:
    from core.engine.protocol import Action


class MagicBoard(RowBoard[MagicView, Stage, Sel]):
    SEL = Sel
    STAGES = build_stage
    SIDE_PANEL = "side"
    PROPORTIONAL: ClassVar[bool] = True  # rows of creatures differ in length
    ROW, HAND, DETAILS = W.SeatRow, W.HandRow, W.Details  # its widgets
    ROW_KIND = "c"
    HINT_TARGET = action_target
    SEAT_NAME = D.seat_name
    LAST_LINE = False  # the narrow table keeps its log
    DIM_BY_KIND = False  # everything not to be picked dims while a choice is made
    ENTER_ON_PICKED = False  # options only: Enter plays the default wherever the cursor is
    ITEM_LABELS: ClassVar[dict[str, str]] = {"c": "c"}

    def __init__(self, ctx: BoardContext, mode: str) -> None:
        super().__init__(ctx, mode)
        self.status = W.StatusLine(id="status")
        self.source = W.EnergySource(id="source")
        self.source_line = W.SourceLine(id="source-line")
        self._passing: tuple[int, int] | None = None  # (seat, round) whose turns are passed
        self._line = 0  # moves on the line when last looked: fewer means an undo
        self._prompt = ""  # the stage's own prompt (the attack preview is added after it)
        self._passed = False  # a Pass was just played for the player: say so

    # --- its own parts: the energy source, the status line ------------------------------------

    def status_widgets(self) -> list[Widget]:
        return [self.status]

    def side_widgets(self) -> Iterable[Widget]:
        return [self.source]

    def bottom_widgets(self) -> Iterable[Widget]:
        return [self.source_line]

    def show_parts(self, view: MagicView) -> None:
        self.status.show(view, self.ctx.names, self.lang)
        self.source.show(view, self.lang)
        self.source_line.show(view, self.lang)

    def show_hand(self, view: MagicView) -> None:
        me = view.players[self.ctx.bottom]
        self.hand.show(me.hand, self.lang, self.hand_title(me.hand_size))

    def row_columns(self, row: Any) -> int:
        return int(row.strip.columns)

    def card_names(self, card: int) -> list[str]:
        return D.card_names(card)

    # --- the decision ----------------------------------------------------------------------

    def build_stage(self, view: MagicView, legal: list[Action], sel: Sel) -> Stage:
        if sel.mode == PASS_ROUND:  # the option was chosen: pass this decision and the rest
            self._passing = (view.decider, view.round)
            self._line = len(self.ctl.session.line)
            sel = Sel()
        return super().build_stage(view, legal, sel)

    def stage_shown(self, stage: Stage | None) -> None:
        self._prompt = stage.prompt if stage is not None else ""
        super().stage_shown(stage)
        if self.mode == "table":
            self._pass_on(stage)

    def targets(self) -> set[str]:
        st = self.stage
        if st is None:
            return set()
        return {f"h:{c}" for c in st.cards} | {f"c:{u}" for u in st.creatures}

    def picked_keys(self, stage: Stage) -> list[str]:
        card = [f"h:{stage.picked_card}"] if stage.picked_card is not None else []
        return card + ([f"c:{stage.picked_creature}"] if stage.picked_creature is not None else [])

    def pickable(self, stage: Stage) -> bool:
        return bool(stage.cards or stage.creatures)

    def hint_next(self, action: Action, sel: Sel) -> str | None:
        """Where the hinted move goes on once its card is picked: the creature it is for."""
        if isinstance(action, A.Add) and sel.card == action.card:
            return f"c:{action.creature}"
        return None

    def describe_item(self, key: str) -> str:
        view = self.shown
        kind, _, ident = key.partition(":")
        if kind == "c" and int(ident) in view.creatures:
            body = D.creature_details(view.creatures[int(ident)], view, self.ctx.names, self.lang)
            target = self._previewed(key)
            if target is not None and self.stage is not None:  # the attack on it, before it is made
                title = text("magic.preview.title", self.lang)
                ahead = D.attack_preview(view, view.active, target, self.stage.preview_props, self.lang)
                body = f"[b]{esc(title)}:[/] {ahead}\n\n{body}"
            return body
        if kind == "h":
            return D.card_details(int(ident), self.lang)
        return ""

    # --- the attack preview while a target is chosen -------------------------------------------

    def _previewed(self, key: str | None) -> int | None:
        """The attack target under `key` whose attack the stage previews, if any."""
        st = self.stage
        if st is None or not st.preview_props or not (key or "").startswith("c:"):
            return None
        uid = int(key[2:])  # type: ignore[index]
        return uid if uid in st.creatures else None

    def cursor_moved(self) -> None:
        """The attack on the creature under the cursor, worked out, after the prompt (the screen
        shows the stage's prompt after every cursor move)."""
        st, uid = self.stage, self._previewed(self.cursor)
        if st is None or not st.preview_props:
            return
        st.prompt = self._prompt
        if uid is not None:
            st.prompt += " · " + D.attack_preview(self.shown, self.shown.active, uid, st.preview_props,
                                                  self.lang, plain=True)

    # --- passing to the end of the round -----------------------------------------------------

    def _pass_on(self, stage: Stage | None) -> None:
        """While the round the player chose to pass lasts and the seat's creatures all sleep,
        answer its create/add decisions with Pass (each one journaled as the player's move).
        A new round, an awake creature (roused, or created by someone's choice), a decision of
        another kind or an undo ends it."""
        if self._passing is None:
            return
        ctl, view = self.ctl, self.view
        seat, rnd = self._passing
        line = len(ctl.session.line)
        undone, self._line = line < self._line, line
        if undone or view is None or view.round != rnd or ctl.outcome() is not None:
            self._stop_passing()
            return
        if self._passed:  # still passing after the Pass just played: say so
            self._passed = False
            self.post_message(self.Say(text("magic.pass_round.on", self.lang)))
        if stage is None or view.decider != seat:
            return  # another seat decides: wait for this one's next turn
        if view.step not in ("create", "add") or not all_asleep(view, seat) or \
                A.PASS not in self.legal:
            self._stop_passing()
            return
        self.call_after_refresh(self._pass_now, ctl.token)

    def _pass_now(self, token: int) -> None:
        ctl = self.ctx.ctl
        if self._passing is None or not self.is_attached or ctl is None or ctl.token != token or \
                self.stage is None:
            return
        self._passed = True
        self.post_message(self.Play(A.PASS, token))

    def _stop_passing(self) -> None:
        self._passing = None
        self._passed = False
        self.post_message(self.Say("", only_over=text("magic.pass_round.on", self.lang)))

    # --- input ------------------------------------------------------------------------------

    def pick_kind(self, kind: str, ident: str, stage: Stage) -> Pick:
        if kind == "h":
            return self.pick_item(int(ident), stage.cards, stage.probe_card, "")
        if kind == "c":
            return self.pick_item(int(ident), stage.creatures, stage.probe_creature,
                                  stage.creature_message)
        return Pick()

    def confirm(self, result: Any) -> tuple[str, str] | None:
        if isinstance(result, A.AttackWith) and attack_is_futile(self.shown, result):
            question = text("magic.futile.text", self.lang, t=f"c{result.target}", c=f"c{self.shown.active}")
            return text("magic.futile.title", self.lang), question
        return None
