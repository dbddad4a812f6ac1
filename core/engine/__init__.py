"""Game-agnostic engine: ruleset protocol, journal, session, scenarios."""
