"""The «Гравити Фолз» table of the app: map, alarm track, characters, monster row, replay, end."""
