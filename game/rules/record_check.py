"""Reading a record back from JSON (a save, a kept game, simulate's records), every field checked, and
checking a save's record against its game by playing it back. A refusal is `InvalidRecord` with a reason
a player can read, never another exception."""

from __future__ import annotations

from game.i18n import _
from game.rules.cards import deck_ids
from game.rules.house import HouseError, with_house
from game.rules.record import FORMAT, KIND, MAX_MOVES, GameRecord, HandRecord, ReplayError, replay
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.state import GameState, Phase

MAX_SEED = 1 << 64
MAX_SCORE = 10**8
MAX_ID = 10_000  # meld ids, as validate.MAX_MELD_ID


class InvalidRecord(ValueError):
    """The data is not a record of this game; the message says why, for the player."""


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
    house = data.get("house", {})
    try:
        base = with_house(RULESETS[variant], house if isinstance(house, dict) else {"": ""})
    except HouseError as why:
        raise _fail(str(why)) from None
    rules = base.for_players(players)
    target = data.get("target")
    if not _whole(target, 0, MAX_SCORE) or target not in rules.targets:
        raise _fail(_("“{key}” is not what it should be").format(key="target"))
    sides = 2 if players == 4 else players
    record = GameRecord(variant, players, target, rule_set=base)
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
    if kind == "TakePile" and keys <= {"cards", "melds", "onto"} and "cards" in keys:
        take = {"type": kind, "cards": cards(d["cards"]), "melds": melds(d.get("melds", []))}
        if "onto" in keys:
            take["onto"] = meld_id(d["onto"])  # the top card onto a meld (a house rule)
        return take
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
    if record.rule_set is not None and record.rule_set.house != state.rules.house:
        raise _fail(_("it is the record of another game"))  # played with other house rules
    record.rule_set = state.rules  # the save's own rules (with any options it carries) play its hands back
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
