"""Every variant-specific number lives in one frozen RuleSet value, and the few rules that differ
between the games are small methods of it (in the style of python-chess's variants): the engine
asks `rules.<hook>(...)` where the games differ and never looks at the rule set's name."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from game.i18n import _, ngettext
from game.rules.cards import BLACK_THREE, NATURAL, RED_THREE, VALUE, WILD

ESCALERA = "escalera"  # melds.ESCALERA (melds imports this module)

# Why the pile is frozen for a side (RuleSet.pile_freeze).
FROZEN_BY_WILD = "wild"  # a wild card (or a red three turned up) lies in the pile
FROZEN_BEFORE_MELD = "first_meld"  # the side has not melded yet

# When a side's red threes count plus (RuleSet.red_threes_plus).
RED_PLUS_OUT = "out"  # the side has what going out needs
RED_PLUS_TWO = "two"  # the side has two canastas of any kind
RED_PLUS_MELDED = "melded"  # the side has melded


@dataclass(frozen=True)
class RuleSet:
    name: str
    packs: int
    jokers: int
    hand_size: tuple[int, int, int]  # cards dealt at 2, 3 and 4 players
    draw_count: tuple[int, int, int]  # cards drawn from the stock at 2, 3 and 4 players
    max_wilds_in_rank_meld: int
    naturals_per_wild: int  # a rank meld needs at least this many naturals per wild card ...
    natural_margin: int  # ... plus this many more when it holds a wild card (1: more naturals than wilds)
    runs: bool
    wild_melds: bool
    run_max: int
    wild_meld_max: int
    canasta_size: int
    natural_canasta: int
    mixed_canasta: int
    escalera: int
    bolivia: int
    # First-meld minimum: (lowest side total, minimum), highest threshold first.
    min_meld_table: tuple[tuple[int, int], ...]
    red_three: int
    all_red_threes: int
    go_out: int
    go_out_concealed: int
    default_targets: tuple[int, int, int]  # default target at 2, 3 and 4 players
    targets: tuple[int, ...]
    max_hands: int
    black_three_in_hand: int  # what a black three left in hand costs
    one_meld_per_rank: bool  # cards of a rank the side has melded go onto that meld
    pile_freezes: bool  # False: the pile always wants a natural pair (Bolivia)
    escalera_to_go_out: bool  # going out needs an escalera among the canastas
    canastas_to_go_out_at: tuple[int, int, int]  # canastas going out needs at 2, 3 and 4 players
    red_threes_plus: str  # red threes count plus for a side that: RED_PLUS_OUT may go out, RED_PLUS_TWO has two
    # canastas, RED_PLUS_MELDED has melded
    concealed_by_player: bool  # concealed: the player had melded nothing (else: the side)
    canastas_to_go_out: int = 2  # at this table: set by for_players
    take_top: bool = True  # the top card may be taken alone onto a run
    unfrozen_pair_only: bool = False  # an unfrozen pile too wants a natural pair (Standard's house rule)
    take_onto_meld: bool = False  # an unfrozen pile is taken by its top card onto the side's meld of its rank
    ask_required: bool = False  # at four players a player goes out only after the partner's yes ...
    out_needs_yes: bool = False  # ... at this table: set by for_players
    run_canasta: str = ESCALERA  # what the game calls a run of seven (Samba: "samba"), as the tools say it
    house: tuple[tuple[str, str], ...] = ()  # the house options played, defaults left out (game/rules/house.py)

    # ----- table size -------------------------------------------------------------------------------

    def for_players(self, players: int) -> RuleSet:
        """The rule set seated at a table of this size (the canastas going out needs may depend on it)."""
        need = self.canastas_to_go_out_at[players - 2]
        yes = self.ask_required and players == 4
        if need == self.canastas_to_go_out and yes == self.out_needs_yes:
            return self
        return dataclasses.replace(self, canastas_to_go_out=need, out_needs_yes=yes)

    def hand_cards(self, players: int) -> int:
        return self.hand_size[players - 2]

    def draws(self, players: int) -> int:
        return self.draw_count[players - 2]

    def default_target(self, players: int) -> int:
        return self.default_targets[players - 2]

    def draw_first(self, players: int) -> str:
        """What a player who tries anything else before drawing is told: as many cards as this table
        draws from the stock, the pile, and where the game has runs, the top card onto one."""
        n = self.draws(players)
        if self.runs:
            return ngettext("Draw first: {n} card from the stock, the pile, or its top card onto a run.",
                            "Draw first: {n} cards from the stock, the pile, or its top card onto a run.",
                            n).format(n=n)
        return ngettext("Draw first: {n} card from the stock, or the pile.",
                        "Draw first: {n} cards from the stock, or the pile.", n).format(n=n)

    @property
    def deck_size(self) -> int:
        return self.packs * 52 + self.jokers

    # ----- melds --------------------------------------------------------------------------------------

    def naturals_for(self, wilds: int) -> int:
        """The fewest naturals a rank meld holding this many wild cards needs (the wild-card ratio)."""
        return self.naturals_per_wild * wilds + self.natural_margin if wilds else 0

    def wilds_fit(self, naturals: int, wilds: int) -> bool:
        """Whether a rank meld of this many naturals may hold this many wild cards."""
        if wilds == 0:
            return True
        return wilds <= self.max_wilds_in_rank_meld and naturals >= self.naturals_for(wilds)

    def wild_limit_reason(self, naturals: int, wilds: int) -> str:
        if wilds > self.max_wilds_in_rank_meld:
            if self.max_wilds_in_rank_meld == 3:
                return _("A meld of one rank may hold at most three wild cards.")
            return _("A meld of one rank may hold at most two wild cards.")
        if self.natural_margin:
            return _("A meld needs more natural cards than wild cards; these are {counts}.").format(
                counts=_naturals_and_wilds(naturals, wilds))
        if self.naturals_per_wild == 1:
            return _("A meld needs at least as many natural cards as wild cards; these are {counts}.").format(
                counts=_naturals_and_wilds(naturals, wilds))
        return _("A meld needs at least twice as many natural cards as wild cards; these are {counts}.").format(
            counts=_naturals_and_wilds(naturals, wilds))

    def min_meld(self, score: int) -> int:
        for lowest, minimum in self.min_meld_table:
            if score >= lowest:
                return minimum
        return self.min_meld_table[-1][1]

    # ----- the deal and the pile -----------------------------------------------------------------------

    def covers_upcard(self, card: int) -> bool:
        """Whether a card turned up to start the pile gets another turned up on top of it."""
        if self.pile_freezes:
            return WILD[card] or RED_THREE[card]  # a black three stays on top and blocks
        return not NATURAL[card]

    def pile_freeze(self, pile: list[int] | tuple[int, ...], side_has_melded: bool) -> str | None:
        """Why the pile is frozen for a side (FROZEN_BY_WILD, FROZEN_BEFORE_MELD), or None. Only a taking
        of the pile clears it, so a wild card (or a red three turned up) anywhere in it freezes it."""
        if not self.pile_freezes:
            return None
        if any(WILD[c] or RED_THREE[c] for c in pile):
            return FROZEN_BY_WILD
        if not side_has_melded:
            return FROZEN_BEFORE_MELD
        return None

    def pair_must_be_natural(self, freeze: str | None) -> bool:
        """Whether the two cards from hand that take the pile must be a natural pair."""
        return not self.pile_freezes or freeze is not None or self.unfrozen_pair_only

    def top_onto_meld(self, freeze: str | None) -> bool:
        """Whether the pile's top card alone may go onto the side's meld of its rank, taking the pile
        (Standard's house rule): only while the pile is not frozen for the side."""
        return self.take_onto_meld and freeze is None

    # ----- going out and scoring -------------------------------------------------------------------------

    def qualifies(self, canastas: list[str | None] | tuple[str | None, ...]) -> bool:
        """Whether a side holding these canastas (None: a meld that is not one) may go out."""
        made = [c for c in canastas if c]
        if self.escalera_to_go_out and ESCALERA not in made:
            return False
        return len(made) >= self.canastas_to_go_out

    def go_out_need(self) -> str:
        """What going out needs, as the messages and the table say it."""
        if self.escalera_to_go_out:
            return _("an escalera and one other canasta")
        return ngettext("one canasta", "{n} canastas", self.canastas_to_go_out).format(n=self.canastas_to_go_out)

    def red_threes_reason(self, plus: bool) -> str:
        """Why a side's red threes count plus or minus, as the score sheet says it."""
        if self.red_threes_plus == RED_PLUS_MELDED:
            return _("the side has melded") if plus else _("the side has not melded")
        if self.red_threes_plus == RED_PLUS_TWO or not self.escalera_to_go_out:
            return _("the side has two canastas") if plus else _("the side has fewer than two canastas")
        if plus:
            return _("the side has an escalera and another canasta")
        return _("the side can't go out (it needs an escalera and another canasta)")

    def all_red_threes_text(self) -> str:
        return _("all four red threes") if self.packs * 2 == 4 else _("all six red threes")

    def card_penalty(self, card: int) -> int:
        """What a card left in hand at the end of a hand costs."""
        return self.black_three_in_hand if BLACK_THREE[card] else VALUE[card]

    def red_threes_count_for(self, has_melded: bool, canastas: list[str | None] | tuple[str | None, ...]) -> bool:
        """Whether a side's red threes count plus (else minus) at the end of the hand, by whether it has
        melded and the canastas it holds (None: a meld that is not one)."""
        if self.red_threes_plus == RED_PLUS_MELDED:
            return has_melded
        if self.red_threes_plus == RED_PLUS_TWO:
            return sum(1 for c in canastas if c) >= 2
        return self.qualifies(canastas)

    def out_allowed(self, permission: bool | None) -> bool:
        """Whether the partner's answer (None: not asked) lets a player go out this turn."""
        return permission is True or (permission is None and not self.out_needs_yes)

    def out_refused(self, permission: bool | None) -> str:
        """Why going out is not allowed this turn (out_allowed is False), as a player reads it."""
        if permission is False:
            return _("Your partner said no: you may not go out this turn.")
        return _("At this table you go out only after your partner says yes: ask first.")

    def canasta_key(self, canasta: str | None) -> str | None:
        """A canasta as the tools and the table name it (Samba's run of seven is a samba)."""
        return self.run_canasta if canasta == ESCALERA else canasta

    def concealed(self, side_melded_before: bool, player_melded_before: bool) -> bool:
        """Whether going out this turn is concealed: nothing melded before the turn (by the player or the side)."""
        return not (player_melded_before if self.concealed_by_player else side_melded_before)


BOLIVIA = RuleSet(
    name="bolivia",
    packs=3,
    jokers=6,
    hand_size=(15, 15, 15),
    draw_count=(2, 2, 2),
    max_wilds_in_rank_meld=2,
    naturals_per_wild=2,
    natural_margin=0,
    runs=True,
    wild_melds=True,
    run_max=7,
    wild_meld_max=7,
    canasta_size=7,
    natural_canasta=500,
    mixed_canasta=300,
    escalera=1500,
    bolivia=2500,
    min_meld_table=((7000, 150), (3000, 120), (1500, 90), (0, 50), (-(10**9), 15)),
    red_three=100,
    all_red_threes=1000,
    go_out=100,
    go_out_concealed=200,
    default_targets=(15000, 15000, 15000),
    targets=(2500, 5000, 7500, 10000, 15000),
    max_hands=60,
    black_three_in_hand=100,
    one_meld_per_rank=False,
    pile_freezes=False,
    escalera_to_go_out=True,
    canastas_to_go_out_at=(2, 2, 2),
    red_threes_plus=RED_PLUS_OUT,
    concealed_by_player=False,
)

STANDARD = RuleSet(
    name="standard",
    packs=2,
    jokers=4,
    hand_size=(15, 13, 11),
    draw_count=(2, 2, 1),
    max_wilds_in_rank_meld=3,
    naturals_per_wild=1,
    natural_margin=1,
    runs=False,
    wild_melds=False,
    run_max=7,
    wild_meld_max=7,
    canasta_size=7,
    natural_canasta=500,
    mixed_canasta=300,
    escalera=0,
    bolivia=0,
    min_meld_table=((3000, 120), (1500, 90), (0, 50), (-(10**9), 15)),
    red_three=100,
    all_red_threes=800,
    go_out=100,
    go_out_concealed=200,
    default_targets=(5000, 7500, 5000),
    targets=(2500, 5000, 7500, 10000),
    max_hands=60,
    black_three_in_hand=5,
    one_meld_per_rank=True,
    pile_freezes=True,
    escalera_to_go_out=False,
    canastas_to_go_out_at=(2, 1, 1),
    red_threes_plus=RED_PLUS_MELDED,
    concealed_by_player=True,
    canastas_to_go_out=1,
)

# Samba, Bolivia's parent (docs/RULES.md, "Samba"): no wild melds, a black three in hand costs 5, two canastas of
# any kind to go out (and for the red threes to count plus), 200 for going out, 10,000 to win.
SAMBA = dataclasses.replace(
    BOLIVIA,
    name="samba",
    wild_melds=False,
    bolivia=0,
    black_three_in_hand=5,
    escalera_to_go_out=False,
    canastas_to_go_out_at=(2, 2, 2),
    go_out=200,
    go_out_concealed=200,
    default_targets=(10000, 10000, 10000),
    targets=(2500, 5000, 7500, 10000),
    run_canasta="samba",
)

RULESETS = {"bolivia": BOLIVIA, "standard": STANDARD, "samba": SAMBA}


def _naturals_and_wilds(naturals: int, wilds: int) -> str:
    """"3 natural cards and 2 wild cards", each count with its own plural (it read "1 naturals")."""
    return _("{naturals} and {wilds}").format(
        naturals=ngettext("{n} natural card", "{n} natural cards", naturals).format(n=naturals),
        wilds=ngettext("{n} wild card", "{n} wild cards", wilds).format(n=wilds))
