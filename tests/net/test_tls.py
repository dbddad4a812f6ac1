"""TLS (docs/network.md, "TLS"): a server given a certificate serves wss://, a client that
trusts the certificate plays a whole game there and checks it, one that does not trust it (or
speaks plain ws://) cannot join; `evo host --cert --key` and `evo join wss://… --ca` as
commands. The certificate is self-signed and made here by `openssl`, which must be present."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest

from core import games
from core.net.client import NetError, TableClient, play
from core.net.tls import server_context
from tests.net.helpers import by_chance, run, started, stop, table_seats
from tests.net.test_cli_net import EVO, ROOT
from tui.cli import main

GAME = games.ids()[0]


@pytest.fixture(scope="module")
def cert(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A self-signed certificate for localhost and 127.0.0.1, and its key (PEM files)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate to test TLS with")
    folder = tmp_path_factory.mktemp("tls")
    crt, key = folder / "cert.pem", folder / "key.pem"
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                           "-keyout", str(key), "-out", str(crt), "-subj", "/CN=localhost",
                           "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                          capture_output=True, text=True, timeout=60)
    if made.returncode != 0:
        pytest.skip(f"openssl could not make a certificate: {made.stderr.strip()[:200]}")
    return str(crt), str(key)


def test_a_game_over_wss_verifies_and_untrusting_clients_cannot_join(cert: tuple[str, str],
                                                                     tmp_path: Path) -> None:
    crt, key = cert

    async def body() -> None:
        server = await started(tmp_path)
        assert server.ws is not None
        server.ws.close()
        await server.start("127.0.0.1", 0, server_context(crt, key))
        table = server.open_table(GAME, table_seats(GAME))
        table.kick()
        base = f"127.0.0.1:{server.port}/{table.id}"
        tokens = [t.hex() for t in table.tokens if t is not None]
        stranger = TableClient(f"wss://{base}", tokens[0])  # the system's authorities: not this one
        with pytest.raises(NetError, match="certificate"):
            await stranger.connect()
        plain = TableClient(f"ws://{base}", tokens[0])
        with pytest.raises(NetError):
            await plain.connect(timeout=3)
        people = [TableClient(f"wss://{base}", t, ca=crt) for t in tokens]
        for c in people:
            await c.connect()
        await asyncio.gather(*(play(c, by_chance(i)) for i, c in enumerate(people)))
        for c in people:
            assert await c.wait(lambda c=c: c.verdict is not None, 60)
            assert c.verdict is not None and c.verdict.ok, c.verdict
        await stop(server, *people)
    run(body)


def test_host_and_join_over_wss_as_commands(cert: tuple[str, str], tmp_path: Path) -> None:
    crt, key = cert
    host = subprocess.Popen([*EVO, "--saves-dir", str(tmp_path), "host", GAME, "--port", "0", "--headless",
                             "--seats", "human,bot:random", "--cert", crt, "--key", key],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline() for _ in range(3)]
        assert "wss://" in lines[0]
        join = next(line for line in lines if "evo join" in line).split("evo join ", 1)[1].split()
        assert join[0].startswith("wss://")
        done = subprocess.run([*EVO, "join", *join, "--bot", "random", "--ca", crt], cwd=ROOT,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        assert "checked: the deal is the one committed" in done.stdout
        out, err = host.communicate(timeout=60)
        assert host.returncode == 0 and not err, err
        assert "the game is over" in out
    finally:
        host.kill()
        host.wait(timeout=10)


@pytest.mark.parametrize(("extra", "says"), [
    (["--cert", "c.pem"], "--cert and --key go together"),
    (["--cert", "/nonexistent/c.pem", "--key", "/nonexistent/k.pem"], "no such file"),
])
def test_bad_tls_options_get_one_line(extra: list[str], says: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", *extra]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


def test_a_file_that_is_no_certificate_gets_one_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    assert main(["host", GAME, "--headless", "--port", "0", "--cert", str(junk), "--key", str(junk)]) == 2
    err = capsys.readouterr().err
    assert "TLS: the certificate and key cannot be used" in err and len(err.strip().splitlines()) == 1
