"""Rebuilding a saved game state, checked completely: any state `state_from_json` accepts is one
the game could have reached, so it can be played on to its end.

A save may be damaged or edited by hand. Every field is checked for its type and range and against
the others and the phase (whose turn it is, what the phase needs, every card in exactly one place,
every meld valid, the scores adding up hand by hand). A refusal is `InvalidState` with one reason a
player can read; a save of a later version is `NewerVersion`. The fields checked, the position is read by
the engine's own `GameState.from_json` (state.py cannot import this module: the checks play the legal moves).
"""

from __future__ import annotations

from collections import Counter

from game.i18n import _
from game.rules.cards import FACE, RED_THREE, deck_ids
from game.rules.errors import IllegalAction
from game.rules.house import HouseError, with_house
from game.rules.legal import has_legal_action
from game.rules.melds import BLACK_THREES, RANK_MELD, RUN, WILD_MELD, classify
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.scoring import SCORE_LINES
from game.rules.state import SAVE_VERSION, GameState, Phase

MAX_SEED = 1 << 64
MAX_SCORE = 10**8  # sixty hands of every bonus there is stay far below
MAX_MELD_ID = 10_000
END_REASONS = ("target", "hand_limit")
MELD_KINDS = (RANK_MELD, RUN, WILD_MELD, BLACK_THREES)


class InvalidState(ValueError):
    """The data is not a game that could be played on; the message says why, for the player."""


class NewerVersion(ValueError):
    """Written by a later version of the game, in a format this one does not know."""

    def __init__(self, version: int, written_by: str | None = None) -> None:
        super().__init__(_("it was written by a newer version of the game"))
        self.version = version
        self.written_by = written_by


def _fail(detail: str) -> InvalidState:
    return InvalidState(_("it is not a valid saved game ({detail})").format(detail=detail))


def _int(data: dict, key: str, low: int, high: int) -> int:
    """A whole number in low..high (not a bool, not a float)."""
    v = data.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise _fail(_("“{key}” is not a whole number").format(key=key))
    if not low <= v <= high:
        raise _fail(_("“{key}” is out of range").format(key=key))
    return v


def _bool(data: dict, key: str) -> bool:
    v = data.get(key)
    if not isinstance(v, bool):
        raise _fail(_("“{key}” is not true or false").format(key=key))
    return v


def _list(data: object, key: str, length: int | None = None) -> list:
    v = data.get(key) if isinstance(data, dict) else data
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise _fail(_("“{key}” is not a list of the right length").format(key=key))
    return v


def _cards(values: object, key: str, deck: frozenset[int]) -> list[int]:
    cards = _list(values, key)
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or c not in deck:
            raise _fail(_("“{key}” holds something that is not a card of this game").format(key=key))
    return list(cards)


def _house(data: dict, rules: RuleSet) -> RuleSet:
    """The house options a save plays (a save without them plays the game's defaults)."""
    house = data.get("house", {})
    if not isinstance(house, dict):
        raise _fail(_("“{key}” is not a set of house rules").format(key="house"))
    try:
        return with_house(rules, house)
    except HouseError as why:
        raise _fail(str(why)) from None


def state_from_json(data: object) -> GameState:
    """The state a save describes; InvalidState (or NewerVersion) if it is not a playable game."""
    s = GameState.from_json(_checked_fields(data))  # the engine's own reader, on fields known to be what it reads
    _check_consistent(s)
    return s


def _checked_fields(data: object) -> dict:
    """The save, once every field GameState.from_json reads is of the type and in the range it needs."""

    if not isinstance(data, dict):
        raise _fail(_("the game itself is missing"))
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and SAVE_VERSION < version <= 1000:
        raise NewerVersion(version)
    if version != SAVE_VERSION or isinstance(version, bool):
        raise _fail(_("“{key}” is out of range").format(key="version"))
    variant = data.get("variant")
    rules: RuleSet | None = RULESETS.get(variant) if isinstance(variant, str) else None
    if rules is None:
        raise _fail(_("the variant is unknown"))
    rules = _house(data, rules)
    players = _int(data, "players", 2, 4)
    seed = _int(data, "seed", -MAX_SEED, MAX_SEED)
    target = data.get("target")
    if target not in rules.targets or isinstance(target, bool) or not isinstance(target, int):
        raise _fail(_("“{key}” is out of range").format(key="target"))
    seats = GameState(players, seed, rules, target)  # its seats and sides, to read the rest by
    sides = seats.sides
    _int(data, "first_dealer", 0, players - 1)
    _int(data, "hand_no", 0, rules.max_hands)
    for v in _list(data, "scores", sides):
        _score(v, "scores")
    phase = data.get("phase")
    if not isinstance(phase, str) or phase not in {p.value for p in Phase}:
        raise _fail(_("“{key}” is out of range").format(key="phase"))
    _int(data, "turn", 0, players - 1)
    deck = frozenset(deck_ids(rules.packs, rules.jokers))
    _cards(data.get("stock"), "stock", deck)
    _cards(data.get("pile"), "pile", deck)
    for h in _list(data, "hands", players):
        _cards(h, "hands", deck)
    for r in _list(data, "red_threes", sides):
        _cards(r, "red_threes", deck)
    for side in _list(data, "melds", sides):
        for m in _list(side, "melds"):
            _meld(m, deck, rules)
    for k in _list(data, "known", players):
        _faces(k)
    _int(data, "next_meld_id", 1, MAX_MELD_ID)
    _bool(data, "melded_at_turn_start")
    # Who has melded this hand (Standard Canasta's concealed going out); saves written before it: a
    # seat has melded when its side has (GameState.from_json reads them so).
    if "melded_by" in data:
        flags = _list(data, "melded_by", players)
        if not all(isinstance(v, bool) for v in flags):
            raise _fail(_("“{key}” is not true or false").format(key="melded_by"))
        _bool(data, "player_melded_at_turn_start")
    _bool(data, "asked")
    _pile_takes(data, players)
    permission = data.get("permission")
    if permission is not None and not isinstance(permission, bool):
        raise _fail(_("“{key}” is not true or false").format(key="permission"))
    for i, r in enumerate(_list(data, "results")):
        _result(r, i, seats)
    winner = data.get("winner")
    if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool) or not 0 <= winner < sides):
        raise _fail(_("“{key}” is out of range").format(key="winner"))
    end_reason = data.get("end_reason")
    if end_reason is not None and end_reason not in END_REASONS:
        raise _fail(_("“{key}” is out of range").format(key="end_reason"))
    return data


def _score(v: object, key: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not -MAX_SCORE <= v <= MAX_SCORE:
        raise _fail(_("“{key}” is out of range").format(key=key))
    return v


def _faces(values: object) -> list[int]:
    faces = _list(values, "known")
    allowed = set(FACE)
    for f in faces:
        if not isinstance(f, int) or isinstance(f, bool) or f not in allowed:
            raise _fail(_("“{key}” holds something that is not a card of this game").format(key="known"))
    return list(faces)


def _meld(m: object, deck: frozenset[int], rules: RuleSet) -> None:
    """A meld of this game's cards that is what its kind and key say."""
    if not isinstance(m, dict):
        raise _fail(_("a meld is not described"))
    meld_id = _int(m, "id", 1, MAX_MELD_ID)
    kind = m.get("kind")
    if kind not in MELD_KINDS:
        raise _fail(_("a meld is of an unknown kind"))
    key = _int(m, "key", 0, 15)
    cards = tuple(_cards(m.get("cards"), "cards", deck))
    try:
        shape = classify(cards, rules)
    except IllegalAction:
        raise _fail(_("meld {n} is not a valid meld").format(n=meld_id)) from None
    if (shape.kind, shape.key) != (kind, key):
        raise _fail(_("meld {n} is not what it says it is").format(n=meld_id))


def _result(r: object, index: int, s: GameState) -> None:
    """One hand's result: its number, who went out, each side's score lines adding up, the totals."""
    if not isinstance(r, dict):
        raise _fail(_("the result of hand {n} is missing").format(n=index + 1))
    if r.get("hand") != index + 1 or type(r.get("hand")) is not int:
        raise _fail(_("the result of hand {n} is out of order").format(n=index + 1))
    out = r.get("out")
    if out is not None and (not isinstance(out, int) or isinstance(out, bool) or not 0 <= out < s.players):
        raise _fail(_("the result of hand {n} names no player going out").format(n=index + 1))
    concealed = r.get("concealed")
    if not isinstance(concealed, bool) or (concealed and out is None):
        raise _fail(_("the result of hand {n} is not consistent").format(n=index + 1))
    for sc in _list(r, "scores", s.sides):
        if not isinstance(sc, dict):
            raise _fail(_("the result of hand {n} is missing").format(n=index + 1))
        line = {k: _score(sc.get(k), "scores") for k in SCORE_LINES}
        if sum(line[k] for k in SCORE_LINES[:-1]) != line["total"]:
            raise _fail(_("the scores of hand {n} do not add up").format(n=index + 1))
    for v in _list(r, "totals", s.sides):
        _score(v, "totals")


def _check_consistent(s: GameState) -> None:
    """The fields against each other and the phase: what makes a state one the game can play on."""

    rules, phase = s.rules, s.phase
    in_hand = phase in (Phase.DRAW, Phase.MELD, Phase.ANSWER)
    # The hands played so far and their running totals.
    played = s.hand_no - 1 if in_hand else s.hand_no
    if len(s.results) != played:
        raise _fail(_("the number of hands played does not match the results"))
    running = [0] * s.sides
    for r in s.results:
        running = [a + b["total"] for a, b in zip(running, r["scores"], strict=True)]
        if r["totals"] != running:
            raise _fail(_("running totals differ from the sum of the hands"))
    if running != s.scores:
        raise _fail(_("running totals differ from the sum of the hands"))
    # Over or not: the game ends exactly when a side reaches the target or the hands run out.
    over = s.hand_no > 0 and (max(s.scores) >= s.target or s.hand_no >= rules.max_hands) and not in_hand
    if phase == Phase.GAME_OVER:
        if not over:
            raise _fail(_("the game is marked over in the middle"))
        best = max(s.scores)
        leaders = [i for i in range(s.sides) if s.scores[i] == best]
        reached = best >= s.target
        winner = leaders[0] if reached and len(leaders) == 1 else None
        if s.winner != winner or s.end_reason != ("target" if reached else "hand_limit"):
            raise _fail(_("the winner does not match the scores"))
    else:
        if over or (in_hand and (max(s.scores) >= s.target or s.hand_no > rules.max_hands)):
            raise _fail(_("the game should be over"))
        if s.winner is not None or s.end_reason is not None:
            raise _fail(_("a winner is named while the game goes on"))
    if in_hand and s.hand_no < 1:
        raise _fail(_("a hand is played before the first deal"))
    _check_cards(s, in_hand)
    _check_turn(s, in_hand)
    if in_hand:
        _check_playable(s)


def _check_cards(s: GameState, in_hand: bool) -> None:
    """Every card of the deck in exactly one place once a hand is dealt; none before."""

    places = (s.stock + s.pile + [c for h in s.hands for c in h]
              + [c for side in s.melds for m in side for c in m.cards] + [c for r in s.red_threes for c in r])
    if s.hand_no == 0:
        if places or any(s.known) or s.results:
            raise _fail(_("cards are on the table before the first deal"))
        return
    count = Counter(places)
    if any(n > 1 for n in count.values()):
        raise _fail(_("a card is in two places"))
    if len(count) != s.rules.deck_size:
        raise _fail(_("cards are missing"))
    ids = [m.id for side in s.melds for m in side]
    if len(set(ids)) != len(ids) or any(i >= s.next_meld_id for i in ids):
        raise _fail(_("the melds are not numbered as the game numbers them"))
    rank_keys = [[m.key for m in side if m.kind == RANK_MELD] for side in s.melds]
    if s.rules.one_meld_per_rank and any(len(keys) != len(set(keys)) for keys in rank_keys):
        raise _fail(_("a side has two melds of one rank"))
    if any(not RED_THREE[c] for r in s.red_threes for c in r):
        raise _fail(_("a card laid out as a red three is not one"))
    for seat in range(s.players):
        held = Counter(FACE[c] for c in s.hands[seat])
        if Counter(s.known[seat]) - held:
            raise _fail(_("a card seen in a hand is not there"))
    if not in_hand:
        return
    if any(not h for h in s.hands):
        raise _fail(_("a player has no cards in the middle of a hand"))
    if any(RED_THREE[c] for h in s.hands for c in h):
        raise _fail(_("a red three is held in hand"))
    for side in s.melds:
        for m in side:
            if m.kind == BLACK_THREES and not (s.phase == Phase.MELD and len(s.hands[s.turn]) <= 1):
                raise _fail(_("black threes are melded while the hand goes on"))


def _check_turn(s: GameState, in_hand: bool) -> None:
    """Whose turn it is and what has been asked and answered in it."""

    phase, seat = s.phase, s.turn
    side = s.side_of(seat)
    if not in_hand:
        return  # a hand ended by going out with leave keeps its question and answer: the deal clears them
    if (s.asked or s.permission is not None) and s.players != 4:
        raise _fail(_("only a player with a partner can ask to go out"))
    if phase == Phase.DRAW:
        if s.asked or s.permission is not None:
            raise _fail(_("a question is pending before the draw"))
        if s.melded_at_turn_start != s.has_melded(side):
            raise _fail(_("the turn does not match the melds"))
    if s.melded_at_turn_start and not s.has_melded(side):
        raise _fail(_("the turn does not match the melds"))
    if any(s.melded_by[p] and not s.has_melded(s.side_of(p)) for p in range(s.players)) or (
            s.player_melded_at_turn_start and not s.melded_by[seat]) or (
            phase == Phase.DRAW and s.player_melded_at_turn_start != s.melded_by[seat]):
        raise _fail(_("the turn does not match the melds"))
    if phase == Phase.ANSWER:
        if not s.asked or s.permission is not None or len(s.hands[seat]) < 2:
            raise _fail(_("the partner is asked a question nobody asked"))
    if phase == Phase.MELD and s.permission is not None:
        if not s.asked:
            raise _fail(_("the partner answered a question nobody asked"))
        if s.permission is False and len(s.hands[seat]) < 2:
            raise _fail(_("the player can neither go out nor discard"))
        if s.permission is True and not s.able_to_go_out(seat):
            raise _fail(_("the player must go out and cannot"))


def _check_playable(s: GameState) -> None:
    """What the engine needs to play the hand on to its end: each phase's preconditions, hand sizes the
    rules can reach, and a legal move for the seat to act."""

    phase, seat = s.phase, s.turn
    side = s.side_of(seat)
    if phase == Phase.DRAW and not s.pile:
        raise _fail(_("the pile is empty at the draw"))  # every turn ends with a discard; a deal turns one up
    if phase == Phase.MELD and len(s.hands[seat]) == 1 and (not s.may_go_out(side) or s.permission is False):
        raise _fail(_("the player can neither go out nor discard"))
    if phase == Phase.ANSWER and not s.able_to_go_out(seat):
        raise _fail(_("the partner is asked a question nobody could ask"))
    _check_hand_sizes(s)
    if not has_legal_action(s):  # not the whole list: a long hand can have a great many first melds
        raise _fail(_("the player to act has no legal move"))


def _check_hand_sizes(s: GameState) -> None:
    """A side that has not melded never took the pile: its hands hold the deal and what their own draws
    added (each turn draws, then discards one). The stock tells how many draws there can have been."""

    rules, n = s.rules, s.players
    draws = rules.draws(n)
    dealt = rules.hand_cards(n)
    drawn = rules.deck_size - n * dealt - 1 - len(s.stock)  # from the stock since the deal, by every seat
    turns = -(-max(0, drawn) // draws)  # the most turns one seat can have drawn in
    most = dealt + turns * (draws - 1) + 1
    for seat in range(n):
        if not s.has_melded(s.side_of(seat)) and len(s.hands[seat]) > most:
            raise _fail(_("a hand holds more cards than the rules let it hold"))


def _pile_takes(data: dict, players: int) -> list[tuple[int, int]]:
    """This hand's pile takes, (seat, rank of the top card taken); saves written before they were kept
    have none (the table then forgets who took the pile on what, as it did)."""
    if "pile_takes" not in data:
        return []
    out = []
    for entry in _list(data, "pile_takes"):
        if (not isinstance(entry, list) or len(entry) != 2 or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in entry)
                or not 0 <= entry[0] < players or not 4 <= entry[1] <= 14):
            raise _fail(_("“{key}” is out of range").format(key="pile_takes"))
        out.append((entry[0], entry[1]))
    return out
