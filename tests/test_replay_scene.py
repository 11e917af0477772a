"""Replay: a hand played back move by move (forward and back, first and last, playing at a pace), the hidden
hands shown or as the player saw them, opened from the scoring and game-over screens and back again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ai import get_player
from game.keep.storage import Storage
from game.rules.legal import legal_actions
from game.rules.record import replay
from game.rules.state import Phase
from game.rules.view import view_of
from game.shell.flow import Flow
from game.ui.replay_model import PACES, ReplayModel, board_of_view
from scenes.game_over import GameOverScene
from scenes.replay import ReplayScene
from scenes.review import ReviewScene
from scenes.scoring import ScoringScene
from tests.scene_helpers import FakeClock, click, key
from tests.test_record import recorded_game


def test_every_position_of_the_hand_in_order_and_back() -> None:
    state, record = recorded_game(4, 3, hands=2, target=5000)
    hand = record.hands[0]
    model = ReplayModel(record, hand)
    assert model.last == len(hand.moves) and model.error is None
    fresh = [step.state.copy() for step in replay(record, hand)]
    for i in range(0, model.last + 1, 7):
        model.go(i)
        assert model.frame.state.hands == fresh[i].hands and model.frame.state.pile == fresh[i].pile
    model.go(5)
    model.back()
    model.back()
    assert model.index == 3
    model.forward()
    assert model.index == 4
    model.go(10_000)
    assert model.index == model.last and model.frame.state.results == state.results[:1]


def test_the_acting_seats_view_is_the_engines_view_it_chose_from() -> None:
    """The third view (H): at each move, the seat that made it as it saw the table just before: its own
    hand, every other hand as backs by their counts, the pile and melds face up; nothing else."""
    _state, record = recorded_game(4, 3, hands=1, target=5000)
    model = ReplayModel(record, record.hands[0])
    fresh = [step.state.copy() for step in replay(record, record.hands[0])]
    computer_moves = 0
    for i in range(1, model.last + 1):
        model.go(i)
        seat = model.frame.seat
        board = model.board("seat")
        view = view_of(fresh[i - 1], seat)  # the position before the move
        assert board == board_of_view(view) and board.seat == seat
        assert board.hands[seat] == tuple(sorted(fresh[i - 1].hands[seat]))
        for other in range(4):
            if other != seat:
                assert board.hands[other] == (None,) * len(fresh[i - 1].hands[other])  # backs only
        computer_moves += seat != 0
        assert model.board("yours") == board_of_view(view_of(fresh[i], 0))  # the player's, after the move
        assert model.board("all").hands == tuple(tuple(sorted(h)) for h in fresh[i].hands)
    assert computer_moves > 20
    model.go(0)
    assert model.board("seat") == model.board("yours")  # the deal: no one chose it


def test_h_goes_round_the_three_views() -> None:
    _state, record = recorded_game(2, 5, hands=1)
    scene = ReplayScene(record, 1)
    labels = []
    for _ in range(3):
        labels.append((scene.view_mode, scene.buttons["hidden"].label))
        scene.handle_event(key(pygame.K_h))
    assert [mode for mode, _label in labels] == ["yours", "all", "seat"] and scene.view_mode == "yours"
    assert len({label for _mode, label in labels}) == 3
    scene.handle_event(key(pygame.K_h))
    scene.handle_event(key(pygame.K_h))
    scene.resize((1024, 600))
    scene.model.go(3)
    surface = pygame.Surface((1024, 600))
    scene.draw(surface)  # the seat's view draws, with its line over it


def test_playing_moves_on_at_its_pace_and_stops_at_the_end() -> None:
    _state, record = recorded_game(2, 5, hands=1)
    model = ReplayModel(record, record.hands[0])
    model.toggle()
    assert model.playing
    model.update(PACES[model.pace] - 0.01)
    assert model.index == 0
    model.update(0.02)
    assert model.index == 1
    model.faster(1)
    assert model.seconds < 1.0
    while model.playing:
        model.update(10)
    assert model.index == model.last
    model.toggle()  # at the end: from the deal again
    assert model.playing and model.index == 0


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1366, 768), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def play_out_hand(flow: Flow) -> None:
    table = flow.table
    assert table is not None
    state = table.state
    rng = random.Random(1)
    greedy = get_player("greedy")
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        table.controller.record.play(state, greedy(view_of(state, state.to_act), legal_actions(state), rng))
    flow.hand_ended(table)
    flow.app.run(frames=1)


def test_from_the_scoring_screen_and_back(flow: Flow) -> None:
    flow.start_game(4, 8, "greedy", 5000, "instant")
    flow.app.run(frames=2)
    play_out_hand(flow)
    scoring = flow.app.scenes.current
    assert isinstance(scoring, ScoringScene)
    scoring.handle_event(key(pygame.K_r))
    flow.app.run(frames=1)
    scene = flow.app.scenes.current
    assert isinstance(scene, ReplayScene) and scene.model.hand.hand == 1
    assert scene.model.index == scene.model.last  # opened at the end of the hand
    for k, index in ((pygame.K_HOME, 0), (pygame.K_RIGHT, 1), (pygame.K_RIGHT, 2), (pygame.K_LEFT, 1),
                     (pygame.K_END, scene.model.last)):
        scene.handle_event(key(k))
        assert scene.model.index == index
    scene.handle_event(key(pygame.K_HOME))
    for event in click(scene.buttons["forward"].rect.center):
        scene.handle_event(event)
    assert scene.model.index == 1
    scene.handle_event(key(pygame.K_SPACE))
    assert scene.model.playing
    flow.app.run(frames=200)  # 16 ms a frame: three seconds, about three moves at 1 s a move
    assert 2 <= scene.model.index <= 6
    scene.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is scoring


def test_hidden_hands_shown_or_as_the_player_saw_them(flow: Flow) -> None:
    flow.start_game(2, 9, "greedy", 5000, "instant")
    flow.app.run(frames=2)
    play_out_hand(flow)
    flow.app.scenes.current.handle_event(key(pygame.K_r))
    flow.app.run(frames=1)
    scene = flow.app.scenes.current
    assert isinstance(scene, ReplayScene) and not scene.show_hidden
    scene.handle_event(key(pygame.K_HOME))
    surface = pygame.Surface((1366, 768))
    scene.draw(surface)
    hidden = pygame.image.tobytes(surface, "RGB")
    scene.handle_event(key(pygame.K_h))
    assert scene.show_hidden
    scene.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != hidden  # North's cards turned face up


def test_from_the_game_over_screen_every_hand_and_the_last_ones_review(flow: Flow) -> None:
    flow.start_game(2, 10, "greedy", 2500, "instant")
    flow.app.run(frames=2)
    table = flow.table
    while True:
        play_out_hand(flow)
        if table.state.phase == Phase.GAME_OVER:
            break
        flow.after_scoring(table)
        flow.app.run(frames=2)
    hands = table.state.hand_no
    flow.after_scoring(table)
    flow.app.run(frames=1)
    over = flow.app.scenes.current
    assert isinstance(over, GameOverScene)
    over.handle_event(key(pygame.K_r))
    flow.app.run(frames=1)
    scene = flow.app.scenes.current
    assert isinstance(scene, ReplayScene) and scene.model.hand.hand == hands
    for _ in range(hands + 2):
        scene.handle_event(key(pygame.K_PAGEUP))
    assert scene.model.hand.hand == 1
    scene.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is over
    for e in click(over.review_button.rect.center):  # the last hand's review, by its button
        over.handle_event(e)
    flow.app.run(frames=1)
    review = flow.app.scenes.current
    assert isinstance(review, ReviewScene) and review.hand.hand == hands
    review.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is over


def test_kept_games_are_replayed_from_the_statistics_one_into_the_next(flow: Flow) -> None:
    records = [recorded_game(2, seed, hands=None, target=2500)[1] for seed in (21, 22)]
    for record in records:
        flow.storage.keep_game(record)
    flow.open_statistics()
    flow.app.run(frames=1)
    stats = flow.app.scenes.current
    assert stats.kept == 2
    stats.handle_event(key(pygame.K_r))
    flow.app.run(frames=1)
    scene = flow.app.scenes.current
    assert isinstance(scene, ReplayScene) and scene.record.to_json() == records[1].to_json()
    assert scene.model.hand.hand == records[1].hands[-1].hand
    for _ in range(len(records[1].hands)):
        scene.handle_event(key(pygame.K_PAGEUP))
    assert scene.record.to_json() == records[0].to_json() and scene.model.hand.hand == records[0].hands[-1].hand
    scene.handle_event(key(pygame.K_ESCAPE))
    flow.app.run(frames=1)
    assert flow.app.scenes.current is stats


def test_from_the_score_sheet_at_the_table_any_scored_hand(flow: Flow) -> None:
    flow.start_game(2, 12, "greedy", 10000, "instant")
    flow.app.run(frames=2)
    table = flow.table
    for _ in range(2):  # two hands scored; the third dealt and on the table
        play_out_hand(flow)
        assert table.state.phase == Phase.DEAL
        flow.after_scoring(table)
        flow.app.run(frames=2)
    assert flow.app.scenes.current is table and table.state.hand_no == 3
    app = flow.app
    app.process_event(key(pygame.K_g))
    app.run(frames=1)
    assert table.overlay == "sheet" and table.panels.replayable == [1, 2] and table.panels.chosen == 2
    assert [n for n, _rect in table.panels.sheet_rows] == [1, 2]
    app.process_event(key(pygame.K_UP))
    app.process_event(key(pygame.K_UP))  # no hand before the first: it stays chosen
    assert table.panels.chosen == 1 and table.overlay == "sheet"
    app.process_event(key(pygame.K_RETURN))
    app.run(frames=1)
    scene = app.scenes.current
    assert isinstance(scene, ReplayScene) and scene.model.hand.hand == 1
    assert scene.record is table.controller.record
    scene.handle_event(key(pygame.K_ESCAPE))
    app.run(frames=1)
    assert app.scenes.current is table and table.overlay == "sheet"  # back where the hand was chosen
    row = dict(table.panels.sheet_rows)[2]
    for event in click(row.center):  # a click on a hand's row plays it back
        app.process_event(event)
    app.run(frames=1)
    scene = app.scenes.current
    assert isinstance(scene, ReplayScene) and scene.model.hand.hand == 2
    scene.handle_event(key(pygame.K_ESCAPE))
    app.run(frames=1)
    for event in click((3, 3)):  # a click off the rows goes back to the table
        app.process_event(event)
    assert app.scenes.current is table and table.overlay is None


def test_the_score_sheet_offers_no_replay_before_a_hand_is_scored(flow: Flow) -> None:
    flow.start_game(2, 13, "greedy", 5000, "instant")
    flow.app.run(frames=2)
    table = flow.table
    flow.app.process_event(key(pygame.K_g))
    flow.app.run(frames=1)
    assert table.panels.replayable == [] and table.panels.chosen is None
    flow.app.process_event(key(pygame.K_RETURN))  # nothing to play back: Enter leaves the sheet
    flow.app.run(frames=1)
    assert flow.app.scenes.current is table and table.overlay is None


def test_melds_go_side_by_side_and_on_to_a_new_row_at_the_edge() -> None:
    from scenes.replay import meld_rows

    assert meld_rows([100, 100, 100, 300], 250, 10) == [(0, 0), (0, 110), (1, 0), (2, 0)]
    assert meld_rows([], 250, 10) == []


@pytest.mark.parametrize("size", [(1366, 768), (1024, 600), (1920, 1080)])
def test_no_seats_name_is_written_over_a_card_in_the_hands_as_you_saw_them(size, monkeypatch) -> None:
    # Played: West held 1 card, and "North: 7 cards" was written over it (each name sat on the row above's
    # cards, where their feet were).
    import scenes.replay as replay_module
    from tests.test_text_fit import Recording

    _state, record = recorded_game(4, 1, hands=1)
    scene = ReplayScene(record, 1)
    assert scene.view_mode == "yours"
    scene.resize(size)
    one = next(i for i, f in enumerate(scene.model.frames) if any(len(h) == 1 for h in f.state.hands[:3]))
    scene.model.go(one)
    labels: list[tuple[str, pygame.Rect]] = []
    real = replay_module.draw_text

    def draw_text(surface, text, *args, **kw):
        rect = real(surface, text, *args, **kw)
        labels.append((text, rect))
        return rect

    monkeypatch.setattr(replay_module, "draw_text", draw_text)
    for view in ("yours", "seat"):  # and the mover's view, with its line over the board
        scene.view_mode = view
        labels.clear()
        surface = Recording(size)
        scene.draw(surface)
        card = scene._faces.card(None).get_size()
        cards = [r for r in surface.placed if r.size == card]
        assert len(cards) >= sum(len(h) for h in scene.model.frame.state.hands)  # every hand's cards drawn
        assert all(scene._board.contains(r) for r in cards)
        names = [(t, r) for t, r in labels if any(n in t for n in ("You", "West", "North", "East", "Pile"))]
        assert len(names) >= 5
        for text, rect in names:
            hit = rect.collidelist(cards)
            assert hit == -1, f"{text!r} is written over a card at {cards[hit]}"
