"""A finished game's review in the app (core/review, the same as `evo review`): one seat's key
moments, luck and winning chance over the game, judged from what that seat could see.

The review runs in a thread with a progress bar (a game takes seconds); it is cached beside the
save, so opening it again is at once. `s` turns to the next reviewable seat: the people at the
table (every seat when only bots played)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static

from tui.i18n import seat_names, text
from tui.keys import localize_bindings


class ReviewScreen(Screen):
    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; }
    ReviewScreen #review-status { height: auto; padding: 0 1; color: $text-muted; }
    ReviewScreen #review-progress { height: auto; padding: 0 1; }
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "back", "back"),
        Binding("s", "next_seat", "review_seat"),
    ]

    def __init__(self, session: Any, seats: list[int], seat: int, lang: str) -> None:
        super().__init__(id="review")
        self.session = session
        self.seats = seats
        self.seat = seat
        self.lang = lang
        self.token = 0

    def compose(self) -> ComposeResult:
        yield Static(id="review-status")
        yield ProgressBar(id="review-progress", show_eta=False)
        with VerticalScroll(id="review-body"):
            yield Static(id="review-text")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        self.start()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_seat":
            return len(self.seats) > 1
        return True

    def start(self) -> None:
        """Review `self.seat` in a thread; an older run's answer is dropped by its token."""
        self.token += 1
        token = self.token
        name = seat_names(self.session, self.lang)[self.seat]
        self.query_one("#review-status", Static).update(text("review.working", self.lang, name=name))
        bar = self.query_one("#review-progress", ProgressBar)
        bar.display = True
        bar.update(total=None, progress=0)
        self.query_one("#review-text", Static).update("")
        self.run_worker(lambda: self._work(token), thread=True, exclusive=True, group="review")

    def _work(self, token: int) -> None:
        from core.review.analysis import Settings
        from core.review.report import review_save, tell

        def progress(k: int, n: int) -> None:
            self.app.call_from_thread(self._progress, token, k, n)

        try:
            review, _ = review_save(self.session, self.seat, Settings(), progress=progress)
            lines = tell(self.session, review, self.lang, seat_names(self.session, self.lang))
        except Exception as exc:  # a bug must not take the game's end screen down with it
            self.app.call_from_thread(self._failed, token, exc)
            return
        self.app.call_from_thread(self._done, token, lines)

    def _progress(self, token: int, k: int, n: int) -> None:
        if token == self.token:
            self.query_one("#review-progress", ProgressBar).update(total=n, progress=k)

    def _done(self, token: int, lines: list[str]) -> None:
        if token != self.token:
            return
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(text("review.keys", self.lang))
        self.query_one("#review-text", Static).update(Text("\n".join(lines)))
        self.query_one("#review-body", VerticalScroll).focus()

    def _failed(self, token: int, exc: Exception) -> None:
        if token != self.token:
            return
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(text("review.failed", self.lang))
        self.log.error(repr(exc))

    def action_next_seat(self) -> None:
        if len(self.seats) > 1:
            self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
            self.start()

    def action_back(self) -> None:
        self.token += 1  # a review still running is no longer shown
        self.app.pop_screen()
