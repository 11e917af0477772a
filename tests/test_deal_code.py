"""Play this deal again: a deal code names a deal in ten characters, survives how players type it, refuses
a mistyped one with a reason, and deals the same cards to every seat again (engine, setup, command line)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.rules.actions import Deal
from game.rules.deal_code import ALPHABET, GAMES, BadCode, DealCode, code_of, decode, encode
from game.rules.position import changed
from game.rules.record import GameRecord, replay
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from game.shell.flow import Flow
from scenes.scoring import ScoringScene
from scenes.setup import SetupScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key, play_hand

ROOT = Path(__file__).resolve().parent.parent
PLAYABLE = [g for g in GAMES if g in RULESETS]


def test_codes_read_back_whatever_the_seed_table_and_hand() -> None:
    rng = random.Random(1)
    for _ in range(2000):
        code = DealCode(rng.choice(PLAYABLE), rng.randint(2, 4), rng.choice([rng.randrange(1 << 30),
                        rng.randrange(-(1 << 63), 1 << 63)]), rng.randint(1, 60))
        assert decode(encode(code)) == code


def test_a_table_games_code_has_ten_characters_in_groups_of_four() -> None:
    for seed in (0, 1, (1 << 30) - 1):
        text = encode(DealCode("bolivia", 4, seed, 60))
        assert len(text.replace("-", "")) == 10 and [len(p) for p in text.split("-")] == [4, 4, 2]


def test_case_spaces_dashes_and_look_alike_letters_do_not_matter() -> None:
    code = DealCode("standard", 3, 987654, 12)
    text = encode(code)
    assert decode(" " + text.lower().replace("-", "  ") + " ") == code
    assert decode(text.replace("0", "o").replace("1", "l")) == code


def test_any_one_character_mistyped_is_found() -> None:
    text = encode(DealCode("bolivia", 4, 123456789, 5)).replace("-", "")
    for i in range(len(text)):
        for c in ALPHABET:
            if c != text[i]:
                with pytest.raises(BadCode):
                    decode(text[:i] + c + text[i + 1:])


def test_nearly_every_two_neighbours_swapped_are_found() -> None:
    rng = random.Random(2)
    swaps = found = 0
    for _ in range(300):
        text = encode(DealCode("bolivia", rng.randint(2, 4), rng.randrange(1 << 30), rng.randint(1, 60)))
        text = text.replace("-", "")
        for i in range(len(text) - 1):
            if text[i] == text[i + 1]:
                continue
            swaps += 1
            try:
                decode(text[:i] + text[i + 1] + text[i] + text[i + 2:])
            except BadCode:
                found += 1
    assert found / swaps > 0.9


@pytest.mark.parametrize("text,words", [("", "Type"), ("   ", "Type"), ("K7QM", "too short"),
                                        ("K7QM-3XBU-9A", "“U”"), ("K7QM-3XB?-9A", "“?”"), ("x" * 50, "ten"),
                                        ("2SZZ-ZZYJ-RT", "wrong")])
def test_a_bad_code_gets_a_reason(text: str, words: str) -> None:
    with pytest.raises(BadCode, match=words):
        decode(text)


@pytest.mark.parametrize("players,hand", [(2, 1), (3, 4), (4, 2), (4, 7)])
def test_the_code_deals_the_same_cards_to_every_seat(players: int, hand: int) -> None:
    original = GameState(players, 4242)
    record = GameRecord.of(original)
    while original.hand_no < hand:
        record.play(original, Deal())
        if original.hand_no < hand:
            play_hand(original, hand)
            record.hands.pop()  # played past the record: not this test's point
    text = code_of("bolivia", players, record.hands[-1].source)
    assert text is not None
    code = decode(text)
    again = changed(GameState(players, 99), first_dealer=code.dealer)
    replayed = GameRecord.of(again)
    replayed.next_deal = (code.seed, code.hand)
    replayed.play(again, Deal())
    assert again.dealer == original.dealer
    assert again.hands == original.hands and again.pile == original.pile and again.stock == original.stock
    assert again.red_threes == original.red_threes and again.turn == original.turn
    assert replayed.hands[0].source == record.hands[-1].source  # its own code is the same code


# ----- at the table ------------------------------------------------------------------------------


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def typed(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=c, scancode=0) for c in text]


def test_the_setup_takes_a_code_and_plays_that_deal(flow: Flow) -> None:
    flow.storage.save_settings(Settings(GameSetup(players=2, level="easy", target=2500, speed="instant")))
    original = GameState(4, 777)
    original.apply(Deal())
    text = encode(DealCode("bolivia", 4, 777, 1))
    flow.start_menu()
    flow.app.run(frames=1)
    flow.app.scenes.current.handle_event(key(pygame.K_RETURN))  # New game
    flow.app.run(frames=1)
    setup = flow.app.scenes.current
    assert isinstance(setup, SetupScene)
    setup.focus = "deal"
    for event in typed(text[:-1] + "?" + text[-1]):  # a stray key is not a letter: left out
        setup.handle_event(event)
    assert setup.setup.players == 4 and "again" in setup.caption()
    setup.handle_event(key(pygame.K_BACKSPACE))
    setup.handle_event(typed("X")[0])  # a wrong last character
    setup.start()
    assert flow.app.scenes.current is setup and setup.deal_error and "wrong" in setup.caption()
    setup.handle_event(key(pygame.K_BACKSPACE))
    setup.handle_event(typed(text[-1])[0])
    setup.start()
    flow.app.run(frames=2)
    table = flow.app.scenes.current
    assert isinstance(table, TableScene)
    state = table.state
    assert state.hand_no == 1 and state.players == 4 and state.seed != 777
    record = table.controller.record
    dealt = next(replay(record, record.hands[0])).state  # as dealt (the computers may have moved since)
    assert dealt.hands == original.hands and dealt.pile == original.pile and dealt.dealer == original.dealer
    play_hand(state, 3)  # the engine plays the hand out past the record; the screen shows the deal's code
    flow.show_scoring(table)
    flow.app.run(frames=1)
    # The same deal, its code now carrying the target it was played to.
    assert flow.app.scenes.current.deal_code == encode(DealCode("bolivia", 4, 777, 1, state.target))


def test_the_scoring_screen_shows_the_code_of_its_deal(flow: Flow) -> None:
    flow.start_game(2, 31, "greedy", 2500, "instant")
    flow.app.run(frames=2)
    table = flow.app.scenes.current
    record = table.controller.record
    from game.ai import get_player
    from game.rules.legal import legal_actions
    from game.rules.view import view_of

    rng = random.Random(1)
    greedy = get_player("greedy")
    state = table.state
    while state.phase not in (Phase.DEAL, Phase.GAME_OVER):
        record.play(state, greedy(view_of(state, state.to_act), legal_actions(state), rng))
    flow.hand_ended(table)
    flow.app.run(frames=1)
    scoring = flow.app.scenes.current
    assert isinstance(scoring, ScoringScene)
    assert scoring.deal_code == encode(DealCode("bolivia", 2, 31, 1, 2500))


def test_the_command_line_refuses_a_bad_code_with_one_line(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "game", "--deal", "K7QM-3XBU-9A", "--frames", "1"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
                               "BOLIVIA_HOME": str(tmp_path),
                               "XDG_STATE_HOME": str(tmp_path)})
    assert proc.returncode == 2 and proc.stderr.startswith("error: --deal: ") and proc.stderr.count("\n") == 1


def test_the_command_line_opens_the_setup_with_the_code(flow: Flow) -> None:
    text = encode(DealCode("standard", 3, 5, 2))
    flow.start_menu(deal=text)
    flow.app.run(frames=1)
    setup = flow.app.scenes.current
    assert isinstance(setup, SetupScene) and setup.deal == text.replace("-", "")
    assert (setup.setup.game, setup.setup.players) == ("standard", 3) and setup.focus == "start"
    assert text in setup.caption()  # Start says which deal it plays
