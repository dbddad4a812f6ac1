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

import re
import tomllib
from pathlib import Path

import msgspec

from core.engine import registry
from core.engine.protocol import Action, AnyRuleset, Event, Facts, IllegalAction
from core.engine.rng import seed_problem
from core.engine.session import GameSession, SessionError


class ScenarioError(AssertionError):
    """A scenario whose expectation failed, or that is malformed; the message says where, in
    one line: `file:line: problem` (the line of the step, or of what is wrong in the file)."""


class ScenarioFileError(ScenarioError):
    """A scenario file that cannot be used at all: unreadable, not TOML, a key unknown or of
    the wrong type, a position the game cannot be in (`evo scenario --check` exits 2)."""


class Step(msgspec.Struct, frozen=True):
    """One `[[steps]]` table (the module's docstring); a key left out is None."""

    do: str | None = None
    illegal: str | None = None
    legal: list[str] | None = None
    legal_has: list[str] = []
    legal_lacks: list[str] = []
    emitted: list[str] | None = None
    not_emitted: list[str] = []
    expect: Facts = {}
    note: str = ""

    def checks(self) -> bool:
        """Whether the step checks anything (besides playing its `do`)."""
        return bool(self.expect or self.legal is not None or self.legal_has or self.legal_lacks
                    or self.illegal is not None or self.emitted is not None or self.not_emitted)


class Scenario(msgspec.Struct):
    path: str
    title: str
    game: str
    rulings: list[str]
    position: dict[str, object]  # the `[position]` table, read into the game's schema
    steps: list[Step]
    seed: int = 0
    lines: dict[str, int] = {}  # where things are in the file: "position", "step 3", "seed" …
    lesson: dict[str, object] = {}  # a lesson's `[lesson]` table, read by core.lessons

    def where(self, what: str = "") -> str:
        """`file:line` of a part of the file; a part that is missing, or written in a way the
        line finder does not know, is said to be at line 1."""
        line = self.lines.get(what, 0) or (self.lines.get("steps", 0) if what.startswith("step ")
                                           else 0)
        return f"{self.path}:{line or 1}"


_TOML_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")


def _lines(text: str) -> dict[str, int]:
    """The line of each top-level key or table, and of each `[[steps]]` table, in a TOML text
    (for messages; a key written in an unusual way is simply not found)."""
    out: dict[str, int] = {}
    steps = 0
    in_table = False
    for no, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        m = re.match(r'\[\[?\s*"?([A-Za-z0-9_-]+)', stripped)
        if m:  # a table header: [position], [position.attack], [[steps]]
            in_table = True
            if stripped.startswith("[[") and m.group(1) == "steps":
                steps += 1
                out[f"step {steps}"] = no
            out.setdefault(m.group(1), no)
            continue
        m = re.match(r'"?([A-Za-z0-9_-]+)"?\s*=', stripped)
        if m and not in_table:  # a top-level key
            out.setdefault(m.group(1), no)
    return out


_STEP_KEYS = {"do", "illegal", "legal", "legal_has", "legal_lacks", "emitted", "not_emitted",
              "expect", "note"}


_TYPES: dict[str, tuple[type, ...]] = {  # a key's allowed types, and how to say them
    "title": (str,), "game": (str,), "rulings": (list,), "position": (dict,), "steps": (list,),
    "seed": (int,), "do": (str,), "illegal": (str,), "legal": (list,), "legal_has": (list,),
    "legal_lacks": (list,), "emitted": (list,), "not_emitted": (list,), "expect": (dict,),
    "note": (str,), "lesson": (dict,),
}
_SAID = {str: "a string", list: "a list", dict: "a table", int: "a whole number"}


def _check_type(sc: Scenario, part: str, where: str, key: str, value: object) -> None:
    kinds = _TYPES[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ScenarioFileError(f"{sc.where(part or key)}: {where}`{key}` must be {_SAID[kinds[0]]}")
    if isinstance(value, list) and key != "steps" and not all(isinstance(v, str) for v in value):
        raise ScenarioFileError(f"{sc.where(part or key)}: {where}`{key}` must be a list of strings")


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file: every key known and of its type (one line naming the
    file, the line and the problem otherwise: ScenarioFileError)."""
    from core.engine.journal import JournalError, read_bytes

    p = Path(path)
    try:
        raw = read_bytes(p, "scenarios")
    except JournalError as exc:
        raise ScenarioFileError(f"{p}: cannot read the scenario ({exc.problem})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ScenarioFileError(f"{p}:{line}: cannot read the scenario (not UTF-8 text)") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc).splitlines()[0] if str(exc) else "not TOML"
        m = _TOML_AT.search(message)
        end = text.count("\n") + (0 if text.endswith("\n") else 1)  # "(at end of document)"
        where = f"{p}:{m.group(1) if m else max(end, 1)}"
        message = message.replace(" (at end of document)", "")
        raise ScenarioFileError(f"{where}: cannot read the scenario ({_TOML_AT.sub('', message)})") from None
    sc = Scenario(str(p), p.stem, "", [], {}, [], lines=_lines(text))
    unknown = set(data) - {"title", "game", "rulings", "position", "steps", "seed", "lesson"}
    if unknown:
        first = min(unknown, key=lambda k: sc.lines.get(k, 0))
        raise ScenarioFileError(f"{sc.where(first)}: unknown top-level key(s): "
                                f"{', '.join(sorted(unknown))}")
    for key, value in data.items():
        _check_type(sc, "", "", key, value)
    if not data.get("game"):
        raise ScenarioFileError(f"{sc.where('game')}: `game` names no game "
                                f"(known: {', '.join(registry.ids())})")
    try:
        registry.get(data["game"])
    except registry.UnknownGame as exc:
        raise ScenarioFileError(f"{sc.where('game')}: {exc}") from None
    why = seed_problem(data.get("seed", 0))
    if why is not None:
        raise ScenarioFileError(f"{sc.where('seed')}: `seed` {why}")
    for i, step in enumerate(data.get("steps", []), 1):
        if not isinstance(step, dict):
            raise ScenarioFileError(f"{sc.where(f'step {i}')}: step {i} must be a table")
        bad = set(step) - _STEP_KEYS
        if bad:
            raise ScenarioFileError(f"{sc.where(f'step {i}')}: step {i}: unknown key(s): "
                                    f"{', '.join(sorted(bad))}")
        for key, value in step.items():
            _check_type(sc, f"step {i}", f"step {i}: ", key, value)
        if "illegal" in step and "do" not in step:
            raise ScenarioFileError(f"{sc.where(f'step {i}')}: step {i}: `illegal` needs the "
                                    "`do` that must be refused")
    sc.title = data.get("title", p.stem)
    sc.game = data["game"]
    sc.rulings = list(data.get("rulings", []))
    sc.position = data.get("position", {})
    sc.steps = [msgspec.convert(step, Step) for step in data.get("steps", [])]  # checked above
    sc.seed = int(data.get("seed", 0))
    sc.lesson = data.get("lesson", {})
    return sc


def _why(exc: Exception) -> str:
    """An exception from reading a position, as words (a KeyError's text is just the key)."""
    if isinstance(exc, KeyError):
        return f"missing or unknown {exc}"
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, TypeError | AttributeError | IndexError):
        return f"a value of the wrong kind ({text})"
    return text


def scenario_position(sc: Scenario) -> tuple[AnyRuleset, object]:
    """The game's rules and the state the scenario's `[position]` describes, checked: every
    key of the game's position schema and of its type, and a position the game can be in (the
    game's invariants, `GameDescriptor.check_position`). A position
    that is not raises ScenarioFileError naming the file and the `[position]` line."""
    where = sc.where("position")
    try:
        game = registry.get(sc.game)
    except registry.UnknownGame as exc:
        raise ScenarioFileError(f"{sc.where('game')}: {exc}") from None
    adapter = game.scenarios
    if adapter is None:
        raise ScenarioFileError(f"{sc.where('game')}: {sc.game} has no scenario files")
    try:
        state = adapter.state(sc.position, sc.seed)
        msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=game.ruleset.state_type)
        game.check_position(state)
    except msgspec.ValidationError as exc:
        raise ScenarioFileError(f"{where}: bad position: a value of the wrong kind ({exc})") from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError,
            RecursionError) as exc:
        raise ScenarioFileError(f"{where}: bad position: {_why(exc)}") from None
    return game.ruleset, state


def start_session(sc: Scenario, path: str | Path | None = None) -> GameSession:
    """A session standing at the scenario's position (journaled at `path` if given)."""
    rules, state = scenario_position(sc)
    seats = rules.seat_count(state)
    adapter = registry.get(sc.game).scenarios
    assert adapter is not None  # scenario_position refused a game without scenario files
    options = adapter.options(state)
    try:
        return GameSession.new(sc.game, seats=seats, options=options, seed=sc.seed, position=state,
                               path=path, durable=False)
    except (SessionError, ValueError) as exc:
        raise ScenarioFileError(f"{sc.where('position')}: bad position: {exc}") from None


def run_scenario(sc: Scenario) -> GameSession:
    """Run every step; raises ScenarioError at the first expectation that fails."""
    session = start_session(sc)
    rules = session.rules
    adapter = registry.get(sc.game).scenarios
    assert adapter is not None  # start_session refused a game without scenario files
    facts_of = adapter.facts
    for i, step in enumerate(sc.steps, 1):
        where = f"{sc.where(f'step {i}')}: step {i}"
        events: list[Event] = []
        if step.do is not None:
            try:
                action = rules.parse_action(step.do)
            except ValueError as exc:
                raise ScenarioError(f"{where}: cannot parse '{step.do}': {exc}") from None
            if step.illegal is not None:
                _check_refusal(rules, session.state, action, step.do, step.illegal, where)
            else:
                try:
                    events = session.act(action)
                except IllegalAction as exc:
                    raise ScenarioError(f"{where}: '{step.do}' was refused: {exc}") from None
        _check_legal(session, step, where)
        tags = [type(e).__struct_config__.tag for e in events]
        if step.emitted is not None:
            it = iter(tags)
            if not all(t in it for t in step.emitted):
                raise ScenarioError(f"{where}: expected events {step.emitted} in order, got {tags}")
        unwanted = set(step.not_emitted) & set(tags)
        if unwanted:
            raise ScenarioError(f"{where}: unexpected events {sorted(unwanted)} in {tags}")
        facts = facts_of(session.state)
        for key, want in step.expect.items():
            got = facts.get(key, _MISSING)
            if got is _MISSING and key.endswith(".exists"):
                got = False
            if got != want:
                shown = "absent" if got is _MISSING else repr(got)
                raise ScenarioError(f"{where}: {key} is {shown}, expected {want!r}")
    return session


_MISSING = object()


def _check_refusal(rules: AnyRuleset, state: object, action: Action, do: str, illegal: str,
                   where: str) -> None:
    """`apply` must refuse, cite the expected rule, and leave the state it was given as it was."""
    work = rules.clone(state)
    before = msgspec.msgpack.encode(work)
    try:
        rules.apply(work, action)
    except IllegalAction as exc:
        if exc.rule_id != illegal:
            raise ScenarioError(f"{where}: refused citing {exc.rule_id}, expected "
                                f"{illegal} ({exc.message})") from None
        if msgspec.msgpack.encode(work) != before:
            raise ScenarioError(f"{where}: the refused action changed the state") from None
    else:
        raise ScenarioError(f"{where}: '{do}' was accepted, expected a refusal citing {illegal}")


def _check_legal(session: GameSession, step: Step, where: str) -> None:
    if step.legal is None and not step.legal_has and not step.legal_lacks:
        return
    fmt = session.rules.format_action
    legal = {fmt(a) for a in session.legal_actions()}
    if step.legal is not None and legal != set(step.legal):
        missing = sorted(set(step.legal) - legal)
        extra = sorted(legal - set(step.legal))
        raise ScenarioError(f"{where}: legal actions differ; missing {missing}, unexpected {extra}")
    for a in step.legal_has:
        if a not in legal:
            raise ScenarioError(f"{where}: '{a}' should be legal; legal are {sorted(legal)}")
    for a in step.legal_lacks:
        if a in legal:
            raise ScenarioError(f"{where}: '{a}' should not be legal")
