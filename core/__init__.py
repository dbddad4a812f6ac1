"""Evo core: rules, engine and bots. Never imports Textual."""

from core import native

__version__ = "0.1.0"

native.install()  # the compiled search, when built and current (core/native.py)
