"""The headless tools behind `python -m game TOOL`, and developers' tools (catalogues, sounds)."""
