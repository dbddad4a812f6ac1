"""The search's hot modules compiled to C by mypyc (issue #26: simulations per second).

The same sources, compiled: a search visits the same tree move for move, one and a half to two
times as fast. `make native` builds them into the virtual environment (`make play` starts that
in the background, `make test` before the tests), and importing `core` loads them in place of
their sources only while every source of `core` is as the build read it — an edited module is
never shadowed by a stale build (the compiled modules call each other directly, so one changed
source turns off all of them). `EVO_NATIVE=0` turns them off; `evo bench` says which is in use.

Which modules: the engine's below, and each game's `GameDescriptor.native` (its rules' hot path:
the flow that resolves a move, the legal moves, the fold, the bot's policy and evaluation). A
module is compiled only as written: mypyc cannot compile a class that derives from a class of a
module it does not compile (`Tx`, `msgspec.Struct` mixins), so those modules stay as they are;
and a compiled class takes no attributes but its own, nor a test's replacement of a method
(tests use `tests.bots.helpers.override_heuristics`).

    python -m core.native_build build [--background]   build (or start building) if out of date
    python -m core.native_build status                 what `core` loads, and why
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

# The engine's modules on a search's path (a game names its own in its descriptor). Not
# `core.engine.rng`: it counts references to its generator, and compiled code holds fewer.
ENGINE_MODULES = (
    "core.bots.mcts",
    "core.bots.greedy",
    "core.bots.heuristics",
    "core.bots.chances",
    "core.engine.draws",
    "core.engine.tx",
    "core.engine.unseen",
    "core.kits.evolution.animals",
    "core.kits.evolution.bot",
    "core.kits.evolution.flow",
    "core.kits.evolution.fold",
    "core.kits.evolution.legal",
    "core.kits.evolution.prey",
    "core.kits.evolution.state",
)

ROOT = Path(__file__).resolve().parent.parent  # the folder that holds `core`
VERSION = 1  # of the manifest


def native_dir() -> Path:
    """Where the build goes: inside the virtual environment, so a fresh one starts without."""
    return Path(sys.prefix) / "evo-native"


def sources(root: Path = ROOT) -> dict[str, list[int]]:
    """Every source of `core` as (size, mtime in ns), by its path under `root`: mypyc reads the
    whole import graph (constants, signatures), so a change anywhere can change compiled code."""
    out: dict[str, list[int]] = {}
    for dirpath, dirnames, filenames in os.walk(root / "core"):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                path = os.path.join(dirpath, name)
                st = os.stat(path)
                out[os.path.relpath(path, root)] = [st.st_size, st.st_mtime_ns]
    return out


def why_not(manifest: dict[str, object], root: Path = ROOT) -> str | None:
    """None when the build recorded in `manifest` may be loaded for the sources under `root`;
    else the reason it may not, in a few words."""
    if manifest.get("version") != VERSION or manifest.get("tag") != tag():
        return "built for another Python or manifest"
    if manifest.get("root") != str(root):
        return f"built for the sources in {manifest.get('root')}"
    recorded = manifest.get("sources")
    if not isinstance(recorded, dict):
        return "no sources in the manifest"
    now = sources(root)
    for path, stat in now.items():
        if recorded.get(path) != stat:
            return f"{path} changed since the build" if path in recorded else f"{path} is new"
    for path in recorded:
        if path not in now:
            return f"{path} is gone"
    return None


def tag() -> str:
    """This Python and the suffix of its compiled modules: a build is for one of them."""
    return f"{sys.implementation.cache_tag}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


class _Finder:
    """Finds the compiled modules of a build, by full name (a meta path finder; not derived from
    `importlib.abc`, whose import costs every command milliseconds)."""

    def __init__(self, files: dict[str, str]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(fullname, file), origin=file)


class _Loader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module and gives its dataclasses back the annotations they were
    declared with (`declared_annotations`). A compiled module that another compiled module
    imports first is loaded by the build's own code, not by this: a game's are declared again
    when its ruleset is loaded (`declare_loaded`, from the game's descriptor)."""

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        declared_annotations(module)


def declare_loaded(names: list[str]) -> None:
    """`declared_annotations` for each module of `names` that is loaded compiled, once."""
    for name in names:
        module = sys.modules.get(name)
        if (module is not None and name not in _DECLARED
                and (getattr(module, "__file__", None) or "").endswith(
                    importlib.machinery.EXTENSION_SUFFIXES[0])):
            declared_annotations(module)


_DECLARED: set[str] = set()  # the modules `declared_annotations` has seen


def declared_annotations(module: ModuleType, root: Path = ROOT) -> None:
    """Sets each dataclass of compiled `module` its source's annotations, as written (strings,
    which msgspec and `typing.get_type_hints` resolve in the module), and its fields' types:
    mypyc keeps only each annotation's runtime class (`list` for `list[Player]`, `type` for
    `Attack | None`), and msgspec reads the declared ones to save and load a dataclass (a
    game's state is one)."""
    _DECLARED.add(module.__name__)
    classes = {name: value for name, value in vars(module).items()
               if isinstance(value, type) and value.__module__ == module.__name__
               and "__dataclass_fields__" in vars(value)}
    if not classes:
        return
    import ast  # only for a compiled module that holds dataclasses

    path = root.joinpath(*module.__name__.split(".")).with_suffix(".py")
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.ClassDef) or node.name not in classes:
            continue
        cls = classes[node.name]
        hints = {item.target.id: ast.unparse(item.annotation) for item in node.body
                 if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
        cls.__annotations__ = hints
        for name, f in getattr(cls, "__dataclass_fields__").items():  # noqa: B009 (mypy)
            if name in hints:
                f.type = hints[name]


STATE = "off: not installed yet"  # what install() did, in words (python -m core.native_build status)
KIND = "unbuilt"  # the same for a player's text (core/bots/texts.toml): on, disabled, unbuilt, stale


def check(folder: Path | None = None) -> tuple[str, str, dict[str, Any] | None]:
    """(kind, state in words, manifest) of the build in `folder` (the environment's): the
    manifest only when the build may be loaded for these sources."""
    folder = folder or native_dir()
    try:
        text = (folder / "manifest.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        return "unbuilt", "off: not built (make native)", None
    except OSError as e:
        return "stale", f"off: the build's manifest is unreadable ({e})", None
    import json  # only where there is a build: most commands read no JSON

    try:
        manifest = json.loads(text)
    except ValueError as e:
        return "stale", f"off: the build's manifest is unreadable ({e})", None
    reason = why_not(manifest) if isinstance(manifest, dict) else "the manifest is not an object"
    if reason is not None:
        return "stale", f"off: {reason} (make native)", None
    return "on", f"on: {len(manifest['compiled'])} modules compiled", manifest


def install() -> str:
    """Puts the build's modules ahead of their sources when the build is current; returns (and
    keeps in STATE and KIND) what was done. Called once, by `core/__init__.py`, before any module
    it names is imported."""
    global STATE, KIND
    if os.environ.get("EVO_NATIVE", "1") == "0":
        KIND, STATE = "disabled", "off: EVO_NATIVE=0"
        return STATE
    KIND, STATE, manifest = check()
    if manifest is not None:
        folder = native_dir()
        sys.meta_path.insert(0, _Finder({name: str(folder / rel)
                                         for name, rel in manifest["modules"].items()}))
    return STATE
