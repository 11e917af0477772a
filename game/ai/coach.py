"""The coach's words: why the adviser's move (game/ai/adviser.py), in a short sentence a player can
read ("Take the pile: 14 cards, and it starts your escalera."), and what a warned discard risks.

The adviser thinks as Expert does, on a small budget of simulated moves (COACH_BUDGET: no clock, so
the same view gives the same hint on any machine, and the arena's `coach` plays exactly it), small
enough that the table's hint comes at once (the bench's `ai_ms` of `coach`). The reason is read off the
move and the view, not off the search: it names what the move does for the player's side, which is
what a player weighs, and names the opponent, the pile's size and the meld when a discard is about them.
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.danger import out_threat
from game.ai.expert import EXPERT_BUDGET
from game.ai.game_end import GameEnd
from game.ai.memory import CardMemory
from game.ai.plan import hand_penalty, runs_in
from game.ai.risk import ESCALERA_RUN, KNOWN_PAIR, ONTO_MELD, RUN_END, UNFROZEN, Risk, block_matters, hand_risks
from game.i18n import _, ngettext, number
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
from game.rules.cards import BLACK_THREE, FACE, NATURAL, RANK, RED_THREE, WILD
from game.rules.meld_move import judge_meld_move
from game.rules.melds import RANK_MELD, RUN, WILD_MELD, classify, extends_run, meld_points
from game.rules.names import a_canasta, canasta_word, card_name, cards_text, rank_plural
from game.rules.refusals import qualifies, top_refusal
from game.rules.ruleset import BOLIVIA, ESCALERA, RuleSet
from game.rules.view import PlayerView

COACH_BUDGET = replace(EXPERT_BUDGET, moves=500, seconds=None, min_iterations=4)


def as_meld_move(action: Action) -> MeldMove | None:
    if isinstance(action, MeldMove):
        return action
    if isinstance(action, LayMelds):
        return MeldMove(new=action.melds)
    if isinstance(action, AddToMeld):
        return MeldMove(add=((action.meld, action.cards),))
    if isinstance(action, Combine):
        return MeldMove(combine=((action.meld, action.into),))
    return None


def reason_for(view: PlayerView, action: Action, names: list[str] | None = None) -> str:
    """Why this move, in one short sentence. `names`: what the table calls each seat."""
    names = names or [_("seat {n}").format(n=s) for s in range(view.players)]
    if isinstance(action, Deal):
        return _("Deal the next hand.")
    if isinstance(action, Answer):
        if action.yes:
            return _("Say yes: going out now pays more than your cards would cost.")
        return _("Say no: your hand still holds {points} points your side would lose.").format(
            points=number(hand_penalty(view.hand, view.rules)))
    if isinstance(action, AskPartner):
        return _("Ask your partner: you are able to go out.")
    if isinstance(action, DrawStock):
        return _draw_reason(view)
    if isinstance(action, TakeTop):
        return _top_reason(view, action)
    if isinstance(action, TakePile):
        return _pile_reason(view, action)
    if isinstance(action, Discard):
        return _discard_reason(view, action.card, names)
    move = as_meld_move(action)
    if move is not None:
        return _meld_reason(view, move, names)
    return _("The strongest move here.")


def _draw_reason(view: PlayerView) -> str:
    top = view.top
    if top is None or top_refusal(view.pile):
        return _("Draw from the stock: the pile cannot be taken now.")
    pairs = sum(1 for c in view.hand if NATURAL[c] and RANK[c] == RANK[top])
    runs = any(extends_run(m, top, view.rules) for m in view.melds[view.side])
    if pairs < 2 and not runs:
        return _("Draw from the stock: you hold no natural pair of the top card.")
    # The pile could be taken: say what it holds and what taking it gives up, not only "not worth it".
    n = len(view.pile)
    count = ngettext("{n} card", "{n} cards", n).format(n=number(n))
    threes = sum(1 for c in view.pile if BLACK_THREE[c])
    if threes and view.rules.black_three_in_hand > 5:
        return ngettext(
            "Draw from the stock: the pile is {count} with a black three in it, which costs {cost} if it "
            "stays in your hand.",
            "Draw from the stock: the pile is {count} with {threes} black threes in it, which cost {cost} each "
            "if they stay in your hand.", threes).format(
            count=count, threes=number(threes), cost=number(view.rules.black_three_in_hand))
    if pairs < 2:
        return _("Draw from the stock: the top card onto your run gives up the two cards of the stock for one.")
    return _("Draw from the stock: the pile is {count}; your pair of {ranks} is worth keeping for a bigger "
             "one.").format(count=count, ranks=rank_plural(RANK[top]))


def _top_reason(view: PlayerView, action: TakeTop) -> str:
    meld = next((m for m in view.melds[view.side] if m.id == action.meld), None)
    run = view.rules.canasta_key(ESCALERA)  # what this game calls a run of seven (Samba: a samba)
    if meld is not None and meld.size + 1 >= view.rules.run_max:
        return _("Take the top card: it completes your {canasta}.").format(canasta=canasta_word(run))
    return _("Take the top card: it extends your run toward {a_canasta}.").format(a_canasta=a_canasta(run))


def _pile_reason(view: PlayerView, action: TakePile) -> str:
    rules = view.rules
    n = len(view.pile)
    top = view.pile[-1]
    used = set(action.cards) | {c for m in action.melds for c in m}
    rest = [c for c in view.pile[:-1] if not RED_THREE[c]]
    hand_after = [c for c in view.hand if c not in used] + rest
    count = ngettext("{n} card", "{n} cards", n).format(n=number(n))
    if action.onto is not None:
        return _("Take the pile: {count}, by laying its top card onto your meld of {ranks}; your cards stay "
                 "in your hand.").format(count=count, ranks=rank_plural(RANK[top]))
    started = classify(tuple(action.cards) + (top,), rules).kind
    # A run is started only when the take lays one (its top card's meld or a meld laid with it), never because
    # the pile's cards might make one with the hand later: that read "starts your escalera" over tens.
    lays_run = started == RUN or any(classify(m, rules).kind == RUN for m in action.melds)
    run_word = canasta_word(rules.canasta_key(ESCALERA))
    if len(action.cards) + 1 >= rules.canasta_size and started == RANK_MELD:
        return _("Take the pile: {count}, and it makes a canasta of {ranks}.").format(
            count=count, ranks=rank_plural(RANK[top]))
    if not view.melds[view.side]:
        return _("Take the pile: {count}, and it makes your first meld.").format(count=count)
    if lays_run:
        return _("Take the pile: {count}, and it starts your {canasta}.").format(count=count, canasta=run_word)
    # The meld the take starts with the top card, when it comes close to a canasta.
    size = len(action.cards) + 1
    if size >= rules.canasta_size - 2 and started == RANK_MELD:
        return _("Take the pile: {count}, and your {ranks} come to {n} of the {size} cards a canasta needs."
                 ).format(count=count, ranks=rank_plural(RANK[top]), n=number(size),
                          size=number(rules.canasta_size))
    side_runs = [m for m in view.melds[view.side] if m.kind == RUN and m.size < rules.run_max]
    if any(extends_run(m, c, rules) for m in side_runs for c in rest if NATURAL[c]):
        return _("Take the pile: {count}, and it feeds your {canasta}.").format(count=count, canasta=run_word)
    rest_ids = set(rest)
    if rules.runs and any(rest_ids.intersection(run) for run in runs_in(hand_after, rules.run_max)):
        return _("Take the pile: {count}, and its cards make a run with your hand, toward {a_canasta}.").format(
            count=count, a_canasta=a_canasta(rules.canasta_key(ESCALERA)))
    wilds = sum(1 for c in rest if WILD[c])
    if wilds:
        return ngettext("Take the pile: {count}, with a wild card among them.",
                        "Take the pile: {count}, with {wilds} wild cards among them.", wilds).format(
            count=count, wilds=wilds)
    return _("Take the pile: {count} for your melds.").format(count=count)


def _discard_reason(view: PlayerView, card: int, names: list[str]) -> str:
    name = card_name(card)
    if len(view.hand) == 1:
        return _("Discard {card} and go out.").format(card=name)
    nxt = view.next_seat()
    who = names[nxt]
    risks = hand_risks(view)
    blocks = block_matters(view, risks)
    n = number(len(view.pile) + 1)
    count = ngettext("{n} card", "{n} cards", len(view.pile) + 1).format(n=n)
    if BLACK_THREE[card]:
        if view.rules.black_three_in_hand > 5:
            if blocks:
                return _("Discard {card}: a black three costs {cost} if it stays in your hand, and {who} cannot "
                         "take the pile ({count}) while it is on top.").format(
                    card=name, cost=number(view.rules.black_three_in_hand), who=who, count=count)
            return _("Discard {card}: a black three costs {cost} if it stays in your hand.").format(
                card=name, cost=number(view.rules.black_three_in_hand))
        if blocks:
            return _("Discard {card}: {who} cannot take the pile ({count}) while a black three is on top.").format(
                card=name, who=who, count=count)
        return _("Discard {card}: a black three is of no use to your melds.").format(card=name)
    if WILD[card]:
        if blocks and view.rules.pile_freezes:
            return _("Discard {card}: it freezes the pile ({count}), so {who} needs a natural pair to take it."
                     ).format(card=name, count=count, who=who)
        if blocks:
            return _("Discard {card}: {who} cannot take the pile ({count}) while a wild card is on top.").format(
                card=name, who=who, count=count)
        return _("Discard {card}: it is the card your hand needs least.").format(card=name)
    own = next((r for c, r in risks.items() if FACE[c] == FACE[card]), None)
    if own is not None and all(r is not None for r in risks.values()):
        # The caution the table gives as the card goes, with the concrete risk.
        return _("Discard {card}: every card you hold gives {who} something; this one gives the least.").format(
            card=name, who=who) + " " + risk_text(own, names, None, view.rules)
    if own is not None:  # a move chosen elsewhere (a lesson's step) that hands them something: said as it is
        return _("Discard {card}, knowing what it gives {who}:").format(card=name, who=who) + " " + risk_text(
            own, names, None, view.rules)
    risky = [r for r in risks.values() if r is not None]
    if risky:
        # The surest take another card would give, told as the table's warning tells it.
        worst = max(risky, key=lambda r: (r.severity, -RANK[r.card]))
        return _("Discard {card}: no sign {who} can take it.").format(
            card=name, who=who) + " " + risk_text(worst, names, None, view.rules)
    memory = CardMemory(view)
    if NATURAL[card] and memory.p_holds_naturals(nxt, RANK[card], 2) == 0:
        return _("Discard {card}: {who} cannot hold a pair of {ranks}, so the pile ({count}) is safe.").format(
            card=name, who=who, ranks=rank_plural(RANK[card]), count=count)
    if NATURAL[card] and memory.p_holds_naturals(nxt, RANK[card], 2) < 0.15:
        if fits_nothing(view, card):
            return _("Discard {card}: it fits nothing of yours and {who} is unlikely to hold a pair of {ranks}."
                     ).format(card=name, who=who, ranks=rank_plural(RANK[card]))
        return _("Discard {card}: {who} is unlikely to hold a pair of {ranks}.").format(
            card=name, who=who, ranks=rank_plural(RANK[card]))
    return _("Discard {card}: it is the card your hand needs least.").format(card=name)


def fits_nothing(view: PlayerView, card: int) -> bool:
    """Whether a natural card fits nothing of the seat's: no other card of its rank in hand, no meld of its rank
    or run it extends on the side's table, no run in hand it belongs to. The reason says "fits nothing" only
    then (it said so of a 7♦ beside four more sevens)."""
    rank = RANK[card]
    if any(NATURAL[c] and RANK[c] == rank for c in view.hand if c != card):
        return False
    for m in view.melds[view.side]:
        if (m.kind == RANK_MELD and m.key == rank) or (m.kind == RUN and extends_run(m, card, view.rules)):
            return False
    return not (view.rules.runs and any(card in run for run in runs_in(view.hand, view.rules.run_max)))


def risk_text(risk: Risk, names: list[str], safer: int | None, rules: RuleSet = BOLIVIA) -> str:
    """What discarding the card hands the next opponent, and the adviser's own discard when it is safe."""
    who = names[risk.seat]
    card = card_name(risk.card)
    n = number(risk.pile)
    count = ngettext("{n} card", "{n} cards", risk.pile).format(n=n)
    ranks = rank_plural(RANK[risk.card])
    if risk.kind == ESCALERA_RUN:
        text = _("{card} completes {who}'s run {run} into {a_canasta} ({bonus}): they can take it from the pile."
                 ).format(card=card, who=who, run=cards_text(risk.meld.cards), bonus=number(rules.escalera),
                          a_canasta=a_canasta(rules.canasta_key(ESCALERA)))
    elif risk.kind == RUN_END:
        text = _("{card} goes onto {who}'s run {run}: they can take it from the pile.").format(
            card=card, who=who, run=cards_text(risk.meld.cards))
    elif risk.kind == KNOWN_PAIR:
        text = _("{who} picked up a pair of {ranks}: with {card} on top they can take the pile ({count}).").format(
            who=who, ranks=ranks, card=card, count=count)
    elif risk.kind == ONTO_MELD:
        text = _("The pile is not frozen: {who} can take it ({count}) by laying {card} onto their meld of {ranks}."
                 ).format(who=who, count=count, card=card, ranks=ranks)
    elif risk.kind == UNFROZEN:
        text = _("The pile is not frozen: {who} can take it ({count}) with one of their {ranks} and a wild card, "
                 "onto their meld of {ranks}.").format(who=who, count=count, ranks=ranks)
    else:
        text = _("{who} took the pile on {ranks} earlier in this hand: they may take it again ({count}).").format(
            who=who, ranks=ranks, count=count)
    if safer is not None:
        text += " " + _("{card} is a safer discard.").format(card=card_name(safer))
    return text


def caution_text(risk: Risk, names: list[str], rules: RuleSet = BOLIVIA) -> str:
    """The adviser's own discard when every card of the hand hands the next opponent something: what
    they can take, and that it is the least of it (the hint's card is told about, never questioned)."""
    return risk_text(risk, names, None, rules) + " " + _(
        "Every card you hold gives {who} something; this one gives the least.").format(who=names[risk.seat])


def side_name(view: PlayerView, side: int, names: list[str]) -> str:
    seats = [s for s in range(view.players) if view.side_of(s) == side]
    return _(" and ").join(names[s] for s in seats)


def held_back_reason(view: PlayerView, action: Action, loss: GameEnd, names: list[str]) -> str:
    """Why the adviser does not go out (or says no to the partner) although it could."""
    who = side_name(view, loss.leader, names)
    stock = ngettext("the stock still holds {n} card to play for", "the stock still holds {n} cards to play for",
                     view.stock_count).format(n=number(view.stock_count))
    if isinstance(action, Answer):
        return _("Say no: going out now would end the game with {who} ahead, about {theirs} to {ours}; "
                 "{stock}.").format(who=who, theirs=number(loss.theirs), ours=number(loss.ours), stock=stock)
    then = reason_for(view, action, names)
    return _("Do not go out yet: it would end the game with {who} ahead, about {theirs} to {ours}, and "
             "{stock}.").format(who=who, theirs=number(loss.theirs), ours=number(loss.ours), stock=stock) + " " + then


def winning_reason(action: Action, won: GameEnd) -> str:
    """Going out (or asking to) when that ends the game with the player's side ahead."""
    if isinstance(action, AskPartner):
        return _("Ask your partner: going out now ends the game with your side ahead, about {ours} to {theirs}."
                 ).format(ours=number(won.ours), theirs=number(won.theirs))
    return _("Go out: it ends the game with your side ahead, about {ours} to {theirs}.").format(
        ours=number(won.ours), theirs=number(won.theirs))


def _meld_reason(view: PlayerView, move: MeldMove, names: list[str]) -> str:
    rules = view.rules
    side_melds = view.melds[view.side]
    minimum = 0 if side_melds else view.min_meld[view.side]
    j = judge_meld_move(move, view.hand, side_melds, rules, minimum, view.permission)
    if j.goes_out or (j.discard_goes_out and qualifies(side_melds, rules)):
        return _("Go out: your side has {need}.").format(need=rules.go_out_need())
    if j.canastas:
        return _("Meld now: it completes {what}.").format(what=a_canasta(rules.canasta_key(j.canastas[-1])))
    if not side_melds:
        points = sum(meld_points(m) for m in move.new)
        return _("Lay your first meld: {points} points reach the {need} you need.").format(
            points=number(points), need=number(minimum))
    kinds: set[str] = set()
    new_kinds: set[str] = set()
    for cards in move.new:
        new_kinds.add(classify(cards, rules).kind)
    kinds |= new_kinds
    by_id = {m.id: m for m in side_melds}
    for mid, _cards in move.add:
        if mid in by_id:
            kinds.add(by_id[mid].kind)
    grows_a_run = any(mid in by_id and by_id[mid].kind == RUN for mid, _cards in move.add)
    if RUN in kinds and not grows_a_run:  # a run laid new is started, not built on
        return _("Start a run: seven cards make {a_canasta}, worth {bonus}.").format(
            a_canasta=a_canasta(rules.canasta_key(ESCALERA)), bonus=number(rules.escalera))
    if RUN in kinds:
        return _("Build your run: seven cards make {a_canasta}, worth {bonus}.").format(
            a_canasta=a_canasta(rules.canasta_key(ESCALERA)), bonus=number(rules.escalera))
    if WILD_MELD in new_kinds:  # a wild meld laid new is started, as a run is
        return _("Start a wild meld: seven wild cards make a bolivia, worth {bonus}.").format(
            bonus=number(rules.bolivia))
    if WILD_MELD in kinds:
        return _("Build your wild meld: seven wild cards make a bolivia, worth {bonus}.").format(
            bonus=number(rules.bolivia))
    grown = _one_rank_meld(move, by_id, rules)
    threat = out_threat(view)
    if threat is not None:
        who, n = names[threat.seat], threat.cards
        if grown is not None:
            return ngettext("{who} has {n} card and could go out next turn: lay your {ranks} now.",
                            "{who} has {n} cards and could go out next turn: lay your {ranks} now.", n).format(
                who=who, n=number(n), ranks=rank_plural(grown[0]))
        return ngettext("{who} has {n} card and could go out next turn: meld down now, cards left in hand count "
                        "against you.",
                        "{who} has {n} cards and could go out next turn: meld down now, cards left in hand count "
                        "against you.", n).format(who=who, n=number(n))
    per_round = rules.draws(view.players) * view.players
    if view.stock_count <= 2 * per_round:
        return _("Meld down: the stock is nearly out and cards left in hand count against you.")
    if grown is not None:
        rank, size, laid_new = grown
        words = (_("Meld your {ranks}: {n} of the {size} cards a canasta needs.") if laid_new else
                 _("Add {cards} to your {ranks}: {n} of the {size} cards a canasta needs."))
        added = move.add[0][1] if move.add else ()
        return words.format(ranks=rank_plural(rank), n=number(size), size=number(rules.canasta_size),
                            cards=cards_text(added))
    if move.add and not move.new and not move.combine and all(
            mid in by_id and by_id[mid].kind == RANK_MELD and by_id[mid].size >= rules.canasta_size
            for mid, _cards in move.add):
        return _("Add {cards} to your canastas: on the table they count for you, in your hand against you.").format(
            cards=cards_text([c for _mid, cards in move.add for c in cards]))
    if RANK_MELD in kinds or move.combine:
        return _("Build your melds toward a canasta.")
    return _("Meld these cards: they count for your side.")


def _one_rank_meld(move: MeldMove, by_id: dict, rules: RuleSet) -> tuple[int, int, bool] | None:
    """(rank, cards after, laid new) when the move grows or lays one rank meld short of a canasta and nothing
    else, so its reason can name the meld; None otherwise."""
    if move.combine or len(move.new) + len(move.add) != 1:
        return None
    if move.new:
        shape = classify(move.new[0], rules)
        if shape.kind != RANK_MELD:
            return None
        return shape.key, len(move.new[0]), True
    mid, cards = move.add[0]
    meld = by_id.get(mid)
    if meld is None or meld.kind != RANK_MELD or meld.size + len(cards) >= rules.canasta_size:
        return None
    return meld.key, meld.size + len(cards), False
