"""Expert: Normal's knowledge, searched (game/ai/ismcts.py), and a partner that answers by the score.

`choose_expert` thinks for a fixed number of simulated moves, so a seed gives the same game on any
machine (the arena's measure); `table_expert` adds a wall-clock cap for the table, where an answer
must come in time on a slow laptop.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.evaluate import Evaluator
from game.ai.ismcts import Budget, Search
from game.ai.levels import NORMAL, choose_with
from game.ai.memory import CardMemory
from game.ai.plan import hand_penalty, qualifies, why_illegal
from game.rules.actions import Action, Answer
from game.rules.state import Phase
from game.rules.view import PlayerView

EXPERT_BUDGET = Budget(moves=1000)
TABLE_SECONDS = 0.9  # the cap at the table: p95 of a decision within a second


def choose_expert(view: PlayerView, legal: list[Action], rng: random.Random,
                  budget: Budget = EXPERT_BUDGET) -> Action:
    if view.phase == Phase.ANSWER:
        return Answer(partner_answer(view))
    if view.phase not in (Phase.DRAW, Phase.MELD) or view.permission is True:
        # Dealing; or bound to go out, where Normal's going-out search is the whole decision.
        return choose_with(NORMAL, view, legal, rng)
    action, _root, _moves = Search(view, rng, budget).run()
    if why_illegal(view, action) is None or action in legal:
        return action
    return choose_with(NORMAL, view, legal, rng)


def table_expert(view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
    return choose_expert(view, legal, rng, replace(EXPERT_BUDGET, seconds=TABLE_SECONDS))


def partner_answer(view: PlayerView) -> bool:
    """"May I go out?": yes when going out pays more than holding on costs this hand.

    Going out now ends the hand: the cards this seat holds count against the side, and the side's
    unfinished canastas stop growing; but it earns the going-out bonus, leaves the opponents' cards
    in their hands and stops their canastas too. Always yes when the opponents could go out first,
    or when the stock is nearly spent, or when the going-out wins the game."""
    rules = view.rules
    memory = CardMemory(view)
    ev = Evaluator(view, memory)
    opponents = [s for s in range(view.sides) if s != view.side]
    if any(qualifies(view.melds[s], rules) for s in opponents) or ev.t < 1.5:
        return True
    lost_in_hand = hand_penalty(view.hand)
    ours = sum(ev.meld_worth(m) - m.points() for m in view.melds[view.side] if m.canasta(rules) is None)
    theirs = sum(ev.meld_worth(m) - m.points() for s in opponents for m in view.melds[s]
                 if m.canasta(rules) is None)
    their_cards = sum(view.hand_counts[s] for s in range(view.players) if view.side_of(s) != view.side)
    pays = rules.go_out + theirs + 6.0 * their_cards
    costs = lost_in_hand + ours
    if _wins_game(view, pays - costs):
        return True
    return pays >= costs


def _wins_game(view: PlayerView, margin: float) -> bool:
    """Whether ending the hand now very likely takes the side past the target ahead of the others."""
    side = view.side
    mine = view.scores[side]
    best_other = max(v for s, v in enumerate(view.scores) if s != side)
    table = sum(m.points() for m in view.melds[side])
    return mine + table >= view.target and mine + table + margin > best_other
