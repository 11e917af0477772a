"""Bolivia, canasta against the computer. The version is read from here by pyproject.toml."""

__version__ = "0.1.0"
