"""Bolivia's bundled files: the DejaVu fonts with their licence, and the translation catalogues.

Not code: a package only so that importlib.resources finds these files wherever the game runs.
Installed, this folder is the package `bolivia_assets` (pyproject.toml); game/assets.py reads it.
"""
