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
# A fuzz campaign (tests/engine/fuzzing.py): fresh random examples on every run, e.g.
# EVO_FUZZ_EXAMPLES=2000 HYPOTHESIS_PROFILE=campaign pytest tests/engine/test_fuzz_*.py
settings.register_profile(
    "campaign",
    derandomize=False,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "evo"))
