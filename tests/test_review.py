"""The review of a hand (game/ai/review.py, scenes/review.py): an obviously bad move is named first, with
the better move and its reason in each language; a player who plays the adviser's moves has nothing
named; the same hand reviews the same on every run; and from the scoring screen, a moment chosen opens
the replay at its move and comes back to the review."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import get_player
from game.ai.adviser import advise
from game.ai.coach import as_meld_move, reason_for
from game.ai.review import Reviewer, decisions, review_hand, same_move
from game.i18n import set_language
from game.keep.storage import Storage
from game.rules.actions import AddToMeld, Deal, Discard, DrawStock, LayMelds, MeldMove, TakePile
from game.rules.cards import FACE
from game.rules.legal import legal_actions
from game.rules.names import card_name
from game.rules.record import GameRecord
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.shell.flow import Flow
from game.ui.move_words import move_words
from scenes.replay import ReplayScene
from scenes.review import ReviewScene
from scenes.scoring import ScoringScene
from tests.helpers import Pool, faces, in_hand
from tests.scene_helpers import FakeClock, key


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def give_away_hand() -> tuple[GameState, GameRecord]:
    """Two players. North melds 6♥ to J♥ (a run of six) and discards; the player (seat 0, who cannot
    meld) draws and discards Q♥, which North takes onto the run: an escalera for nothing. Then the hand
    is played out by Normal players."""
    state = GameState(2, 0)  # seed 0: seat 0 deals, North plays first
    record = GameRecord.of(state)
    pool = Pool(state.rules)
    hands = {1: pool.take("6H 7H 8H 9H TH JH 4C 5D 6S 7C 8D 9S TC QS KD"),
             0: pool.take("QH 4D 5S 6C 7D 8S 9C TD JS KC AD 5C 6D AS KS")}
    order = [hands[seat][r] for r in range(15) for seat in (1, 0)]
    order += pool.take("8C") + pool.take("4S 5H 7S 9H")  # the upcard, then the stock as it is drawn
    record.play(state, Deal(tuple(pool.rest() + list(reversed(order)))))
    assert state.to_act == 1 and sorted(FACE[c] for c in state.hands[0]) == sorted(
        faces("QH 4D 5S 6C 7D 8S 9C TD JS KC AD 5C 6D AS KS"))
    record.play(state, DrawStock())
    record.play(state, LayMelds((in_hand(state, 1, "6H 7H 8H 9H TH JH"),)))
    record.play(state, Discard(in_hand(state, 1, "4C")[0]))
    record.play(state, DrawStock())
    record.play(state, Discard(in_hand(state, 0, "QH")[0]))  # the fourth move after the deal: index 4
    rng = random.Random(3)
    normal = get_player("normal")
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        record.play(state, normal(view_of(state, state.to_act), legal_actions(state), rng))
    return state, record


def test_discarding_onto_the_opponents_run_is_named_first_with_the_better_move() -> None:
    _state, record = give_away_hand()
    review = review_hand(record, record.hands[0], seat=0)
    assert review.decisions > 10 and 1 <= len(review.moments) <= 3
    assert review.found >= len(review.moments) and review.found_cost >= review.named_cost
    first = review.moments[0]
    assert first.move == 4 and isinstance(first.played, Discard) and FACE[first.played.card] == faces("QH")[0]
    assert isinstance(first.better, Discard) and FACE[first.better.card] != FACE[first.played.card]
    assert first.cost >= 100 and [m.cost for m in review.moments] == sorted((m.cost for m in review.moments),
                                                                            reverse=True)
    english = first.reason(["You", "North"])
    assert english.startswith("Discard ") and "Q♥" in english, english
    assert "escalera" in first.risk(["You", "North"])  # what the table warns of that discard
    set_language("fr")
    french = first.reason(["Vous", "Nord"])
    set_language("sv")
    swedish = first.reason(["Du", "Nord"])
    assert len({english, french, swedish}) == 3 and all("Q♥" in r for r in (french, swedish))


def test_the_same_hand_reviews_the_same_every_time() -> None:
    _state, record = give_away_hand()
    one = review_hand(record, record.hands[0])
    two = review_hand(record, record.hands[0])
    assert [(m.move, m.played, m.better, m.cost) for m in one.moments] == \
        [(m.move, m.played, m.better, m.cost) for m in two.moments]


def test_a_player_who_plays_the_advisers_moves_has_nothing_named() -> None:
    state = GameState(2, 4)
    record = GameRecord.of(state)
    record.play(state, Deal())
    rng = random.Random(2)
    normal = get_player("normal")
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        seat = state.to_act
        view = view_of(state, seat)
        if seat == 0:  # the table's hint, asked as the table asks it: seeded by the view
            action = advise(view).hint.move
        else:
            action = normal(view, legal_actions(state), rng)
        record.play(state, action)
    review = review_hand(record, record.hands[0], seat=0)
    assert review.decisions > 5 and review.differed == 0 and review.moments == []


def test_every_decision_of_the_seat_and_none_of_the_others() -> None:
    _state, record = give_away_hand()
    hand = record.hands[0]
    found = decisions(record, hand, 0)
    assert [i for i, _v, _a in found] == [i for i, (seat, _m) in enumerate(hand.moves) if seat == 0]
    assert all(view.seat == 0 and view.to_act == 0 for _i, view, _a in found)
    reviewer = Reviewer(record, hand, 0)
    steps = 0
    while not reviewer.step():
        steps += 1
    assert steps + 1 == len(found) == reviewer.done and reviewer.step()  # one decision a step, then done


def test_a_meld_laid_or_staged_alike_is_the_same_move() -> None:
    cards = (1, 2, 3)
    assert same_move(LayMelds((cards,)), MeldMove(new=(cards,)))
    assert not same_move(LayMelds((cards,)), Discard(1))


def hand_with_deviations(seed: int = 2) -> tuple[GameRecord, dict[str, int]]:
    """Two players; the player (seat 0) plays the table's hint at every decision but four, one of each kind:
    the pile taken where the hint draws (or the other way), a discard where it melds, a meld where it
    discards at once, and another card than its discard. Returns the record and where each was (the move's
    place in the hand)."""
    state = GameState(2, seed)
    record = GameRecord.of(state)
    record.play(state, Deal())
    rng = random.Random(seed)
    normal = get_player("normal")
    planned: dict[str, int] = {}
    i = 0
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        view = view_of(state, state.to_act)
        if state.to_act != 0:
            record.play(state, normal(view, legal_actions(state), rng))
            i += 1
            continue
        hint = advise(view).hint.move
        legal = legal_actions(state)
        move, kind = hint, ""
        if state.phase == Phase.DRAW and "draw" not in planned:
            kind = "draw"
            move = next((a for a in legal if isinstance(a, TakePile)), hint) if isinstance(hint, DrawStock) else (
                DrawStock() if isinstance(hint, TakePile) else hint)
        elif state.phase == Phase.MELD and isinstance(hint, Discard) and "hold" not in planned and len(
                state.hands[0]) > 3:
            kind, move = "hold", next((a for a in legal if isinstance(a, (LayMelds, AddToMeld))), hint)
        elif state.phase == Phase.MELD and isinstance(hint, Discard) and "discard" not in planned:
            kind, move = "discard", next((Discard(c) for c in state.hands[0] if FACE[c] != FACE[hint.card]), hint)
        elif state.phase == Phase.MELD and as_meld_move(hint) is not None and "meld" not in planned:
            kind, move = "meld", next((a for a in legal if isinstance(a, Discard)), hint)
        if move != hint:
            planned[kind] = i
        record.play(state, move)
        i += 1
    assert set(planned) == {"draw", "hold", "discard", "meld"}
    return record, planned


def test_every_deviation_is_listed_with_a_reason_about_the_better_move() -> None:
    record, planned = hand_with_deviations()
    review = review_hand(record, record.hands[0], seat=0)
    names = ["You", "North"]
    by_move = {m.move: m for m in review.deviations}
    assert review.differed == len(review.deviations) == 4 and set(by_move) == set(planned.values())
    for kind, move in planned.items():
        m = by_move[move]
        assert m.kind == ("pile" if isinstance(m.better, TakePile) else kind), (kind, m.played, m.better)
        reason = m.reason(names)
        discard_reasons = [reason_for(m.view, Discard(c), names) for c in m.view.hand]
        if kind == "meld":  # the meld's own reason, never a discard's
            assert as_meld_move(m.better) is not None and reason == advise(m.view, names).hint.reason
            assert m.risk(names) is None  # the discard played: its warning is not why the meld was better
            assert not any(d in reason for d in discard_reasons), reason
        elif kind == "hold":  # the cards melded were better kept: said first, then the discard's reason
            held = [c for cards in as_meld_move(m.played).new for c in cards] + [
                c for _mid, cards in as_meld_move(m.played).add for c in cards]
            assert reason.startswith("Keep ") and all(card_name(c) in reason.split(":")[0] for c in held), reason
            assert reason.endswith(reason_for(m.view, m.better, names))
        elif kind == "discard":
            assert isinstance(m.better, Discard) and reason == reason_for(m.view, m.better, names)
            assert card_name(m.better.card) in reason
        else:
            assert reason == reason_for(m.view, m.better, names) and reason.startswith(("Draw", "Take"))
        words = move_words(m.view, m.better)  # the better move, with its cards
        for c in set(advise(m.view).hint.cards):
            assert card_name(c) in words, (words, card_name(c))


def test_a_going_out_the_adviser_holds_back_is_told_with_its_game_end_reason() -> None:
    """Going out behind near the target ends the game lost: the better move (a discard) is told with the
    adviser's own reason, worked out again by asking it, never the discard's words alone."""
    from game.ai.review import Moment, told_by_search
    from tests.test_ai_blunders_coach import _out_behind

    s = _out_behind(2, [1000, 4900])
    view = view_of(s, 0)
    advice = advise(view)
    assert isinstance(advice.hint.move, Discard) and told_by_search(view, advice)
    out = LayMelds((in_hand(s, 0, "KC KD KH"),))
    moment = Moment(1, 0, view, out, advice.hint.move, 500.0, 10.0, told_by_search(view, advice))
    assert moment.kind == "hold"
    reason = moment.reason(["You", "North"])
    assert reason.startswith("Do not go out yet: it would end the game with North ahead"), reason


# ----- the screens -----------------------------------------------------------------------------------


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1366, 768), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def run_until_reviewed(flow: Flow, scene: ReviewScene) -> None:
    for _ in range(2000):
        flow.app.run(frames=1)
        if scene.review is not None:
            return
    raise AssertionError("the review never finished")


def test_from_the_scoring_screen_a_moment_opens_the_replay_at_its_move_and_comes_back(flow: Flow) -> None:
    state, record = give_away_hand()
    scoring = ScoringScene(state)
    flow.app.scenes.request(scoring)
    flow.app.run(frames=1)
    flow.open_review(record, 1, scoring)
    flow.app.run(frames=1)
    review = flow.app.scenes.current
    assert isinstance(review, ReviewScene)
    run_until_reviewed(flow, review)
    # The give-away discard is among the moments (their order is by cost, which the levels' play moves)
    given = next(i for i, m in enumerate(review.moments) if m.move == 4)
    assert given < 9 and len(review.cards) == min(review.shown, len(review.moments))
    review.handle_event(key(pygame.K_1 + given))  # that moment, chosen by its number
    flow.app.run(frames=1)
    replay = flow.app.scenes.current
    assert isinstance(replay, ReplayScene) and replay.model.hand.hand == 1
    assert replay.model.index == 5 and replay.model.frame.seat == 0  # just after the player's discard
    assert replay.note is not None
    assert "escalera" in replay.note()[0] and replay.note()[1].startswith("Better: Discard ")
    flow.app.run(frames=1)  # drawn, with its note
    replay.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is review and review.review is not None  # not worked out again
    set_language("fr")  # the words are made again in the language of the moment
    flow.app.run(frames=1)
    assert review._words(0, ["Vous", "Nord"])[1].startswith("Mieux : Défaussez")
    review.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is scoring


def test_the_scoring_screen_offers_the_review_of_the_hand_just_played(flow: Flow) -> None:
    flow.start_game(2, 8, "greedy", 5000, "instant")
    flow.app.run(frames=2)
    table = flow.table
    rng = random.Random(1)
    greedy = get_player("greedy")
    state = table.state
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        table.controller.record.play(state, greedy(view_of(state, state.to_act), legal_actions(state), rng))
    flow.hand_ended(table)
    flow.app.run(frames=1)
    scoring = flow.app.scenes.current
    assert isinstance(scoring, ScoringScene) and scoring.on_review is not None
    scoring.skip()
    flow.app.run(frames=1)
    button = scoring.review_button.rect
    assert button.w > 0 and not button.colliderect(scoring.button.rect)
    assert not scoring.replay_button.rect.colliderect(scoring.button.rect)
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.center),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.center)):
        scoring.handle_event(event)
    flow.app.run(frames=1)
    review = flow.app.scenes.current
    assert isinstance(review, ReviewScene) and review.hand.hand == 1
    run_until_reviewed(flow, review)
    assert review.review.decisions == sum(1 for seat, _m in review.hand.moves if seat == 0)
    review.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is scoring


def test_the_review_screen_lists_every_deviation_and_scrolls_to_the_last_at_the_smallest_size(
        tmp_path: Path) -> None:
    record, planned = hand_with_deviations()
    f = Flow((1024, 600), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    try:
        scene = ReviewScene(record, 1)
        f.app.scenes.request(scene)
        run_until_reviewed(f, scene)
        f.app.run(frames=1)
        assert sorted(m.move for m in scene.moments) == sorted(planned.values())
        costs = [m.cost for m in scene.moments]
        assert costs == sorted(costs, reverse=True)  # the costliest first
        for i, m in enumerate(scene.moments):
            played, better, reason = scene._words(i, ["You", "North"])
            assert played and reason and better == "Better: " + move_words(m.view, m.better)
        assert 1 <= len(scene.cards) == min(scene.shown, 4)
        assert all(r.bottom <= scene.back_button.rect.top for r in scene.cards)  # nothing under the button
        scene.handle_event(key(pygame.K_END))
        f.app.run(frames=1)
        assert scene.chosen == 3 and scene.first <= 3 < scene.first + len(scene.cards)
        scene.handle_event(key(pygame.K_HOME))
        f.app.run(frames=1)
        assert scene.chosen == 0 and scene.first == 0
    finally:
        f.close()
