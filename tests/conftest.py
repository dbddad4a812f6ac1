"""Shared test set-up: deterministic hypothesis runs, so CI results do not vary by run, and the
app's fixtures (tests/piloting.py) for every test folder."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.piloting"]

settings.register_profile(
    "evo",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "evo"))
