"""The `gravity` table's panels, each rendering part of a GravityView (ARCHITECTURE: UI notes):
the status line, the turn's steps, the dice, the alarm track, the monster row, the monsters and
one panel per character. None of them knows the rules or the session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.content import Content
from textual.message import Message
from textual.widgets import Static

from core.games.gravity.data import marks_for, monsters
from core.games.gravity.texts import char_name, monster_name
from tui.games.gravity import describe as D
from tui.i18n import text
from tui.markup import esc
from tui.widgets.repaint import repaint, titles

if TYPE_CHECKING:
    from core.games.gravity.view import GravityView

STEPS = ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "M1", "M2", "M3", "M4")


class GravityStatus(Static):
    """Turn, round, whose turn, difficulty, the decks and the supply — on one line: what does
    not fit the width goes, the least needed first (the courage dice always stay)."""

    _bits: tuple[tuple[str, int], ...] = ()  # (markup, drop rank: 0 = always kept), as last shown

    def show(self, view: GravityView, names: list[str], lang: str, compact: bool = False) -> None:
        if not view.chars:
            self._bits = ()
            repaint(self, "")
            return
        c = view.chars[view.active]
        who = D.person_names(view, names)[view.active]
        mode = text("gravity.kids", lang) if view.variant == "kids" else \
            text("gravity.difficulty", lang, k=text(f"gravity.level.{view.difficulty}", lang))
        events = view.mdeck_hidden + sum(1 for x in view.mdeck_known if x.startswith("E"))
        bits = [(text("gravity.status.turn", lang, turn=view.turn, round=view.round), 0),
                (text("gravity.status.active", lang, ch=D.char_chip(c.id, lang), who=esc(who)), 0)]
        if not compact:
            bits.append((mode, 3))
        bits.append((text("gravity.status.deck", lang, n=view.mdeck_size, e=events), 1))
        if not compact:
            bits.append((text("gravity.status.curses", lang, n=len(view.cdeck)), 2))
        bits.append((text("gravity.status.supply", lang, n=view.supply), 0))
        self._bits = tuple(bits)
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        room = (self.content_region.width or self.app.size.width - 2) if self.is_attached else 0
        bits = list(self._bits)
        line = " · ".join(b for b, _ in bits)
        while room > 0 and Content.from_markup(line).cell_length > room and any(r for _, r in bits):
            worst = max(r for _, r in bits)
            bits = [(b, r) for b, r in bits if r != worst]
            line = " · ".join(b for b, _ in bits)
        repaint(self, line)


def step_code(view: GravityView) -> str:
    """The turn step the game stands at (spec §4): T1..T10, M1..M4."""
    stage = (view.stage or "").split("_")[0].upper()
    if view.step == "action":
        return "T2"
    return stage if stage in STEPS else ""


class TurnSteps(Static):
    """What happens next: the steps of a turn, the current one marked (T1–T10, M1–M4)."""

    def show(self, view: GravityView, lang: str, compact: bool = False) -> None:
        now = step_code(view)
        idx = STEPS.index(now) if now in STEPS else -1
        parts = []
        for i, code in enumerate(STEPS):
            if i == idx:  # the step the game stands at, named
                parts.append(f"[b reverse $accent] {code} {esc(text(f'gravity.step.{code}', lang))} [/]")
            elif i < idx:
                parts.append(f"[dim]{code}[/]")
            else:
                parts.append(code)
            if code == "T10":
                parts.append("[b]│[/]")
        nxt = STEPS[idx + 1] if 0 <= idx < len(STEPS) - 1 else ""
        tail = f"  [dim]{text('gravity.next', lang)} {nxt} {esc(text(f'gravity.step.{nxt}', lang))}[/]" \
            if nxt and not compact else ""
        repaint(self, f"{text('gravity.steps', lang)} " + " ".join(parts) + tail)


class DiceLine(Static):
    """The roll of this turn, face by face, and what it was for."""

    def show(self, view: GravityView, lang: str) -> None:
        if not view.dice and not view.roll_for:
            ahead = D.roll_ahead(view, lang)  # the roll to come, counted before it is made
            repaint(self, ahead or f"[dim]{text('gravity.dice.none', lang)}[/]")
            return
        c = view.chars[view.active]
        if view.roll_for == "fight" and view.target:
            here = c.loc
            need = max(view.places[here - 1].distrust, 1) + (1 if view.target == "M3" else 0)
            what = text("gravity.dice.fight", lang, ch=char_name(c.id, lang),
                        m=monster_name(view.target, lang), n=need)
        elif view.roll_for == "remove":
            what = text("gravity.dice.remove", lang, ch=char_name(c.id, lang))
        else:
            what = text("gravity.dice.persuade", lang, ch=char_name(c.id, lang))
        dice = D.faces(view.dice) if view.dice else f"[dim]{text('gravity.dice.zero', lang)}[/]"
        extra = f" · [$distrust]{text('gravity.dice.excess', lang, n=view.excess)}[/]" if view.excess else ""
        repaint(self, f"{esc(what)}: {dice}{extra}")


class AlarmTrack(Static):
    """The alarm track 0–16: the marker, the special marks and what each of them does."""

    def show(self, view: GravityView, lang: str, compact: bool = False) -> None:
        marks = dict(marks_for(view.variant == "kids"))
        top = view.alarm_max
        cells = []
        for k in range(top + 1):
            if k == view.alarm:
                cells.append("[b reverse $alarm]●[/]")
            elif k in marks:
                style = "$alarm" if k <= view.alarm else "b $warning"
                cells.append(f"[{style}]▲[/]")
            elif k < view.alarm:
                cells.append("[$alarm]■[/]")
            else:
                cells.append("[dim]□[/]")
        title = text("gravity.alarm.title", lang, k=view.alarm, n=top)
        if compact:
            ahead = [(at, effect) for at, effect in sorted(marks.items()) if at > view.alarm]
            note = ""
            if ahead:
                at, effect = ahead[0]
                note = f" [b $warning]▲ {at}[/] {esc(text(f'gravity.alarm.{effect}', lang))}"
            repaint(self, f"[b]{title}[/] {''.join(cells)}{note}")
            return
        titles(self, title)
        lines = [" ".join(cells), _scale(top, marks)]
        for at, effect in sorted(marks.items()):
            done = at in view.marks or at <= view.alarm
            note = text(f"gravity.alarm.{effect}", lang)
            mark = "[$alarm]✓[/]" if done else "[b $warning]▲[/]"
            lines.append(f"{mark} [b]{at:>2}[/] {esc(note)}")
        repaint(self, "\n".join(lines))


def _scale(top: int, marks: dict[int, str]) -> str:
    """Division numbers under the cells (two columns per division)."""
    row = [" "] * (2 * top + 2)
    for k in (0, *sorted(marks)):
        label = str(k)
        for i, ch in enumerate(label):
            if 2 * k + i < len(row):
                row[2 * k + i] = ch
    return f"[dim]{''.join(row).rstrip()}[/]"


class MonsterRow(Static):
    """The open monster-movement cards in play order, the row's capacity, who moves next."""

    def show(self, view: GravityView, lang: str, compact: bool = False) -> None:
        title = text("gravity.row.title", lang, k=len(view.row), n=view.row_cap)
        movers = ", ".join(monster_name(m, lang) for m in view.movers)
        if compact:
            cards = " ".join(f"{i + 1}:{int(c[1:])} {D.short(int(c[1:]), lang)}"
                             for i, c in enumerate(view.row))
            nxt = f" → {esc(movers)}" if movers else ""
            repaint(self, f"[b]{title}[/] {esc(cards) or '—'}{nxt}")
            return
        titles(self, title)
        lines = []
        for i, card in enumerate(view.row):
            loc = int(card[1:])
            lines.append(f"[b]{i + 1}[/] [$accent]▸[/] {loc} {esc(D.short(loc, lang))}")
        for i in range(len(view.row), view.row_cap):
            lines.append(f"[dim]{i + 1} —[/]")
        if not movers or not view.row:
            titles(self, subtitle="")
        elif len(view.movers) > 1:
            titles(self, subtitle=esc(text("gravity.row.next_tie", lang, k=len(view.movers))))
        else:
            titles(self, subtitle=esc(text("gravity.row.next", lang, m=movers)))
        repaint(self, "\n".join(lines))


class MonsterCards(Static):
    """The three monsters: tier, where they stand, their ability (defeated ones struck out)."""

    def show(self, view: GravityView, lang: str, compact: bool = False, texts: bool = False) -> None:
        titles(self, text("gravity.monsters.title", lang,
                          k=sum(1 for m in view.monsters if not m.loc), n=len(view.monsters)))
        lines = []
        for m in view.monsters:
            name = esc(monster_name(m.id, lang))
            tier = "" if view.variant == "kids" else f" [dim]{D.tier_dots(m.id)}[/]"
            if not m.loc:
                lines.append(f"[dim strike]{D.MONSTER_GLYPH} {name}[/] [$support]✓[/]")
                continue
            lines.append(f"[b $monster]{D.MONSTER_GLYPH} {name}[/]{tier} [b]@{m.loc}[/]")
            if texts and view.variant != "kids":
                lines.append(f"  [dim]{esc(monsters()[m.id].text(lang))}[/]")
        repaint(self, "\n".join(lines))


class CharacterPicked(Message):
    def __init__(self, seat: int) -> None:
        super().__init__()
        self.seat = seat


class CharacterPanel(Static):
    """One character: who controls it, where it is, its hand, its curses, its ability."""

    def __init__(self, seat: int, prefix: str = "char") -> None:
        super().__init__(id=f"{prefix}-{seat}", classes="gv-char")
        self.seat = seat
        self._last: tuple[object, ...] | None = None
        # What it was last shown with (view, names, kinds, lang, picked, compact).
        self._args: tuple[GravityView, list[str], list[str], str, str, bool] | None = None

    def on_click(self) -> None:
        self.post_message(CharacterPicked(self.seat))

    def on_resize(self) -> None:
        if self._args:  # what fits on the first line depends on the width
            self._last = None
            self.show(*self._args)

    def show(self, view: GravityView, names: list[str], kinds: list[str], lang: str, picked: str = "",
             compact: bool = False) -> None:
        self._args = (view, names, kinds, lang, picked, compact)
        c = view.chars[self.seat]
        active = view.active == self.seat and not view.result
        deciding = view.decider == self.seat and view.step not in ("", "over")
        sig = (c, active, deciding, picked, lang, compact, view.turn, tuple(names), tuple(kinds))
        if sig == self._last:
            return
        self._last = sig
        who = D.person_names(view, names)[self.seat]
        bot = f" [dim]{text('gravity.bot', lang)}[/]" if kinds[self.seat] == "bot" else ""
        mark = "▶ " if active else ""
        glyph = D.glyph(c.id, lang)
        name = esc(char_name(c.id, lang))
        head = f"{mark}[b {D.char_colour(c.id)}]{glyph} {name}[/] [dim]{esc(who)}[/]{bot}"
        hand = " ".join(D.card_chip(x, lang, "b reverse $accent" if x == picked else "$secondary")
                        for x in c.hand) or f"[dim]{text('gravity.no_cards', lang)}[/]"
        curses = ", ".join(D.curse_chip(cur, t == view.turn, lang) for cur, t in zip(c.curses, c.gained,
                                                                                    strict=True))
        where = f"@ {c.loc} {esc(D.short(c.loc, lang))}"
        self.set_class(active, "-active")
        self.set_class(deciding, "-deciding")
        if compact:
            cur = f" · {curses}" if curses else ""
            repaint(self, f"{head} {where} · {hand}{cur}")
            return
        titles(self, head)
        # the kids' rules have no abilities (G58)
        kids = view.variant == "kids"
        titles(self, subtitle="" if kids else esc(text(f"gravity.ability_short.{c.id}", lang)))
        piles = text("gravity.piles_short", lang, deck=len(c.deck), discard=len(c.discard))
        room = self.content_region.width
        first = f"{where} · {piles}"
        if room and len(f"@ {c.loc} {D.short(c.loc, lang)} · {piles}") > room:
            first = where  # narrow panels (five characters): the piles are in the details (i)
        lines = [first, hand, curses or f"[dim]{text('gravity.no_curses', lang)}[/]"]
        repaint(self, "\n".join(lines))
