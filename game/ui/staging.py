"""Cards the player has set out for a meld move but not laid yet: new melds and additions to the
side's melds, shown in the order a player lays them out, laid together with one action or taken back.

The staging only holds the player's intention; whether the move is legal is the engine's question,
asked when the move is laid (and, for the live total, through the engine's judgement of a staged
move). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import _
from game.rules.actions import Action, AddToMeld, LayMelds, MeldMove
from game.rules.cards import BLACK_THREE
from game.rules.errors import IllegalAction
from game.rules.meld_move import plan_meld_move
from game.rules.melds import BLACK_THREES, Meld, classify, meld_points, order_cards
from game.rules.ruleset import RuleSet


@dataclass
class Staging:
    new: list[tuple[int, ...]] = field(default_factory=list)  # new melds, each in meld order
    adds: dict[int, tuple[int, ...]] = field(default_factory=dict)  # meld id -> cards set out for it
    steps: list[tuple[list, dict]] = field(default_factory=list)  # what it was before each step, for Z

    def save(self) -> None:
        """Remember the staging as it is, before a step (Z takes the steps back one at a time)."""
        self.steps.append((list(self.new), dict(self.adds)))

    def undo_step(self) -> bool:
        """Take back the last step staged; False when there was none."""
        if not self.steps:
            if not self:
                return False
            self.clear()
            return True
        self.new, self.adds = self.steps.pop()
        return True

    def __bool__(self) -> bool:
        return bool(self.new or self.adds)

    def cards(self) -> set[int]:
        return {c for m in self.new for c in m} | {c for cs in self.adds.values() for c in cs}

    def groups(self) -> list[tuple[int, ...]]:
        """What the table shows in the staging row: the new melds, then each addition."""
        return list(self.new) + list(self.adds.values())

    def stage_new(self, cards: tuple[int, ...] | list[int], rules: RuleSet) -> None:
        """Set out a new meld; IllegalAction (the engine's reason) when the cards are not one."""
        shape = classify(tuple(cards), rules)
        self.new.append(order_cards(shape.kind, tuple(cards)))

    def stage_add(self, meld_id: int, kind: str, cards: tuple[int, ...] | list[int]) -> None:
        """Set out cards for one of the side's melds (kind: that meld's kind, for the order they lie in)."""
        self.adds[meld_id] = order_cards(kind, self.adds.get(meld_id, ()) + tuple(cards))

    def take_back(self, index: int) -> None:
        """Put one staged group (numbered as in `groups`) back in the hand."""
        self.save()
        if index < len(self.new):
            del self.new[index]
        else:
            keys = list(self.adds)
            j = index - len(self.new)
            if 0 <= j < len(keys):
                del self.adds[keys[j]]

    def take_back_card(self, card: int) -> None:
        """One card staged onto a meld goes back to the hand (the rest of that addition stays)."""
        for meld_id, cards in list(self.adds.items()):
            if card in cards:
                self.save()
                rest = tuple(c for c in cards if c != card)
                if rest:
                    self.adds[meld_id] = rest
                else:
                    del self.adds[meld_id]
                return

    def set_move(self, move: MeldMove, rules: RuleSet, side_melds: list[Meld] | tuple[Meld, ...]) -> str | None:
        """A whole meld move (the hint's) set out in place of what was staged, as one step (Z takes it back
        at once); why not, and the staging as it was, when its cards are no meld or its meld is gone."""
        by_id = {m.id: m for m in side_melds}
        self.save()
        self.new, self.adds = [], {}
        try:
            for cards in move.new:
                self.stage_new(cards, rules)
            for meld_id, cards in move.add:
                if meld_id not in by_id:
                    raise IllegalAction(_("That meld is no longer on the table."))
                self.stage_add(meld_id, by_id[meld_id].kind, cards)
        except IllegalAction as why:
            self.undo_step()
            return str(why)
        return None

    def holds(self, move: MeldMove) -> bool:
        """Whether exactly this move is staged (the same cards in the same places, in any order)."""
        def places(new, adds) -> tuple:
            return (sorted(tuple(sorted(m)) for m in new),
                    sorted((mid, tuple(sorted(cs))) for mid, cs in adds))
        return bool(self) and places(self.new, self.adds.items()) == places(move.new, move.add)

    def clear(self) -> None:
        self.new.clear()
        self.adds.clear()
        self.steps.clear()

    def keep_only(self, hand: set[int], meld_ids: set[int]) -> None:
        """Drop what the game took away under the staging (a card no longer in hand, a meld gone)."""
        if not (all(set(m) <= hand for m in self.new) and all(k in meld_ids and set(v) <= hand
                                                               for k, v in self.adds.items())):
            self.steps.clear()  # the game changed under the staging: its steps are no longer what they were
        self.new = [m for m in self.new if set(m) <= hand]
        self.adds = {k: v for k, v in self.adds.items() if k in meld_ids and set(v) <= hand}

    def new_points(self) -> int:
        """Card points of the new melds: what counts towards a first meld's minimum."""
        return sum(meld_points(m) for m in self.new)

    def points(self) -> int:
        return self.new_points() + sum(meld_points(cs) for cs in self.adds.values())

    def move(self) -> MeldMove:
        """Everything staged as the engine's one meld move (what `GameState.judge_meld` judges)."""
        return MeldMove(tuple(self.new), tuple(self.adds.items()))

    def action(self) -> Action | None:
        """The one engine action that lays everything staged (None when nothing is): the meld move, or
        its shorthand when it is only new melds or one addition (the log reads the same either way)."""
        if not self:
            return None
        if not self.adds:
            return LayMelds(tuple(self.new))
        if not self.new and len(self.adds) == 1:
            (meld_id, cards), = self.adds.items()
            return AddToMeld(meld_id, cards)
        return self.move()


def step_refusal(move: MeldMove, hand: list[int] | tuple[int, ...], side_melds: list[Meld] | tuple[Meld, ...],
                 rules: RuleSet) -> str | None:
    """Why the engine would refuse the staged move as it now stands, counting only what the steps staged
    so far decide (the shape of each meld, what goes onto which): the first meld's minimum and the cards
    left in hand are for the whole move, judged when it is laid. None when nothing is wrong yet; black
    threes are meant to go last, so a move with them is left to the whole move's judgement."""
    cards = [c for m in move.new for c in m] + [c for _mid, cs in move.add for c in cs]
    by_id = {m.id: m for m in side_melds}
    if any(BLACK_THREE[c] for c in cards) or any(by_id[mid].kind == BLACK_THREES for mid, _cs in move.add
                                                   if mid in by_id):
        return None
    # Two cards no hand holds keep the hand-size rules out of this judgement (they are the whole move's).
    spare = [c for c in range(-2, 0)]
    try:
        plan_meld_move(move, list(hand) + spare, side_melds, rules, 0, None)
    except IllegalAction as why:
        return str(why)
    return None
