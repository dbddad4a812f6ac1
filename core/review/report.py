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
from typing import Any

import msgspec

from core import games
from core.bots.hint import say_move
from core.review.analysis import VERSION, Moment, Progress, Review, Reviewer, Settings
from core.textdata import TextTable

TEXTS = Path(__file__).with_name("texts.toml")
SPARKS = "▁▂▃▄▅▆▇█"
CHART_WIDTH = 60


@cache
def _table() -> TextTable:
    return TextTable(TEXTS)


def say(key: str, lang: str, **args: Any) -> str:
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


def review_save(session: Any, seat: int, settings: Settings, use_cache: bool = True,
                progress: Progress | None = None) -> tuple[Review, bool]:
    """The review of `seat` in a loaded session, and whether it came from the cache."""
    save = session.file
    digest = hashlib.sha256(save.read_bytes()).hexdigest() if save is not None else ""
    key = _key(digest, seat, settings)
    stored = _read_cache(cache_path(save)) if save is not None and use_cache else {}
    if key in stored:
        return stored[key], True
    game = games.get(session.header.game)
    reviewer = Reviewer(session.rules, seat, settings, game.hidden_information)
    review = reviewer.run(session.state_of(0), session.moves_on_line(), progress)
    if save is not None and use_cache:
        stored[key] = review
        _write_cache(cache_path(save), stored)
    return review, False


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


def tell(session: Any, review: Review, lang: str, names: list[str], positions: bool = True) -> list[str]:
    """The review as text lines for the reviewed seat only: its views and its moves. `names`:
    the seats' names as the caller shows them."""
    game = games.get(review.game)
    file = session.file.name if session.file is not None else ""
    out = [say("review.title", lang, file=file, name=names[review.seat], game=game.name(lang))]
    if review.result is None:
        out.append(say("review.unfinished", lang))
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
    out += ["", say("review.chart", lang), chart_line(review.chart), ""]
    key = review.key_moments()
    out.append(say("review.moments", lang) if key else say("review.no_moments", lang))
    for k, m in enumerate(key, start=1):
        out += _moment(session, review, m, k, lang, names, positions)
    s = review.settings
    out += ["", say("review.method", lang, worlds=s.worlds, max=s.max_worlds)]
    return out


def _moment(session: Any, review: Review, m: Moment, k: int, lang: str, names: list[str],
            positions: bool) -> list[str]:
    rules = session.rules
    game = games.get(review.game)
    before = session.state_of(session.parent[m.seq])
    view = rules.view(before, review.seat)  # the position as the seat saw it, nothing more
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
    if positions:
        out.append(say("review.seen", lang))
        out += ["      " + line for line in rules.render_text(view, lang, names).splitlines()]
    return out


def _words(rules: Any, view: Any, notation: str, lang: str) -> str:
    """A move in the player's words (the game's reason for it), from the seat's view."""
    return say_move(rules, view, rules.parse_action(notation), lang)
