"""Developers' tools that are not part of the game a player runs (the catalogue refresh, for now)."""
