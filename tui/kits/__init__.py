"""Kits for the app's side of a family of games: what several games' table modules share,
parameterised by what differs (each game's actions, texts and names). A kit never names a game."""
