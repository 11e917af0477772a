"""The game's screens, one module per scene (menu, setup, table, scoring, game over)."""
