"""Shared test set-up: deterministic hypothesis runs, so CI results do not vary by run."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "evo",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "evo"))
