"""A `gravity` view as plain text, for `evo show` and logs (the app draws its own widgets)."""

from __future__ import annotations

from core.games.gravity.data import board, marks_for
from core.games.gravity.texts import card_name, char_name, curse_name, dice_text, loc_name, monster_name, say
from core.games.gravity.view import GravityView


def _l(key: str, lang: str) -> str:
    return say(f"label.{key}", lang)


def _cards(cards: list[str], lang: str) -> str:
    return ", ".join(f"«{card_name(c, lang)}»" for c in cards) or "—"


# The app's marks (tui/games/gravity: the map's tokens and die, the alarm track), without colours.
DIE, NOW, MARK, PASSED, AHEAD = "◆", "●", "▲", "■", "□"


def alarm_track(v: GravityView) -> str:
    """The alarm track 0..max as the app draws it: the marker, the marks, passed and ahead."""
    at = {k for k, _ in marks_for(v.variant == "kids")}
    return "".join(NOW if k == v.alarm else MARK if k in at else PASSED if k < v.alarm else AHEAD
                   for k in range(v.alarm_max + 1))


def render(v: GravityView, lang: str, names: list[str]) -> str:
    mode = _l("kids", lang) if v.variant == "kids" else say(
        "game.difficulty", lang, k=say(f"game.{v.difficulty}", lang))
    lines = [f"{say('game.title', lang)} — {mode}",
             f"{_l('turn', lang)} {v.turn}, {_l('round', lang)} {v.round} — "
             f"{char_name(v.chars[v.active].id, lang)}"]
    marks = ", ".join(str(m) for m in v.marks) or "—"
    lines.append(f"{_l('alarm', lang)} {v.alarm}/{v.alarm_max} {alarm_track(v)}  "
                 f"({_l('marks', lang)}: {marks})")
    row = "  ".join(f"{i + 1}. {card_name(c, lang)} ({c})" for i, c in enumerate(v.row)) or "—"
    movers = ", ".join(monster_name(m, lang) for m in v.movers)
    lines.append(f"{_l('row', lang)} ({_l('cap', lang)}: {v.row_cap}): {row}"
                 + (f"; {_l('next_mover', lang)}: {movers}" if movers else ""))
    deck = f"{_l('deck', lang)} {v.mdeck_size}"
    in_deck = v.mdeck_hidden + sum(1 for c in v.mdeck_known if c[0] == "E")
    if in_deck:
        deck += f" ({_l('events_hidden', lang)}: {in_deck})"
    lines.append(f"  {deck}; {_l('discard', lang)} {len(v.mdiscard)}"
                 + (f"; {_l('removed', lang)}: {', '.join(v.removed)}" if v.removed else ""))
    lines.append(f"{_l('curses', lang)}: {_l('deck', lang)} {len(v.cdeck)}, "
                 f"{_l('discard', lang)} {len(v.cdiscard)}; {_l('supply', lang)}: {v.supply}")
    lines.append("")
    who: dict[int, list[str]] = {}
    for c in v.chars:
        who.setdefault(c.loc, []).append(char_name(c.id, lang))
    for m in v.monsters:
        if m.loc:
            who.setdefault(m.loc, []).append(f"<{monster_name(m.id, lang)}>")
    width = max(len(loc_name(i, lang)) for i in board().ids)
    for i in board().ids:
        p = v.places[i - 1]
        tokens = f"+{p.support}-{p.distrust}" + (f" {DIE}" if p.die else "")
        lines.append(f"  L{i:02d} {loc_name(i, lang):<{width}} {tokens:<8} "
                     f"{' '.join(who.get(i, []))}".rstrip())
    lines.append("")
    gone = [monster_name(m.id, lang) for m in v.monsters if not m.loc]
    if gone:
        lines.append(f"{_l('defeated', lang)}: {', '.join(gone)}")
    for seat, c in enumerate(v.chars):
        person = v.controllers[seat] if seat < len(v.controllers) else seat
        owner = f" ({names[person]})" if 0 <= person < len(names) else ""
        curses = ", ".join(curse_name(cur, lang) + (f" [{_l('new', lang)}]" if t == v.turn else "")
                           for cur, t in zip(c.curses, c.gained, strict=True)) or "—"
        lines.append(f"{char_name(c.id, lang)}{owner} — {loc_name(c.loc, lang)} (L{c.loc:02d})")
        lines.append(f"  {_l('hand', lang)}: {_cards(c.hand, lang)}; {_l('deck', lang)} "
                     f"{len(c.deck)}; {_l('discard', lang)}: {_cards(c.discard, lang)}")
        lines.append(f"  {_l('curses', lang)}: {curses}")
    lines.append("")
    if v.result:
        lines.append(_l(v.result, lang))
    elif v.step:
        from core.games.gravity.prompt import prompt_text  # the prompt reads only public fields

        prompt = prompt_text(v, lang)
        if v.dice and v.step not in ("reroll", "uncurse"):
            prompt += f" [{dice_text(v.dice, lang)}]"
        lines.append(f"{_l('now', lang)}: {prompt}")
    return "\n".join(lines)

