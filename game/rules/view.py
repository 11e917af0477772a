"""What one seat may see: its own hand, everything face up, and what the table has witnessed.
This is all a computer player gets; the other hands and the stock order stay hidden."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.melds import Meld
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, Phase


@dataclass(frozen=True)
class PlayerView:
    seat: int
    players: int
    rules: RuleSet
    phase: Phase
    turn: int
    to_act: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    stock_count: int
    pile: tuple[int, ...]  # every card in the pile, bottom first: all were seen face up
    melds: tuple[tuple[Meld, ...], ...]  # per side
    red_threes: tuple[tuple[int, ...], ...]  # per side
    known: tuple[tuple[int, ...], ...]  # per seat: faces seen going into that hand and not played since
    scores: tuple[int, ...]
    target: int
    hand_no: int
    dealer: int
    min_meld: tuple[int, ...]  # per side, this hand
    permission: bool | None
    asked: bool
    melded_at_turn_start: bool
    melded_by: tuple[bool, ...] = ()  # per seat: has melded this hand (seen by all)
    player_melded_at_turn_start: bool = False
    pile_takes: tuple[tuple[int, int], ...] = ()  # (seat, rank) of this hand's pile takes: every seat saw them

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    @property
    def side(self) -> int:
        return self.side_of(self.seat)

    def partner(self, seat: int | None = None) -> int | None:
        seat = self.seat if seat is None else seat
        return (seat + 2) % 4 if self.players == 4 else None

    def next_seat(self, seat: int | None = None) -> int:
        return ((self.seat if seat is None else seat) + 1) % self.players

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def hand_of(self, seat: int) -> tuple[int, ...]:
        """The seat's own hand: a view holds no other (game/rules/judge.py asks for the mover's)."""
        if seat != self.seat:
            raise ValueError(f"seat {self.seat}'s view does not hold seat {seat}'s hand")
        return self.hand

    def meld_minimum(self, side: int) -> int:
        """The first-meld minimum a meld move of this side must reach: 0 once the side has melded."""
        return 0 if self.melds[side] else self.min_meld[side]


def view_of(state: GameState, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat,
        players=state.players,
        rules=state.rules,
        phase=state.phase,
        turn=state.turn,
        to_act=state.to_act,
        hand=tuple(state.hands[seat]),
        hand_counts=tuple(len(h) for h in state.hands),
        stock_count=len(state.stock),
        pile=tuple(state.pile),
        melds=tuple(tuple(side) for side in state.melds),
        red_threes=tuple(tuple(r) for r in state.red_threes),
        known=tuple(tuple(k) for k in state.known),
        scores=tuple(state.scores),
        target=state.target,
        hand_no=state.hand_no,
        dealer=state.dealer,
        min_meld=tuple(state.min_meld(side) for side in range(state.sides)),
        permission=state.permission,
        asked=state.asked,
        melded_at_turn_start=state.melded_at_turn_start,
        melded_by=tuple(state.melded_by),
        player_melded_at_turn_start=state.player_melded_at_turn_start,
        pile_takes=tuple(state.pile_takes),
    )
