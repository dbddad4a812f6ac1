"""Looking up a ruling in the app: its text as a page, the rulings a search finds, and the
command palette's entries for them.

A refusal cites a rule id (core.engine.citation); its text, in the player's language, comes
from the game's ruling book (`GameDescriptor.rulings`), read the first time anything here
asks for it — never at start-up, never while a game is simply played.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual.command import Hit, Hits, Provider

from core import games
from core.engine.citation import rule_key
from core.engine.rulings import Ruling, find
from tui.games import playable, title
from tui.i18n import text

if TYPE_CHECKING:
    from tui.app import EvoApp


def ruling(game: str, rule_id: str) -> Ruling | None:
    return games.get(game).rulings.get(rule_id)


def heading(r: Ruling, lang: str) -> str:
    """`CL13 · Статические защиты жертвы`."""
    return f"{r.cite} · {r.say(lang)[0]}"


def ruling_markdown(r: Ruling, lang: str, level: str = "##", game: bool = True) -> str:
    """A ruling as a section of a page: its citation and title, its text (and its game)."""
    body = r.say(lang)[1]
    out = f"{level} {heading(r, lang)}\n\n{body}\n"
    return f"{out}\n*{title(r.game, lang)}*\n" if game else out


def _in_order(first: str | None) -> list[str]:
    """The playable games, `first` first."""
    order = playable()
    return [first, *(g for g in order if g != first)] if first in order else order


def search(query: str, lang: str, first: str | None) -> list[Ruling]:
    """What a player's search finds (core.engine.rulings.find) over every playable game, the
    game in front first; an empty query lists that game's rulings."""
    books = [games.get(g).rulings for g in _in_order(first)]
    if not query.strip():
        return list(books[0]) if books else []
    return find(query, lang, books)


def show_ruling(app: EvoApp, r: Ruling) -> None:
    """The ruling's page over the screen in front."""
    from tui.screens.dialogs import MarkdownScreen

    page = ruling_markdown(r, app.lang, game=False)
    app.push_screen(MarkdownScreen(title(r.game, app.lang), page, app.lang))


def _front_game(app: EvoApp, screen: object) -> str | None:
    game = getattr(screen, "game", None)  # the rules screen names its game
    return game if isinstance(game, str) else app.current_game()


EXACT = 1e6  # above any fuzzy score of the palette's other commands
# A ruling found by words ranks below an app command its words match as well: "Russ" is the
# language before the ruling on Russian trait names (rulings are many, commands few).
WORDS_WEIGHT = 0.9


class RulingsProvider(Provider):
    """The command palette finds rulings by id ("CL13", "ns 4.3") or by words of their titles.
    The ruling books are read on the first search, not when the palette opens."""

    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (settings, lang, saves, …)

    def _entries(self, lang: str) -> Iterable[tuple[Ruling, str]]:
        for g in _in_order(_front_game(self.app, self.screen)):
            name = title(g, lang)
            for r in games.get(g).rulings:
                yield r, f"{heading(r, lang)} — {name}"

    async def search(self, query: str) -> Hits:
        """An id ("cl 13", "NS 4.3") finds that ruling first, then those it begins (CL1 →
        CL10 …); words match the titles as the palette matches any command."""
        if not query.strip():
            return
        lang = self.app.lang
        key = rule_key(query)
        matcher = self.matcher(query)
        for r, shown in self._entries(lang):
            if key is not None:
                own = rule_key(r.id) or ""
                score = EXACT if own == key else EXACT / 2 - len(own) if own.startswith(key) else 0
            else:
                score = matcher.match(shown) * WORDS_WEIGHT
            if score > 0:
                yield Hit(score, matcher.highlight(shown), partial(show_ruling, self.app, r),
                          help=text("rulings.palette_help", lang))


def refusal_help(game: str, rule_id: str, lang: str) -> str:
    """The top of the help page while a refusal is shown: the ruling it cites."""
    r = ruling(game, rule_id)
    if r is None:
        return ""
    return f"## {text('rulings.why', lang)}\n\n{ruling_markdown(r, lang, '###', game=False)}\n---\n\n"
