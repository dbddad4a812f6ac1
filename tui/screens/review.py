"""A game's review in the app (core/review, the same as `evo review`): each player's figures,
and one seat's key moments, luck and winning chance over the game, judged from what that seat
could see.

The review runs in a thread with a progress bar (a game takes seconds a seat), the person shown
first, then every other player, whose figures join the table as they come; it is cached beside
the save, so opening it again is at once. `s` turns to the next player; 1–5 show a key moment on
the game's board (tui/screens/review_moment.py), where it can be tried and its reply seen.
Opened from a finished game's end screen (`v`) and from its replay (`r`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static

from tui.i18n import seat_names, text
from tui.keys import localize_bindings

if TYPE_CHECKING:
    from core.engine.session import GameSession
    from core.review.analysis import Review, Settings
    from tui.app import EvoApp

MOMENTS = 5  # key moments a seat's review shows (Review.key_moments' default)


def default_settings() -> Settings:
    """The review's settings in the app: `evo review`'s defaults."""
    from core.review.analysis import Settings

    return Settings()


def open_review(app: EvoApp, session: GameSession, seat: int | None) -> None:
    """Review `session` over what is on screen, starting with `seat` (else the first person)."""
    from core.review.report import reviewable

    seats = reviewable(session)
    if not seats:
        return
    people = [i for i in seats if session.header.seats[i].kind == "human"]
    first = seat if seat in seats else (people or seats)[0]
    app.push_screen(ReviewScreen(session, [first], first, app.lang))


class _Left(Exception):
    """The review's screen is gone: its thread stops."""


class ReviewScreen(Screen):
    if TYPE_CHECKING:
        app: EvoApp  # the app's own attributes (lang, saves_dir, …)

    DEFAULT_CSS = """
    ReviewScreen { layout: vertical; }
    ReviewScreen #review-status { height: auto; padding: 0 1; color: $text-muted; }
    ReviewScreen #review-progress { height: auto; padding: 0 1; }
    ReviewScreen #review-figures { height: auto; padding: 0 1; background: $boost; }
    ReviewScreen #review-body { height: 1fr; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "moment(0)", "review_moment", key_display="1–5"),
        *[Binding(str(k + 1), f"moment({k})", show=False) for k in range(1, MOMENTS)],
        Binding("s", "next_seat", "review_seat"),
        Binding("escape,q", "back", "back"),
    ]

    def __init__(self, session: GameSession, seats: list[int], seat: int, lang: str,
                 settings: Settings | None = None) -> None:
        """`seats`: the players to show first (the people at the table); every other player
        who made decisions is reviewed after them. `settings`: the review's (its defaults, as
        `evo review` has them, unless a test asks for less)."""
        from core.review.report import reviewable

        super().__init__(id="review")
        self.session = session
        self.seats = [*seats, *(s for s in reviewable(session) if s not in seats)]
        self.seat = seat
        self.lang = lang
        self.settings = settings or default_settings()
        self.reviews: dict[int, Review] = {}  # seat -> its Review, as they come
        self.told: dict[tuple[int, str], list[str]] = {}  # (seat, lang) -> its lines
        self.token = 0

    def compose(self) -> ComposeResult:
        yield Static(id="review-status")
        yield ProgressBar(id="review-progress", show_eta=False)
        yield Static(id="review-figures")
        with VerticalScroll(id="review-body"):
            yield Static(id="review-text")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        self.start()

    def relocalize(self) -> None:
        self.lang = self.app.lang
        localize_bindings(self, self.lang)
        self.refresh_bindings()
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_seat":
            return len(self.seats) > 1
        if action == "moment":
            review = self.reviews.get(self.seat)
            k = int(str(parameters[0])) if parameters else 0
            return True if review is not None and k < len(review.key_moments(MOMENTS)) else None
        return True

    # --- the work, in a thread --------------------------------------------------------------

    def start(self) -> None:
        """Review every seat in a thread, the one shown first; a later run's token drops an
        older run's answers."""
        self.token += 1
        token, order = self.token, [self.seat, *(s for s in self.seats if s != self.seat)]
        self.query_one("#review-progress", ProgressBar).update(total=None, progress=0)
        self.show()
        self.run_worker(lambda: self._work(token, order), thread=True, exclusive=True, group="review")

    def _work(self, token: int, order: list[int]) -> None:
        from core.review.report import review_seats

        shown = [-1]  # the bar's last percent: a repaint only when it moves
        for n, seat in enumerate(order):
            def progress(k: int, total: int, n: int = n) -> None:
                if token != self.token:  # the screen was left: stop working for it
                    raise _Left
                done, whole = n * total + k, len(order) * total
                if 100 * done // whole != shown[0]:
                    shown[0] = 100 * done // whole
                    self.app.call_from_thread(self._progress, token, done, whole)

            try:
                (review, _), = review_seats(self.session, [seat], self.settings, progress=progress)
                lines = self._tell(review, self.lang)
            except _Left:
                return
            except Exception as exc:  # a bug must not take the game's end screen down with it
                self.app.call_from_thread(self._failed, token, exc)
                return
            self.app.call_from_thread(self._done, token, seat, review, lines)

    def _tell(self, review: Review, lang: str) -> list[str]:
        from core.review.report import tell

        return tell(self.session, review, lang, seat_names(self.session, lang), positions=False)

    def _progress(self, token: int, k: int, n: int) -> None:
        if token == self.token:
            self.query_one("#review-progress", ProgressBar).update(total=n, progress=k)

    def _done(self, token: int, seat: int, review: Review, lines: list[str]) -> None:
        if token != self.token:
            return
        self.reviews[seat] = review
        self.told[(seat, self.lang)] = lines
        self.show()

    def _failed(self, token: int, exc: Exception) -> None:
        if token != self.token:
            return
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(text("review.failed", self.lang))
        self.log.error(repr(exc))

    # --- what is shown -----------------------------------------------------------------------

    def show(self) -> None:
        from core.review.report import figures

        lang, names = self.lang, seat_names(self.session, self.lang)
        busy = len(self.reviews) < len(self.seats)
        bar = self.query_one("#review-progress", ProgressBar)
        bar.display = busy
        done = [self.reviews[s] for s in self.seats if s in self.reviews]
        table = self.query_one("#review-figures", Static)
        table.display = bool(done)
        table.update(Text("\n".join(figures(done, lang, names))) if done else "")
        review = self.reviews.get(self.seat)
        status = self.query_one("#review-status", Static)
        body = self.query_one("#review-text", Static)
        if review is None:
            status.update(text("review.working", lang, name=names[self.seat]))
            body.update("")
        else:
            if (self.seat, lang) not in self.told:
                self.told[(self.seat, lang)] = self._tell(review, lang)
            status.update(text("review.keys", lang) if not busy else
                          text("review.working_more", lang, k=len(done), n=len(self.seats)))
            body.update(Text("\n".join(self.told[(self.seat, lang)])))
            self.query_one("#review-body", VerticalScroll).focus()
        self.refresh_bindings()

    # --- keys ---------------------------------------------------------------------------------

    def action_next_seat(self) -> None:
        if len(self.seats) > 1:
            self.seat = self.seats[(self.seats.index(self.seat) + 1) % len(self.seats)]
            self.query_one("#review-body", VerticalScroll).scroll_home(animate=False)
            self.show()

    def action_moment(self, k: int) -> None:
        from tui.screens.review_moment import MomentScreen

        review = self.reviews.get(self.seat)
        if review is not None and k < len(review.key_moments(MOMENTS)):
            self.app.push_screen(MomentScreen(self.session, review, k, self.lang))

    def action_back(self) -> None:
        self.token += 1  # a review still running is no longer shown
        self.app.pop_screen()
