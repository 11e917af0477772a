"""What the player keeps: settings, the game in progress, statistics; the hostile-proof reader, folders, lock, logs."""
