"""Textual's own words for players, in the player's language (tui/texts.toml, [textual]).

Textual shows a few texts of its own: the toast when Ctrl+C is pressed outside a text field,
the command palette's "No matches found", and the footer's line for a key of one of its
widgets (an open list's Esc). The app overrides each where Textual lets it: an action of
the app, a subclass of the palette, and the description of a built-in widget's binding,
rewritten when the widget takes the focus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.align import Align
from rich.text import Text
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from tui.i18n import text
from tui.keys import localize_bindings

if TYPE_CHECKING:
    from textual.dom import DOMNode

# Descriptions of Textual's bindings that its footer may show -> our text ids.
BUILT_IN_KEYS = {"Dismiss menu": "textual.close_list",
                 "Exit the command palette": "textual.close_palette"}


def localize_built_in(widget: DOMNode, lang: str) -> bool:
    """Say the shown bindings of a Textual widget (an open list) in `lang`; True if it had any.
    Our own widgets' bindings are left alone (their screens say them)."""
    original = widget.__dict__.get("_evo_bindings") or widget._bindings.key_to_bindings
    if not {b.description for bindings in original.values() for b in bindings} & BUILT_IN_KEYS.keys():
        return False
    localize_bindings(widget, lang, {d: text(key, lang) for d, key in BUILT_IN_KEYS.items()})
    return True


class Palette(CommandPalette):
    """Textual's command palette, its search line and its "no matches" in the player's words."""

    def __init__(self, lang: str) -> None:
        super().__init__(id="--command-palette", placeholder=text("cmd.search", lang))
        self.lang = lang

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own method with its line in our words (it has no parameter for them).
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(text("textual.no_matches", self.lang), style="not bold")),
                           disabled=True, id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)
