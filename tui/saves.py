"""Where games are saved, and what the saves folder holds (for Continue, Load and Replay).

Every game is journaled move by move from its first move (the journal is the autosave), so a
save is simply a journal file; "Continue" opens the most recently written unfinished one.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import msgspec
import platformdirs

from core.engine.journal import JournalError
from core.engine.session import GameSession
from tui.games import playable, plugin
from tui.i18n import seat_names, text
from tui.library import SavesLibrary
from tui.settings import APP_NAME

SUFFIX = ".jsonl"
CHECKOUT_ROOT = Path(__file__).resolve().parent.parent


def is_checkout(root: Path = CHECKOUT_ROOT) -> bool:
    return (root / "pyproject.toml").is_file() and (root / "saves").is_dir()


def default_saves_dir(override: str | None = None) -> Path:
    """`--saves-dir` (or $EVO_SAVES_DIR), else `saves/` in a source checkout, else the user data folder."""
    override = override or os.environ.get("EVO_SAVES_DIR")
    if override:
        return Path(override).expanduser()
    if is_checkout():
        return CHECKOUT_ROOT / "saves"
    return Path(platformdirs.user_data_dir(APP_NAME)) / "saves"


def new_save_path(folder: Path, game: str, now: float | None = None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    path = folder / f"{game}-{stamp}{SUFFIX}"
    k = 2
    while path.exists():
        path = folder / f"{game}-{stamp}-{k}{SUFFIX}"
        k += 1
    return path


class SaveInfo(msgspec.Struct):  # not a dataclass: see tui.games.EndInfo
    path: Path
    mtime: float
    game: str = ""
    names: list[str] = []
    finished: bool = False
    winner: str = ""
    round: int = 0
    moves: int = 0
    error: str = ""  # one line, when the file cannot be loaded
    demo: bool = False

    @property
    def ok(self) -> bool:
        return not self.error


def save_problem(exc: Exception, lang: str, detail: bool = False) -> str:
    """Why a save cannot be used, in the player's language: the file, the line and the kind of
    problem (in English the technical detail itself; a Russian player gets the gist, and with
    `detail` — as `evo` prints it — the file's whole path and the detail after the gist)."""
    if not isinstance(exc, JournalError):
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if lang != "ru":
        return str(exc)
    file = exc.path if detail else Path(exc.path).name
    where = text("journal.where_line", lang, file=file, k=exc.line) if exc.line \
        else text("journal.where", lang, file=file)
    gist = f"{where}: {text(f'journal.{exc.kind}', lang)}"
    return f"{gist} ({exc.problem})" if detail else gist


def inspect(path: Path, lang: str = "en", demo: bool = False) -> SaveInfo:
    info = SaveInfo(path, _mtime(path), demo=demo)
    try:
        session, _warnings = GameSession.load(path, writable=False)
    except JournalError as exc:
        info.error = save_problem(exc, lang)
        return info
    except Exception as exc:  # never let one bad file break the list
        info.error = f"{path}: {type(exc).__name__}: {exc}".splitlines()[0]
        return info
    info.game = session.header.game
    info.names = seat_names(session, lang)
    if info.game in playable():
        who = plugin(info.game).who
        if who is not None:
            info.names = who(session.header, info.names, lang)
    outcome = session.outcome()
    info.finished = outcome is not None
    if outcome is not None and outcome.winners:
        info.winner = ", ".join(info.names[w] for w in outcome.winners)
    info.round = session.rules.round_number(session.state)
    info.moves = len(session.line)
    return info


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def looks_like_a_save(path: Path) -> bool:
    """A journal whatever its name (`evo new --out game.evo`, Save as `mine.evo`): its first
    line names the format; a `.jsonl` file is listed even when that line is damaged."""
    if path.name.startswith(".") or not path.is_file():
        return False
    if path.suffix == SUFFIX:
        return True
    try:
        with open(path, "rb") as f:
            head = f.read(256)
    except OSError:
        return False
    return b'"format":"evo-journal"' in head


def save_files(folder: Path, include_demos: bool = True,
               library: SavesLibrary | None = None) -> list[tuple[Path, bool]]:
    """Journal files, newest first, each with whether it is a shipped demo: the saves folder's,
    and those the app knows of elsewhere (`library`), less any whose game went on in another
    file after a Save as."""
    found: list[tuple[Path, bool]] = []
    if folder.is_dir():
        found += [(p, False) for p in folder.iterdir() if looks_like_a_save(p)]
        if include_demos and (folder / "demo").is_dir():
            found += [(p, True) for p in (folder / "demo").iterdir() if looks_like_a_save(p)]
    if library is not None:
        seen = {p.resolve() for p, _demo in found}
        found += [(p, False) for p in library.outside_files() if p.resolve() not in seen]
        found = [(p, demo) for p, demo in found if not library.superseded(p)]
    found.sort(key=lambda item: (item[1], -_mtime(item[0])))
    return found


_INFOS: dict[tuple[str, str, int, float], SaveInfo] = {}


def inspect_cached(path: Path, lang: str = "en", demo: bool = False) -> SaveInfo:
    """`inspect`, remembered while the file keeps its size and time (the menu asks often)."""
    try:
        st = path.stat()
    except OSError:
        return inspect(path, lang, demo)
    key = (str(path.resolve()), lang, st.st_size, st.st_mtime)
    info = _INFOS.get(key)
    if info is None:
        if len(_INFOS) > 512:
            _INFOS.clear()
        info = _INFOS[key] = inspect(path, lang, demo)
    return info


def list_saves(folder: Path, lang: str = "en", library: SavesLibrary | None = None) -> list[SaveInfo]:
    return [inspect_cached(p, lang, demo) for p, demo in save_files(folder, library=library)]


def in_progress(folder: Path, lang: str = "en", library: SavesLibrary | None = None) -> list[SaveInfo]:
    """The games not over, most recently written first (what Continue offers)."""
    out = []
    for path, _demo in save_files(folder, include_demos=False, library=library):
        info = inspect_cached(path, lang)
        if info.ok and not info.finished:
            out.append(info)
    return out


def latest_unfinished(folder: Path, library: SavesLibrary | None = None) -> Path | None:
    """The most recently written game that is not over."""
    games = in_progress(folder, library=library)
    return games[0].path if games else None
