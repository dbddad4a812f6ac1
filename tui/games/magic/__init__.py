"""What the app knows specifically about `magic`: its table widgets, decision stages, log and stats."""
