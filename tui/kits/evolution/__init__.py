"""The «Эволюция» kit on the table: the stages, words, widgets, help, rules page and end screen
that the family's games (animals or species with property cards, food and fat, attacks and their
defences, paired properties) share, each game's module keeping only its own. Pure logic except
`widgets` (Textual), which only a board imports."""
