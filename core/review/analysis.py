"""Post-game review of one seat (issue #25): each of its decisions judged from what it could see.

For every decision of the reviewed seat with two or more legal actions, the seat's view at that
moment is rebuilt from the journal — never the true hidden state. A small search screens it;
where the search prefers another move, the played move is measured against the search's best
two or three on the *same* sampled worlds (`rules.determinize` of the view, one random stream
per world shared by every candidate), each world continued by the game's default policy and
scored by its evaluation: the seat's chance to win (the team's in a co-operative game). The
loss is the mean paired difference with a 95 % interval; `paired.verdict` names it only when
the interval clears a threshold.

Luck: where a move of the seat (or any move, in a game that hides nothing) reveals what chance
dealt — a draw, a die, a shuffled card (`rules.by_chance`) — its luck is the seat's chance after
it minus the chance expected over the outcomes the seat could foresee (the same move made in
worlds sampled from the view before it). What other players chose or gathered in secret and a
move shows (`northstar`'s food cards, face-down traits and bags) is not luck, and a move that
shows it beside a draw is not split either. Another player's move in a game with hidden
information is not split into choice and chance: doing so would need the move, which the seat
may not have seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import msgspec

from core.bots.heuristics import heuristics_for
from core.bots.mcts import LEVELS, search
from core.engine.rules_base import quick
from core.review.paired import MISTAKE, Estimate, estimate, paired, verdict

if TYPE_CHECKING:
    from core.engine import journal as J
    from core.engine.protocol import Action, AnyRuleset

VERSION = 7  # of the reviewer: a cached review of another version is made again
GLANCED = 12  # the search's best moves a glance picks the rivals from
SETTLED = 0.5  # points: a chance this near 0 or 100 leaves no verdict (5 points) to find


class Settings(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a review costs and how sure it is (the defaults fit a game in well under a minute)."""

    seed: int = 0  # every random stream of the review derives from it: deterministic
    screen: int = 64  # search iterations that screen a decision: 4 per legal move, at least
    screen_max: int = 128  # this many and at most this (a glance re-ranks the search's best)
    first_worlds: int = 16  # sampled worlds per candidate at first: enough to leave a move that
    #   no rival beats by a mistake (most moves: 511 of magic's 576 bench decisions) ...
    worlds: int = 32  # ... while a verdict is called on no fewer than these ...
    max_worlds: int = 128  # ... doubled while the verdict is unclear, up to this
    rivals: int = 3  # the moves measured against the played one (`Reviewer.rivals`)
    glance: int = 4  # worlds of the glance that picks them
    depth: int = 60  # default-policy moves of a playout before the evaluation
    sight: int = 8  # worlds behind each point of the chart and each luck figure
    measure_all: bool = True  # measure even where the screening search agrees with the move:
    #   the search alone let half of the planted blunders of `evo bench --review` through
    playout: str = "best"  # "best": the default policy's favourite move; "sample": drawn by its weights


class Moment(msgspec.Struct, frozen=True):
    """One decision of the reviewed seat with a choice."""

    seq: int  # the journal entry
    move: int  # its number among the moves in effect (1 = the first move)
    round: int
    legal: int  # how many moves were legal
    played: str  # the move in notation (the cache is JSON; parse it back with the rules)
    played_value: Estimate | None = None  # its winning chance, where measured
    better: str = ""  # the best rival by its lower bound, where measured
    better_value: Estimate | None = None
    loss: Estimate | None = None  # better − played, paired
    verdict: str = ""  # blunder, mistake, inaccuracy, unclear or "" (fine)
    worlds: int = 0
    stage: str = ""  # which set of worlds the figures come from ("confirm": fresh ones, re-measured)


class Luck(msgspec.Struct, frozen=True):
    seq: int
    move: int
    round: int
    seat: int  # who moved
    points: float  # the reviewed seat's chance after, minus the chance it could expect


class Review(msgspec.Struct, frozen=True):
    version: int
    game: str
    seat: int
    settings: Settings
    moments: list[Moment]  # every decision with a choice, in order
    chart: list[float]  # the seat's winning chance (points) at the start and after each move
    luck: list[Luck]
    result: float | None  # 100 won, 0 lost (a shared win in proportion); None if unfinished

    def judged(self) -> list[Moment]:
        return [m for m in self.moments if m.loss is not None]

    def skill_loss(self) -> float:
        """Points of winning chance lost in decisions called inaccuracy or worse."""
        return sum(m.loss.mean for m in self.judged() if m.loss and m.verdict not in ("", "unclear"))

    def luck_total(self) -> float:
        return sum(x.points for x in self.luck)

    def adjusted(self) -> float | None:
        """The result with the luck taken out."""
        return None if self.result is None else self.result - self.luck_total()

    def key_moments(self, limit: int = 5) -> list[Moment]:
        """The largest losses with a verdict, largest first."""
        called = [m for m in self.judged() if m.verdict and m.loss is not None]
        return sorted(called, key=lambda m: -m.loss.mean if m.loss else 0.0)[:limit]


class Part(msgspec.Struct):
    """A share of one review (`Reviewer.part`), by move number (0: the start)."""

    moments: dict[int, Moment]
    chart: dict[int, float]
    luck: dict[int, Luck]
    result: float | None


Progress = Callable[[int, int], None]


class Reviewer:
    """Reviews one seat of one game: `Reviewer(rules, seat, settings).run(setup, moves)`."""

    def __init__(self, rules: AnyRuleset, seat: int, settings: Settings, hides: bool = True) -> None:
        self.rules = rules
        self.seat = seat
        self.settings = settings
        self.hides = hides
        self.h = heuristics_for(rules)

    def stream(self, *parts: object) -> random.Random:
        return random.Random(":".join(["review", str(self.settings.seed), *map(str, parts)]))

    # --- the walk through the game --------------------------------------------------------

    def run(self, start: object, moves: Sequence[J.Entry], progress: Progress | None = None) -> Review:
        """`start`: the state after the setup; `moves`: the journal's move entries in effect."""
        return self.assemble([self.part(start, moves, progress)], len(moves))

    def part(self, start: object, moves: Sequence[J.Entry], progress: Progress | None = None,
             share: tuple[int, int] = (0, 1)) -> Part:
        """The review's share `(i, n)`: the chart point, the judgement and the luck of every move
        k with k % n == i (`--jobs`: n processes, each walking the whole game). Every random
        stream is named by the move, so the shares put together equal one whole run."""
        rules, seat = self.rules, self.seat
        i, n = share
        state = rules.clone(start)
        out = Part({}, {}, {}, None)
        if i == 0:
            out.chart[0] = self.chance(state, "start")
        for k, e in enumerate(moves, start=1):
            if k % n != i:  # another share's: only walked
                for ev in e.events:
                    state = rules.evolve(state, ev)
                continue
            if progress is not None:
                progress(k, len(moves))
            before = state
            action, mover = e.action, e.seat
            assert action is not None and mover is not None, "a move entry"
            state = rules.clone(before)
            for ev in e.events:
                state = rules.evolve(state, ev)
            if mover == seat:
                legal = rules.legal_actions(before)
                prior = out.chart.get(k - 1)
                if prior is None and len(legal) >= 2:  # the chance before: another share's point
                    prior = self.chance(before, moves[k - 2].seq if k > 1 else "start")
                if prior is not None and len(legal) >= 2 and SETTLED < prior < 100.0 - SETTLED:
                    out.moments[k] = self.judge(before, legal, action, e.seq, k)
                elif len(legal) >= 2:  # the game is settled as the seat sees it: nothing to lose
                    out.moments[k] = Moment(e.seq, k, rules.round_number(before), len(legal),
                                            rules.format_action(action))
            out.chart[k] = self.chance(state, e.seq)
            shown = [ev for ev in e.events if rules.reveals(ev)]
            if (mover == seat or not self.hides) and shown and all(map(rules.by_chance, shown)):
                expected = self.expected(before, action, e.seq)
                out.luck[k] = Luck(e.seq, k, rules.round_number(before), mover, out.chart[k] - expected)
        if rules.outcome(state) is not None:
            out.result = 100.0 * self.h.evaluate(state)[seat]
        return out

    def assemble(self, parts: Sequence[Part], moves: int) -> Review:
        """The whole review from the shares of `part` (each move's figures in one of them)."""
        moments: dict[int, Moment] = {}
        chart: dict[int, float] = {}
        luck: dict[int, Luck] = {}
        for p in parts:
            moments.update(p.moments)
            chart.update(p.chart)
            luck.update(p.luck)
        result = next((p.result for p in parts if p.result is not None), None)
        return Review(VERSION, self.rules.game_id, self.seat, self.settings,
                      [moments[k] for k in sorted(moments)], [chart[k] for k in range(moves + 1)],
                      [luck[k] for k in sorted(luck)], result)

    # --- values from the seat's view -----------------------------------------------------

    def chance(self, state: object, tag: object) -> float:
        """The seat's winning chance in points as it sees the position (exact once over)."""
        if self.rules.outcome(state) is not None:
            return 100.0 * self.h.evaluate(state)[self.seat]
        view = self.rules.view(state, self.seat)
        total = 0.0
        for w in range(self.settings.sight):
            total += self.h.evaluate(self.rules.determinize(view, self.stream("sight", tag, w)))[self.seat]
        return 100.0 * total / self.settings.sight

    def expected(self, before: object, action: Action, tag: object) -> float:
        """The seat's chance after `action`, averaged over the worlds it could foresee."""
        rules = self.rules
        view = rules.view(before, self.seat)
        total = 0.0
        for w in range(self.settings.sight):
            world = rules.determinize(view, self.stream("luck", tag, w))
            rules.resolve(world, action)
            total += self.h.evaluate(world)[self.seat]
        return 100.0 * total / self.settings.sight

    # --- one decision ----------------------------------------------------------------------

    def judge(self, before: object, legal: list[Action], played: Action, seq: int, move: int) -> Moment:
        rules, cfg = self.rules, self.settings
        view = rules.view(before, self.seat)  # from here on only the view: no peeking
        round_no = rules.round_number(before)
        budget = LEVELS["easy"]
        result = search(rules, view, legal, self.stream("screen", seq), budget,
                        iterations=max(cfg.screen, min(4 * len(legal), cfg.screen_max)))
        ranked = [a for a, _, _ in result.stats(legal)]
        if ranked[0] == played and not cfg.measure_all:
            return Moment(seq, move, round_no, len(legal), rules.format_action(played))
        rivals = self.rivals(view, ranked, played, seq)
        if not rivals:  # every other move is the played one in other words
            return Moment(seq, move, round_no, len(legal), rules.format_action(played))
        values, losses, best, worlds = self.settle(view, [played, *rivals], seq, "")
        better, stage = rivals[best], ""
        if verdict(losses[best]) not in ("", "unclear"):  # the worlds that chose the rival and
            # when to stop flatter the loss called: it is measured again against that rival on
            # fresh worlds, from as many, as sure as the first
            values, losses, best, worlds = self.settle(view, [played, better], seq, "confirm", worlds)
            stage = "confirm"
        loss = losses[best]
        return Moment(seq, move, round_no, len(legal), rules.format_action(played), estimate(values[0]),
                      rules.format_action(better), estimate(values[best + 1]), loss, verdict(loss), worlds,
                      stage)

    def settle(self, view: object, candidates: list[Action], seq: int, stage: str,
               worlds: int = 0) -> tuple[list[list[float]], list[Estimate], int, int]:
        """The played move (first) measured against its rivals on the same worlds, doubled until
        the loss to the best rival (by its lower bound) has a verdict or the loss to every rival
        is surely below a mistake, up to `max_worlds`: the values, the losses, the best rival,
        the worlds. The first look (`first_worlds`) may only leave a move fine (every rival's
        interval below a mistake, the best's mean below an inaccuracy); a verdict needs `worlds`."""
        cfg = self.settings
        worlds = worlds or min(cfg.first_worlds, cfg.worlds)
        values: list[list[float]] = [[] for _ in candidates]
        while True:
            # worlds already played keep their values: only the new ones are measured
            for mine, more in zip(values, self.measure(view, candidates, seq, worlds, stage,
                                                       start=len(values[0])), strict=True):
                mine.extend(more)
            losses = [paired(values[i], values[0]) for i in range(1, len(candidates))]
            best = max(range(len(losses)), key=lambda i: losses[i].low)
            said = verdict(losses[best])
            # "fine" needs intervals that rule a mistake out against every rival, as a call needs
            # one that rules it in: a rival no different from the played move in these worlds
            # (0 ± 0) has the best lower bound while a truly better one is still unsure
            fine = max(loss.high for loss in losses) < MISTAKE
            if worlds < cfg.worlds:  # the first look: only a move that is fine outright is left
                sure = fine and said == ""
            else:
                sure = fine or said not in ("unclear", "")
            if sure or worlds * 2 > cfg.max_worlds:
                return values, losses, best, worlds
            worlds *= 2

    def rivals(self, view: object, ranked: list[Action], played: Action, seq: int) -> list[Action]:
        """The played move's rivals: of the search's best `glanced` moves said differently from
        it and from each other (a move said the same is the same move to the player), the
        `rivals` best by a glance — their values on a few worlds of their own. The search alone
        often missed the best move where the default policy's playouts judge it."""
        said = {self.rules.format_action(played)}
        pool: list[Action] = []
        for a in ranked:
            text = self.rules.format_action(a)
            if text not in said:
                said.add(text)
                pool.append(a)
                if len(pool) == GLANCED:
                    break
        if len(pool) > self.settings.rivals:
            first, rest = pool[:1], pool[1:]  # the search's favourite stays: a glance is noisy
            values = self.measure(view, rest, seq, self.settings.glance, "glance")
            totals = [sum(v) for v in values]  # as many worlds each: the order of the means
            pool = first + [rest[i] for i in sorted(range(len(rest)), key=lambda i: -totals[i])]
        return pool[: self.settings.rivals]

    def measure(self, view: object, candidates: list[Action], seq: int, worlds: int,
                stage: str = "", start: int = 0) -> list[list[float]]:
        """Each candidate's value in each of the same sampled worlds `start`..`worlds`, each
        world's continuation drawn from one random stream that every candidate shares."""
        rules, seat, depth = self.rules, self.seat, self.settings.depth
        q = quick(rules)  # the moves and states of pending/legal_actions/resolve, no events kept
        seat_of, resolve, step, evaluate = q.seat, q.play, self.step, self.h.evaluate
        out: list[list[float]] = [[] for _ in candidates]
        for w in range(start, worlds):
            base = self.world(view, seq, w, stage)
            for i, action in enumerate(candidates):
                s = rules.clone(base)
                resolve(s, action)
                rng = self.stream("playout" + stage, seq, w)  # the world's stream: every candidate the same
                for _ in range(depth):
                    if seat_of(s) < 0:  # the game is over
                        break
                    resolve(s, step(s, rng, q.moves))
                out[i].append(evaluate(s)[seat])
        return out

    def world(self, view: object, seq: int, w: int, stage: str = "") -> object:
        """The `w`-th world sampled from the view at decision `seq` (the same for every candidate;
        `stage` names another set of worlds)."""
        return self.rules.determinize(view, self.stream("world" + stage, seq, w))

    def step(self, s: object, rng: random.Random,
             legal: Callable[[object], list[Action]] | None = None) -> Action:
        """The playout's move in `s`: the default policy's favourite (or drawn by its weights);
        `legal`: where the moves come from (`Quick.moves` in a playout)."""
        moves = (legal or self.rules.legal_actions)(s)
        if len(moves) == 1:
            return moves[0]
        weights = self.h.policy(s, moves)
        if self.settings.playout == "best":
            return moves[weights.index(max(weights))]
        return rng.choices(moves, weights)[0] if weights else moves[0]
