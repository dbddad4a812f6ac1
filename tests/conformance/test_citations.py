"""One citation format for every game, and every citation can be looked up.

Every rule id a game can cite — in a refusal, an option, its seat count — is one of its rulings
(tests/games/<g>/rulings.txt) or a section of its specification in the one form
`<section_prefix>§<n>` (core.engine.citation), and its text, in Russian and English, is in the
game's `data/rulings.toml`; so is the text of every ruling of rulings.txt. Ids are found in the
game's code (every string shaped like a citation that starts with one of its prefixes), in its
descriptor and in its scenario files. Refusals made in play are checked the same way by
test_refusals (tests.playing.cites_a_ruling).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from core import games
from core.engine.citation import citation, is_ruling, is_section, rule_key, section_number
from core.engine.descriptor import GameDescriptor
from core.engine.rulings import find
from core.engine.scenario import load_scenario
from tests.playing import TESTS, cites_a_ruling, game_tests, rulings

GAMES = games.descriptors()
IDS = [g.id for g in GAMES]
CORE = TESTS.parent / "core" / "games"
SPECS = TESTS.parent.parent / "shared" / "rules"
# Anything a citation could be spelled as, in any style: CL13, MC-R7, MC-§3.4, GF-§4, NS§4.3.
_SHAPED = re.compile(r"[A-Z]{1,3}(?:-[A-Z]{0,2})?§?[\d.]*\d")


def _strings(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


@cache
def cited_by(game_id: str) -> dict[str, str]:
    """Every rule id the game can cite -> where it is cited."""
    game = games.get(game_id)
    out: dict[str, str] = {game.seats_rule: "descriptor"}
    out |= {o.rule: f"option {o.key}" for o in game.options if o.rule}
    for path in sorted((CORE / game.id).rglob("*.py")):
        for s in _strings(path):
            if _SHAPED.fullmatch(s) and s.startswith((game.ruling_prefix, game.section_prefix)):
                out.setdefault(s, str(path.relative_to(CORE)))
    for path in sorted((game_tests(game.id) / "scenarios").glob("*.toml")):
        sc = load_scenario(path)
        cites = [*sc.rulings, *(step.illegal for step in sc.steps if step.illegal is not None)]
        for r in cites:
            out.setdefault(r, path.name)
    return out


def _canonical(game: GameDescriptor, rule_id: str) -> bool:
    if rule_id in rulings(game.id):
        return True
    return is_section(rule_id) and rule_id.startswith(game.section_prefix + "§")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_cited_id_has_the_one_form(game: GameDescriptor) -> None:
    wrong = {r: where for r, where in cited_by(game.id).items() if not _canonical(game, r)}
    assert wrong == {}, f"not a ruling of rulings.txt nor '{game.section_prefix}§<n>'"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_ruling_and_cited_section_has_both_texts(game: GameDescriptor) -> None:
    book = game.rulings
    wanted = [*rulings(game.id), *sorted(r for r in cited_by(game.id) if is_section(r))]
    assert [r for r in wanted if book.get(r) is None] == []
    for r in wanted:
        assert cites_a_ruling(game, r)
        ruling = book.get(r)
        for lang in ("ru", "en"):
            title, text = ruling.say(lang)
            assert title and len(text) >= 12, (r, lang)
        assert not re.search("[а-яё]", " ".join(ruling.say("en")), re.I), f"{r}: Russian in the English text"
        letters = re.findall(r"[a-zа-яё]", " ".join(ruling.say("ru")).lower())
        cyrillic = sum(1 for c in letters if c >= "а")
        assert cyrillic > 0.8 * len(letters), f"{r}: the Russian text is not Russian"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_texts_hold_nothing_else(game: GameDescriptor) -> None:
    """Every entry of rulings.toml is a ruling of the game or a section of its specification,
    in the one form; a section exists in the specification where it is at hand."""
    spec = SPECS / game.spec
    headings = spec.read_text(encoding="utf-8") if spec.is_file() else None
    for r in game.rulings:
        assert _canonical(game, r.id), r.id
        if is_section(r.id) and headings is not None:
            number = section_number(r.id)
            pattern = rf"^##+ {re.escape(number)}\.? " if "." in number else rf"^## {number}\. "
            assert re.search(pattern, headings, re.M), f"{r.id}: no section {number} in {game.spec}"


def test_one_spelling_and_one_key() -> None:
    """The kit's spelling and reading of ids, on made-up prefixes (the games' own ids are
    checked above and below)."""
    assert [citation(r) for r in ("XY13", "AB-R7", "XY§5.1", "AB§3.4", "Z§4")] == \
        ["XY13", "AB-R7", "XY §5.1", "AB §3.4", "Z §4"]
    assert is_ruling("AB-R7") and is_ruling("XY13") and not is_ruling("XY§5.1")
    assert is_section("XY§5.1") and not is_section("AB-§3.4") and not is_section("XY 5.1")
    same = [("xy 13", "XY13"), ("Xy13", "XY13"), ("xy 4.3", "XY§4.3"), ("XY §4.3", "XY§4.3"),
            ("xy§4.3", "XY§4.3"), ("ab r7", "AB-R7"), ("AB-R7", "ABR7"), ("XY§7", "xy §7")]
    for typed, rule_id in same:
        assert rule_key(typed) == rule_key(rule_id) is not None, typed
    assert rule_key("XY 5") != rule_key("XY§5")  # a ruling is not a section of the same number
    assert rule_key("хищник") is None and rule_key("13") is None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_typed_id_finds_its_text(game: GameDescriptor) -> None:
    """Whatever way a player types a cited id, a search over every game finds it alone."""
    books = [g.rulings for g in GAMES]
    for r in game.rulings:
        typed = [r.id, r.cite, r.cite.lower(), r.cite.replace("-", " ")]
        if is_ruling(r.id) or "." in r.id:  # "CL 7" is the ruling CL7; §7 needs its §
            typed.append(r.cite.replace("§", "").replace("-", " ").lower())
        for t in typed:
            assert [hit.id for hit in find(t, "ru", books)] == [r.id], t


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold().replace("ё", "е"))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_word_finds_the_rulings_that_hold_it(game: GameDescriptor) -> None:
    """Words are looked for in the player's language, case and ё aside, as the beginnings of
    words of a ruling's title or text; every word must be there."""
    books = [g.rulings for g in GAMES]
    for r in list(game.rulings)[::7]:
        for lang in ("ru", "en"):
            words = [w for w in re.findall(r"\w+", r.say(lang)[0]) if len(w) > 4]
            if not words:
                continue
            typed = [words[0][:-1].upper(), words[-1][:4]]
            assert r in find(" ".join(typed), lang, books), typed
            for t in (*typed, words[0][1:]):  # the inside of a word is not the beginning of one
                for hit in find(t, lang, books):
                    assert any(x.startswith(_words(t)[0]) for x in _words(" ".join((hit.id, *hit.say(lang)))))
    assert find("zzqx", "en", books) == []
    assert [h.id for h in find("ёж", "ru", books)] == [h.id for h in find("еж", "ru", books)]


_LAZY = """
import sys
from tui.cli import main
main(["--lang", "en", "new", GAME, "--seed", "3", "--out", PATH, "--names", NAMES])
main(["--lang", "en", "legal", PATH])
main(["--lang", "en", "act", PATH, "fly away"])
assert "core.engine.rulings" not in sys.modules, "a command read the ruling texts"
"""


@pytest.mark.parametrize("game", GAMES[:1], ids=IDS[:1])
def test_commands_never_read_the_ruling_texts(game: GameDescriptor, tmp_path: Path) -> None:
    """Contract 10: the texts are read when a citation is looked up, not by `evo new`, `evo
    legal` or a refused `evo act` (which prints the citation only)."""
    names = ",".join(f"N{i}" for i in range(game.seats[2]))
    code = _LAZY.replace("GAME", repr(game.id)).replace("PATH", repr(str(tmp_path / "g.evo"))) \
        .replace("NAMES", repr(names))
    done = subprocess.run([sys.executable, "-c", code], cwd=TESTS.parent, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
