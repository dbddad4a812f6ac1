"""The user's language: Russian or English, from the locale unless told otherwise."""

from __future__ import annotations

import locale
import os

LANGS = ("ru", "en")


def default_lang() -> str:
    """'ru' when the locale is Russian, else 'en'. EVO_LANG overrides the locale."""
    forced = os.environ.get("EVO_LANG", "")
    if forced in LANGS:
        return forced
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "ru" if code.lower().startswith("ru") else "en"
