"""The user's language: Russian or English, from the locale unless told otherwise."""

from __future__ import annotations

import os
from collections.abc import Mapping

LANGS = ("ru", "en")


def default_lang(env: Mapping[str, str] | None = None) -> str:
    """'ru' when the locale is Russian, else 'en'. EVO_LANG overrides the locale; the C and
    POSIX locales say nothing about a language, so the next variable is asked."""
    env = os.environ if env is None else env
    forced = env.get("EVO_LANG", "")
    if forced in LANGS:
        return forced
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX", "C.UTF-8"):
            return "ru" if value.lower().startswith("ru") else "en"
    # Only when no variable says: the locale Python started with (its LC_CTYPE), as the C
    # module names it; `locale.getlocale()` reads the same, but importing `locale` costs a
    # command's start some 4 M instructions.
    import _locale

    try:
        code = _locale.setlocale(_locale.LC_CTYPE) or ""
    except _locale.Error:  # type: ignore[attr-defined]
        code = ""
    return "ru" if code.lower().startswith("ru") else "en"
