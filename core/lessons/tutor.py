"""A lesson's play on bare positions: whether the goal is met, how the other seats answer, and
whether the goal can still be reached within par. The checker proves a lesson with it and the
app's lesson table decides with it whether a move was right, so both judge alike."""

from collections.abc import Iterator

from core.engine import registry
from core.engine.protocol import Action
from core.engine.scenario import scenario_position
from core.lessons.lesson import Lesson

ANSWERS_CAP = 50  # the other seats' moves in one answer: more is a lesson that never gives back the turn


class Tutor:
    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.rules, self.start = scenario_position(lesson.scenario)
        adapter = registry.get(lesson.game).scenarios
        assert adapter is not None  # a lesson is a scenario: its game reads scenario files
        self.facts = adapter.facts
        pend = self.rules.pending(self.start)
        self.seat = lesson.table.seat if lesson.table.seat >= 0 else (pend.seat if pend else 0)

    # --- the goal ---------------------------------------------------------------------------

    def unmet(self, state: object) -> list[str]:
        """The goal's facts that do not hold in `state` (none: the goal is met)."""
        facts = self.facts(state)
        out = []
        for key, want in self.lesson.table.success.items():
            got = facts.get(key, False if key.endswith(".exists") else None)
            if got != want:
                out.append(f"{key} is {got!r}, wanted {want!r}")
        return out

    def met(self, state: object) -> bool:
        return not self.unmet(state)

    def learners_turn(self, state: object) -> bool:
        pend = self.rules.pending(state)
        return pend is not None and pend.seat == self.seat

    # --- the other seats --------------------------------------------------------------------

    def reply(self, state: object) -> Action | None:
        """The other seat's move in `state`: its only legal one, else the bot's; None when it
        has a choice and the lesson names no bot."""
        legal = self.rules.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        if not legal or not self.lesson.table.opponent.bot:
            return None
        from core.bots.base import make_bot

        # a fresh bot for each answer: the same position gets the same answer, whatever came before
        bot = make_bot(self.lesson.table.opponent.bot, self.rules, self.lesson.scenario.seed)
        pend = self.rules.pending(state)
        return bot.choose(self.rules.view(state, pend.seat if pend else None), legal)

    def next_answer(self, state: object) -> Action | None:
        """The other seats' next move in `state`; None when the learner decides, the game is
        over, the goal is met, or a seat has a choice no one makes."""
        pend = self.rules.pending(state)
        if pend is None or pend.seat == self.seat or self.met(state):
            return None
        return self.reply(state)

    def answers(self, state: object) -> Iterator[Action]:
        """Play the other seats' moves on `state` (`next_answer`) until there is none; yields
        each move once played."""
        for _ in range(ANSWERS_CAP):
            move = self.next_answer(state)
            if move is None:
                return
            self.rules.apply(state, move)
            yield move

    def play(self, state: object, move: Action) -> object:
        """A copy of `state` after the learner's `move` and the answers to it."""
        after = self.rules.clone(state)
        self.rules.apply(after, move)
        for _ in self.answers(after):
            pass
        return after

    # --- reaching the goal ---------------------------------------------------------------------

    def reachable(self, state: object, moves_left: int) -> bool:
        """Whether the learner can still meet the goal from `state` within `moves_left` moves,
        whatever the answers (they are fixed: forced moves and a seeded bot)."""
        if self.met(state):
            return True
        if moves_left <= 0 or not self.learners_turn(state):
            return False
        return any(self.reachable(self.play(state, m), moves_left - 1)
                   for m in self.rules.legal_actions(state))

    def good_first_moves(self) -> list[Action]:
        """The legal first moves from which the goal can be met within par."""
        par = self.lesson.table.par
        return [m for m in self.rules.legal_actions(self.start)
                if self.reachable(self.play(self.start, m), par - 1)]


__all__ = ["Tutor"]
