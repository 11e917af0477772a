"""The one error the engine raises for a move the rules forbid."""


class IllegalAction(ValueError):
    """An action the rules refuse; str(error) is a reason a player can read."""


class NotAMeld(IllegalAction):
    """Cards that make no meld at all; `detail` says why without that preamble, for a reason that says it
    its own way ("These cards don't fit on that meld: ...")."""

    def __init__(self, message: str, detail: str) -> None:
        super().__init__(message)
        self.detail = detail
