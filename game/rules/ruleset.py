"""Every variant-specific number lives in one frozen RuleSet value."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSet:
    name: str
    packs: int
    jokers: int
    hand_size: tuple[int, int, int]  # cards dealt at 2, 3 and 4 players
    draw_count: tuple[int, int, int]  # cards drawn from the stock at 2, 3 and 4 players
    max_wilds_in_rank_meld: int
    naturals_per_wild: int  # a rank meld needs at least this many naturals per wild card
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
    default_target: int
    targets: tuple[int, ...]
    max_hands: int

    def hand_cards(self, players: int) -> int:
        return self.hand_size[players - 2]

    def draws(self, players: int) -> int:
        return self.draw_count[players - 2]

    def min_meld(self, score: int) -> int:
        for lowest, minimum in self.min_meld_table:
            if score >= lowest:
                return minimum
        return self.min_meld_table[-1][1]

    @property
    def deck_size(self) -> int:
        return self.packs * 52 + self.jokers


BOLIVIA = RuleSet(
    name="bolivia",
    packs=3,
    jokers=6,
    hand_size=(15, 15, 15),
    draw_count=(2, 2, 2),
    max_wilds_in_rank_meld=2,
    naturals_per_wild=2,
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
    default_target=15000,
    targets=(2500, 5000, 7500, 10000, 15000),
    max_hands=60,
)

RULESETS = {"bolivia": BOLIVIA}
