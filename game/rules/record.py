"""Every hand of a game as it was played: its deal and its moves, enough to play any hand again exactly.

A `GameRecord` is kept beside the game's state (in the save, and in the statistics folder once the game
is over). Each hand holds the whole deck in the order the deal took it (so the hand replays exactly,
whatever later versions do to the shuffle), what shuffled it (the seed and hand number a deal code
names), the dealer, each side's total before the hand, and every move after the deal as
`[seat, action JSON]` (game/rules/actions.py). A finished hand also holds each side's hand score.

Hands are numbered from 1, as the engine and the score sheet number them; seats from 0.

Bounds (a record is read from files that may be hostile): at most `rules.max_hands` (60) hands and
`MAX_MOVES` moves a hand. A hand cannot need more: every draw takes a card from the stock, every pile
or top card taken and every meld move puts cards on the table for good, so a hand of 162 cards has at
most a few hundred moves (the longest of 2,000 simulated four-player hands had under 200).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import _
from game.rules import events as ev
from game.rules.actions import Action, Deal, action_from_json, action_to_json
from game.rules.cards import deck_ids
from game.rules.errors import IllegalAction
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.state import GameState, Phase, shuffled_deck

FORMAT = 1
KIND = "bolivia-record"
MAX_MOVES = 2_000  # moves in one hand: far above what a hand can take (see above)
MAX_SEED = 1 << 64
MAX_SCORE = 10**8
MAX_ID = 10_000  # meld ids, as validate.MAX_MELD_ID


class InvalidRecord(ValueError):
    """The data is not a record of this game; the message says why, for the player."""


@dataclass
class HandRecord:
    hand: int  # its number in the game, from 1
    dealer: int
    deck: tuple[int, ...]  # the whole deck, dealt from its end
    source: tuple[int, int] | None  # (seed, hand number) whose shuffle gave this deck: what a deal code names
    before: list[int]  # each side's total at the start of the hand
    moves: list[tuple[int, dict]] = field(default_factory=list)  # (seat, action JSON), after the deal
    scores: list[int] | None = None  # each side's hand score, once the hand is over

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

    @staticmethod
    def of(state: GameState) -> GameRecord:
        return GameRecord(state.rules.name, state.players, state.target)

    @property
    def rules(self) -> RuleSet:
        return RULESETS[self.variant].for_players(self.players)

    def play(self, state: GameState, action: Action) -> list[ev.Event]:
        """Apply `action` to `state` (IllegalAction leaves both as they were) and record it."""
        if isinstance(action, Deal):
            return self._deal(state, action)
        seat = state.to_act
        events = state.apply(action)
        hand = self.current(state)
        if hand is not None:
            hand.moves.append((seat, action_to_json(action)))
            if state.phase in (Phase.DEAL, Phase.GAME_OVER):
                hand.scores = [sc["total"] for sc in state.results[-1]["scores"]]
        return events

    def _deal(self, state: GameState, action: Deal) -> list[ev.Event]:
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
        events = state.apply(Deal(tuple(deck)))
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

    def undo(self) -> None:
        """The player's last meld move was taken back (the controller restored the state before it)."""
        if self.hands and self.hands[-1].moves and self.hands[-1].scores is None:
            self.hands[-1].moves.pop()

    def hand(self, number: int) -> HandRecord | None:
        return next((h for h in self.hands if h.hand == number), None)

    def to_json(self) -> dict:
        return {"format": FORMAT, "kind": KIND, "variant": self.variant, "players": self.players,
                "target": self.target, "next_deal": None if self.next_deal is None else list(self.next_deal),
                "hands": [h.to_json() for h in self.hands]}


# ----- reading a record back, checked --------------------------------------------------------------


def _fail(detail: str) -> InvalidRecord:
    return InvalidRecord(_("the record of its hands is damaged ({detail})").format(detail=detail))


def _whole(v: object, low: int, high: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _ints(v: object, what: str, low: int, high: int, length: int | None = None) -> list[int]:
    if not isinstance(v, list) or (length is not None and len(v) != length) or not all(
            _whole(x, low, high) for x in v):
        raise _fail(_("“{key}” is not what it should be").format(key=what))
    return list(v)


def _source(v: object, what: str) -> tuple[int, int]:
    pair = _ints(v, what, -MAX_SEED, MAX_SEED, 2)
    if not 1 <= pair[1] <= 60:
        raise _fail(_("“{key}” is not what it should be").format(key=what))
    return pair[0], pair[1]


def record_from_json(data: object) -> GameRecord:
    """The record the data describes, every field checked; InvalidRecord with a reason otherwise."""
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise _fail(_("it is not a record of Bolivia's hands"))
    if data.get("format") != FORMAT or isinstance(data.get("format"), bool):
        raise _fail(_("its format is unknown to this version of the game"))
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in RULESETS:
        raise _fail(_("the variant is unknown"))
    players = data.get("players")
    if not _whole(players, 2, 4):
        raise _fail(_("“{key}” is not what it should be").format(key="players"))
    rules = RULESETS[variant].for_players(players)
    target = data.get("target")
    if not _whole(target, 0, MAX_SCORE) or target not in rules.targets:
        raise _fail(_("“{key}” is not what it should be").format(key="target"))
    sides = 2 if players == 4 else players
    record = GameRecord(variant, players, target)
    if data.get("next_deal") is not None:
        record.next_deal = _source(data.get("next_deal"), "next_deal")
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) > rules.max_hands:
        raise _fail(_("“{key}” is not what it should be").format(key="hands"))
    deck = deck_ids(rules.packs, rules.jokers)
    for i, h in enumerate(hands):
        record.hands.append(_hand(h, i, record, rules, deck, sides))
    return record


def _hand(h: object, index: int, record: GameRecord, rules: RuleSet, deck: list[int], sides: int) -> HandRecord:
    if not isinstance(h, dict):
        raise _fail(_("hand {n} is missing").format(n=index + 1))
    number = h.get("hand")
    previous = record.hands[-1] if record.hands else None
    if not _whole(number, 1, rules.max_hands) or (previous is not None and (
            number <= previous.hand or previous.scores is None)):
        raise _fail(_("its hands are out of order"))
    dealer = h.get("dealer")
    if not _whole(dealer, 0, record.players - 1):
        raise _fail(_("hand {n} names no dealer").format(n=number))
    cards = _ints(h.get("deck"), "deck", 0, len(deck) * 4)
    if sorted(cards) != deck:
        raise _fail(_("hand {n} is not dealt from the whole deck").format(n=number))
    before = _ints(h.get("before"), "before", -MAX_SCORE, MAX_SCORE, sides)
    if previous is not None and previous.scores is not None and number == previous.hand + 1 and before != [
            a + b for a, b in zip(previous.before, previous.scores, strict=True)]:
        raise _fail(_("the totals before hand {n} do not follow from the hands before it").format(n=number))
    scores = h.get("scores")
    if scores is not None:
        scores = _ints(scores, "scores", -MAX_SCORE, MAX_SCORE, sides)
    moves = h.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _fail(_("hand {n} has too many moves").format(n=number))
    checked = []
    for m in moves:
        if not (isinstance(m, list) and len(m) == 2 and _whole(m[0], 0, record.players - 1)):
            raise _fail(_("a move of hand {n} is not a move").format(n=number))
        checked.append((m[0], move_json(m[1], number)))
    source = None if h.get("source") is None else _source(h.get("source"), "source")
    return HandRecord(number, dealer, tuple(cards), source, before, checked, scores)


def move_json(d: object, hand: int) -> dict:
    """A move's JSON checked for shape (cards are card ids, meld ids in range); its legality is the
    engine's to judge when the hand is played back."""
    bad = _fail(_("a move of hand {n} is not a move").format(n=hand))
    if not isinstance(d, dict):
        raise bad
    kind = d.get("type")
    keys = set(d) - {"type"}
    top = 162

    def cards(v: object) -> list[int]:
        if not isinstance(v, list) or len(v) > top or not all(_whole(c, 0, top - 1) for c in v):
            raise bad
        return list(v)

    def melds(v: object) -> list[list[int]]:
        if not isinstance(v, list) or len(v) > top:
            raise bad
        return [cards(m) for m in v]

    def meld_id(v: object) -> int:
        if not _whole(v, 1, MAX_ID):
            raise bad
        return v  # type: ignore[return-value]

    if kind in ("DrawStock", "AskPartner") and not keys:
        return {"type": kind}
    if kind == "Discard" and keys == {"card"}:
        return {"type": kind, "card": cards([d["card"]])[0]}
    if kind == "Answer" and keys == {"yes"} and isinstance(d["yes"], bool):
        return {"type": kind, "yes": d["yes"]}
    if kind == "TakeTop" and keys == {"meld"}:
        return {"type": kind, "meld": meld_id(d["meld"])}
    if kind == "TakePile" and keys <= {"cards", "melds"} and "cards" in keys:
        return {"type": kind, "cards": cards(d["cards"]), "melds": melds(d.get("melds", []))}
    if kind == "LayMelds" and keys == {"melds"}:
        return {"type": kind, "melds": melds(d["melds"])}
    if kind == "AddToMeld" and keys == {"meld", "cards"}:
        return {"type": kind, "meld": meld_id(d["meld"]), "cards": cards(d["cards"])}
    if kind == "Combine" and keys == {"meld", "into"}:
        return {"type": kind, "meld": meld_id(d["meld"]), "into": meld_id(d["into"])}
    if kind == "MeldMove" and keys <= {"new", "add", "combine"}:
        add, combine = d.get("add", []), d.get("combine", [])
        if not (isinstance(add, list) and isinstance(combine, list) and len(add) <= top and len(combine) <= top):
            raise bad
        if not all(isinstance(a, list) and len(a) == 2 for a in add + combine):
            raise bad
        return {"type": kind, "new": melds(d.get("new", [])), "add": [[meld_id(a), cards(c)] for a, c in add],
                "combine": [[meld_id(a), meld_id(b)] for a, b in combine]}
    raise bad


def check_against(record: GameRecord, state: GameState) -> None:
    """A record read with a save must be of that game: same game and table, every finished hand playing
    back to the score the state's results give it, and the hand in progress (if recorded) playing back
    to the state as it is. Playing a whole game back takes milliseconds (README, Measured)."""
    if (record.variant, record.players, record.target) != (state.rules.name, state.players, state.target):
        raise _fail(_("it is the record of another game"))
    results = {r["hand"]: [sc["total"] for sc in r["scores"]] for r in state.results}
    in_hand = state.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER)
    for h in record.hands:
        open_hand = h.scores is None
        if h.hand > state.hand_no or (not open_hand and results.get(h.hand) != h.scores) or (
                open_hand and (h.hand != state.hand_no or not in_hand)):
            raise _fail(_("hand {n} does not match the game's scores").format(n=h.hand))
        try:
            last = None
            for step in replay(record, h):
                last = step.state
        except ReplayError as why:
            raise _fail(str(why)) from None
        assert last is not None
        if open_hand:
            if _position(last) != _position(state):
                raise _fail(_("hand {n} does not play back to the game as it is").format(n=h.hand))
        elif last.phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER) or last.results[-1]["scores"] != [
                sc for r in state.results if r["hand"] == h.hand for sc in r["scores"]]:
            raise _fail(_("hand {n} does not match the game's scores").format(n=h.hand))


def _position(s: GameState) -> tuple:
    """What a hand in progress is: where every card lies, whose turn it is and what was asked."""
    return (s.phase, s.turn, s.stock, s.pile, s.hands, [[m.to_json() for m in side] for side in s.melds],
            s.red_threes, s.asked, s.permission, s.scores)


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
    s = GameState(record.players, 0, RULESETS[record.variant], record.target)
    s.hand_no = hand.hand - 1
    s.scores = list(hand.before)
    s.first_dealer = (hand.dealer - max(hand.hand - 1, 0)) % record.players  # state.dealer after the deal
    return s


def replay(record: GameRecord, hand: HandRecord):
    """Play the hand back from its deal, one Step a move (the deal first); ReplayError where it cannot be.
    Each Step's state is the one game, moved on: copy it to keep it."""
    s = start_of(record, hand)
    yield Step(-1, s.dealer, Deal(hand.deck), s.apply(Deal(hand.deck)), s)
    for i, (seat, move) in enumerate(hand.moves):
        if s.phase in (Phase.DEAL, Phase.GAME_OVER):
            raise ReplayError(hand.hand, i, _("The hand is over."))
        if seat != s.to_act:
            raise ReplayError(hand.hand, i, _("It is not that player's turn."))
        action = action_from_json(move)
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
