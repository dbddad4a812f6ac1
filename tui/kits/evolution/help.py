"""F1 / ? on an «Эволюция» table, the page the family's games share: what the pending decision
means, the phases, the marks on the table and the keys (each game's `<game>.help.*` texts),
then the game's own sections (what is in play, the open piles), then where to read more."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from tui.i18n import has, text

if TYPE_CHECKING:
    from core.kits.evolution.shapes import Seat
    from tui.controller import GameController
    from tui.stage import Stage


class Viewed(Protocol):
    """A view as the help page reads it: its decision and its seats."""

    @property
    def step(self) -> str: ...

    @property
    def players(self) -> Sequence[Seat]: ...


def section(title: str, lines: list[str]) -> list[str]:
    """A help section: its heading and lines, or nothing when there are no lines."""
    return [f"### {title}", "", *lines, ""] if lines else []


def help_page(game: str, view: Viewed | None, stage: Stage | None, ctl: GameController, lang: str,
              own: list[str],
              step: str | None = None) -> str:
    """The help page (markdown): `own` the game's sections, `step` the key of the decision's
    explanation (`<game>.help.step.<step>`; by default the view's step)."""

    def t(key: str) -> str:
        return text(f"{game}.{key}", lang)

    out: list[str] = []
    if stage is not None and stage.prompt:
        out += [f"## {stage.prompt}", ""]
    elif (pending := ctl.pending()) is not None:
        out += [f"## {text('help.not_yours', lang, name=ctl.names()[pending.seat])}", ""]
    if step is None:
        step = view.step if view is not None else ""
    key = f"{game}.help.step.{step}"
    if has(key):
        out += [text(key, lang), ""]
    out += [f"### {t('help.track')}", "", t("help.track_body"), ""]
    out += [f"### {t('help.marks')}", "", t("help.marks_body"), ""]
    out += [f"### {text('help.keys', lang)}", "", t("help.keys"), "", text("help.find", lang), ""]
    out += own
    out += [f"### {text('help.more', lang)}", "", t("help.more_body")]
    return "\n".join(out)


def bottom_hand(view: Viewed, ctl: GameController | None) -> list[int]:
    """The cards in the bottom seat's hand as the view shows them ([] when hidden)."""
    me = view.players[ctl.bottom_seat()] if ctl is not None else None
    return list(me.hand or []) if me is not None else []
