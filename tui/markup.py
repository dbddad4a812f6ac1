"""Plain text inside Textual markup.

`textual.markup.escape` leaves brackets that do not look like its own tags, but the parser
still swallows some of them (a rule id like "[MC-R16]" vanished), so every "[" is escaped.
"""

from __future__ import annotations


def esc(text: str) -> str:
    return text.replace("[", "\\[")
