"""A whole game played by greedy players through its record, with what happened noted live (for stories
that then read the game back from the record)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from game.ai import get_player
from game.rules import events as ev
from game.rules.actions import Deal
from game.rules.legal import legal_actions
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from game.rules.view import view_of


@dataclass
class Played:
    state: GameState
    record: GameRecord
    canastas: list[list[str]] = field(default_factory=list)  # per hand: side 0's canasta kinds at its end
    outs: list[tuple[int, bool]] = field(default_factory=list)  # (seat, concealed)


def play_game(players: int, seed: int, target: int = 2500, on_hand_end=None, state: GameState | None = None,
              record: GameRecord | None = None, hands: int | None = None) -> Played:
    """`on_hand_end(state, record)` after each hand; `state` and `record` to play an already set up game;
    `hands`: stop after that many."""
    state = state if state is not None else GameState(players, seed, target=target)
    record = record if record is not None else GameRecord.of(state)
    played = Played(state, record)
    rng = random.Random(seed)
    greedy = get_player("greedy")
    while state.phase != Phase.GAME_OVER and (hands is None or len(state.results) < hands):
        if state.phase == Phase.DEAL:
            record.play(state, Deal())
            continue
        events = record.play(state, greedy(view_of(state, state.to_act), legal_actions(state), rng))
        for e in events:
            if isinstance(e, ev.WentOut):
                played.outs.append((e.seat, e.concealed))
            if isinstance(e, ev.HandEnded):
                played.canastas.append([k for m in state.melds[0] if (k := m.canasta(state.rules))])
                if on_hand_end is not None:
                    on_hand_end(state, record)
    return played
