"""A review of a save: made (or read from its cache beside the save) and told in players' words.

The cache is `<save>.review`, JSON: reviews keyed by the save's SHA-256, the reviewer's version,
the seat and the settings. The save itself is only ever read.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from core import games
from core.bots.hint import say_move
from core.review.analysis import VERSION, Moment, Part, Progress, Review, Reviewer, Settings
from core.review.moment import Reply, Tried, follow, narrated, replayed
from core.textdata import TextTable

if TYPE_CHECKING:
    from core.engine.protocol import AnyRuleset
    from core.engine.session import GameSession

TEXTS = Path(__file__).with_name("texts.toml")
SPARKS = "▁▂▃▄▅▆▇█"
CHART_WIDTH = 60
HEADS = ("player", "errors", "lost", "luck", "result", "adjusted")  # the players' figures


@cache
def _table() -> TextTable:
    return TextTable(TEXTS)


def say(key: str, lang: str, **args: object) -> str:
    return _table().say(key, lang, **args)


def keys() -> list[str]:
    return _table().keys()


# --- making it, or reading it back -----------------------------------------------------------

def cache_path(save: Path) -> Path:
    return save.with_name(save.name + ".review")


def _key(digest: str, seat: int, settings: Settings) -> str:
    return f"{digest}:{VERSION}:{seat}:{msgspec.json.encode(settings).decode()}"


def _read_cache(path: Path) -> dict[str, Review]:
    try:
        return msgspec.json.decode(path.read_bytes(), type=dict[str, Review])
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return {}  # none yet, or damaged: it is made again


def reviewable(session: GameSession) -> list[int]:
    """The seats that make decisions: people and bots (not the seats the rules play)."""
    return [i for i, s in enumerate(session.header.seats) if s.kind in ("human", "bot")]


def review_save(session: GameSession, seat: int, settings: Settings, use_cache: bool = True,
                progress: Progress | None = None) -> tuple[Review, bool]:
    """The review of `seat` in a loaded session, and whether it came from the cache."""
    return review_seats(session, [seat], settings, use_cache, progress=progress)[0]


def review_seats(session: GameSession, seats: list[int], settings: Settings, use_cache: bool = True,
                 jobs: int = 1, progress: Progress | None = None) -> list[tuple[Review, bool]]:
    """The reviews of `seats` in a loaded session, each with whether it came from the cache.
    With `jobs` > 1 (and a save to read back) every seat's moves are shared out among that many
    processes; the review is the same whatever the number (its streams are named by the move)."""
    save = session.file
    digest = hashlib.sha256(save.read_bytes()).hexdigest() if save is not None else ""
    stored = _read_cache(cache_path(save)) if save is not None and use_cache else {}
    found = {seat: stored[k] for seat in seats if (k := _key(digest, seat, settings)) in stored}
    missing = [seat for seat in seats if seat not in found]
    made = _review(session, missing, settings, jobs, progress) if missing else {}
    if made and save is not None and use_cache:
        stored.update({_key(digest, seat, settings): r for seat, r in made.items()})
        _write_cache(cache_path(save), stored)
    return [(found[seat], True) if seat in found else (made[seat], False) for seat in seats]


def _review(session: GameSession, seats: list[int], settings: Settings, jobs: int,
            progress: Progress | None) -> dict[int, Review]:
    hides = games.get(session.header.game).hidden_information
    start, moves = session.state_of(0), session.moves_on_line()
    total = len(seats) * len(moves)
    if jobs <= 1 or session.file is None:
        out = {}
        for n, seat in enumerate(seats):
            step = None if progress is None else _offset(progress, n * len(moves), total)
            out[seat] = Reviewer(session.rules, seat, settings, hides).run(start, moves, step)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from core.bots.tournament import _start_method

    tasks = [(str(session.file), seat, settings, (i, jobs)) for seat in seats for i in range(jobs)]
    ctx = multiprocessing.get_context(_start_method())
    parts: dict[int, list[Part]] = {seat: [] for seat in seats}
    with ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=ctx) as pool:
        for done, (task, part) in enumerate(zip(tasks, pool.map(_share, tasks), strict=True), start=1):
            parts[task[1]].append(msgspec.json.decode(part, type=Part))
            if progress is not None:
                progress(done * total // len(tasks), total)
    return {seat: Reviewer(session.rules, seat, settings, hides).assemble(parts[seat], len(moves))
            for seat in seats}


def _offset(progress: Progress, before: int, total: int) -> Progress:
    return lambda k, n: progress(before + k, total)


def _share(task: tuple[str, int, Settings, tuple[int, int]]) -> bytes:
    """One process's share of one seat's review (the save read again there)."""
    from core.engine.session import GameSession

    path, seat, settings, share = task
    session, _ = GameSession.load(path, writable=False)
    hides = games.get(session.header.game).hidden_information
    reviewer = Reviewer(session.rules, seat, settings, hides)
    return msgspec.json.encode(reviewer.part(session.state_of(0), session.moves_on_line(), share=share))


def _write_cache(path: Path, stored: dict[str, Review]) -> None:
    """Atomically; a folder that refuses it only costs the next run its time."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=path.name, dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.encode(stored))
        os.replace(tmp, path)
    except OSError:
        pass


# --- telling it ------------------------------------------------------------------------------

def chart_line(points: list[float], width: int = CHART_WIDTH) -> str:
    """The winning chance over the game as one line of bars (each the mean of its moves)."""
    if not points:
        return ""
    n = min(width, len(points))
    out = []
    for i in range(n):
        part = points[i * len(points) // n:(i + 1) * len(points) // n] or [points[-1]]
        mean = sum(part) / len(part)
        out.append(SPARKS[min(len(SPARKS) - 1, int(mean / 100.0 * len(SPARKS)))])
    return "".join(out)


def _num(x: float) -> str:
    return f"{x:.0f}" if abs(x) >= 10 else f"{x:.1f}"


def _signed(x: float) -> str:
    return ("+" if x > 0 else "") + _num(x)


def tell_all(session: GameSession, reviews: list[Review], lang: str, names: list[str],
             positions: bool = True) -> list[str]:
    """Several seats' reviews: a table of every player's figures, then each review."""
    if len(reviews) == 1:
        return tell(session, reviews[0], lang, names, positions)
    game = games.get(reviews[0].game)
    file = session.file.name if session.file is not None else ""
    out = [say("review.title_all", lang, file=file, game=game.name(lang), n=len(reviews)), ""]
    out += figures(reviews, lang, names)
    for review in reviews:
        out += ["", "", *tell(session, review, lang, names, positions)]
    return out


def figures(reviews: list[Review], lang: str, names: list[str]) -> list[str]:
    """Each player's figures, one line each under a line of heads: errors called (inaccuracies,
    mistakes, blunders), the winning chance lost in them, the luck, the result and the result
    adjusted for luck."""
    heads = [say(f"review.head.{h}", lang) for h in HEADS]
    rows = []
    for r in reviews:
        called = [sum(1 for m in r.judged() if m.verdict == v) for v in ("inaccuracy", "mistake", "blunder")]
        adjusted = r.adjusted()
        rows.append([names[r.seat], "/".join(map(str, called)), _num(r.skill_loss()),
                     _signed(r.luck_total()), "—" if r.result is None else _num(r.result),
                     "—" if adjusted is None else _num(adjusted)])
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(heads)]
    return ["  ".join(c.rjust(w) if i else c.ljust(w)
                      for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in [heads, *rows]]


def summary(review: Review, lang: str) -> list[str]:
    """The counts of verdicts, the points lost, the luck and the result."""
    out = [say("review.unfinished", lang)] if review.result is None else []
    judged = review.judged()
    out.append(say("review.decisions", lang, n=len(review.moments), judged=len(judged)))
    counts = {v: sum(1 for m in judged if m.verdict == v)
              for v in ("inaccuracy", "mistake", "blunder", "unclear")}
    out.append(say("review.counts", lang, **counts))
    out.append(say("review.skill", lang, points=_num(review.skill_loss())))
    if review.luck:
        out.append(say("review.luck", lang, points=_signed(review.luck_total()), n=len(review.luck)))
    else:
        out.append(say("review.luck_none", lang))
    if review.result is not None:
        adjusted = review.adjusted()
        out.append(say("review.result", lang, result=_num(review.result),
                       adjusted=_num(adjusted if adjusted is not None else review.result)))
    return out


def tell(session: GameSession, review: Review, lang: str, names: list[str],
         positions: bool = True) -> list[str]:
    """The review as text lines for the reviewed seat only: its views and its moves. `names`:
    the seats' names as the caller shows them."""
    game = games.get(review.game)
    file = session.file.name if session.file is not None else ""
    out = [say("review.title", lang, file=file, name=names[review.seat], game=game.name(lang))]
    out += summary(review, lang)
    out += ["", say("review.chart", lang), chart_line(review.chart), ""]
    key = review.key_moments()
    out.append(say("review.moments", lang) if key else say("review.no_moments", lang))
    reviewer = reviewer_of(session, review)
    for k, m in enumerate(key, start=1):
        before = before_of(session, m)
        out += moment_lines(reviewer, before, m, k, lang, names)
        out.append(reply_line(reviewer, before, m, lang, names))
        if positions:
            view = session.rules.view(before, review.seat)  # the position as the seat saw it
            out.append(say("review.seen", lang))
            out += ["      " + line for line in session.rules.render_text(view, lang, names).splitlines()]
    s = review.settings
    out += ["", say("review.method", lang, worlds=min(s.first_worlds, s.worlds), max=s.max_worlds)]
    return out


def reviewer_of(session: GameSession, review: Review) -> Reviewer:
    """The reviewer that made `review` (its seat and settings), to look at its moments again."""
    hides = games.get(review.game).hidden_information
    return Reviewer(session.rules, review.seat, review.settings, hides)


def before_of(session: GameSession, m: Moment) -> object:
    """The true state the decision of `m` was made in: pass it only to what turns it into the
    seat's view (core/review/moment.py, `rules.view`)."""
    return session.state_of(session.parent[m.seq])


def moment_lines(reviewer: Reviewer, before: object, m: Moment, k: int, lang: str,
                 names: list[str]) -> list[str]:
    """A key moment: its verdict, the move played and the better one, in the player's words."""
    rules = reviewer.rules
    game = games.get(rules.game_id)
    view = rules.view(before, reviewer.seat)  # the position as the seat saw it, nothing more
    assert m.loss is not None and m.played_value is not None and m.better_value is not None
    out = [say("review.moment", lang, k=k, move=m.move, round=game.round_text("label", lang, k=m.round),
               verdict=say(f"review.verdict.{m.verdict}", lang), loss=_num(m.loss.mean),
               half=_num(m.loss.half))]
    played = _words(rules, view, m.played, lang)
    better = _words(rules, view, m.better, lang)
    out.append(say("review.played", lang, move=played, value=_num(m.played_value.mean),
                   half=_num(m.played_value.half)))
    out.append(say("review.better", lang, move=better, value=_num(m.better_value.mean),
                   half=_num(m.better_value.half)))
    return out


def reply_line(reviewer: Reviewer, before: object, m: Moment, lang: str, names: list[str],
               reply: Reply | None = None, head: str = "") -> str:
    """What the better move leads to: the others' likely reply, as the seat would see it.
    `head`: the key moment's screen's words before it ("" for `evo review`'s line)."""
    if reply is None:
        reply = follow(reviewer, before, reviewer.rules.parse_action(m.better), m.seq, m.worlds, m.stage)
    key = "review.reply_short" if head else "review.reply"
    if reply.reply < 0:
        return say(f"{key}_none", lang, head=head)
    _, steps = replayed(reviewer, before, reply, m.seq)
    step = steps[reply.reply + 1]  # the better move itself comes first
    said = narrated(reviewer.rules, step, reviewer.seat, lang, names)
    return say(key, lang, head=head, share=reply.share, worlds=reply.worlds, name=names[step.seat],
               move=said if said is not None else say("review.reply_unseen", lang))


def tried_line(t: Tried, rules: AnyRuleset, view: object, lang: str) -> str:
    """A tried move's verdict in words: accepted (not clearly worse than the best) or not."""
    args = {"move": _words(rules, view, t.move, lang), "value": _num(t.value.mean),
            "best": _words(rules, view, t.best, lang), "best_value": _num(t.best_value.mean),
            "loss": _num(abs(t.loss.mean)), "half": _num(t.loss.half)}
    if not t.good:
        return say("review.try.worse", lang, **args)
    if t.move == t.best:
        return say("review.try.best", lang, **args)
    return say("review.try.good" if t.loss.mean >= 0.05 else "review.try.better", lang, **args)
def _words(rules: AnyRuleset, view: object, notation: str, lang: str) -> str:
    """A move in the player's words (the game's reason for it), from the seat's view."""
    return say_move(rules, view, rules.parse_action(notation), lang)
