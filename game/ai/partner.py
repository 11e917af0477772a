"""The partner's answer to "May I go out?" (Hard and Expert), by what the seat holds and the score."""

from __future__ import annotations

from game.ai.evaluate import Evaluator
from game.ai.game_end import answer_loses_game
from game.ai.memory import CardMemory
from game.ai.plan import hand_penalty
from game.rules.refusals import qualifies
from game.rules.view import PlayerView

LARGE_HAND = 150  # points in hand a partner will not throw away while the hand has time to run
RICHER = 350.0  # our unfinished canastas ahead of theirs by this much: keep building


def partner_answer(view: PlayerView, game_aware: bool = False) -> bool:
    """"May I go out?": yes, unless the hand has time to run and the answerer holds a large hand
    (its cards would count against the side instead of being melded) or the side has far more to
    build than the opponents. Always yes when the opponents could go out first, when the stock is
    nearly spent, or when the going-out takes the side past the target in the lead."""
    rules = view.rules
    if game_aware and answer_loses_game(view) is not None:
        return False  # a yes would end the game behind: Expert plays on while the stock lasts
    ev = Evaluator(view, CardMemory(view))
    opponents = [s for s in range(view.sides) if s != view.side]
    if any(qualifies(view.melds[s], rules) for s in opponents) or ev.t < 1.5:
        return True
    if _wins_game(view):
        return True
    if hand_penalty(view.hand, view.rules) >= LARGE_HAND:
        return False
    ours = sum(ev.meld_worth(m) - m.points() for m in view.melds[view.side] if m.canasta(rules) is None)
    theirs = max(sum(ev.meld_worth(m) - m.points() for m in view.melds[s] if m.canasta(rules) is None)
                 for s in opponents)
    return ours - theirs < RICHER


def _wins_game(view: PlayerView) -> bool:
    """Whether ending the hand now very likely takes the side past the target ahead of the others."""
    side = view.side
    mine = view.scores[side]
    best_other = max(v for s, v in enumerate(view.scores) if s != side)
    table = sum(m.points() for m in view.melds[side])
    return mine + table >= view.target and mine + table > best_other + 500
