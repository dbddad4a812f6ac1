"""One spelling of a citation for every game: how a refusal, a test or a player names a ruling
or a section of a game's rules.

A rule id, as code cites it, has one of two forms:

- a ruling of the game's specification: the descriptor's `ruling_prefix` and the ruling's
  number — `CL13`, `G12`, `MC-R7`, `NW30`, `NS4` (tests/games/<g>/rulings.txt lists them);
- a section of the specification: the descriptor's `section_prefix`, `§` and the section's
  number — `CL§5.1`, `G§4.2`, `MC§3.4`, `NW§4.7`, `NS§3.5`.

Players see `citation(rule_id)`: a ruling as it is, a section with a space before the `§`
(`CL §5.1`). `rule_key` reads what a player types for an id ("cl 13", "NS 4.3", "ns§4.3",
"mc-r7") into the form ids are compared in. The texts of the rulings are elsewhere
(`core.engine.rulings`), loaded only when one is looked up.
"""

from __future__ import annotations

import re

# Patterns, compiled on first use (and kept) by `re`: most commands cite nothing.
_RULING = r"[A-Z]+(?:-[A-Z]+)?\d+"
_SECTION = r"[A-Z]+§\d+(?:\.\d+)*"
_DOTTED = r"([A-Z]+)§?(\d+(?:\.\d+)+)"  # "NS4.3": a number with a dot is a section
_SHAPED = r"[A-Z]+§?\d+(?:\.\d+)*"


def citation(rule_id: str) -> str:
    """How players see a rule id: `CL13`, `MC-R7`, `CL §5.1`."""
    code, sep, number = rule_id.partition("§")
    return f"{code} §{number}" if sep else rule_id


def is_ruling(rule_id: str) -> bool:
    return re.fullmatch(_RULING, rule_id) is not None


def is_section(rule_id: str) -> bool:
    return re.fullmatch(_SECTION, rule_id) is not None


def section_number(rule_id: str) -> str:
    """`CL§5.1` -> `5.1`."""
    return rule_id.partition("§")[2]


def rule_key(text: str) -> str | None:
    """What a player typed, if it is shaped like a rule id, in the form ids are compared in:
    upper case, no spaces or hyphens, a `§` before a dotted number. `rule_key("cl 13")` ==
    `rule_key("CL13")`, `rule_key("NS 4.3")` == `rule_key("NS§4.3")`, `rule_key("mc r7")` ==
    `rule_key("MC-R7")`; None for words ("хищник")."""
    t = re.sub(r"[\s\-]+", "", text.upper())
    m = re.fullmatch(_DOTTED, t)
    if m:
        return f"{m.group(1)}§{m.group(2)}"
    return t if re.fullmatch(_SHAPED, t) else None


__all__ = ["citation", "is_ruling", "is_section", "rule_key", "section_number"]
