"""The compiled search (core/native.py, issue #26): loaded only while every source is as the build
read it, off on request, and — where this checkout is built, as `make test` does first — the
same search as the sources': the same visits and values of every root move in every game."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core import games, native
from core.native_build import modules

ROOT = Path(__file__).resolve().parents[2]

# One search per game over its first bench position: each root move's visits and mean value.
_SEARCH = """
import json, random, sys
from core.bots.bench import _decider, positions
from core.bots.mcts import LEVELS, search
from core.games import load
out = {}
for game in sys.argv[1:]:
    rules = load(game)
    s = positions(game, 1)[0]
    legal = rules.legal_actions(s)
    result = search(rules, rules.view(s, _decider(rules, s)), legal, random.Random(7), LEVELS["easy"])
    out[game] = [[str(a), v, round(m, 12)] for a, v, m in result.stats(legal)]
print(json.dumps({"state": __import__("core.native").native.STATE, "stats": out}))
"""


def _run(script: str, *args: str, **env: str) -> dict:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _tree(tmp_path: Path) -> Path:
    for name, text in {"a.py": "A = 1\n", "b.py": "B = 2\n", "sub/c.py": "C = 3\n"}.items():
        path = tmp_path / "core" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return tmp_path


def _manifest(root: Path) -> dict[str, object]:
    return {"version": native.VERSION, "tag": native.tag(), "root": str(root),
            "sources": native.sources(root), "compiled": [], "modules": {}}


def test_a_build_is_current_only_while_every_source_is_as_it_read_it(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    manifest = _manifest(root)
    assert sorted(manifest["sources"]) == ["core/a.py", "core/b.py", "core/sub/c.py"]  # type: ignore[call-overload]
    assert native.why_not(manifest, root) is None

    (root / "core/sub/c.py").write_text("C = 4\n")  # the same size: the time tells
    os.utime(root / "core/sub/c.py", ns=(1, 1))
    assert native.why_not(manifest, root) == "core/sub/c.py changed since the build"

    manifest = _manifest(root)
    (root / "core/d.py").write_text("")
    assert native.why_not(manifest, root) == "core/d.py is new"
    (root / "core/d.py").unlink()
    (root / "core/a.py").unlink()
    assert native.why_not(manifest, root) == "core/a.py is gone"


def test_a_build_for_other_sources_or_another_python_is_not_loaded(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    manifest = _manifest(root)
    assert native.why_not(manifest, tmp_path / "elsewhere") == f"built for the sources in {root}"
    assert native.why_not({**manifest, "tag": "cpython-310"}, root) \
        == "built for another Python or manifest"


def test_check_says_what_a_build_folder_holds(tmp_path: Path) -> None:
    """`check`: no manifest, an unreadable one, one for other sources, and a current one (only
    that one comes back, for `install` to load)."""
    assert native.check(tmp_path) == ("unbuilt", "off: not built (make native)", None)
    manifest = tmp_path / "manifest.json"
    manifest.write_text("{")
    kind, state, got = native.check(tmp_path)
    assert (kind, got) == ("stale", None) and state.startswith("off: the build's manifest is unreadable")
    current = {**_manifest(native.ROOT), "compiled": ["core.bots.mcts"]}
    manifest.write_text(json.dumps({**current, "root": "/elsewhere"}))
    assert native.check(tmp_path) == ("stale", "off: built for the sources in /elsewhere (make native)", None)
    manifest.write_text(json.dumps(current))
    assert native.check(tmp_path) == ("on", "on: 1 modules compiled", current)


def test_evo_native_0_turns_it_off() -> None:
    got = _run("import core.native, json; print(json.dumps(core.native.STATE))", EVO_NATIVE="0")
    assert got == "off: EVO_NATIVE=0"


def test_every_module_named_for_compiling_is_a_module_of_core() -> None:
    names = modules()
    assert len(names) == len(set(names))
    assert set(native.ENGINE_MODULES) <= set(names)
    for game in games.ids():
        assert any(n.startswith(f"core.games.{game}.") for n in names), game
    for name in names:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name


def test_the_compiled_search_is_the_search_of_the_sources() -> None:
    if not native.STATE.startswith("on"):
        pytest.skip(f"this checkout's search is not compiled ({native.STATE})")
    import core.bots.mcts

    assert core.bots.mcts.__file__ is not None
    assert core.bots.mcts.__file__.endswith(importlib.machinery.EXTENSION_SUFFIXES[0])
    ids = games.ids()
    compiled = _run(_SEARCH, *ids)
    sources = _run(_SEARCH, *ids, EVO_NATIVE="0")
    assert compiled["state"].startswith("on") and sources["state"] == "off: EVO_NATIVE=0"
    for game in ids:
        assert compiled["stats"][game] == sources["stats"][game], game
        assert sum(v for _, v, _ in compiled["stats"][game]) > 0


def test_a_class_deriving_from_a_compiled_class_is_compiled_too() -> None:
    """A compiled class cannot be subclassed by interpreted code, so every subclass of a class
    in a module named for compiling must be in such a module too: a game that names its flow
    but not its transaction would fail only once built."""
    import importlib
    import inspect
    import pkgutil

    import core

    named = set(modules())
    found = []
    for info in pkgutil.walk_packages(core.__path__, "core."):
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != info.name or info.name in named:
                continue
            found += [f"{info.name}.{cls.__name__} derives from {base.__module__}.{base.__name__}"
                      for base in cls.__mro__[1:] if base.__module__ in named]
    assert found == []


# Every class of the modules named for compiling, read from the sources: a name a class gives
# as anything but a plain function where a base of it has a plain function.
_OVERRIDES = """
import importlib, inspect, json, sys
found = []
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    for _, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ != name:
            continue
        for attr, value in vars(cls).items():
            if inspect.isfunction(value) or attr.startswith("__"):
                continue
            for base in cls.__mro__[1:]:
                if inspect.isfunction(vars(base).get(attr)):
                    found.append(f"{name}.{cls.__name__}.{attr} hides {base.__name__}.{attr}")
print(json.dumps(found))
"""


def test_a_compiled_class_overrides_a_method_only_with_a_method() -> None:
    """A compiled subclass does not take `defences = staticmethod(f)` (or any value) as the
    override of its base's method: the compiled base goes on calling its own. The kit's flows
    gave two that way, which raised NotImplementedError only once built."""
    assert _run(_OVERRIDES, *modules(), EVO_NATIVE="0") == []


_ERASED = '''
from dataclasses import dataclass, field


@dataclass
class Player:
    hand: list[int] = field(default_factory=list)


@dataclass
class State:
    players: list[Player]
    best: Player | None = None
'''


def test_a_compiled_dataclass_gets_back_the_annotations_msgspec_reads(tmp_path: Path) -> None:
    """mypyc leaves a compiled dataclass only its annotations' runtime classes (`list`,
    `type`): loaded so, msgspec would read a saved state's players back as dicts. The loader
    gives it the source's annotations (here erased by hand, as mypyc does)."""
    import types
    import typing

    import msgspec

    source = tmp_path / "fake" / "state.py"
    source.parent.mkdir()
    source.write_text(_ERASED, encoding="utf-8")
    module = types.ModuleType("fake.state")
    sys.modules["fake.state"] = module  # (a dataclass looks its module up as it is made)
    try:
        exec(compile(_ERASED, str(source), "exec"), vars(module))
        module.State.__annotations__ = {"players": list, "best": type}
        module.Player.__annotations__ = {"hand": list}
        assert typing.get_type_hints(module.State) == {"players": list, "best": type}
        native.declared_annotations(module, tmp_path)
        assert module.State.__annotations__ == {"players": "list[Player]",
                                                "best": "Player | None"}
        assert typing.get_type_hints(module.Player) == {"hand": list[int]}
        text = b'{"players":[{"hand":[3]}],"best":{"hand":[]}}'
        state = msgspec.json.decode(text, type=module.State)
        assert state == module.State([module.Player([3])], module.Player([]))
        assert msgspec.json.encode(state) == text
    finally:
        del sys.modules["fake.state"]


def test_a_games_compiled_dataclasses_have_their_declared_annotations() -> None:
    """Whichever way a game's compiled modules were first imported (mypyc's own code imports
    those another compiled module needs, past the loader), its ruleset declares them."""
    if not native.STATE.startswith("on"):
        pytest.skip(f"this checkout's search is not compiled ({native.STATE})")
    script = """
import dataclasses, importlib, json, sys, typing
from core import games, native
import core.games.magic.bot  # compiled first, as a search would: it imports the state itself
seen = {}
for game in games.ids():
    d = games.get(game)
    games.load(game)
    for name in [*native.ENGINE_MODULES, *(f"{d.package}.{m}" for m in d.native)]:
        module = sys.modules.get(name)
        if module is None:  # not needed by the ruleset (nor by anything imported yet)
            continue
        for value in vars(module).values():
            if isinstance(value, type) and dataclasses.is_dataclass(value):
                hints = typing.get_type_hints(value)
                seen[f"{value.__module__}.{value.__qualname__}"] = [
                    str(h) for h in hints.values() if h in (list, dict, type)]
print(json.dumps(seen))
"""
    seen = _run(script)
    states = {"magic.state.MagicState", "magic.state.Creature", "gravity.state.GravityState",
              "classic.state.ClassicState", "classic.state.Animal", "newworld.state.NewWorldState",
              "newworld.state.Animal", "northstar.state.NorthStarState"}
    assert {f"core.games.{name}" for name in states} | {"core.kits.evolution.state.Animal"} <= set(seen)
    assert all(not erased for erased in seen.values()), seen


def _init_of(module_name: str, cls: str) -> ast.FunctionDef | None:
    path = ROOT / (module_name.replace(".", "/") + ".py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return item
    return None


@pytest.mark.parametrize("module_name", [m for m in modules() if m.endswith(".state")])
def test_a_compiled_state_class_writes_out_its_init_as_its_fields(module_name: str) -> None:
    """dataclasses' generated `__init__` is interpreted even in a compiled class, 4× slower than
    mypyc's, and a clone builds every object of a state through it; so each state class writes
    its own (docs/bots.md), which must take the fields in order, with their defaults (None for a
    field made by a factory, which it then makes) and set every one."""
    module = importlib.import_module(module_name)
    checked = 0
    for cls in vars(module).values():
        if not (isinstance(cls, type) and cls.__module__ == module_name
                and dataclasses.is_dataclass(cls)) or cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            continue
        init = _init_of(module_name, cls.__name__)
        assert init is not None, f"{cls.__name__} has no __init__ of its own"
        fields = dataclasses.fields(cls)
        args = init.args.args[1:]
        assert [a.arg for a in args] == [f.name for f in fields], cls.__name__
        defaults = [None] * (len(args) - len(init.args.defaults)) + list(init.args.defaults)
        sets: dict[str, ast.expr] = {}
        handed: list[str] = []  # fields the base's init sets (and its own test checks)
        body = init.body
        if body and isinstance(body[0], ast.Expr) and ast.unparse(body[0]).startswith("super().__init__("):
            # a subclass hands its base's fields, in order, to the base's own (written-out) init
            call = body[0].value
            assert isinstance(call, ast.Call)
            base = [f.name for f in dataclasses.fields(cls.__mro__[1])]
            assert [ast.unparse(a) for a in call.args] == base, cls.__name__
            assert _init_of(cls.__mro__[1].__module__, cls.__mro__[1].__name__) is not None
            handed = base
            sets = {name: ast.Name(name) for name in base}
            body = body[1:]
        for st in body:
            assert isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Attribute)
            sets[st.targets[0].attr] = st.value
        assert list(sets) == [f.name for f in fields], cls.__name__
        for f, default in zip(fields, defaults, strict=True):
            where = f"{cls.__name__}.{f.name}"
            if f.name in handed:
                continue
            if f.default_factory is not dataclasses.MISSING:
                assert default is not None and ast.literal_eval(default) is None, where
                made = sets[f.name]
                assert isinstance(made, ast.IfExp), where
                assert ast.unparse(made.test) == f"{f.name} is None", where
                assert ast.unparse(made.orelse) == f.name, where
                assert ast.literal_eval(made.body) == f.default_factory(), where
            elif f.default is not dataclasses.MISSING:
                assert default is not None and ast.literal_eval(default) == f.default, where
                assert isinstance(sets[f.name], ast.Name) and sets[f.name].id == f.name, where
            else:
                assert default is None, where
                assert isinstance(sets[f.name], ast.Name) and sets[f.name].id == f.name, where
        checked += 1
    assert checked
