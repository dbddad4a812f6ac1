"""The app's texts and registry for `magic`: help for every decision step, a place in the menu."""

from __future__ import annotations

from tui import i18n


def test_steps_have_texts() -> None:
    for step in ("swap", "create", "add", "activate", "effects", "action", "voracious", "molt", "burn"):
        assert i18n.has(f"magic.help.step.{step}")


def test_the_app_offers_magic() -> None:
    from tui.games import playable, refusal

    assert "magic" in playable()
    assert refusal("magic", "en") is None
