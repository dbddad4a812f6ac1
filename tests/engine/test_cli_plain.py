"""A plain `evo legal|act|show` command line is read without argparse (tui.cli._plain): the
same arguments argparse gives, no argparse imported (an exact budget, not a timing), and
every other command line still goes to argparse."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tui.cli import _plain, argparse_words, build_parser, main

ROOT = Path(__file__).resolve().parents[2]

PLAIN = [
    ["legal", "game.evo"],
    ["show", "saves/game.evo"],
    ["act", "game.evo", "play 1-3 L08"],
    ["act", "game.evo", "attack c1>c2"],
    ["legal", ""],
]

NOT_PLAIN = [
    [], ["legal"], ["legal", "a", "b"], ["legal", "--lang", "ru", "a"], ["legal", "a", "--lang=ru"],
    ["--lang", "ru", "legal", "a"], ["show", "--json", "a"], ["show", "a", "--seat", "1"],
    ["show", "--all", "a"], ["act", "a"], ["act", "a", "pass", "--seat", "2"],
    ["act", "a", "-x"], ["legal", "-"], ["legal", "--help"], ["verify", "a"], ["new", "magic"],
    ["undo", "a"], ["Legal", "a"],
]


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_command_line_reads_as_argparse_reads_it(argv: list[str]) -> None:
    with argparse_words("en"):
        parsed = build_parser("en", argv).parse_args(argv)
    assert vars(_plain(argv)) == vars(parsed)


@pytest.mark.parametrize("argv", NOT_PLAIN)
def test_any_other_command_line_goes_to_argparse(argv: list[str]) -> None:
    assert _plain(argv) is None


_LISTED = """
import contextlib, io, json, sys
from tui.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    codes = [main(line) for line in json.loads(sys.argv[1])]
print(json.dumps({"codes": codes, "argparse": "argparse" in sys.modules}))
"""


def _listed(lines: list[list[str]]) -> dict:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, "-c", _LISTED, json.dumps(lines)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_plain_commands_import_no_argparse(tmp_path: Path) -> None:
    save = str(tmp_path / "game.evo")
    assert main(["new", "magic", "--out", save, "--seed", "5"]) == 0
    out = _listed([["legal", save], ["show", save], ["act", save, "pass"]])
    assert out["codes"][:2] == [0, 0]
    assert out["codes"][2] in (0, 1)  # legal or refused, read either way
    assert out["argparse"] is False
    assert _listed([["legal", "--lang", "en", save]]) == {"codes": [0], "argparse": True}
