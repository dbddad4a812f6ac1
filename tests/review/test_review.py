"""`evo review` (issue #25): each decision judged from what the seat could see, planted blunders
found, the same review for the same seed, cached beside the save, the save never changed."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any, cast

import pytest

from core import games
from core.bots.greedy import GreedyBot
from core.engine.session import GameSession
from core.review.analysis import Reviewer, Settings
from core.review.report import cache_path, chart_line, keys, say
from tests.bots.helpers import random_positions
from tui.cli import main

DEMOS = Path(__file__).resolve().parents[2] / "saves" / "demo"
QUICK = Settings(screen=24, worlds=8, max_worlds=16, depth=20, sight=4)


@pytest.mark.parametrize("game", games.ids())
def test_no_peeking_two_worlds_the_seat_cannot_tell_apart_get_one_review(game: str) -> None:
    """Two states that differ only in what the seat cannot see: the same judgement, the same
    chances, the same luck — the review reads the seat's view and nothing else."""
    rules = games.get(game).ruleset
    for s in random_positions(rules, 3, seed=11, every=5):
        seat = rules.pending(s).seat
        view = rules.view(s, seat)
        one, two = (rules.determinize(view, random.Random(f"pair:{i}")) for i in (1, 2))
        legal = rules.legal_actions(one)
        assert legal == rules.legal_actions(two)
        played = legal[-1]
        r = Reviewer(rules, seat, QUICK)
        assert r.judge(one, legal, played, 7, 1) == r.judge(two, legal, played, 7, 1)
        assert r.chance(one, "x") == r.chance(two, "x")
        assert r.expected(one, played, "x") == r.expected(two, played, "x")


def test_planted_blunders_are_found() -> None:
    """Where greedy's one-ply values put a move far below the best (20 points or more), that
    move played is mostly called an inaccuracy or worse (greedy's two sampled worlds are not an
    oracle: some of its "worst" moves are fine), and a verdict always means a positive loss."""
    rules = games.get("magic").ruleset
    found = tried = 0
    for s in random_positions(rules, 200, seed=3, every=2):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        scores = GreedyBot(rules, 0).scores(rules.view(s, seat), legal, random.Random(1))
        if max(scores) - min(scores) < 0.2:
            continue
        worst = legal[scores.index(min(scores))]
        m = Reviewer(rules, seat, Settings()).judge(s, legal, worst, 1, 1)
        tried += 1
        found += m.verdict in ("inaccuracy", "mistake", "blunder")
        assert m.verdict == "" or (m.loss is not None and m.loss.mean > 0)
        if tried == 6:
            break
    assert tried == 6 and found >= 4, (found, tried)


def test_the_same_seed_gives_the_same_review_and_another_seed_may_differ() -> None:
    session, _ = GameSession.load(DEMOS / "classic-demo.jsonl", writable=False)
    moves = session.moves_on_line()[:60]

    def run(seed: int) -> Any:
        cfg = Settings(seed=seed, screen=24, worlds=8, max_worlds=16, depth=20, sight=4)
        return Reviewer(session.rules, 0, cfg).run(session.state_of(0), moves)

    first = run(0)
    assert first == run(0)
    assert len(first.chart) == len(moves) + 1 and all(0 <= x <= 100 for x in first.chart)
    assert first.result is None  # 60 moves in: the game goes on
    assert all(m.seq in {e.seq for e in moves if e.seat == 0} for m in first.moments)


def test_evo_review_tells_the_key_moments_and_caches_without_touching_the_save(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "magic.jsonl"
    shutil.copy(DEMOS / "magic-demo.jsonl", save)
    before = save.read_bytes()
    args = ["--lang", "en", "review", str(save), "--seat", "1", "--worlds", "8", "--no-positions"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert first.startswith("Review of 'magic.jsonl': ") and "Winning chance over the game" in first
    assert save.read_bytes() == before and cache_path(save).is_file()
    assert main(args) == 0
    assert capsys.readouterr().out == first  # read back from the cache
    assert main(["--lang", "en", "review", str(save), "--seat", "1", "--worlds", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 0 and data["game"] == "magic" and data["result"] in (0.0, 100.0)
    assert save.read_bytes() == before


def test_a_damaged_cache_is_made_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "nw.jsonl"
    shutil.copy(DEMOS / "newworld-demo.jsonl", save)
    cache_path(save).write_text("{not json")
    assert main(["--lang", "ru", "review", str(save), "--seat", "1", "--worlds", "4", "--no-positions"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Разбор партии «nw.jsonl»")
    assert json.loads(cache_path(save).read_text())  # rewritten


def test_a_seat_that_is_not_there_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "review", str(DEMOS / "magic-demo.jsonl"), "--seat", "9"]) == 2
    err = capsys.readouterr().err
    assert "there is no seat 9" in err and "Traceback" not in err


def test_texts_in_both_languages_and_a_chart_of_bars() -> None:
    for key in keys():
        for lang in ("ru", "en"):
            assert say(key, lang, n=2, k=1, points="1", inaccuracy=0, mistake=0, blunder=0,
                       unclear=0, judged=1, result="1", adjusted="1", file="f", name="n",
                       game="g", move="m", round="r", verdict="v", loss="1", half="1", value="1",
                       worlds=8, max=32, share=3, best="b", best_value="2", head="h")
    assert chart_line([0.0, 50.0, 100.0]) == "▁▅█"
    assert len(chart_line([50.0] * 500)) == 60


def test_the_reviews_own_checks_report_consistent_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """`evo bench --review` (core/review/bench.py): planted blunders, a strong bot's moves and
    calibration, each a count of what was tried and what held."""
    from core.review.bench import review_figures

    f = review_figures("newworld", positions=2)
    assert f["hard_moves"] == 2 and 0 <= f["hard_called_mistakes"] <= 2
    assert 0 <= f["planted_found"] <= f["planted"] <= f["planted"] + f["plant_flattered"] <= 2
    assert 0 <= f["calibration_inside"] <= f["calibration_checked"] <= f["planted_found"]


def test_the_cost_figure_reviews_a_whole_game_of_both_players() -> None:
    """`evo bench --review`'s cost: a whole 2-player game of greedy bots, both players reviewed."""
    from core.review.bench import COST_GOAL_S, review_cost

    game = next(g for g in games.ids() if games.get(g).cooperative)  # the shortest games
    f = review_cost(game, settings=Settings(screen=4, worlds=4, max_worlds=4, depth=4, sight=1))
    assert f["cost_finished"] and f["cost_moves"] > 0 and f["cost_goal_s"] == COST_GOAL_S
    assert 0 < f["cost_decisions_measured"] <= f["cost_moves"] and f["cost_cpu_s"] >= 0


def _short_save(tmp_path: Path, demo: str, moves: int) -> Path:
    """The first `moves` moves of a demo game, as a save of its own (a game still going)."""
    old, _ = GameSession.load(DEMOS / demo, writable=False)
    h = old.header
    path = tmp_path / "short.jsonl"
    new = GameSession.new(h.game, seats=h.seats, options=dict(h.options), seed=h.seed, path=path)
    for e in old.moves_on_line()[:moves]:
        new.act(e.action)
    new.close()
    return path


def test_the_shares_of_a_review_put_together_are_the_whole_review() -> None:
    """`--jobs`: each process reviews every n-th move; every random stream is named by the move,
    so the shares put together are the one-process review exactly."""
    session, _ = GameSession.load(DEMOS / "classic-demo.jsonl", writable=False)
    moves = session.moves_on_line()[:40]
    r = Reviewer(session.rules, 1, QUICK)
    whole = r.run(session.state_of(0), moves)
    assert whole.moments and len(whole.chart) == 41
    shares = [r.part(session.state_of(0), moves, share=(i, 3)) for i in range(3)]
    assert r.assemble(shares, len(moves)) == whole


def test_evo_review_without_a_seat_reviews_every_player(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Every player's figures in one table, then each player's review; JSON: a line each; the
    same review from two processes as from one."""
    save = _short_save(tmp_path, "newworld-demo.jsonl", 30)
    args = ["--lang", "en", "review", str(save), "--worlds", "4", "--no-positions"]
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Review of 'short.jsonl' (") and lines[0].endswith("): 3 players")
    assert lines[2].split() == ["Player", "Errors", "i/m/b", "Lost", "Luck", "Result", "Adjusted"]
    assert [ln.split()[:2] for ln in lines[3:6]] == [["Bot", "1"], ["Bot", "2"], ["Bot", "3"]]
    assert all(f"Review of 'short.jsonl': Bot {k} (" in out for k in (1, 2, 3))
    assert main([*args, "--json"]) == 0
    data = [json.loads(ln) for ln in capsys.readouterr().out.splitlines()]
    assert [d["seat"] for d in data] == [0, 1, 2] and all(d["result"] is None for d in data)
    assert main([*args, "--jobs", "2", "--no-cache"]) == 0
    assert capsys.readouterr().out == out
    assert main([*args, "--jobs", "0"]) == 2


@pytest.mark.parametrize("game", [g for g in games.ids() if games.get(g).cooperative])
def test_a_cooperative_game_is_reviewed_with_the_teams_chance(game: str) -> None:
    """In a co-operative game every seat's value is the team's chance: with nothing hidden, each
    player's chart, luck and result are the team's, while each judges only its own decisions."""
    session, _ = GameSession.load(DEMOS / f"{game}-demo.jsonl", writable=False)
    moves = session.moves_on_line()[:40]
    reviews = [Reviewer(session.rules, seat, QUICK, games.get(game).hidden_information)
               .run(session.state_of(0), moves) for seat in (0, 1)]
    assert reviews[0].chart == reviews[1].chart and reviews[0].luck == reviews[1].luck
    assert reviews[0].luck and 0 < sum(reviews[0].chart) < 100 * len(reviews[0].chart)
    mine = [{e.seq for e in moves if e.seat == seat} for seat in (0, 1)]
    for seat, r in enumerate(reviews):
        assert r.moments and all(m.seq in mine[seat] for m in r.moments)


@pytest.mark.parametrize("game", games.ids())
def test_rivals_are_other_moves_than_the_one_played(game: str) -> None:
    """A rival is never the played move in other words (the same notation: the same move to
    the player), nor another rival's: else a "loss" of 0 ± 0 hid a blunder."""
    rules = games.get(game).ruleset
    for s in random_positions(rules, 4, seed=5, every=4):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        r = Reviewer(rules, seat, QUICK)
        for played in (legal[0], legal[-1]):
            said = [rules.format_action(a) for a in r.rivals(rules.view(s, seat), legal, played, 1)]
            assert rules.format_action(played) not in said and len(set(said)) == len(said)
            assert len(said) == min(QUICK.rivals, len({rules.format_action(a) for a in legal}) - 1)


@pytest.mark.parametrize("game", ["magic", "classic"])
def test_a_call_is_measured_again_and_fine_needs_its_evidence(game: str) -> None:
    """A called loss carries the fresh worlds' figures (stage "confirm") and clears its threshold
    there (a call they do not bear out is not made); a move left "fine" short of the most
    worlds has an interval below a mistake."""
    from core.review.paired import MISTAKE, verdict

    rules = games.get(game).ruleset
    calls = 0
    for k, s in enumerate(random_positions(rules, 30, seed=8, every=3)):
        seat = rules.pending(s).seat
        legal = rules.legal_actions(s)
        m = Reviewer(rules, seat, QUICK).judge(s, legal, legal[-1], k, k)
        if m.loss is None:
            continue
        if m.verdict in ("inaccuracy", "mistake", "blunder"):
            calls += 1
            assert m.stage == "confirm" and verdict(m.loss) == m.verdict
        elif m.verdict == "" and m.worlds < QUICK.max_worlds:  # (a call the fresh worlds undid too)
            assert m.loss.high < MISTAKE
    assert calls, "no call to check: the positions need another seed"


def test_worlds_added_while_settling_extend_the_worlds_already_played() -> None:
    """`settle` doubles its worlds by measuring only the new ones: the values are exactly those
    of measuring every world at once (each world and its playout stream depend on its number)."""
    rules = games.load("classic")
    s = random_positions(rules, 1, seed=4, every=5)[0]
    seat, legal = rules.pending(s).seat, rules.legal_actions(s)
    r = Reviewer(rules, seat, Settings(seed=3, worlds=4, max_worlds=16, depth=8))
    view = rules.view(s, seat)
    whole = r.measure(view, legal[:2], 5, 12)
    first, more = r.measure(view, legal[:2], 5, 4), r.measure(view, legal[:2], 5, 12, start=4)
    parts = [a + b for a, b in zip(first, more, strict=True)]
    assert parts == whole and len(whole[0]) == 12


def test_a_planted_blunder_must_hold_again_on_fresh_worlds() -> None:
    """`evo bench --review` plants a move only when its loss clears the bar on the worlds that
    chose it *and* on fresh ones: the best and worst of a dozen means flatter their gap."""
    from core.review.bench import _planting

    class Oracle:  # gives the fresh worlds' values
        def __init__(self, fresh: tuple[list[float], list[float]]) -> None:
            self.fresh = fresh

        def measure(self, view: object, candidates: list[Any], seq: int, worlds: int,
                    stage: str = "") -> list[list[float]]:
            assert stage == "plant" and worlds == 4 and len(candidates) == 2
            return list(self.fresh)

    best, worst = [1.0, 0.9, 1.0, 0.8], [0.6, 0.7, 0.5, 0.6]  # 32.5 points, tight
    gone = ([0.6, 0.7, 0.5, 0.6], [0.6, 0.6, 0.5, 0.7])  # fresh worlds: no gap
    rules = games.load("magic")
    moves = rules.legal_actions(random_positions(rules, 1, seed=2)[0])  # any two will do

    def plant(oracle: Oracle, first_worst: list[float]) -> str:  # the fake stands in for a Reviewer
        return _planting(cast(Reviewer, oracle), None, moves[0], moves[-1], best, first_worst, 0)

    assert plant(Oracle((best, worst)), worst) == "planted"
    assert plant(Oracle(gone), worst) == "flattered"
    assert plant(Oracle((best, worst)), best) == ""  # no gap on the first worlds


def test_the_first_look_may_leave_a_move_fine_but_calls_nothing() -> None:
    """`settle` looks first at `first_worlds`: a move no rival comes near is left there; a loss
    that would be called is measured on `worlds` before it is (a verdict needs their evidence)."""

    class Scripted(Reviewer):  # each world's values: the played move's, then each rival's
        def __init__(self, per_world: list[float]) -> None:
            super().__init__(games.load("classic"), 0, Settings(first_worlds=4, worlds=8, max_worlds=16))
            self.per_world = per_world

        def measure(self, view: object, candidates: list[Any], seq: int, worlds: int,
                    stage: str = "", start: int = 0) -> list[list[float]]:
            wobble = [0.01 * (w % 3) for w in range(start, worlds)]  # the worlds' own luck
            return [[v + d for d in wobble] for v in self.per_world]

    moves: list[Any] = ["played", "rival", "other"]  # (scripted: never resolved)
    *_, worlds = Scripted([0.5, 0.5, 0.48]).settle(None, moves, 1, "")
    assert worlds == 4  # fine at the first look
    values, losses, best, worlds = Scripted([0.3, 0.5, 0.48]).settle(None, moves, 1, "")
    assert worlds == 8 and len(values[0]) == 8 and best == 0 and losses[0].low >= 15
    *_, worlds = Scripted([0.5, 0.56, 0.5]).settle(None, moves, 1, "")  # 6 points: no fine
    assert worlds == 8  # an inaccuracy is called on `worlds`, not at the first look
