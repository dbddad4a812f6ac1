"""Builds the compiled modules of `core.native` (mypyc, then the C compiler), one build at a time.

The build reads the sources as they are when it starts (their sizes and times go in the
manifest first, so an edit during the build leaves it out of date, never wrongly current),
compiles in a scratch folder and moves the result into place whole: `core` loads either the
previous build or this one, never half of one. Without mypyc or a C compiler it says so and
leaves everything as it was; the game runs on its sources as before.
"""

from __future__ import annotations

import fcntl
import importlib
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from core import native
from core.bots.texts import text
from core.i18n import default_lang

# Runs in a child interpreter, in the sources' folder: mypyc, then setuptools' build_ext.
_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
scratch, out, jobs, config, *paths = sys.argv[1:]
setup(name="evo-native", ext_modules=mypycify(["--config-file", config, *paths], multi_file=True,
      target_dir=scratch + "/c"), script_args=["build_ext", "--build-lib", out, "--build-temp",
      scratch + "/o", "-j", jobs], zip_safe=False)
"""

# mypyc's own settings, not the project's (their per-module strictness is for reading code;
# an option for a package not installed here would stop the build with a note).
_CONFIG = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\ncache_dir = {cache}\n"


def modules() -> list[str]:
    """The engine's modules and every registered game's, in a fixed order."""
    from core import games

    names = list(native.ENGINE_MODULES)
    for game in games.ids():
        d = games.get(game)
        names += [f"{d.package}.{m}" for m in d.native]
    return names


def _path(module: str) -> str:
    return module.replace(".", "/") + ".py"


def build(jobs: int = 2, say: bool = True) -> int:
    """Builds when the present build is missing or out of date (after any build already running,
    which may leave nothing to do). 0: current, or built now; 1: not built, the reason printed."""
    folder = native.native_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / "evo-native.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        names = modules()
        if _current(folder, names):
            _say(say, "current", n=len(names))
            return 0
        return _build(folder, names, jobs, say)


def _current(folder: Path, names: list[str]) -> bool:
    manifest = native.check(folder)[2]
    return manifest is not None and manifest.get("compiled") == names


def _build(folder: Path, names: list[str], jobs: int, say: bool) -> int:
    try:
        importlib.import_module("mypyc.build")
        importlib.import_module("setuptools")
    except ImportError as e:
        _say(say, "missing", what=e.name)
        return 1
    manifest: dict[str, object] = {"version": native.VERSION, "tag": native.tag(),
                                   "root": str(native.ROOT), "sources": native.sources(),
                                   "compiled": names}
    _say(say, "compiling", n=len(names))
    with tempfile.TemporaryDirectory(prefix="evo-native-") as scratch:
        out = Path(scratch) / "lib"
        config = Path(scratch) / "mypy.ini"
        config.write_text(_CONFIG.format(cache=Path(scratch) / "cache"), encoding="utf-8")
        done = subprocess.run([sys.executable, "-c", _SETUP, scratch, str(out), str(jobs),
                               str(config), *map(_path, names)],
                              cwd=native.ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).strip().splitlines()[-12:]
            _say(say, "failed", tail="\n".join(tail))
            return 1
        found = {}
        for lib in out.rglob("*" + importlib.machinery.EXTENSION_SUFFIXES[0]):
            rel = lib.relative_to(out)
            found[".".join((*rel.parts[:-1], rel.name.split(".", 1)[0]))] = str(rel)
        missing = [n for n in names if n not in found]
        if missing:
            _say(say, "no_library", names=", ".join(missing))
            return 1
        manifest["modules"] = found
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        staged = folder.with_name(folder.name + ".new")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(out, staged)
        old = folder.with_name(folder.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if folder.exists():
            os.replace(folder, old)
        os.replace(staged, folder)
        shutil.rmtree(old, ignore_errors=True)
    _say(say, "built", n=len(names), folder=folder)
    return 0


def start_in_background() -> int:
    """Starts a build (niced, detached, its output in evo-native.log) unless the present build is
    current or one is running; returns at once. For `make play`: the game starts on its sources
    meanwhile, and the next start loads the build."""
    folder = native.native_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(folder.parent / "evo-native.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return 0  # a build is running
        if _current(folder, modules()):
            return 0
    with open(folder.parent / "evo-native.log", "w") as log:  # the child keeps its own copy
        subprocess.Popen(["nice", "-n", "10", sys.executable, "-m", "core.native_build", "build"],
                         cwd=native.ROOT, stdout=log, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    print(text("native.background", default_lang()))
    return 0


def _say(say: bool, key: str, **args: object) -> None:
    """One of the build's messages, in the user's language."""
    if say:
        print(f"native: {text('native.' + key, default_lang(), **args)}", flush=True)


def main(argv: list[str]) -> int:
    if argv[:1] == ["build"] and argv[1:] in ([], ["--background"]):
        return start_in_background() if argv[1:] else build()
    if argv == ["status"]:
        print(f"native: {native.STATE}")
        return 0
    print("usage: python -m core.native_build build [--background] | status", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
