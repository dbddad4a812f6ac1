"""The bot texts file and the bench figures."""

from __future__ import annotations

import re

import pytest

from core import games
from core.bots import bench
from core.bots.texts import keys, table, text
from tests.bots.helpers import TINY, tiny_levels


def test_texts_have_both_languages_with_the_same_placeholders() -> None:
    for key in keys():
        entry = table().texts[key]
        ru, en = entry["ru"], entry["en"]
        assert ru.strip() and en.strip()
        assert set(re.findall(r"{(\w+)}", ru)) == set(re.findall(r"{(\w+)}", en)), key
    assert text("table.bot", "ru") == "бот" and text("table.bot", "de") == "bot"


@pytest.mark.parametrize("game", games.ids())
def test_bench_figures(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    tiny_levels(monkeypatch)
    figures = bench.bot_figures(game, quick=True)
    assert figures["greedy"]["decisions_per_s"] > 0
    assert set(figures["mcts"]) == {"easy", "normal", "hard", "expert"}
    for level in figures["mcts"].values():
        assert TINY.floor <= level["simulations_per_decision"] <= TINY.ceiling
        assert level["ms_per_decision"] > 0
