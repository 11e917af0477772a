"""The game, not only the hand: whether ending the hand now ends the game, and won or lost by the seat's side.

Near the target a hand that ends can end the game. Going out then is a mistake when the side would
finish behind while the hand could still go on (there are cards in the stock, so more canastas can be
made); and holding on is one when going out would end the game won (whatever more the hand could bring,
the opponents could catch up meanwhile). The judgement samples the hidden cards a few times from the
seat's view (determinize.sample_world), plays the going-out in each world and lets the engine score the
hand and end the game exactly. Expert's search weighs the game the same way: a rollout that ends the game
counts its winner's win (ismcts.GAME_WON).
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
class GameEnd:
    """Ending the hand now ends the game: the mean totals over the sampled worlds, ours and the best other
    side's, and the side ahead (another side when it ends lost, ours when it ends won)."""

    ours: int
    theirs: int
    leader: int



def _near_target(view: PlayerView) -> bool:
    for side in range(view.sides):
        table = sum(m.points() + canasta_bonus(m.canasta(view.rules), view.rules) for m in view.melds[side])
        if view.scores[side] + table + REACH >= view.target:
            return True
    return False


def out_loses_game(view: PlayerView, seq: list[Action] | tuple[Action, ...]) -> GameEnd | None:
    """Whether playing this going-out sequence ends the game lost while playing on could still win it."""
    if not seq or view.stock_count == 0 or not _near_target(view):
        return None
    return _out_ends(view, tuple(seq)).loss


def out_wins_game(view: PlayerView, seq: list[Action] | tuple[Action, ...]) -> GameEnd | None:
    """Whether playing this going-out sequence ends the game won (in most sampled worlds): then nothing the
    hand could still bring is worth the risk of holding on, whatever the unfinished canastas promise."""
    if not seq or not _near_target(view):
        return None
    return _out_ends(view, tuple(seq)).win


@lru_cache(maxsize=256)
def _out_ends(view: PlayerView, seq: tuple[Action, ...]) -> _Ending:
    def finish(world) -> None:
        for action in seq:
            world.apply(action)
    return _judge(view, finish)


def answer_loses_game(view: PlayerView) -> GameEnd | None:
    """The partner's question "May I go out?": whether a yes (the asker goes out, melding its hand) ends
    the game lost while playing on could still win it."""
    if view.stock_count == 0 or not _near_target(view) or view.players != 4:
        return None
    asker = (view.seat + 2) % 4

    def finish(world) -> None:
        world.finish_hand(asker)  # its cards are melded: counted at nothing, which errs against going out
    return _judge(view, finish).loss


@dataclass(frozen=True)
class _Ending:
    loss: GameEnd | None  # the game ends lost in most worlds (and in none does it go on)
    win: GameEnd | None  # the game ends won in most worlds


def _judge(view: PlayerView, finish) -> _Ending:
    lost = won = done = 0
    goes_on = False
    ours = {True: 0, False: 0}  # sums over the worlds the game ends lost (False) and won (True)
    theirs = {True: 0, False: 0}
    leader = 0
    for i in range(WORLDS):
        world = sample_world(view, random.Random(7919 * i + 1))
        try:
            finish(world)
        except (IllegalAction, ValueError):
            continue
        done += 1
        if world.phase != Phase.GAME_OVER:
            goes_on = True  # the hand ends but not the game (in this world)
            continue
        totals = world.scores
        best = max((s for s in range(view.sides) if s != view.side), key=lambda s: totals[s])
        if world.winner == view.side:
            won += 1
        elif world.winner is not None:
            lost += 1
            leader = best
        else:
            continue
        key = world.winner == view.side
        ours[key] += totals[view.side]
        theirs[key] += totals[best]
    win = GameEnd(round(ours[True] / won), round(theirs[True] / won), view.side) if won and 2 * won > done else None
    if not done or goes_on or 2 * lost <= done:
        return _Ending(None, win)
    return _Ending(GameEnd(round(ours[False] / lost), round(theirs[False] / lost), leader), win)
