"""The words of the house rules (game/rules/house.py): each option's name, its values, and a sentence
saying what a value means and who plays it so; shared by the setup's panel and the Rules screen."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _, number
from game.rules.ruleset import RuleSet


def option_label(name: str) -> str:
    return {
        "black_three_in_hand": _("Black three left in hand"),
        "wild_limit": _("Wild cards in a meld"),
        "first_meld": _("First-meld table"),
        "take_top": _("Top card alone onto a run"),
        "go_out_needs": _("Going out needs"),
        "red_threes_plus": _("Red threes count plus"),
        "going_out_bonus": _("Going-out bonus"),
        "bolivia_bonus": _("Bolivia bonus"),
        "ask_partner": _("Asking the partner"),
        "unfrozen_take": _("Taking an unfrozen pile"),
        "standard_wilds": _("Wild cards in a meld"),
        "canastas_to_go_out": _("Canastas to go out"),
        "take_onto_meld": _("Top card onto a meld"),
    }.get(name, name)


def value_name(name: str, value: str) -> str:
    words: dict[tuple[str, str], Callable[[], str]] = {
        ("black_three_in_hand", "100"): lambda: _("minus {n}").format(n=number(100)),
        ("black_three_in_hand", "5"): lambda: _("minus {n}").format(n=number(5)),
        ("wild_limit", "two"): lambda: _("at most two"),
        ("wild_limit", "three"): lambda: _("at most three"),
        ("first_meld", "standard"): lambda: _("15 to 150"),
        ("first_meld", "family"): lambda: _("50 to 150"),
        ("take_top", "yes"): lambda: _("Yes"),
        ("take_top", "no"): lambda: _("No"),
        ("go_out_needs", "escalera"): lambda: _("an escalera"),
        ("go_out_needs", "two"): lambda: _("any two canastas"),
        ("red_threes_plus", "out"): lambda: _("able to go out"),
        ("red_threes_plus", "two"): lambda: _("two canastas"),
        ("red_threes_plus", "melded"): lambda: _("has melded"),
        ("going_out_bonus", "100"): lambda: _("{a}, {b} concealed").format(a=number(100), b=number(200)),
        ("going_out_bonus", "200"): lambda: number(200),
        ("bolivia_bonus", "2500"): lambda: number(2500),
        ("bolivia_bonus", "2000"): lambda: number(2000),
        ("ask_partner", "optional"): lambda: _("optional"),
        ("ask_partner", "required"): lambda: _("required"),
        ("unfrozen_take", "wild"): lambda: _("a natural and a wild"),
        ("unfrozen_take", "pair"): lambda: _("a natural pair"),
        ("standard_wilds", "more"): lambda: _("fewer than naturals"),
        ("standard_wilds", "equal"): lambda: _("as many as naturals"),
        ("canastas_to_go_out", "1"): lambda: _("one (two at two players)"),
        ("canastas_to_go_out", "2"): lambda: _("two"),
        ("take_onto_meld", "no"): lambda: _("No"),
        ("take_onto_meld", "yes"): lambda: _("Yes"),
    }
    word = words.get((name, value))
    return word() if word else value


def value_caption(name: str, value: str) -> str:
    """What the value means and who plays it so: one line under the panel's choices."""
    words: dict[tuple[str, str], Callable[[], str]] = {
        ("black_three_in_hand", "100"): lambda: _("Minus 100 for each black three left in hand: the usual rule."),
        ("black_three_in_hand", "5"): lambda: _("Minus 5, its value, as in Samba: a common club "
                                                "variant."),
        ("wild_limit", "two"): lambda: _("At most two wild cards, and twice as many naturals: the usual rule."),
        ("wild_limit", "three"): lambda: _("At most three wild cards, more naturals than wilds: clubs that play "
                                           "Canasta's limit."),
        ("first_meld", "standard"): lambda: _("15 below 0, then 50, 90, 120, 150 from 0, 1,500, 3,000, 7,000: "
                                              "the usual table."),
        ("first_meld", "family"): lambda: _("50, 90, 120, 150 from 0, 1,505, 3,005, 5,005 (50 below 0): a "
                                            "variant played at home."),
        ("take_top", "yes"): lambda: _("The top card may go alone onto a run of fewer than seven: the "
                                       "usual rule."),
        ("take_top", "no"): lambda: _("The top card is never taken alone: for clubs that only take the "
                                      "whole pile."),
        ("go_out_needs", "escalera"): lambda: _("An escalera and another canasta: the usual rule."),
        ("go_out_needs", "two"): lambda: _("Any two canastas, as in Samba: clubs that play Bolivia as its parent."),
        ("red_threes_plus", "out"): lambda: _("Plus when the side has what going out needs: the usual rule."),
        ("red_threes_plus", "two"): lambda: _("Plus when the side has two canastas of any kind: as Samba counts "
                                              "them."),
        ("red_threes_plus", "melded"): lambda: _("Plus once the side has melded, as in Canasta: a common club "
                                                 "variant."),
        ("going_out_bonus", "100"): lambda: _("100 for going out, 200 concealed: the usual rule, as in Canasta."),
        ("going_out_bonus", "200"): lambda: _("200 for going out, concealed or not: as in "
                                              "Samba."),
        ("bolivia_bonus", "2500"): lambda: _("2,500 for seven wild cards: the usual rule."),
        ("bolivia_bonus", "2000"): lambda: _("2,000 for seven wild cards: a common club variant."),
        ("ask_partner", "optional"): lambda: _("At four players a player may ask \"May I go out?\": the "
                                               "usual rule."),
        ("ask_partner", "required"): lambda: _("At four players a player goes out only after the partner's yes: "
                                               "strict clubs."),
        ("unfrozen_take", "wild"): lambda: _("A natural and a wild card take an unfrozen pile: the usual "
                                             "rule, as in Hoyle."),
        ("unfrozen_take", "pair"): lambda: _("Always a natural pair, frozen or not: clubs that never unfreeze."),
        ("standard_wilds", "more"): lambda: _("More naturals than wild cards, at most three: the usual rule."),
        ("standard_wilds", "equal"): lambda: _("No more wild cards than naturals, at most three: an "
                                               "older way to play."),
        ("canastas_to_go_out", "1"): lambda: _("One canasta to go out, two at two players: the usual rule."),
        ("canastas_to_go_out", "2"): lambda: _("Two canastas at every table size: the longer club game."),
        ("take_onto_meld", "no"): lambda: _("The pile is always taken with two cards from your hand that meld "
                                            "with its top card."),
        ("take_onto_meld", "yes"): lambda: _("While the pile is not frozen, its top card may go onto your meld "
                                             "of its rank, and the pile is yours: as in Hoyle and Pagat."),
    }
    word = words.get((name, value))
    return word() if word else ""


def house_summary(rules: RuleSet) -> str:
    """The options a rule set plays away from its game's defaults, as the setup and the Rules screen say it."""
    if not rules.house:
        return _("as the game's own rules")
    return _("; ").join(f"{option_label(n)}: {value_name(n, v)}" for n, v in rules.house)
