"""A deal code plays its game to its target, and leaves the player's remembered target as the player chose
it. Seen: 1HWK-SCRJ-G0, a Bolivia game to 15,000, typed after a Samba game to 10,000 started "to 10,000",
and Bolivia then remembered 10,000 for later games."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.keep.settings import GameSetup, Settings
from game.keep.storage import Storage
from game.rules.deal_code import DealCode, code_of, decode, encode
from game.shell.flow import Flow
from scenes.setup import SetupScene
from scenes.table import TableScene
from tests.scene_helpers import FakeClock, key


@pytest.fixture
def flow(tmp_path: Path) -> Iterator[Flow]:
    f = Flow((1024, 640), storage=Storage(tmp_path / "data"))
    f.app.clock = FakeClock()
    yield f
    f.close()


def typed(text: str) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=c, scancode=0) for c in text]


def samba_player() -> Settings:
    """A player who last played Samba to 10,000 and never chose a Bolivia target."""
    return Settings(GameSetup(players=4, level="easy", target=10000, speed="instant", game="samba",
                              targets={"samba": 10000}))


def test_a_code_carries_its_target_in_ten_characters() -> None:
    for target in (2500, 5000, 7500, 10000, 15000):
        code = DealCode("bolivia", 4, (1 << 30) - 1, 60, target)
        text = encode(code)
        assert decode(text) == code and len(text.replace("-", "")) == 10
    assert code_of("samba", 2, (5, 3), 7500) == encode(DealCode("samba", 2, 5, 3, 7500))


def test_an_older_code_without_a_target_still_reads() -> None:
    code = decode("1HWK-SCRJ-G0")
    assert (code.game, code.players, code.target) == ("bolivia", 4, None)


def open_setup(flow: Flow, deal: str = "") -> SetupScene:
    flow.start_menu(deal=deal)
    flow.app.run(frames=1)
    if not deal:
        flow.app.scenes.current.handle_event(key(pygame.K_RETURN))  # New game
        flow.app.run(frames=1)
    setup = flow.app.scenes.current
    assert isinstance(setup, SetupScene)
    return setup


def start_table(flow: Flow, setup: SetupScene) -> TableScene:
    setup.start()
    flow.app.run(frames=2)
    table = flow.app.scenes.current
    assert isinstance(table, TableScene)
    return table


@pytest.mark.parametrize("path", ["typed", "command line"])
def test_a_code_plays_to_its_target_and_the_player_keeps_theirs(flow: Flow, path: str) -> None:
    flow.storage.save_settings(samba_player())
    text = encode(DealCode("bolivia", 4, 595262541, 1, 15000))
    if path == "typed":
        setup = open_setup(flow)
        setup.focus = "deal"
        for event in typed(text):
            setup.handle_event(event)
    else:
        setup = open_setup(flow, text)
    assert setup.setup.target == 15000 and "15,000" in setup.caption()
    table = start_table(flow, setup)
    assert (table.state.rules.name, table.state.target) == ("bolivia", 15000)
    kept = flow.storage.load_settings().setup
    assert kept.targets == {"samba": 10000}  # the code's target is the deal's, not a choice of the player's
    assert kept.target == 15000  # Bolivia at its usual target: nothing the player chose was replaced


@pytest.mark.parametrize("path", ["typed", "command line"])
def test_an_older_code_plays_to_the_games_own_target_not_the_last_games(flow: Flow, path: str) -> None:
    flow.storage.save_settings(samba_player())
    text = "1HWK-SCRJ-G0"
    if path == "typed":
        setup = open_setup(flow)
        setup.focus = "deal"
        for event in typed(text):
            setup.handle_event(event)
    else:
        setup = open_setup(flow, text)
    table = start_table(flow, setup)
    assert (table.state.rules.name, table.state.target) == ("bolivia", 15000)
    kept = flow.storage.load_settings().setup
    assert kept.targets == {"samba": 10000} and kept.target == 15000


def test_a_target_the_player_picks_after_the_code_is_theirs(flow: Flow) -> None:
    flow.storage.save_settings(samba_player())
    setup = open_setup(flow, encode(DealCode("bolivia", 4, 9, 1, 15000)))
    setup.focus = "target"
    setup.change("target", -1)  # 10,000
    table = start_table(flow, setup)
    assert table.state.target == 10000
    kept = flow.storage.load_settings().setup
    assert kept.targets == {"samba": 10000, "bolivia": 10000} and kept.target == 10000


def test_a_code_cleared_leaves_the_players_own_target(flow: Flow) -> None:
    flow.storage.save_settings(samba_player())
    setup = open_setup(flow)
    setup.focus = "deal"
    for event in typed(encode(DealCode("samba", 4, 9, 1, 5000))):
        setup.handle_event(event)
    assert setup.played_target == 5000 and setup.value_text(setup._row("target")) == "5,000 points"
    setup.handle_event(key(pygame.K_DELETE))  # the Deal line cleared: a new shuffle, at the player's target
    assert setup.played_target == 10000 and setup.value_text(setup._row("target")) == "10,000 points"
    table = start_table(flow, setup)
    assert table.state.target == 10000


def test_the_codes_game_and_table_stay_the_codes_at_start(flow: Flow) -> None:
    flow.storage.save_settings(samba_player())
    setup = open_setup(flow, encode(DealCode("bolivia", 3, 9, 1, 7500)))
    setup.change("game", 1)  # away from the code's game: Start plays the code's again, to its target
    table = start_table(flow, setup)
    assert (table.state.rules.name, table.state.players, table.state.target) == ("bolivia", 3, 7500)


def test_codes_with_a_target_read_back_whatever_the_seed() -> None:
    import random

    rng = random.Random(2)
    for _ in range(2000):
        code = DealCode(rng.choice(["bolivia", "standard", "samba"]), rng.randint(2, 4),
                        rng.choice([rng.randrange(1 << 30), rng.randrange(-(1 << 63), 1 << 63)]), rng.randint(1, 60),
                        rng.choice([None, 2500, 5000, 7500, 10000, 15000]))
        assert decode(encode(code)) == code
