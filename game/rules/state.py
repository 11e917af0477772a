"""The game state: one match of Bolivia, hand after hand, and `apply` for every move.

`apply` checks a move completely before it changes anything: an illegal move raises
IllegalAction with a reason a player can read and leaves the state as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TypeVar

from game.i18n import _
from game.rules import events as ev
from game.rules import judge
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
    meld_move_of,
)
from game.rules.cards import FACE, RANK, RED_THREE, deck_ids, label
from game.rules.errors import IllegalAction
from game.rules.house import with_house
from game.rules.meld_move import MeldJudgement, judge_meld_move
from game.rules.melds import BLACK_THREES, RANK_MELD, Meld, classify, order_cards, side_may_go_out
from game.rules.phase import Phase
from game.rules.refusals import NOT_YOUR_MELD, Refusal, find_meld, meld_of_rank, pile_blocked
from game.rules.ruleset import BOLIVIA, RULESETS, RuleSet
from game.rules.scoring import OUT_CONCEALED, OUT_NORMAL, SCORE_LINES, score_side
from game.rules.work import Work

SAVE_VERSION = 1


def first_dealer_of(seed: int, players: int) -> int:
    """The first dealer of a game, drawn with its seed."""
    return random.Random(f"{seed}:dealer").randrange(players)


def shuffled_deck(rules: RuleSet, seed: int, hand_no: int) -> list[int]:
    """The deck of a game's hand as its seed shuffles it; the deal takes cards from the end."""
    deck = deck_ids(rules.packs, rules.jokers)
    random.Random(f"{seed}:hand:{hand_no}").shuffle(deck)
    return deck


class GameState:
    """A whole match. Seats 0..n-1 sit clockwise; with four players seats 0+2 and 1+3 are partners."""

    def __init__(self, players: int = 4, seed: int = 0, rules: RuleSet = BOLIVIA, target: int | None = None):
        if players not in (2, 3, 4):
            raise ValueError(_("Bolivia is played by two, three or four players."))
        rules = rules.for_players(players)
        target = rules.default_target(players) if target is None else target
        if target not in rules.targets:
            raise ValueError(_("The target score must be one of {targets}.").format(
                targets=", ".join(str(t) for t in rules.targets)))
        self.rules = rules
        self.players = players
        self.seed = seed
        self.target = target
        self.first_dealer = first_dealer_of(seed, players)
        self.scores = [0] * self.sides
        self.hand_no = 0
        self.results: list[dict] = []  # per hand: {"scores": [SideScore dicts], "out": seat or None}
        self.winner: int | None = None
        self.end_reason: str | None = None
        self.phase = Phase.DEAL
        self.turn = 0
        self.stock: list[int] = []
        self.pile: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.melds: list[list[Meld]] = [[] for _ in range(self.sides)]
        self.red_threes: list[list[int]] = [[] for _ in range(self.sides)]
        self.known: list[list[int]] = [[] for _ in range(players)]  # faces seen going into a hand
        self.pile_takes: list[tuple[int, int]] = []  # (seat, rank of the top card) of this hand's pile takes
        self.next_meld_id = 1
        self.melded_at_turn_start = False
        self.melded_by = [False] * players  # per seat: has melded something this hand
        self.player_melded_at_turn_start = False
        self.asked = False
        self.permission: bool | None = None
        # The move stack: (action, the state before it) for each move `push` played since the last deal.
        self._history: list[tuple[Action, GameState]] = []

    # ----- seats and sides -------------------------------------------------------------------------

    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side_of(s) == side]

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def dealer(self) -> int:
        return (self.first_dealer + max(self.hand_no - 1, 0)) % self.players

    @property
    def to_act(self) -> int:
        """The seat whose decision the game waits for."""
        if self.phase == Phase.ANSWER:
            partner = self.partner(self.turn)
            assert partner is not None
            return partner
        return self.turn

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def min_meld(self, side: int) -> int:
        return self.rules.min_meld(self.scores[side])

    def has_melded(self, side: int) -> bool:
        return bool(self.melds[side])

    def canastas(self, side: int) -> list[str]:
        return [c for c in (m.canasta(self.rules) for m in self.melds[side]) if c]

    def may_go_out(self, side: int) -> bool:
        return side_may_go_out(self.canastas(side), self.rules)

    def pile_freeze(self, side: int) -> str | None:
        """Why the pile is frozen for a side (see RuleSet.pile_freeze), or None."""
        return self.rules.pile_freeze(self.pile, self.has_melded(side))

    def find_meld(self, side: int, meld_id: int) -> Meld:
        meld = find_meld(self.melds[side], meld_id)
        if meld is None:
            raise NOT_YOUR_MELD.error()
        return meld

    def hand_of(self, seat: int) -> list[int]:
        return self.hands[seat]

    def onto_take(self) -> TakePile | None:
        """The pile taken by its top card alone onto the side's meld of its rank, when the house rule
        take_onto_meld lets the player to act make it now (None otherwise): what the table offers."""
        if self.phase != Phase.DRAW or not self.rules.take_onto_meld or not self.pile or self.pile_blocked():
            return None
        meld = meld_of_rank(self.melds[self.side_of(self.turn)], RANK[self.pile[-1]])
        if meld is None:
            return None
        take = TakePile((), onto=meld.id)
        return take if self.is_legal(take) else None

    def pile_blocked(self) -> bool:
        """A three or a wild card on top: nobody can take the pile or its top card."""
        return pile_blocked(self.pile)

    # ----- applying moves ---------------------------------------------------------------------------

    def apply(self, action: Action) -> list[ev.Event]:
        handler = {
            Deal: self._deal,
            DrawStock: self._draw,
            TakePile: self._take_pile,
            TakeTop: self._take_top,
            LayMelds: self._meld_move,
            AddToMeld: self._meld_move,
            Combine: self._meld_move,
            MeldMove: self._meld_move,
            Discard: self._discard,
            AskPartner: self._ask,
            Answer: self._answer,
        }.get(type(action))
        if handler is None:
            raise IllegalAction(_("That is not a move of this game."))
        return handler(action)

    def is_legal(self, action: Action) -> bool:
        probe = self.copy()
        try:
            probe.apply(action)
        except IllegalAction:
            return False
        return True

    def _need_phase(self, phase: Phase) -> None:
        why = judge.phase_refusal(self, phase)
        if why:
            raise why.error()

    def _new_meld(self, kind: str, key: int, cards: tuple[int, ...] | list[int]) -> Meld:
        meld = Meld(self.next_meld_id, kind, key, order_cards(kind, cards))
        self.next_meld_id += 1
        return meld

    def _remove_from_hand(self, seat: int, cards: tuple[int, ...] | list[int]) -> None:
        hand = self.hands[seat]
        known = self.known[seat]
        for c in cards:
            hand.remove(c)
            if FACE[c] in known:
                known.remove(FACE[c])

    def _canasta_events(self, side: int, before: dict[int, str | None]) -> list[ev.Event]:
        out: list[ev.Event] = []
        for m in self.melds[side]:
            now = m.canasta(self.rules)
            if now and before.get(m.id) is None:
                out.append(ev.CanastaMade(side, m.id, self.rules.canasta_key(now)))  # Samba's run: "samba"
        return out

    def _canasta_map(self, side: int) -> dict[int, str | None]:
        return {m.id: m.canasta(self.rules) for m in self.melds[side]}

    def _after_meld(self, seat: int, events: list[ev.Event]) -> list[ev.Event]:
        """A player whose hand is empty after melding has gone out without a discard."""
        if not self.hands[seat]:
            events += self._go_out(seat)
        return events

    # ----- the deal ---------------------------------------------------------------------------------

    def _deal(self, action: Deal) -> list[ev.Event]:
        self._need_phase(Phase.DEAL)
        if action.deck is None:
            deck = shuffled_deck(self.rules, self.seed, self.hand_no + 1)
        else:
            deck = list(action.deck)
            if sorted(deck) != deck_ids(self.rules.packs, self.rules.jokers):
                raise IllegalAction(_("That deck is not the whole deck of this game."))
        self.hand_no += 1
        self.stock = deck
        n = self.players
        first = (self.dealer + 1) % n
        self.hands = [[] for _ in range(n)]
        for _round in range(self.rules.hand_cards(n)):
            for i in range(n):
                self.hands[(first + i) % n].append(self.stock.pop())
        self.pile = [self.stock.pop()]
        while self.rules.covers_upcard(self.pile[-1]):  # Bolivia: a three or wild card turned up
            self.pile.append(self.stock.pop())
        self.melds = [[] for _ in range(self.sides)]
        self.red_threes = [[] for _ in range(self.sides)]
        self.known = [[] for _ in range(n)]
        self.pile_takes = []
        self.melded_by = [False] * n
        self.next_meld_id = 1
        events: list[ev.Event] = [ev.HandDealt(self.hand_no, self.dealer, tuple(tuple(h) for h in self.hands),
                                               tuple(self.pile), len(self.stock))]
        for i in range(n):
            seat = (first + i) % n
            for c in [c for c in self.hands[seat] if RED_THREE[c]]:
                self.hands[seat].remove(c)
                events += self._lay_red_three(seat, c, replace=True)
        self.turn = first
        self.phase = Phase.DRAW
        self._start_turn()
        events.append(ev.TurnStarted(first))
        return events

    def _lay_red_three(self, seat: int, card: int, replace: bool) -> list[ev.Event]:
        """Lay a red three out; from the stock it is replaced (again if the replacement is one)."""
        self.red_threes[self.side_of(seat)].append(card)
        if not replace or not self.stock:
            return [ev.RedThreeLaid(seat, card, None)]
        new = self.stock.pop()
        events: list[ev.Event] = [ev.RedThreeLaid(seat, card, new)]
        if RED_THREE[new]:
            events += self._lay_red_three(seat, new, replace=True)
        else:
            self.hands[seat].append(new)
        return events

    def _start_turn(self) -> None:
        self.melded_at_turn_start = self.has_melded(self.side_of(self.turn))
        self.player_melded_at_turn_start = self.melded_by[self.turn]
        self.asked = False
        self.permission = None

    # ----- drawing ----------------------------------------------------------------------------------

    def _draw(self, _action: DrawStock) -> list[ev.Event]:
        _allowed(judge.draw(self))
        seat = self.turn
        if not self.stock:
            return [ev.StockExhausted(seat)] + self._end_hand(None)
        # The draw is told first, then each red three it brought, laid out and replaced, as a player sees
        # it happen (the log once said "laid out a red three" before "drew 2 cards").
        threes: list[ev.Event] = []
        kept: list[int] = []
        for _i in range(self.rules.draws(self.players)):
            if not self.stock:
                break  # with one card left, draw that one
            c = self.stock.pop()
            if RED_THREE[c]:
                before = len(self.hands[seat])
                laid = self._lay_red_three(seat, c, replace=True)
                threes += laid
                kept += self.hands[seat][before:]
                if laid[-1].replacement is None:
                    # The last card of the stock was a red three: laid out, nothing to replace it, and
                    # the hand ends there (the player neither melds nor discards).
                    return ([ev.CardsDrawn(seat, tuple(kept)), *threes, ev.StockExhausted(seat)]
                            + self._end_hand(None))
            else:
                self.hands[seat].append(c)
                kept.append(c)
        self.phase = Phase.MELD
        return [ev.CardsDrawn(seat, tuple(kept)), *threes]

    def _take_pile(self, action: TakePile) -> list[ev.Event]:
        take = _allowed(judge.take_pile(self, action))
        seat, side = self.turn, self.side_of(self.turn)
        extra = [c for m in action.melds for c in m]
        onto = take.onto
        pile_meld = take.pile_meld if onto else Meld(self.next_meld_id, RANK_MELD, take.pile_meld.key,
                                                      take.pile_meld.cards)
        rest = self.pile[:-1]
        # All checked: now change the state.
        before = self._canasta_map(side)
        self._remove_from_hand(seat, tuple(action.cards) + tuple(extra))
        self.pile = []
        self.melded_by[seat] = True
        if onto:
            self.melds[side] = [pile_meld if m is onto else m for m in self.melds[side]]
        else:
            self.next_meld_id += 1
            self.melds[side].append(pile_meld)
        self.pile_takes = self.pile_takes + [(seat, RANK[take.top])]  # a new list: copies share the old one
        events: list[ev.Event] = [ev.PileTaken(seat, pile_meld.id, take.top, tuple(action.cards), tuple(rest))]
        for s, m in zip(take.shapes, action.melds, strict=True):
            meld = self._new_meld(s.kind, s.key, m)
            self.melds[side].append(meld)
            events.append(ev.Melded(seat, meld.id, meld.kind, meld.cards))
        for c in rest:
            if RED_THREE[c]:
                events += self._lay_red_three(seat, c, replace=False)
            else:
                self.hands[seat].append(c)
                self.known[seat].append(FACE[c])
        events += self._canasta_events(side, before)
        self.phase = Phase.MELD
        return self._after_meld(seat, events)

    def _take_top(self, action: TakeTop) -> list[ev.Event]:
        take = _allowed(judge.take_top(self, action))
        seat, side = self.turn, self.side_of(self.turn)
        before = self._canasta_map(side)
        self.pile.pop()
        self.melds[side] = take.melds_after
        self.melded_by[seat] = True
        self.phase = Phase.MELD
        return [ev.TopTaken(seat, take.top, take.meld.id)] + self._canasta_events(side, before)

    # ----- melding ----------------------------------------------------------------------------------

    def meld_minimum(self, side: int) -> int:
        """The first-meld minimum a meld move of this side must reach: 0 once the side has melded."""
        return 0 if self.melds[side] else self.min_meld(side)

    def judge_meld(self, move: MeldMove) -> MeldJudgement:
        """What a staged meld move of the player to act would do, legal or not, without applying it:
        its points against the minimum, the cards it leaves, whether it goes out, the reason it is refused."""
        seat = self.turn
        side = self.side_of(seat)
        j = judge_meld_move(move, self.hands[seat], self.melds[side], self.rules, self.meld_minimum(side),
                            self.permission)
        why = judge.phase_refusal(self, Phase.MELD)
        if why:
            return MeldJudgement(str(why), j.points, j.minimum, j.cards_left, False, False, ())
        return j

    def _meld_move(self, action: LayMelds | AddToMeld | Combine | MeldMove) -> list[ev.Event]:
        plan = _allowed(judge.meld_move(self, meld_move_of(action)))
        seat, side = self.turn, self.side_of(self.turn)
        # All checked: now change the state.
        before = self._canasta_map(side)
        self._remove_from_hand(seat, plan.cards)
        self.melded_by[seat] = True
        events: list[ev.Event] = [ev.AddedToMeld(seat, mid, cards) for mid, cards in plan.adds]
        events += [ev.MeldsCombined(seat, a, b) for a, b in plan.combines]
        kept = [m for m in plan.melds_after if m.id]
        for m in plan.new:
            meld = self._new_meld(m.kind, m.key, m.cards)
            kept.append(meld)
            events.append(ev.Melded(seat, meld.id, meld.kind, meld.cards))
        self.melds[side] = kept
        events += self._canasta_events(side, before)
        return self._after_meld(seat, events)

    # ----- discarding, asking, going out ------------------------------------------------------------

    def _discard(self, action: Discard) -> list[ev.Event]:
        _allowed(judge.discard(self, action))
        seat = self.turn
        left = len(self.hands[seat]) - 1
        self._remove_from_hand(seat, (action.card,))
        self.pile.append(action.card)
        events: list[ev.Event] = [ev.Discarded(seat, action.card)]
        if left == 0:
            return events + self._go_out(seat)
        self.turn = (self.turn + 1) % self.players
        self.phase = Phase.DRAW
        self._start_turn()
        return events + [ev.TurnStarted(self.turn)]

    def able_to_go_out(self, seat: int, work: Work | None = None) -> bool | None:
        """Whether the seat can meld its whole hand this turn (with or without a final discard); with
        `work`, None when the exact solver did not tell within it (going_out.can_go_out)."""
        return judge.able_to_go_out(self, seat, work)

    def _ask(self, _action: AskPartner) -> list[ev.Event]:
        _allowed(judge.ask(self))
        self.asked = True
        self.phase = Phase.ANSWER
        return [ev.PartnerAsked(self.turn)]

    def _answer(self, action: Answer) -> list[ev.Event]:
        _allowed(judge.answer(self))
        self.permission = bool(action.yes)
        self.phase = Phase.MELD
        partner = self.partner(self.turn)
        assert partner is not None
        return [ev.PartnerAnswered(partner, self.permission)]

    def _go_out(self, seat: int) -> list[ev.Event]:
        concealed = self.rules.concealed(self.melded_at_turn_start, self.player_melded_at_turn_start)
        return [ev.WentOut(seat, concealed)] + self._end_hand(seat, concealed)

    # ----- end of a hand and of the game ------------------------------------------------------------

    def score_hand(self, out_seat: int | None, concealed: bool = False) -> list[dict]:
        out_side = None if out_seat is None else self.side_of(out_seat)
        scores = []
        for side in range(self.sides):
            out = None
            if side == out_side:
                out = OUT_CONCEALED if concealed else OUT_NORMAL
            s = score_side([(m.kind, m.cards) for m in self.melds[side]], len(self.red_threes[side]),
                           [self.hands[seat] for seat in self.seats_of(side)], out, self.rules)
            scores.append(s.to_json())
        return scores

    def _end_hand(self, out_seat: int | None, concealed: bool = False) -> list[ev.Event]:
        scores = self.score_hand(out_seat, concealed)
        for side, s in enumerate(scores):
            self.scores[side] += s["total"]
        self.results.append({"hand": self.hand_no, "out": out_seat, "concealed": concealed, "scores": scores,
                             "totals": list(self.scores)})
        events: list[ev.Event] = [ev.HandEnded(self.hand_no, tuple(scores), tuple(self.scores))]
        if max(self.scores) >= self.target or self.hand_no >= self.rules.max_hands:
            best = max(self.scores)
            leaders = [s for s in range(self.sides) if self.scores[s] == best]
            reached = best >= self.target
            self.winner = leaders[0] if reached and len(leaders) == 1 else None
            self.end_reason = "target" if reached else "hand_limit"
            self.phase = Phase.GAME_OVER
            events.append(ev.GameEnded(self.winner, tuple(self.scores), self.end_reason))
        else:
            self.phase = Phase.DEAL
        return events

    # ----- the move stack: play and take back -------------------------------------------------------

    def push(self, action: Action, keep: bool = True) -> list[ev.Event]:
        """Apply the move and remember it, to be taken back by `pop`; IllegalAction remembers nothing.
        A deal starts the stack afresh: a hand's moves are taken back, never the hands before it.
        keep=False: a move its player may not take back (the table server's draws, discards, computers'
        moves): no copy of the position before it, the costliest part of a move, and the stack starts
        afresh after it, as nothing under it can be taken back past it."""
        if not keep:
            events = self.apply(action)
            self._history.clear()
            return events
        before = self.copy()
        events = self.apply(action)
        if isinstance(action, Deal):
            self._history.clear()
        self._history.append((action, before))
        return events

    def pop(self) -> Action:
        """Take back the last move `push` played, exactly: this same object becomes the position before it.
        Returns the move taken back; IndexError when there is none."""
        if not self._history:
            raise IndexError("no move to take back")
        action, before = self._history.pop()
        history = self._history
        self.__dict__.update(before.__dict__)
        self._history = history
        return action

    @property
    def move_stack(self) -> list[Action]:
        """The moves `pop` can take back, the last one last."""
        return [action for action, _before in self._history]

    def set_position(self, other: GameState) -> None:
        """This same object takes the other state's position (for the screens and the save that hold it);
        its move stack is forgotten."""
        self.__dict__.update(other.copy().__dict__)

    def finish_hand(self, out_seat: int | None, concealed: bool = False) -> list[ev.Event]:
        """End the hand now and score it: `out_seat` goes out with what it holds melded at nothing (a
        computer player's estimate of an ending it cannot play card by card), or nobody goes out (None)."""
        if out_seat is not None:
            self.hands[out_seat] = []
        return self._end_hand(out_seat, concealed)

    # ----- copies, saving and checking --------------------------------------------------------------

    def copy(self) -> GameState:
        """The position alone: the copy's move stack is empty."""
        other = GameState.__new__(GameState)
        other.__dict__.update(self.__dict__)
        other._history = []
        other.scores = list(self.scores)
        other.results = list(self.results)
        other.stock = list(self.stock)
        other.pile = list(self.pile)
        other.hands = [list(h) for h in self.hands]
        other.melds = [list(m) for m in self.melds]
        other.red_threes = [list(r) for r in self.red_threes]
        other.known = [list(k) for k in self.known]
        other.melded_by = list(self.melded_by)
        return other

    def to_json(self) -> dict:
        """The whole position as JSON values; `from_json` reads it back exactly."""
        return {
            "version": SAVE_VERSION,
            "variant": self.rules.name,
            "house": dict(self.rules.house),  # the house options played (defaults left out)
            "players": self.players,
            "seed": self.seed,
            "target": self.target,
            "first_dealer": self.first_dealer,
            "scores": list(self.scores),
            "hand_no": self.hand_no,
            "results": [_copy_result(r) for r in self.results],  # never the live list: the caller may edit it
            "winner": self.winner,
            "end_reason": self.end_reason,
            "phase": self.phase.value,
            "turn": self.turn,
            "stock": list(self.stock),
            "pile": list(self.pile),
            "hands": [list(h) for h in self.hands],
            "melds": [[m.to_json() for m in side] for side in self.melds],
            "red_threes": [list(r) for r in self.red_threes],
            "known": [list(k) for k in self.known],
            "next_meld_id": self.next_meld_id,
            "melded_at_turn_start": self.melded_at_turn_start,
            "melded_by": list(self.melded_by),
            "player_melded_at_turn_start": self.player_melded_at_turn_start,
            "asked": self.asked,
            "permission": self.permission,
            "pile_takes": [list(t) for t in self.pile_takes],  # every seat saw them: the warnings remember
        }

    @classmethod
    def from_json(cls, data: dict) -> GameState:
        """The position `to_json` wrote (or an older version of the game: saves before the house options, who
        has melded and the pile takes were kept), read back exactly.

        It trusts its data. What comes from outside (a save, a file) is read by game.rules.validate's
        `state_from_json`, which checks every field with a reason a player can read, calls this, and then
        checks the position is one the game can play on."""
        rules = with_house(RULESETS[data["variant"]], data.get("house", {}))
        s = cls(data["players"], data["seed"], rules, data["target"])
        s.first_dealer = data["first_dealer"]
        s.scores = list(data["scores"])
        s.hand_no = data["hand_no"]
        s.results = [_read_result(r) for r in data["results"]]
        s.winner = data.get("winner")
        s.end_reason = data.get("end_reason")
        s.phase = Phase(data["phase"])
        s.turn = data["turn"]
        s.stock = list(data["stock"])
        s.pile = list(data["pile"])
        s.hands = [list(h) for h in data["hands"]]
        s.melds = [[Meld.from_json(m) for m in side] for side in data["melds"]]
        s.red_threes = [list(r) for r in data["red_threes"]]
        s.known = [list(k) for k in data["known"]]
        s.next_meld_id = data["next_meld_id"]
        s.melded_at_turn_start = data["melded_at_turn_start"]
        if "melded_by" in data:
            s.melded_by = list(data["melded_by"])
            s.player_melded_at_turn_start = data["player_melded_at_turn_start"]
        else:  # an older save: a seat has melded when its side has
            s.melded_by = [s.has_melded(s.side_of(p)) for p in range(s.players)]
            s.player_melded_at_turn_start = s.melded_at_turn_start
        s.asked = data["asked"]
        s.permission = data.get("permission")
        s.pile_takes = [(seat, rank) for seat, rank in data.get("pile_takes", ())]
        return s

    def check(self) -> list[str]:
        """Invariants: every card accounted for exactly once, every meld valid, the scores adding up."""
        problems: list[str] = []
        if len(self.hands) != self.players or len(self.melds) != self.sides or len(self.scores) != self.sides:
            return ["wrong number of seats or sides"]
        if self.hand_no > 0:
            places = (self.stock + self.pile + [c for h in self.hands for c in h]
                      + [c for side in self.melds for m in side for c in m.cards]
                      + [c for r in self.red_threes for c in r])
            deck = deck_ids(self.rules.packs, self.rules.jokers)
            count = Counter(places)
            dup = [label(c) for c, n in count.items() if n > 1]
            if dup:
                problems.append(f"cards in two places: {', '.join(sorted(dup)[:5])}")
            if set(count) != set(deck):
                problems.append(f"{len(set(deck) - set(count))} cards missing, {len(set(count) - set(deck))} unknown")
        for side in self.melds:
            if self.rules.one_meld_per_rank:
                ranks = [m.key for m in side if m.kind == RANK_MELD]
                if len(ranks) != len(set(ranks)):
                    problems.append("two melds of one rank on one side")
            for m in side:
                try:
                    shape = classify(m.cards, self.rules)
                except IllegalAction as why:
                    problems.append(f"invalid meld {m.id}: {why}")
                    continue
                if (shape.kind, shape.key) != (m.kind, m.key):
                    problems.append(f"meld {m.id} is a {shape.kind}, recorded as {m.kind}")
                if m.kind == BLACK_THREES and self.phase not in (Phase.DEAL, Phase.GAME_OVER) and not (
                        self.phase == Phase.MELD and len(self.hands[self.turn]) <= 1):
                    # Laid as the player goes out: at most the final discard is left in hand.
                    problems.append("black threes melded while the hand goes on")
        if any(RED_THREE[c] for h in self.hands for c in h) and self.phase in (Phase.DRAW, Phase.MELD):
            problems.append("a red three held in hand")
        totals = [0] * self.sides
        for r in self.results:
            for side, sc in enumerate(r["scores"]):
                parts = sc["melded"] + sc["bonuses"] + sc["going_out"] + sc["red_threes"] + sc["in_hand"]
                if parts != sc["total"]:
                    problems.append(f"hand {r['hand']}: lines do not add up to the total")
                totals[side] += sc["total"]
        if totals != self.scores:
            problems.append("running totals differ from the sum of the hands")
        return problems


def _copy_result(r: dict) -> dict:
    return {**r, "scores": [dict(sc) for sc in r["scores"]], "totals": list(r["totals"])}


def _read_result(r: dict) -> dict:
    """A hand's result as the engine writes it, its keys alone."""
    return {"hand": r["hand"], "out": r.get("out"), "concealed": r["concealed"],
            "scores": [{k: sc[k] for k in SCORE_LINES} for sc in r["scores"]], "totals": list(r["totals"])}


_Plan = TypeVar("_Plan")


def _allowed(judged: _Plan | Refusal) -> _Plan:
    """What a judgement (game/rules/judge.py) allows; IllegalAction with its reason when it refuses."""
    if isinstance(judged, Refusal):
        raise judged.error()
    return judged

