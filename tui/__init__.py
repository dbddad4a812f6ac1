"""The Textual app and the `evo` command."""
