"""User settings (language, theme, bot pace, only moves, round summaries, last player name, last
server played online), kept in the platform's config folder."""

from __future__ import annotations

import json
import os
from pathlib import Path

import msgspec
import platformdirs

APP_NAME = "evo"
# Seconds a bot move stays on screen at least, so players can follow it (ARCHITECTURE: UI notes).
PACES: dict[str, float] = {"instant": 0.0, "fast": 0.3, "normal": 0.9, "slow": 1.8}
LANG_CHOICES = ("auto", "ru", "en")
# A decision with a single legal action: wait for the player's key, or take it after a pause.
ONLY_MOVES = ("ask", "auto")
# When a round ends: a summary of it that waits for a key, or straight on.
ROUND_SUMMARIES = ("show", "skip")
DEFAULT_THEME = "evo-dark"


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME))


class Settings(msgspec.Struct):  # not a dataclass: see tui.games.EndInfo
    lang: str = "auto"
    theme: str = DEFAULT_THEME
    pace: str = "normal"
    only_move: str = "ask"  # ONLY_MOVES
    round_summary: str = "show"  # ROUND_SUMMARIES
    player_name: str = ""
    game: str = ""  # the game last set up: the new-game screen opens on it
    setups: str = ""  # JSON: each game's last set-up (seats and options), offered again
    server: str = ""  # the server Play online last reached: its lobby opens on it

    @property
    def pace_seconds(self) -> float:
        return PACES.get(self.pace, PACES["normal"])

    def last_setup(self, game: str) -> dict[str, object]:  # as JSON read it: checked where used
        """The seats and options `game` was last set up with ({} if none or unreadable)."""
        try:
            every = json.loads(self.setups) if self.setups else {}
        except ValueError:
            return {}
        found = every.get(game) if isinstance(every, dict) else None
        return found if isinstance(found, dict) else {}

    def remember_setup(self, game: str, setup: dict[str, object]) -> None:
        try:
            every = json.loads(self.setups) if self.setups else {}
        except ValueError:
            every = {}
        if not isinstance(every, dict):
            every = {}
        every[game] = setup
        self.setups = json.dumps(every, ensure_ascii=False, sort_keys=True)


def load_settings(folder: Path | None = None) -> Settings:
    """The saved settings; a missing or damaged file gives the defaults (settings are not worth a crash)."""
    path = (folder or config_dir()) / "settings.toml"
    try:
        with open(path, "rb") as f:
            import tomllib  # only where there is a file to read

            raw = tomllib.load(f)
    except (OSError, ValueError):  # tomllib.TOMLDecodeError is a ValueError
        return Settings()
    s = Settings()
    for name in Settings.__struct_fields__:
        value = raw.get(name)
        if isinstance(value, str):
            setattr(s, name, value)
    if s.lang not in LANG_CHOICES:
        s.lang = "auto"
    if s.pace not in PACES:
        s.pace = "normal"
    if s.only_move not in ONLY_MOVES:
        s.only_move = "ask"
    if s.round_summary not in ROUND_SUMMARIES:
        s.round_summary = "show"
    return s


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_settings(s: Settings, folder: Path | None = None) -> None:
    """Write atomically so a crash never leaves half a file."""
    folder = folder or config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    body = "".join(f"{k} = {_quote(str(v))}\n" for k, v in msgspec.structs.asdict(s).items())
    tmp = folder / "settings.toml.tmp"
    tmp.write_text(body, encoding="utf-8")
    os.replace(tmp, folder / "settings.toml")
