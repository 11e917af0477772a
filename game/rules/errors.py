"""The one error the engine raises for a move the rules forbid."""


class IllegalAction(ValueError):
    """An action the rules refuse; str(error) is a reason a player can read."""
