"""The rules of Bolivia: pure Python, no pygame, no clock, no I/O, seeded randomness only.

The surface, in the style of python-chess: a GameState, `legal_actions(state)`,
`state.apply(action)` returning events, frozen action values, and IllegalAction with a reason;
`state.push(action)`/`state.pop()` to play and take back, any position built with `new_position`
(or `changed` from another), `GameState.from_json(state.to_json())` to read a position back exactly, and
`state_from_json` to read one from outside (a save, a file), every field checked first.
"""

from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Deal,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.errors import IllegalAction
from game.rules.legal import legal_actions
from game.rules.meld_move import MeldJudgement, judge_meld_move
from game.rules.position import changed, new_position
from game.rules.ruleset import BOLIVIA, RULESETS, RuleSet
from game.rules.state import GameState, Phase
from game.rules.validate import InvalidState, state_from_json
from game.rules.view import PlayerView, view_of

__all__ = [
    "Action", "AddToMeld", "Answer", "AskPartner", "Combine", "Deal", "Discard", "DrawStock", "LayMelds", "MeldMove",
    "TakePile", "TakeTop", "IllegalAction", "legal_actions", "BOLIVIA", "RULESETS", "RuleSet", "GameState",
    "Phase", "PlayerView", "view_of", "MeldJudgement", "judge_meld_move", "new_position", "changed",
    "state_from_json", "InvalidState",
]
