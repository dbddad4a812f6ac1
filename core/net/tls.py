"""TLS for network play (docs/network.md, "TLS"): a server given a certificate and its key
(`--cert`, `--key`) serves `wss://`; a client checks the server's certificate against the
system's authorities, or against the one file it is told to trust (`--ca`: a self-signed
certificate, or a private authority)."""

from __future__ import annotations

import ssl


class TlsError(Exception):
    """A certificate or key that cannot be used: one line."""


def server_context(cert: str, key: str) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(cert, key)
    except FileNotFoundError as exc:
        raise TlsError(f"no such file: {exc.filename}") from None
    except (OSError, ssl.SSLError) as exc:
        raise TlsError(f"the certificate and key cannot be used ({cert}, {key}): {_why(exc)}") from None
    return ctx


def client_context(url: str, ca: str | None = None, pinned: bool = False) -> ssl.SSLContext | None:
    """The TLS context to reach `url` with (None for ws://). `ca`: the one certificate file to
    trust instead of the system's authorities; `pinned`: that file is the server's own
    certificate, trusted whatever host name it was reached by (a host's app at its own table)."""
    if not url.startswith("wss://"):
        return None
    ctx = ssl.create_default_context(cafile=ca)
    if pinned:
        ctx.check_hostname = False
    return ctx


def _why(exc: Exception) -> str:
    return str(getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc)
