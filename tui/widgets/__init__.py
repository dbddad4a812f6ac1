"""Game-agnostic widgets: the event log, the prompt bar."""
