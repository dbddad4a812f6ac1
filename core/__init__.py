"""Evo core: rules, engine and bots. Never imports Textual."""

__version__ = "0.1.0"
