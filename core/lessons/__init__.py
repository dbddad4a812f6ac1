"""Lessons (docs/scenarios.md, "Lessons"): scenario files with a `[lesson]` table, played on the
real rules, each proved solvable by `evo lesson check`. `lesson` reads one, `catalog` finds
every game's, `tutor` plays one (the goal, the opponent's replies, what still reaches the
goal), `check` proves one, `progress` keeps the stars a player earned."""
