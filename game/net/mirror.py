"""A seat's table as the game's own screens draw it, built from the server's `state` messages only.

The table scene and its parts read a GameState through TableView, with the player in seat 0. This
module turns a seat's messages into such a state: the seats turned so that the player sits at 0 (the
server's seat r is seat 0 here, and the sides turn with it), the visible cards given card ids that stay
the same from one message to the next (so that a card flies from where it was), and the events turned
into the engine's, for the log and the animations.

No other seat's cards are here: a card this seat does not see (another hand, the stock) is only a
count, drawn face down. To give the table something to draw, those places are filled with the ids of
the cards this seat has not seen, in a fixed order that says nothing of where the real cards are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.cards import FACE, deck_ids, parse_face
from game.rules.house import with_house
from game.rules.melds import Meld, classify
from game.rules.position import changed, new_position, sides_of
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase

# ----- turning the seats: the player sits at 0 ---------------------------------------------------


def turned(msg: dict, me: int) -> dict:
    """A `state` message as if its seat were seat 0: every seat, side and per-seat or per-side list
    turned by `me`. `legal` moves name no seat, and stay as they are."""
    n = msg["players"]
    sides = sides_of(n)
    rs = me % sides

    def seat(x: int) -> int:
        return (x - me) % n

    def per_seat(xs: list) -> list:
        return [xs[(i + me) % n] for i in range(n)]

    def per_side(xs: list) -> list:
        return [xs[(j + rs) % sides] for j in range(sides)]

    out = dict(msg)
    out["seat"] = 0
    for key in ("dealer", "turn", "to_act"):
        out[key] = seat(msg[key])
    for key in ("hand_sizes", "known", "melded_by"):
        out[key] = per_seat(msg[key])
    for key in ("melds", "red_threes", "scores", "min_meld"):
        out[key] = per_side(msg[key])
    out["pile_takes"] = [[seat(s), r] for s, r in msg["pile_takes"]]
    out["events"] = [_turned_event(e, seat, per_seat, per_side, rs, sides) for e in msg["events"]]
    return out


def _turned_event(e: dict, seat, per_seat, per_side, rs: int, sides: int) -> dict:
    out = dict(e)
    if "seat" in e:
        out["seat"] = seat(e["seat"])
    if "dealer" in e:
        out["dealer"] = seat(e["dealer"])
    if "hand_sizes" in e:
        out["hand_sizes"] = per_seat(e["hand_sizes"])
    if "side" in e:
        out["side"] = (e["side"] - rs) % sides
    if e.get("winner") is not None:
        out["winner"] = (e["winner"] - rs) % sides
    for key in ("hand_scores", "totals"):
        if key in e:
            out[key] = per_side(e[key])
    return out


def turned_record(msg: dict, me: int) -> dict:
    """A `hand_record` message's record as the game keeps one (game/rules/record.py), turned as the states
    are: the player in seat 0. The deck stays as dealt: the dealer turns with the seats, so each seat is
    dealt the same cards. KeyError, TypeError or ValueError when it is not a record of ours."""
    record = msg["record"]
    hand = dict(record["hand"])
    n = record["players"]
    sides = sides_of(n)
    rs = me % sides
    if not isinstance(hand["dealer"], int) or not isinstance(hand["moves"], list):
        raise ValueError("not a hand's record")

    def per_side(xs: list | None) -> list | None:
        return None if xs is None else [xs[(j + rs) % sides] for j in range(sides)]

    hand["dealer"] = (hand["dealer"] - me) % n
    hand["moves"] = [[(seat - me) % n, move] for seat, move in hand["moves"]]
    hand["before"], hand["scores"] = per_side(hand["before"]), per_side(hand["scores"])
    return {key: value for key, value in record.items() if key != "hand"} | {"hands": [hand]}


# ----- the mirror ---------------------------------------------------------------------------------


@dataclass
class Mirror:
    """The table as seat 0 (the player) sees it, kept up to date from turned `state` messages."""

    state: GameState | None = None
    results: list[dict] = field(default_factory=list)  # each hand's scores, as the engine keeps them
    _out_seat: int | None = None
    _concealed: bool = False

    def update(self, msg: dict) -> list[ev.Event]:
        """Take a turned `state` message in; the engine's events of its move, with this mirror's ids."""
        rules = with_house(RULESETS[msg["variant"]], msg["house"]).for_players(msg["players"])
        old = self.state
        packs, jokers = rules.packs, rules.jokers
        ids_by_face: dict[int, list[int]] = {}
        for c in deck_ids(packs, jokers):
            ids_by_face.setdefault(FACE[c], []).append(c)
        used: set[int] = set()
        before = _places(old) if old is not None else {}

        def pick(face_text: str, place: str) -> int:
            """An id of this face: the one it had in the same place last time if it can, else any free one."""
            f = parse_face(face_text)
            free = [c for c in ids_by_face[f] if c not in used]
            if not free:
                raise ValueError(f"more copies of {face_text} than the packs hold")
            same = [c for c in free if before.get(c) == place]
            seen = [c for c in free if before.get(c, "hidden").split(":")[0] != "hidden"]
            c = (same or seen or free)[0]
            used.add(c)
            return c

        hand = [pick(c, "hand") for c in msg["hand"]]
        pile = [pick(c, "pile") for c in msg["pile"]]
        melds: list[list[Meld]] = []
        for row in msg["melds"]:
            mine = []
            for m in row:
                cards = tuple(pick(c, f"meld:{m['id']}") for c in m["cards"])
                shape = classify(cards, rules)
                mine.append(Meld(m["id"], shape.kind, shape.key, cards))
            melds.append(mine)
        reds = [[pick(c, f"red:{side}") for c in row] for side, row in enumerate(msg["red_threes"])]
        # Face down: the cards this seat has not seen, in the deck's order; each hand keeps the ids it had.
        unseen = [c for c in deck_ids(packs, jokers) if c not in used]
        hands: list[list[int]] = [hand] + [[] for _s in range(1, msg["players"])]
        for s in range(1, msg["players"]):
            had = [c for c in (old.hands[s] if old is not None and len(old.hands) > s else []) if c not in used]
            keep = had[: msg["hand_sizes"][s]]
            used.update(keep)
            hands[s] = keep
        rest = [c for c in unseen if c not in used]
        for s in range(1, msg["players"]):
            need = msg["hand_sizes"][s] - len(hands[s])
            hands[s] += rest[:need]
            rest = rest[need:]
        stock = rest[: msg["stock_count"]]

        st = new_position(
            msg["players"], rules, target=msg["target"], hand_no=msg["hand_no"], dealer=msg["dealer"],
            turn=msg["turn"], phase=Phase(msg["phase"]), hands=hands, pile=pile, stock=stock, melds=melds,
            red_threes=reds, scores=msg["scores"], known=[[parse_face(f) for f in k] for k in msg["known"]],
            melded_by=msg["melded_by"], melded_at_turn_start=msg["melded_at_turn_start"],
            player_melded_at_turn_start=msg["player_melded_at_turn_start"], asked=msg["asked"],
            permission=msg["permission"], pile_takes=msg["pile_takes"])
        events = self._events(msg["events"], old, st)
        winner, end_reason = (old.winner, old.end_reason) if old is not None else (None, None)
        for e in events:
            if isinstance(e, ev.GameEnded):
                winner, end_reason = e.winner, e.reason
        st = changed(st, results=self.results, winner=winner, end_reason=end_reason)
        if old is not None:
            # One GameState object for the whole game: the table, its parts and the flow all hold it.
            old.set_position(st)
            st = old
        self.state = st
        return events

    def _events(self, raw: list[dict], old: GameState | None, st: GameState) -> list[ev.Event]:
        """The engine's events, told with the new position's ids."""
        out: list[ev.Event] = []
        gone = {s: [c for c in st.hands[s] if old is None or c not in old.hands[s]] for s in range(st.players)}
        for e in raw:
            kind = e["type"]
            if kind == "dealt":
                self._out_seat, self._concealed = None, False
                out.append(ev.HandDealt(e["hand_no"], e["dealer"], tuple(tuple(h) for h in st.hands),
                                        tuple(st.pile), e["stock_count"]))
            elif kind == "turn":
                out.append(ev.TurnStarted(e["seat"]))
            elif kind == "drew":
                new = gone[e["seat"]][: e["count"]]
                gone[e["seat"]] = gone[e["seat"]][e["count"]:]
                out.append(ev.CardsDrawn(e["seat"], tuple(new)))
            elif kind == "discarded":
                top = st.pile[-1] if st.pile else _any_of(e["card"], st)
                out.append(ev.Discarded(e["seat"], top))
            elif kind in ("melded", "added"):
                meld = _meld(st, e["meld_id"])
                cards = _ids_in(meld.cards if meld else (), e["cards"])
                if kind == "melded":
                    out.append(ev.Melded(e["seat"], e["meld_id"], e["kind"], cards))
                else:
                    out.append(ev.AddedToMeld(e["seat"], e["meld_id"], cards))
            elif kind == "combined":
                out.append(ev.MeldsCombined(e["seat"], e["meld_id"], e["into"]))
            elif kind == "canasta":
                out.append(ev.CanastaMade(e["side"], e["meld_id"], e["canasta"]))
            elif kind == "took_pile":
                meld = _meld(st, e["meld_id"])
                inside = meld.cards if meld else ()
                top = _ids_in(inside, [e["top"]])
                out.append(ev.PileTaken(e["seat"], e["meld_id"], top[0] if top else 0,
                                        _ids_in(inside, e["meld_cards"]), ()))
            elif kind == "took_top":
                meld = _meld(st, e["meld_id"])
                card = _ids_in(meld.cards if meld else (), [e["card"]])
                out.append(ev.TopTaken(e["seat"], card[0] if card else 0, e["meld_id"]))
            elif kind == "red_three":
                side = st.side_of(e["seat"])
                card = _ids_in(tuple(st.red_threes[side]), [e["card"]])
                out.append(ev.RedThreeLaid(e["seat"], card[0] if card else 0, None))
            elif kind == "asked":
                out.append(ev.PartnerAsked(e["seat"]))
            elif kind == "answered":
                out.append(ev.PartnerAnswered(e["seat"], e["yes"]))
            elif kind == "went_out":
                self._out_seat, self._concealed = e["seat"], e["concealed"]
                out.append(ev.WentOut(e["seat"], e["concealed"]))
            elif kind == "stock_empty":
                out.append(ev.StockExhausted(e["seat"]))
            elif kind == "hand_ended":
                scores = tuple(dict(s) for s in e["hand_scores"])
                self.results.append({"hand": e["hand_no"], "out": self._out_seat, "concealed": self._concealed,
                                     "scores": list(scores), "totals": list(e["totals"])})
                out.append(ev.HandEnded(e["hand_no"], scores, tuple(e["totals"])))
            elif kind == "game_ended":
                out.append(ev.GameEnded(e["winner"], tuple(e["totals"]), e["reason"]))
            # An event of a kind not known here is left out of the story: the state itself is whole.
        return out


def _places(st: GameState) -> dict[int, str]:
    """Where each card was last time: its id's place, so the same card keeps its id where it stays."""
    where: dict[int, str] = {c: "hand" for c in st.hands[0]}
    where.update({c: "pile" for c in st.pile})
    for row in st.melds:
        for m in row:
            where.update({c: f"meld:{m.id}" for c in m.cards})
    for side, row in enumerate(st.red_threes):
        where.update({c: f"red:{side}" for c in row})
    for s in range(1, st.players):
        where.update({c: f"hidden:{s}" for c in st.hands[s]})
    return where


def _meld(st: GameState, meld_id: int) -> Meld | None:
    return next((m for row in st.melds for m in row if m.id == meld_id), None)


def _ids_in(cards: tuple[int, ...], faces: list[str]) -> tuple[int, ...]:
    """The ids among `cards` that have these faces (the last of each: a meld grows at its end)."""
    pool = list(cards)
    out = []
    for text in faces:
        f = parse_face(text)
        for c in reversed(pool):
            if FACE[c] == f:
                out.append(c)
                pool.remove(c)
                break
    return tuple(out)


def _any_of(face_text: str, st: GameState) -> int:
    f = parse_face(face_text)
    return next(c for c in deck_ids(st.rules.packs, st.rules.jokers) if FACE[c] == f)
