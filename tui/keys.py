"""Footer texts in the player's language: a binding's description is a text id, `keys.<id>`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from tui.i18n import has, text

if TYPE_CHECKING:
    from textual.dom import DOMNode


def localize_bindings(node: DOMNode, lang: str, own: Mapping[str, str] | None = None) -> None:
    """Rewrite the descriptions of `node`'s bindings for `lang` (`own`: a screen's own words for
    some descriptions, e.g. a game's name for its rounds).

    The first call remembers the bindings as the node has them (including any added at run
    time, like the app's command-palette key), so later calls can translate them again.
    """
    original = node.__dict__.get("_evo_bindings")
    if original is None:
        original = {k: list(v) for k, v in node._bindings.key_to_bindings.items()}
        node.__dict__["_evo_bindings"] = original
    own = own or {}
    node._bindings.key_to_bindings = {
        key: [replace(b, description=own[b.description]) if b.description in own else
              replace(b, description=text(f"keys.{b.description}", lang))
              if b.description and has(f"keys.{b.description}") else b for b in bindings]
        for key, bindings in original.items()
    }
