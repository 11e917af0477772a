"""A hand's whole record reaches every seat once the hand is over, never before: before its `hand_over`,
no message to a seat names a card that seat has not seen, and none carries a deck or a record. Once it
comes, each seat turns it to its own place at the table and plays it back to the scores it was shown
(the replay and the review read it); it never says what shuffled it (the seed would tell the next
hands)."""

from __future__ import annotations

import json
import random
import re

from game.ai import get_player
from game.net.protocol import dumps
from game.net.table import Table
from game.rules import events as ev
from game.rules.cards import label
from game.rules.legal import legal_actions
from game.rules.record import replay
from game.rules.state import Phase, shuffled_deck
from game.rules.view import view_of
from game.shell.net_turns import NetTurns
from tests.server_helpers import keys_in

CARD = re.compile(r"^(?:[2-9TJQKA][CDHS]|JK)$")
HANDS = 2


def _played(variant: str, players: int, seed: int) -> tuple[Table, dict[int, list[dict]]]:
    """A table of people played to the end of its second hand by the greedy level; each seat's messages
    in the order the server sends them."""
    table = Table.create("T", variant, players, None, {}, seed=seed)
    for s in range(players):
        table.take_seat(f"P{s}", "en")
    told: dict[int, list[dict]] = {s: [] for s in range(players)}

    def keep(outs) -> None:
        for seat, msg in outs:
            for s in range(players) if seat is None else [seat]:
                told[s].append(json.loads(dumps(msg)))

    keep(table.start("easy", tuple(shuffled_deck(table.state.rules, seed, 1))))
    rng, greedy = random.Random(seed), get_player("greedy")
    while table.state.phase != Phase.GAME_OVER and len(table.record.hands) <= HANDS:
        st = table.state
        if st.hand_no > HANDS:
            break
        keep(table.apply(st.to_act, greedy(view_of(st, st.to_act), legal_actions(st), rng)))
    return table, told


def _labels(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj} if CARD.match(obj) else set()
    if isinstance(obj, dict):
        return {x for v in obj.values() for x in _labels(v)}
    if isinstance(obj, list):
        return {x for v in obj for x in _labels(v)}
    return set()


def _visible(state: dict) -> set[str]:
    """What a seat sees on the table in a state: its hand, the pile, the melds, the red threes, the cards
    known to be in hands (taken from the pile)."""
    return (set(state["hand"]) | set(state["pile"]) | {c for side in state["melds"] for m in side for c in m["cards"]}
            | {c for r in state["red_threes"] for c in r} | {c for k in state["known"] for c in k})


def test_the_record_comes_to_every_seat_only_once_the_hand_is_over_and_nothing_hidden_before() -> None:
    for variant, players, seed in (("bolivia", 4, 1), ("standard", 3, 2), ("samba", 2, 3)):
        table, told = _played(variant, players, seed)
        assert len(table.record.hands) >= HANDS
        for seat, messages in told.items():
            seen: set[str] = set()
            ended: set[int] = set()
            records = []
            for i, msg in enumerate(messages):
                assert not {"hands", "stock", "source"} & keys_in(msg), msg["type"]
                kind = msg["type"]
                if kind == "hand_over":
                    ended.add(msg["hand_no"])
                elif kind == "hand_record":
                    # Just after its hand's end, and only then.
                    assert msg["hand_no"] in ended and messages[i - 1]["type"] == "hand_over"
                    assert messages[i - 1]["hand_no"] == msg["hand_no"]
                    records.append(msg)
                    continue
                else:
                    assert "deck" not in keys_in(msg) and "record" not in keys_in(msg)
                if kind == "state":
                    if msg["phase"] in ("deal", "game_over") or any(e["type"] == "hand_ended" for e in msg["events"]):
                        continue  # the end shows every hand's points: counted, not cards
                    allowed = seen | _visible(msg)
                    assert _labels(msg) <= allowed, (variant, seat, i, _labels(msg) - allowed)
                    seen = allowed
            assert [r["hand_no"] for r in records] == [h.hand for h in table.record.hands if h.scores is not None]
            for r in records:
                kept = table.record.hand(r["hand_no"])
                assert r["record"]["hand"]["deck"] == list(kept.deck) and "source" not in r["record"]["hand"]
                assert r["record"]["hand"]["moves"] == [[s, m] for s, m in kept.moves]
            # The same text to every seat: nothing in it is one seat's.
            assert [dumps(r) for r in records] == [dumps(m) for m in told[0] if m["type"] == "hand_record"]


class Wire:
    """The session's end the table reads: what the server sent this seat, given once."""

    def __init__(self, coming: list[dict]) -> None:
        self.coming, self.sent = coming, []

    def send(self, message: dict) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict]:
        out, self.coming = self.coming, []
        return out

    def close(self) -> None:
        pass


def test_each_seat_plays_the_record_back_from_its_own_place_to_the_scores_it_was_shown() -> None:
    table, told = _played("bolivia", 4, 5)
    for seat in (1, 2, 3):
        messages = told[seat]
        first = next(m for m in messages if m["type"] == "state")
        turns = NetTurns(Wire(messages[messages.index(first) + 1:]), first)  # type: ignore[arg-type]
        for _i in range(5000):
            if turns.update(0.0, busy=False) is None and not turns.pending:
                break
        record = turns.record
        assert record is not None and [h.hand for h in record.hands] == [1, 2]
        for hand, result in zip(record.hands, turns.mirror.results, strict=False):
            steps = replay(record, hand)
            deal = next(e for e in next(steps).events if isinstance(e, ev.HandDealt)).hands[0]
            last = None
            for step in steps:
                last = step.state
            # Dealt from the seat's own place: the cards it was dealt are seat 0's here.
            dealt = next(e for m in messages if m["type"] == "state" for e in m["events"]
                         if e["type"] == "dealt" and e["hand_no"] == hand.hand)
            assert sorted(label(c) for c in deal) == sorted(dealt["cards"])
            # Played back, it ends at the scores the seat was shown, its side first.
            assert last is not None and last.results[-1]["scores"] == result["scores"]
            assert hand.scores == [sc["total"] for sc in result["scores"]]


def test_the_scoring_shows_every_hand_as_it_really_ended_not_the_cards_a_seat_never_saw() -> None:
    """A seat's own table holds only the count of the others' cards (filled with cards it never saw): the
    scoring screen's cards left in each hand come from the hand's record, once it came (they showed
    other cards, with other points, at the table with friends)."""
    table, told = _played("bolivia", 4, 5)
    last = None
    for step in replay(table.record, table.record.hand(1)):
        last = step.state
    assert last is not None
    differed = 0  # seats whose own table had other cards in the others' hands (the fault this mends)
    for seat in (1, 2, 3):
        messages = told[seat]
        end = next(i for i, m in enumerate(messages) if m["type"] == "hand_record" and m["hand_no"] == 1)
        first = next(m for m in messages if m["type"] == "state")
        turns = NetTurns(Wire(messages[messages.index(first) + 1:end + 1]), first)  # type: ignore[arg-type]
        for _i in range(5000):
            if turns.update(0.0, busy=False) is None and not turns.pending:
                break
        assert turns.state.hand_no == 1 and turns.record is not None
        shown = turns.as_ended(1)
        for local in range(4):
            real = last.hands[(local + seat) % 4]
            assert sorted(label(c) for c in shown.hands[local]) == sorted(label(c) for c in real), (seat, local)
        mirrored = [sorted(map(label, turns.state.hands[s])) for s in (1, 2, 3)]
        differed += mirrored != [sorted(map(label, last.hands[(s + seat) % 4])) for s in (1, 2, 3)]
    assert differed, "the seats' own tables held the real hands: this test shows nothing"
