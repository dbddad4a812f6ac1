"""The rules and glossary of `gravity` as one markdown page, in Russian or English.

The prose lives in rules_<lang>.md (with the status of every part: rulebook or reconstructed);
the alarm track, characters, monsters, curses, events and the board are generated from the
game's data files so they never drift from what the rules engine plays.
"""

from __future__ import annotations

from pathlib import Path

from core.games.gravity.data import board, characters, curses, events, game, monsters
from core.games.gravity.texts import say
from tui import rules_doc as R
from tui.i18n import text

HERE = Path(__file__).parent


def heading(name_ru: str, name_en: str, lang: str) -> str:
    """A card's heading: its name in both languages; the palette jumps to it by this text."""
    return f"{name_ru} · {name_en}" if lang == "ru" else f"{name_en} · {name_ru}"


def _alarm(lang: str) -> str:
    out = [f"## {text('gravity.rules.alarm', lang)}", "", text("gravity.rules.alarm_intro", lang,
                                                              n=game().alarm_max), ""]
    for at, effect in game().marks:
        out.append(f"- **{at}** — {text(f'gravity.alarm.{effect}', lang)}")
    out += ["", text("gravity.rules.alarm_kids", lang)]
    return "\n".join(out)


def _characters(lang: str) -> str:
    out = [f"## {text('gravity.rules.characters', lang)}", ""]
    for c in characters().values():
        tp = c.params["teleport_ru" if lang == "ru" else "teleport_en"]
        out += [f"### {heading(c.ru, c.en, lang)}", "", c.text(lang), "", f"*{tp}*", ""]
    return "\n".join(out)


def _monsters(lang: str) -> str:
    out = [f"## {text('gravity.rules.monsters', lang)}", "", text("gravity.rules.monsters_intro", lang), ""]
    for m in monsters().values():
        tier = say(f"tier.{m.params['tier']}", lang)
        out += [f"### {heading(m.ru, m.en, lang)}", "", f"*{tier}*", "", m.text(lang), ""]
    return "\n".join(out)


def _curses(lang: str) -> str:
    out = [f"## {text('gravity.rules.curses', lang)}", "", text("gravity.rules.curses_intro", lang), ""]
    for cid, c in curses().items():
        kind = text(f"gravity.curse_kind.{c.params['kind']}", lang)
        out += [f"### {heading(c.ru, c.en, lang)}", "", f"*{cid} · {kind}*", "", c.text(lang), ""]
    return "\n".join(out)


def _events(lang: str) -> str:
    out = [f"## {text('gravity.rules.events', lang)}", ""]
    for eid, e in events().items():
        out += [f"### {heading(e.ru, e.en, lang)}", "", f"*{eid}*", "", e.text(lang), ""]
    return "\n".join(out)


def _board(lang: str) -> str:
    b = board()
    head = [text(f"gravity.rules.col.{c}", lang) for c in ("loc", "support", "neighbours")]
    rows = []
    for loc in b.ids:
        spot = b.locations[loc]
        three = " «3+»" if spot.three_plus else ""
        nbrs = ", ".join(str(n) for n in b.neighbours[loc])
        rows.append([f"{loc} {spot.name(lang)}{three}", str(spot.support), nbrs])
    return "\n".join([f"## {text('gravity.rules.board', lang)}", "",
                      text("gravity.rules.board_intro", lang), "", *R.table(head, rows)])


def _glossary(lang: str) -> str:
    pairs = []
    for group in (monsters(), curses(), events()):
        pairs += [(x.ru, x.en) for x in sorted(group.values(), key=lambda x: x.name(lang))]
    return R.glossary(HERE, pairs)


def rules_markdown(lang: str) -> str:
    return R.prose(HERE, lang, {"alarm": _alarm, "characters": _characters, "monsters": _monsters,
                                "curses": _curses, "events": _events, "board": _board,
                                "glossary": _glossary})


def sections(lang: str) -> list[str]:
    """Headings worth a palette entry: every card, then the main sections."""
    out = []
    for group in (characters(), monsters(), curses(), events()):
        out += [heading(x.ru, x.en, lang) for x in group.values()]
    return out + R.main_sections(rules_markdown(lang))
