"""Scenario files (TOML): a position, then steps with actions and expectations (docs/scenarios.md).

The engine part is game-agnostic: the game's scenario adapter (its descriptor's `scenario`)
turns the `[position]` table into a state and describes a state as flat facts that steps
compare with `expect`. Every step may:

    do = "<action>"               play it (it must be legal unless `illegal` is given)
    illegal = "<rule id>"         `do` must be refused, citing this rule; the state must not change
    legal = [...]                 the exact set of legal actions, in notation
    legal_has / legal_lacks       actions that must / must not be legal
    emitted = [...]               event tags that the action must emit, in this order (a subsequence)
    not_emitted = [...]           event tags that the action must not emit
    expect = { fact = value }     facts after the step
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import msgspec

from core import games
from core.engine.protocol import IllegalAction
from core.engine.session import GameSession, SessionError


class ScenarioError(AssertionError):
    """A scenario whose expectation failed, or that is malformed; the message says where."""


class Scenario(msgspec.Struct):
    path: str
    title: str
    game: str
    rulings: list[str]
    position: dict[str, Any]
    steps: list[dict[str, Any]]
    seed: int = 0


_STEP_KEYS = {"do", "illegal", "legal", "legal_has", "legal_lacks", "emitted", "not_emitted",
              "expect", "note"}


_TYPES: dict[str, tuple[type, ...]] = {  # a key's allowed types, and how to say them
    "title": (str,), "game": (str,), "rulings": (list,), "position": (dict,), "steps": (list,),
    "seed": (int,), "do": (str,), "illegal": (str,), "legal": (list,), "legal_has": (list,),
    "legal_lacks": (list,), "emitted": (list,), "not_emitted": (list,), "expect": (dict,),
    "note": (str,),
}
_SAID = {str: "a string", list: "a list", dict: "a table", int: "a whole number"}


def _check_type(p: Path, where: str, key: str, value: Any) -> None:
    kinds = _TYPES[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ScenarioError(f"{p}: {where}`{key}` must be {_SAID[kinds[0]]}")
    if kinds[0] is list and key != "steps" and not all(isinstance(v, str) for v in value):
        raise ScenarioError(f"{p}: {where}`{key}` must be a list of strings")


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file: every key known and of its type (one line naming the
    file, the key and the problem otherwise)."""
    from core.engine.journal import JournalError, read_bytes

    p = Path(path)
    try:
        raw = read_bytes(p, "scenarios")
    except JournalError as exc:
        raise ScenarioError(f"{p}: cannot read the scenario ({exc.problem})") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ScenarioError(f"{p}: cannot read the scenario (not UTF-8 text)") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{p}: cannot read the scenario ({exc})") from None
    unknown = set(data) - {"title", "game", "rulings", "position", "steps", "seed"}
    if unknown:
        raise ScenarioError(f"{p}: unknown top-level key(s): {', '.join(sorted(unknown))}")
    for key, value in data.items():
        _check_type(p, "", key, value)
    if not data.get("game"):
        raise ScenarioError(f"{p}: `game` names no game (known: {', '.join(games.ids())})")
    for i, step in enumerate(data.get("steps", []), 1):
        if not isinstance(step, dict):
            raise ScenarioError(f"{p}: step {i} must be a table")
        bad = set(step) - _STEP_KEYS
        if bad:
            raise ScenarioError(f"{p}: step {i}: unknown key(s): {', '.join(sorted(bad))}")
        for key, value in step.items():
            _check_type(p, f"step {i}: ", key, value)
    return Scenario(
        str(p), data.get("title", p.stem), data["game"], list(data.get("rulings", [])),
        data.get("position", {}), list(data.get("steps", [])), int(data.get("seed", 0)),
    )


def scenario_position(sc: Scenario) -> tuple[Any, Any]:
    """The game's rules and the state the scenario's `[position]` describes."""
    try:
        game = games.get(sc.game)
    except games.UnknownGame as exc:
        raise ScenarioError(f"{sc.path}: {exc}") from None
    try:
        state = game.scenarios.state(sc.position, sc.seed)
    except (ValueError, KeyError, TypeError) as exc:
        raise ScenarioError(f"{sc.path}: bad position: {exc}") from None
    return game.ruleset, state


def start_session(sc: Scenario, path: str | Path | None = None) -> GameSession:
    """A session standing at the scenario's position (journaled at `path` if given)."""
    rules, state = scenario_position(sc)
    seats = rules.seat_count(state)
    options = games.get(sc.game).scenarios.options(state)
    try:
        return GameSession.new(sc.game, seats=seats, options=options, seed=sc.seed, position=state,
                               path=path, durable=False)
    except (SessionError, ValueError) as exc:
        raise ScenarioError(f"{sc.path}: bad position: {exc}") from None


def run_scenario(sc: Scenario) -> GameSession:
    """Run every step; raises ScenarioError at the first expectation that fails."""
    session = start_session(sc)
    rules = session.rules
    facts_of = games.get(sc.game).scenarios.facts
    for i, step in enumerate(sc.steps, 1):
        where = f"{sc.path}: step {i}"
        events: list[Any] = []
        if "do" in step:
            try:
                action = rules.parse_action(step["do"])
            except ValueError as exc:
                raise ScenarioError(f"{where}: cannot parse '{step['do']}': {exc}") from None
            if "illegal" in step:
                _check_refusal(rules, session.state, action, step, where)
            else:
                try:
                    events = session.act(action)
                except IllegalAction as exc:
                    raise ScenarioError(f"{where}: '{step['do']}' was refused: {exc}") from None
        _check_legal(session, step, where)
        tags = [type(e).__struct_config__.tag for e in events]
        if "emitted" in step:
            it = iter(tags)
            if not all(t in it for t in step["emitted"]):
                raise ScenarioError(f"{where}: expected events {step['emitted']} in order, got {tags}")
        unwanted = set(step.get("not_emitted", [])) & set(tags)
        if unwanted:
            raise ScenarioError(f"{where}: unexpected events {sorted(unwanted)} in {tags}")
        facts = facts_of(session.state)
        for key, want in step.get("expect", {}).items():
            got = facts.get(key, _MISSING)
            if got is _MISSING and key.endswith(".exists"):
                got = False
            if got != want:
                shown = "absent" if got is _MISSING else repr(got)
                raise ScenarioError(f"{where}: {key} is {shown}, expected {want!r}")
    return session


_MISSING = object()


def _check_refusal(rules: Any, state: Any, action: Any, step: dict[str, Any], where: str) -> None:
    """`apply` must refuse, cite the expected rule, and leave the state it was given as it was."""
    work = rules.clone(state)
    before = msgspec.msgpack.encode(work)
    try:
        rules.apply(work, action)
    except IllegalAction as exc:
        if exc.rule_id != step["illegal"]:
            raise ScenarioError(f"{where}: refused citing {exc.rule_id}, expected "
                                f"{step['illegal']} ({exc.message})") from None
        if msgspec.msgpack.encode(work) != before:
            raise ScenarioError(f"{where}: the refused action changed the state") from None
    else:
        raise ScenarioError(f"{where}: '{step['do']}' was accepted, expected a refusal "
                            f"citing {step['illegal']}")


def _check_legal(session: GameSession, step: dict[str, Any], where: str) -> None:
    if not {"legal", "legal_has", "legal_lacks"} & set(step):
        return
    fmt = session.rules.format_action
    legal = {fmt(a) for a in session.legal_actions()}
    if "legal" in step and legal != set(step["legal"]):
        missing = sorted(set(step["legal"]) - legal)
        extra = sorted(legal - set(step["legal"]))
        raise ScenarioError(f"{where}: legal actions differ; missing {missing}, unexpected {extra}")
    for a in step.get("legal_has", []):
        if a not in legal:
            raise ScenarioError(f"{where}: '{a}' should be legal; legal are {sorted(legal)}")
    for a in step.get("legal_lacks", []):
        if a in legal:
            raise ScenarioError(f"{where}: '{a}' should not be legal")
