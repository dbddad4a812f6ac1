"""`evo web` (docs/network.md, "In a browser"): the app served to a browser by textual-serve.
A table is hosted (`evo host --headless`, its deal waiting for its one person), `evo web`
serves `evo join` at it, and a headless Chromium opens the page: the app it starts sits down
at the table, which is then dealt (its journal appears), and the browser's screenshot of the
joined table is kept. Skipped, with the reason, without the optional extra [web] or without
Debian's chromium-headless-shell (or chromium)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from core import games
from tests.net.test_cli_net import EVO, ROOT
from tui.cli import main

GAME = games.ids()[0]


def _browser() -> str:
    for name in ("chromium-headless-shell", "chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
        inside = Path("/usr/lib/chromium") / name  # Debian keeps the headless shell here
        if inside.exists():
            return str(inside)
    pytest.skip("no headless Chromium (apt-get install chromium-headless-shell): evo web is not tried")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _until(check: object, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return False


def test_a_browser_joins_a_table_through_evo_web(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="the optional extra [web] (textual-serve) is not installed")
    browser = _browser()
    host = subprocess.Popen([*EVO, "--saves-dir", str(tmp_path), "host", GAME, "--port", "0", "--headless",
                             "--seats", "human,bot:random"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    web = chrome = None
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]
        join = next(line for line in lines if "evo join" in line).split("evo join ", 1)[1].split()
        journal = Path(lines[2].split(": ", 1)[1].strip())
        assert not journal.exists()  # not dealt: its one person has not sat down
        port = _free_port()
        web = subprocess.Popen([*EVO, "--lang", "en", "--saves-dir", str(tmp_path), "web", *join,
                                "--name", "Browser", "--port", str(port)], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert _until(lambda: _listening(port), 30), "evo web did not start"
        devtools = _free_port()
        chrome = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu",
                                   "--window-size=1280,800", f"--remote-debugging-port={devtools}",
                                   f"--user-data-dir={tmp_path / 'chrome'}", f"http://127.0.0.1:{port}/"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # the page started the app, which sat down at the table: the table was dealt
        assert _until(journal.exists, 90), "the browser's app did not sit down at the table"
        time.sleep(3)  # the table drawn in the page
        shot = tmp_path / "table.png"
        shot.write_bytes(_screenshot(devtools))
        assert shot.stat().st_size > 20000  # the table, not the page's blank start
    finally:
        for p in (chrome, web, host):
            if p is not None:
                p.kill()
                p.wait(timeout=10)


def _screenshot(devtools: int) -> bytes:
    """The browser's page as a PNG, through Chromium's DevTools protocol."""
    import base64
    import json
    import urllib.request

    from websockets.sync.client import connect

    with urllib.request.urlopen(f"http://127.0.0.1:{devtools}/json", timeout=10) as answer:
        pages = [t for t in json.load(answer) if t.get("type") == "page"]
    with connect(pages[0]["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024, open_timeout=10) as ws:
        ws.send(json.dumps({"id": 1, "method": "Page.captureScreenshot", "params": {"format": "png"}}))
        for _ in range(100):  # events may come before the answer
            reply = json.loads(ws.recv(timeout=30))
            if reply.get("id") == 1:
                return base64.b64decode(reply["result"]["data"])
    raise AssertionError("the browser sent no screenshot")


def _listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_evo_web_refuses_what_is_no_tables_address(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("textual_serve", reason="the optional extra [web] (textual-serve) is not installed")
    assert main(["web", "http://example.org/x"]) == 2
    err = capsys.readouterr().err
    assert "not a table's address" in err and len(err.strip().splitlines()) == 1
