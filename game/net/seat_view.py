"""What one seat may see, as the server sends it: the one place that turns the engine's state and events
into a seat's messages. Nothing else in game/net/ reads a hand or the stock for a message.

A seat sees its own hand, every seat's card count, the melds, the whole pile (every card in it was seen
face up), the red threes, the scores, whose turn it is and the phase, and the events as a player at the
table sees them: another seat's draw is a count, never the cards; a red three's replacement from the
stock goes into a hand unseen. The stock is a count. An event of a kind this module does not know is
refused (TypeError), never passed on: a new event of the engine cannot leak by default.
"""

from __future__ import annotations

from game.net.protocol import Encoded, encode
from game.rules import events as ev
from game.rules.cards import ALL_IDS, face_label, label
from game.rules.house import house_of
from game.rules.melds import Meld
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from game.rules.take_back import TakenBack

ACTING = (Phase.DRAW, Phase.MELD, Phase.ANSWER)
LABELS = tuple(label(c) for c in ALL_IDS)  # every card's text, worked out once: four messages a move
QUOTED = tuple(encode(t) for t in LABELS)  # ... and as JSON


def _label(c: int) -> str:
    return LABELS[c]


def _cards(cards) -> list[str]:
    return [LABELS[c] for c in cards]


def event_for_seat(event: ev.Event, seat: int) -> dict:
    """One engine event as `seat` may see it."""
    match event:
        case ev.HandDealt(hand_no=hand_no, dealer=dealer, hands=hands, pile=pile, stock=stock):
            return {"type": "dealt", "hand_no": hand_no, "dealer": dealer, "cards": _cards(hands[seat]),
                    "hand_sizes": [len(h) for h in hands], "pile": _cards(pile), "stock_count": stock}
        case ev.RedThreeLaid(seat=who, card=card, replacement=new):
            out = {"type": "red_three", "seat": who, "card": _label(card), "replaced": new is not None}
            if who == seat and new is not None:
                out["replacement"] = _label(new)
            return out
        case ev.CardsDrawn(seat=who, cards=cards):
            out = {"type": "drew", "seat": who, "count": len(cards)}
            if who == seat:
                out["cards"] = _cards(cards)
            return out
        case ev.PileTaken(seat=who, meld=meld, top=top, meld_cards=meld_cards, to_hand=to_hand):
            # Every card of the pile was seen face up, and the cards from hand go onto the table.
            return {"type": "took_pile", "seat": who, "meld_id": meld, "top": _label(top),
                    "meld_cards": _cards(meld_cards), "to_hand": _cards(to_hand)}
        case ev.TopTaken(seat=who, card=card, meld=meld):
            return {"type": "took_top", "seat": who, "card": _label(card), "meld_id": meld}
        case ev.Melded(seat=who, meld=meld, kind=kind, cards=cards):
            return {"type": "melded", "seat": who, "meld_id": meld, "kind": kind, "cards": _cards(cards)}
        case ev.AddedToMeld(seat=who, meld=meld, cards=cards):
            return {"type": "added", "seat": who, "meld_id": meld, "cards": _cards(cards)}
        case ev.MeldsCombined(seat=who, meld=meld, into=into):
            return {"type": "combined", "seat": who, "meld_id": meld, "into": into}
        case ev.CanastaMade(side=side, meld=meld, canasta=canasta):
            return {"type": "canasta", "side": side, "meld_id": meld, "canasta": canasta}
        case ev.Discarded(seat=who, card=card):
            return {"type": "discarded", "seat": who, "card": _label(card)}
        case ev.PartnerAsked(seat=who):
            return {"type": "asked", "seat": who}
        case ev.PartnerAnswered(seat=who, yes=yes):
            return {"type": "answered", "seat": who, "yes": yes}
        case ev.TurnStarted(seat=who):
            return {"type": "turn", "seat": who}
        case ev.WentOut(seat=who, concealed=concealed):
            return {"type": "went_out", "seat": who, "concealed": concealed}
        case ev.StockExhausted(seat=who):
            return {"type": "stock_empty", "seat": who}
        case ev.HandEnded(hand_no=hand_no, scores=scores, totals=totals):
            return {"type": "hand_ended", "hand_no": hand_no, "hand_scores": [dict(s) for s in scores],
                    "totals": list(totals)}
        case ev.GameEnded(winner=winner, totals=totals, reason=reason):
            return {"type": "game_ended", "winner": winner, "totals": list(totals), "reason": reason}
        case TakenBack(seat=who, cards=cards):  # cards from the table back into a hand: all seen
            return {"type": "took_back", "seat": who, "cards": _cards(cards)}
    raise TypeError(f"no seat view of the event {type(event).__name__}")


Shared = tuple[dict, dict, str, str]  # a state message's head and body, and the text of each
Seen = tuple[list, str]  # a seat's events as it sees them, and their text

# The events a seat sees otherwise than the others (its own cards); every other event is the same for all.
_OWN_CARDS = (ev.HandDealt, ev.RedThreeLaid, ev.CardsDrawn)


class ViewCache:
    """What a table's state messages repeat from move to move, kept as text (one per table): the parts
    fixed for the game (variant, house rules, players, target), each meld as it is (a meld changes when
    cards go onto it, and most moves change none), each side's row of melds, and the parts of the body
    that most moves leave as they were (the pile, the red threes, scores, cards known), each kept with
    the values it was made from. Only a speed-up: the text is the same without it."""

    __slots__ = ("rules", "fixed", "rows", "parts")

    def __init__(self) -> None:
        self.rules: object = None
        self.fixed: tuple[dict, str] = ({}, "")
        # per side: the side's melds, their row as seen, its text, and each of them by its id: the meld
        # (kept, so that its id names no other while here), as seen, its text
        self.rows: list[tuple[tuple[Meld, ...], list, str, dict[int, tuple[Meld, dict, str]]]] = []
        # a part's name -> the values it was made from, the part as seen and its text
        self.parts: dict[str, tuple[object, object, str]] = {}


def _fixed(state: GameState, cache: ViewCache) -> tuple[dict, str]:
    if cache.rules is not state.rules:
        part = {"variant": state.rules.name, "house": house_of(state.rules), "players": state.players,
                "target": state.target}
        cache.rules, cache.fixed, cache.rows = state.rules, (part, encode(part)[1:-1]), []
        cache.parts = {}
    return cache.fixed


def _melds(state: GameState, cache: ViewCache) -> tuple[list, str]:
    """Every side's melds as a seat sees them, and their text; a side whose melds are as before is not
    gone through again, nor a meld of the side seen before (a Meld is frozen: one that changes is new)."""
    rows = cache.rows
    if len(rows) != state.sides:
        rows[:] = [((), [], "[]", {})] * state.sides
    value, sides = [], []
    for side in range(state.sides):
        now = tuple(state.melds[side])
        kept = rows[side]
        if kept[0] != now:  # (the same objects compare at once, by identity)
            old, new = kept[3], {}
            for m in now:
                known = old.get(id(m))
                if known is None:
                    d = {"id": m.id, "kind": m.kind, "cards": _cards(m.cards), "canasta": m.canasta(state.rules)}
                    known = (m, d, encode(d))
                new[id(m)] = known
            # (the side's melds of this moment only: a hand's melds are dropped with it)
            kept = rows[side] = (now, [k[1] for k in new.values()], "[" + ",".join([k[2] for k in new.values()]) + "]",
                                 new)
        value.append(kept[1])
        sides.append(kept[2])
    return value, "[" + ",".join(sides) + "]"


def _part(cache: ViewCache, name: str, key: object, make) -> tuple[object, str]:
    """A part of the body as seen and its text, made again only when the values it is made from changed."""
    kept = cache.parts.get(name)
    if kept is not None and kept[0] == key:
        return kept[1], kept[2]
    value = make()
    text = encode(value)
    cache.parts[name] = (key, value, text)
    return value, text


def _cards_text(cards) -> str:
    return "[" + ",".join([QUOTED[c] for c in cards]) + "]"


def table_view(state: GameState, version: int, cache: ViewCache | None = None) -> Shared:
    """What every seat sees alike, worked out once a change for all the seats: the head of a state
    message (before the seat's hand) and its body (after it), each with its JSON text without braces,
    so that each seat's message is put together from them rather than encoded again. The text is put
    together from parts too, in the message's order: the same bytes as the dicts encoded whole."""
    cache = cache if cache is not None else ViewCache()
    fixed, fixed_text = _fixed(state, cache)
    sides = state.sides
    moving = {"hand_no": state.hand_no, "dealer": state.dealer, "turn": state.turn, "to_act": state.to_act,
              "phase": state.phase.value}
    head = {"version": version, **fixed, **moving}
    head_text = f'"version":{encode(version)},{fixed_text},{encode(moving)[1:-1]}'
    melds, melds_text = _melds(state, cache)
    sizes = [len(h) for h in state.hands]
    pile_key = tuple(state.pile)
    pile, pile_text = _part(cache, "pile", pile_key, lambda: _cards(pile_key))
    reds_key = tuple(map(tuple, state.red_threes))
    reds, reds_text = _part(cache, "red_threes", reds_key, lambda: [_cards(r) for r in reds_key])
    scores_key = tuple(state.scores)
    scoring, scoring_text = _part(cache, "scores", scores_key, lambda: {
        "scores": list(scores_key), "min_meld": [state.min_meld(side) for side in range(sides)]})
    known_key = tuple(map(tuple, state.known))
    known, known_text = _part(cache, "known", known_key, lambda: [[face_label(f) for f in k] for k in known_key])
    turn = {
        "melded_by": list(state.melded_by),
        "melded_at_turn_start": state.melded_at_turn_start,
        "player_melded_at_turn_start": state.player_melded_at_turn_start,
        "asked": state.asked,
        "permission": state.permission,
    }
    takes_key = tuple(state.pile_takes)
    takes, takes_text = _part(cache, "pile_takes", takes_key, lambda: [list(t) for t in takes_key])
    body = {"hand_sizes": sizes, "stock_count": len(state.stock), "pile": pile, "melds": melds, "red_threes": reds,
            **scoring, "known": known, **turn, "pile_takes": takes}
    body_text = (f'"hand_sizes":{encode(sizes)},"stock_count":{encode(len(state.stock))},'
                 f'"pile":{pile_text},"melds":{melds_text},"red_threes":{reds_text},{scoring_text[1:-1]},'
                 f'"known":{known_text},{encode(turn)[1:-1]},"pile_takes":{takes_text}')
    return head, body, head_text, body_text


def events_for_seats(events: list[ev.Event], players: int) -> list[Seen]:
    """Each seat's events as it sees them, with their text: an event every seat sees alike is worked out
    and encoded once for all of them, one that shows a seat its own cards once a seat."""
    rows: list[list[dict]] = [[] for _s in range(players)]
    texts: list[list[str]] = [[] for _s in range(players)]
    for e in events:
        if isinstance(e, _OWN_CARDS):
            for seat in range(players):
                d = event_for_seat(e, seat)
                rows[seat].append(d)
                texts[seat].append(encode(d))
        else:
            d = event_for_seat(e, 0)
            text = encode(d)
            for seat in range(players):
                rows[seat].append(dict(d))  # each seat's own dict, as when made a seat at a time
                texts[seat].append(text)
    return [(rows[s], "[" + ",".join(texts[s]) + "]") for s in range(players)]


def state_for_seat(state: GameState, seat: int, events: list[ev.Event], legal: list[dict], version: int,
                   shared: Shared | None = None, seen: Seen | None = None) -> Encoded:
    """The whole table as `seat` sees it after a move, with that move's events. `legal` (the engine's
    moves in `turn`'s syntax) goes only to the seat to act. `shared`: table_view(state, version), when
    the caller has it already (the same for every seat); `seen`: this seat's of events_for_seats(events),
    likewise. Its text is the shared parts' and the seat's own, put together in the message's order: the
    same bytes as the whole message encoded."""
    head, body, head_text, body_text = shared if shared is not None else table_view(state, version)
    acting = state.phase in ACTING and state.to_act == seat
    own = state.hands[seat]
    hand = [LABELS[c] for c in own]
    seen_list, seen_text = seen if seen is not None else events_for_seats(events, state.players)[seat]
    mine = list(legal) if acting else []
    text = (f'{{"type":"state","seat":{seat},{head_text},"hand":{_cards_text(own)},{body_text},'
            f'"events":{seen_text},"legal":{encode(mine) if mine else "[]"}}}')
    return Encoded({"type": "state", "seat": seat, **head, "hand": hand, **body, "events": seen_list,
                    "legal": mine}, text)


def hand_over(event: ev.HandEnded) -> dict:
    return {"type": "hand_over", "hand_no": event.hand_no, "hand_scores": [dict(s) for s in event.scores],
            "totals": list(event.totals)}


def game_over(event: ev.GameEnded) -> dict:
    return {"type": "game_over", "winner": event.winner, "totals": list(event.totals), "reason": event.reason}


def hand_record(record: GameRecord, hand_no: int) -> dict | None:
    """A finished hand's whole record (its deck as dealt and every move), the same for every seat: sent
    only once the hand is over, for its replay and review. Without what shuffled it (the table's seed
    would tell the hands to come), and under keys that are neither `hands` nor `stock`. None when the
    record does not hold the hand whole (a table set up in a position), or it is not over."""
    hand = record.hand(hand_no)
    if hand is None or hand.scores is None:
        return None
    head = record._head()  # the game's variant, table and house rules (the record's own head, not its hands)
    del head["next_deal"]
    whole = hand.to_json()
    del whole["source"]
    return {"type": "hand_record", "hand_no": hand_no, "record": {**head, "hand": whole}}
