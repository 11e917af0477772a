"""The names of the card backs and table felts as Settings shows them, in the player's language."""

from __future__ import annotations

from game.i18n import _


def back_text(name: str) -> str:
    return {"blue": _("Blue lattice"), "red": _("Red lattice"), "green": _("Green rings"),
            "night": _("Black and gold")}.get(name, name)


def felt_text(name: str) -> str:
    return {"green": _("Green baize"), "blue": _("Blue baize"), "wine": _("Wine red"),
            "slate": _("Slate grey")}.get(name, name)
