"""Closing the terminal ends the app even when the hang-up signal does not reach it."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a POSIX pseudo-terminal")
def test_the_app_exits_when_its_terminal_goes_away(tmp_path: Path) -> None:
    try:
        pid, master = pty.fork()
    except OSError as exc:  # a container without pseudo-terminals
        pytest.skip(f"no pseudo-terminal: {exc}")
    if pid == 0:  # the child: the app in a fresh terminal, deaf to SIGHUP as under `make`
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
               "EVO_SAVES_DIR": str(tmp_path / "saves"), "TERM": "xterm-256color"}
        os.chdir(ROOT)
        code = "import sys; from tui.cli import main; sys.exit(main(['--lang', 'en']))"
        os.execve(sys.executable, [sys.executable, "-c", code], env)
    try:
        seen = b""
        deadline = time.monotonic() + 30
        while b"New game" not in seen and time.monotonic() < deadline:  # the menu is up
            if select.select([master], [], [], 0.5)[0]:
                seen += os.read(master, 65536)
        assert b"New game" in seen, seen[-500:]
    finally:
        os.close(master)  # the terminal goes away
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        done, _status = os.waitpid(pid, os.WNOHANG)
        if done:
            return
        time.sleep(0.2)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail("the app kept running after its terminal was closed")
