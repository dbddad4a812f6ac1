"""Strict readers for the values of a scenario's `[position]` table, for the games' scenario
adapters: TOML gives strings, integers, floats, booleans, lists and tables, and a position
must not quietly turn `solo = "maybe"` into true, `energy = 2.7` into 2 or `round = -1` into a
round. Each raises ValueError with a one-line reason naming the key."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any


def as_int(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a boolean), within `low`..`high` when given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"`{what}` must be a whole number, not {_shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low}..{high}" if low is not None and high is not None else (
            f"at least {low}" if low is not None else f"at most {high}")
        raise ValueError(f"`{what}` must be {span}, not {value}")
    return value


def as_bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"`{what}` must be true or false, not {_shown(value)}")
    return value


def as_str(value: Any, what: str, allowed: Collection[str] | None = None) -> str:
    if not isinstance(value, str):
        raise ValueError(f"`{what}` must be a string, not {_shown(value)}")
    if allowed is not None and value not in allowed:
        raise ValueError(f"`{what}` is '{value[:40]}', not one of {', '.join(sorted(allowed))}")
    return value


def as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"`{what}` must be a list, not {_shown(value)}")
    return value


def as_table(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"`{what}` must be a table, not {_shown(value)}")
    return value


def ints(value: Any, what: str, low: int | None = None, high: int | None = None) -> list[int]:
    """A list of whole numbers."""
    return [as_int(v, f"{what}[{i}]", low, high) for i, v in enumerate(as_list(value, what))]


def strs(value: Any, what: str, allowed: Collection[str] | None = None) -> list[str]:
    """A list of strings."""
    return [as_str(v, f"{what}[{i}]", allowed) for i, v in enumerate(as_list(value, what))]


def tables(value: Any, what: str) -> list[Mapping[str, Any]]:
    """A list of tables."""
    return [as_table(v, f"{what}[{i}]") for i, v in enumerate(as_list(value, what))]


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


__all__ = ["as_bool", "as_int", "as_list", "as_str", "as_table", "ints", "strs", "tables"]
