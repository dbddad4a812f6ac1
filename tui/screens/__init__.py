"""The app's screens: menu, setup, table, replay, rules, end of game, and small dialogs."""
