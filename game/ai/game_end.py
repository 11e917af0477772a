"""The game, not only the hand: whether ending the hand now ends the game as a loss for the seat's side.

Near the target a hand that ends can end the game. Going out then is a mistake when the side would
finish behind while the hand could still go on (there are cards in the stock, so more canastas can be
made). The judgement samples the hidden cards a few times from the seat's view (determinize.sample_world),
plays the going-out in each world and lets the engine score the hand and end the game exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from game.ai.determinize import sample_world
from game.rules.actions import Action
from game.rules.errors import IllegalAction
from game.rules.melds import canasta_bonus
from game.rules.state import Phase
from game.rules.view import PlayerView

WORLDS = 8  # sampled worlds: the hidden hands only change the opponents' penalties
REACH = 1500  # a side this far below the target (melds and bonuses counted) cannot end the game this hand


@dataclass(frozen=True)
class GameLoss:
    """Ending the hand now ends the game with another side ahead (mean totals over the sampled worlds)."""

    ours: int
    theirs: int
    leader: int  # the side ahead


def _near_target(view: PlayerView) -> bool:
    for side in range(view.sides):
        table = sum(m.points() + canasta_bonus(m.canasta(view.rules), view.rules) for m in view.melds[side])
        if view.scores[side] + table + REACH >= view.target:
            return True
    return False


def out_loses_game(view: PlayerView, seq: list[Action] | tuple[Action, ...]) -> GameLoss | None:
    """Whether playing this going-out sequence ends the game lost while playing on could still win it."""
    if not seq or view.stock_count == 0 or not _near_target(view):
        return None
    return _out_loses(view, tuple(seq))


@lru_cache(maxsize=256)
def _out_loses(view: PlayerView, seq: tuple[Action, ...]) -> GameLoss | None:
    def finish(world) -> None:
        for action in seq:
            world.apply(action)
    return _judge(view, finish)


def answer_loses_game(view: PlayerView) -> GameLoss | None:
    """The partner's question "May I go out?": whether a yes (the asker goes out, melding its hand) ends
    the game lost while playing on could still win it."""
    if view.stock_count == 0 or not _near_target(view) or view.players != 4:
        return None
    asker = (view.seat + 2) % 4

    def finish(world) -> None:
        world.hands[asker] = []  # its cards are melded: counted at nothing, which errs against going out
        world._end_hand(asker)
    return _judge(view, finish)


def _judge(view: PlayerView, finish) -> GameLoss | None:
    lost = 0
    ours = theirs = 0
    leader = 0
    done = 0
    for i in range(WORLDS):
        world = sample_world(view, random.Random(7919 * i + 1))
        try:
            finish(world)
        except (IllegalAction, ValueError):
            continue
        if world.phase != Phase.GAME_OVER:
            return None  # the hand ends but not the game: no reason to hold back
        done += 1
        totals = world.scores
        best = max((s for s in range(view.sides) if s != view.side), key=lambda s: totals[s])
        ours += totals[view.side]
        theirs += totals[best]
        leader = best
        if world.winner is not None and world.winner != view.side:
            lost += 1
    if not done or 2 * lost <= done:
        return None
    return GameLoss(round(ours / done), round(theirs / done), leader)
