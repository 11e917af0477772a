"""Every hand of a game as it was played: its deal and its moves, enough to play any hand again exactly.

A `GameRecord` is kept beside the game's state (in the save, and in the statistics folder once the game
is over). Each hand holds the whole deck in the order the deal took it (so the hand replays exactly,
whatever later versions do to the shuffle), what shuffled it (the seed and hand number a deal code
names), the dealer, each side's total before the hand, and every move after the deal as
`[seat, action JSON]` (game/rules/actions.py). A finished hand also holds each side's hand score.

Hands are numbered from 1, as the engine and the score sheet number them; seats from 0.

A record read from a file is checked by game/rules/record_check.py. Bounds (such files may be hostile):
at most `rules.max_hands` (60) hands and `MAX_MOVES` moves a hand. A hand cannot need more: every draw
takes a card from the stock, every pile or top card taken and every meld move puts cards on the table
for good, so a hand of 162 cards has at most a few hundred moves (the longest of 87 simulated Normal
hands at two and four players had 201).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from game.i18n import _
from game.rules import events as ev
from game.rules.actions import Action, Deal, action_from_json, action_to_json
from game.rules.errors import IllegalAction
from game.rules.position import new_position
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.state import GameState, Phase, shuffled_deck

FORMAT = 1
KIND = "bolivia-record"
MAX_MOVES = 2_000  # moves in one hand: far above what a hand can take (see above)


@dataclass
class HandRecord:
    hand: int  # its number in the game, from 1
    dealer: int
    deck: tuple[int, ...]  # the whole deck, dealt from its end
    source: tuple[int, int] | None  # (seed, hand number) whose shuffle gave this deck: what a deal code names
    before: list[int]  # each side's total at the start of the hand
    moves: list[tuple[int, dict]] = field(default_factory=list)  # (seat, action JSON), after the deal
    scores: list[int] | None = None  # each side's hand score, once the hand is over
    text: str | None = field(default=None, repr=False, compare=False)  # its JSON, made once it is over
    # Moves taken back so far: with the count of moves, it tells apart a hand whose last move was taken back
    # and replaced by another (the same count of moves) for what is told from the record (W's story).
    undone: int = field(default=0, repr=False, compare=False)

    def to_text(self) -> str:
        """Compact JSON; a finished hand never changes again, so its text is made once."""
        if self.text is not None and self.scores is not None:
            return self.text
        text = json.dumps(self.to_json(), separators=(",", ":"))
        if self.scores is not None:
            self.text = text
        return text

    def to_json(self) -> dict:
        return {"hand": self.hand, "dealer": self.dealer, "deck": list(self.deck),
                "source": None if self.source is None else list(self.source),
                "before": list(self.before), "moves": [[seat, move] for seat, move in self.moves],
                "scores": None if self.scores is None else list(self.scores)}


@dataclass
class GameRecord:
    """The hands of one game, in order. `play` applies a move to the state and records it."""

    variant: str
    players: int
    target: int
    hands: list[HandRecord] = field(default_factory=list)
    next_deal: tuple[int, int] | None = None  # a deal to play again: the next hand is dealt from it
    # The game's own rule set when the record is beside its game (options a save carries with the state);
    # a record read alone plays its variant's rules.
    rule_set: RuleSet | None = field(default=None, repr=False, compare=False)

    @staticmethod
    def of(state: GameState) -> GameRecord:
        return GameRecord(state.rules.name, state.players, state.target, rule_set=state.rules)

    @property
    def rules(self) -> RuleSet:
        base = self.rule_set if self.rule_set is not None else RULESETS[self.variant]
        return base.for_players(self.players)

    def play(self, state: GameState, action: Action, keep: bool = True) -> list[ev.Event]:
        """Apply `action` to `state` (IllegalAction leaves both as they were) and record it. keep=False:
        the move will not be taken back (GameState.push), and `undo` goes no further back than it."""
        if isinstance(action, Deal):
            return self._deal(state, action, keep)
        seat = state.to_act
        events = state.push(action, keep)
        hand = self.current(state)
        if hand is not None:
            hand.moves.append((seat, action_to_json(action)))
            if state.phase in (Phase.DEAL, Phase.GAME_OVER):
                hand.scores = [sc["total"] for sc in state.results[-1]["scores"]]
        return events

    def _deal(self, state: GameState, action: Deal, keep: bool = True) -> list[ev.Event]:
        number = state.hand_no + 1
        source: tuple[int, int] | None
        if action.deck is not None:
            deck, source = list(action.deck), None  # a deck from elsewhere: no deal code names it
        elif self.next_deal is not None:
            source = self.next_deal
            deck = shuffled_deck(state.rules, *source)
        else:
            deck, source = shuffled_deck(state.rules, state.seed, number), (state.seed, number)
        before = list(state.scores)
        events = state.push(Deal(tuple(deck)), keep)
        self.next_deal = None
        if self.hands and self.hands[-1].scores is None:
            self.hands.pop()  # its end was never recorded (moves applied past the record): it cannot play back
        self.hands.append(HandRecord(state.hand_no, state.dealer, tuple(deck), source, before))
        return events

    def current(self, state: GameState) -> HandRecord | None:
        """The record of the hand being played, if its deal was recorded."""
        if self.hands and self.hands[-1].hand == state.hand_no and self.hands[-1].scores is None:
            return self.hands[-1]
        return None

    def undo(self, state: GameState) -> Action:
        """Take back the last move of the hand in play: the state's move stack gives the position before it
        (the one history of the moves), and the record forgets it. IndexError when there is none."""
        if not state.move_stack or isinstance(state.move_stack[-1], Deal):
            raise IndexError("no move of this hand to take back")
        action = state.pop()
        hand = self.current(state)
        if hand is not None and hand.moves and hand.moves[-1][1] == action_to_json(action):
            hand.moves.pop()  # a hand whose deal was not recorded records none of its moves
            hand.undone += 1
        return action

    def hand(self, number: int) -> HandRecord | None:
        return next((h for h in self.hands if h.hand == number), None)

    def to_json(self) -> dict:
        return {**self._head(), "hands": [h.to_json() for h in self.hands]}

    def _head(self) -> dict:
        return {"format": FORMAT, "kind": KIND, "variant": self.variant, "players": self.players,
                "target": self.target, "house": dict(self.rules.house),  # the house rules played, defaults left out
                "next_deal": None if self.next_deal is None else list(self.next_deal)}

    def to_text(self) -> str:
        """The record as compact JSON text, the same as `to_json` gives: the save writes it after every move,
        and only the hand in play is written out afresh (a whole game's record took 13 ms to encode, as
        indented JSON 40 ms)."""
        head = json.dumps(self._head(), separators=(",", ":"))
        return head[:-1] + ',"hands":[' + ",".join(h.to_text() for h in self.hands) + "]}"


# ----- playing a hand back ---------------------------------------------------------------------------


class ReplayError(ValueError):
    """A recorded move the engine refuses, or made by a seat not to act: the record does not play back."""

    def __init__(self, hand: int, move: int, reason: str) -> None:
        super().__init__(_("hand {n}, move {m}: {why}").format(n=hand, m=move + 1, why=reason))
        self.hand = hand
        self.move = move


@dataclass
class Step:
    """One move played back: who made it, the action, what it did, and the state after it."""

    index: int  # of the move in the hand, from 0; -1 for the deal
    seat: int
    action: Action
    events: list[ev.Event]
    state: GameState


def start_of(record: GameRecord, hand: HandRecord) -> GameState:
    """The game just before the hand is dealt: its totals and its dealer as they were."""
    return new_position(record.players, record.rules, target=record.target, hand_no=hand.hand - 1,
                        first_dealer=(hand.dealer - max(hand.hand - 1, 0)) % record.players,  # dealer once dealt
                        scores=hand.before, phase=Phase.DEAL)


def replay(record: GameRecord, hand: HandRecord, before=None):
    """Play the hand back from its deal, one Step a move (the deal first); ReplayError where it cannot be.
    Each Step's state is the one game, moved on: copy it to keep it. `before(state, seat, action)`, if
    given, sees each move before it is played."""
    s = start_of(record, hand)
    yield Step(-1, s.dealer, Deal(hand.deck), s.apply(Deal(hand.deck)), s)
    for i, (seat, move) in enumerate(hand.moves):
        if s.phase in (Phase.DEAL, Phase.GAME_OVER):
            raise ReplayError(hand.hand, i, _("The hand is over."))
        if seat != s.to_act:
            raise ReplayError(hand.hand, i, _("It is not that player's turn."))
        action = action_from_json(move)
        if before is not None:
            before(s, seat, action)
        try:
            events = s.apply(action)
        except IllegalAction as why:
            raise ReplayError(hand.hand, i, str(why)) from None
        yield Step(i, seat, action, events, s)


def replayed_scores(record: GameRecord, hand: HandRecord) -> list[int] | None:
    """Each side's hand score as the moves play back (None if the recorded moves stop before the end)."""
    last = None
    for step in replay(record, hand):
        last = step.state
    if last is None or last.phase not in (Phase.DEAL, Phase.GAME_OVER):
        return None
    return [sc["total"] for sc in last.results[-1]["scores"]]
