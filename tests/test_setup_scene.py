"""The setup screen: keys and synthetic mouse events change the choices; Start and Back call back."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.keep.settings import GameSetup
from game.shell.app import App
from scenes.setup import SetupScene
from tests.scene_helpers import FakeClock, click, distinct_colours, key, motion


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640), clock=FakeClock())
    yield a
    a.close()


def open_setup(app: App, setup: GameSetup | None = None) -> tuple[SetupScene, list[GameSetup], list[bool]]:
    started: list[GameSetup] = []
    backs: list[bool] = []
    scene = SetupScene(setup, on_start=started.append, on_back=lambda: backs.append(True))
    app.scenes.request(scene)
    app.run(frames=2)
    return scene, started, backs


def test_renders_non_blank_at_both_sizes(app: App) -> None:
    scene, _s, _b = open_setup(app, GameSetup(per_seat=True, seat_levels=["easy", "hard", "normal"]))
    assert app.draws >= 1 and distinct_colours(app.screen) > 40
    for size in ((1920, 1080), (1024, 640), (800, 500)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run(frames=1)
        screen = app.screen.get_rect()
        for row in scene.rows:
            assert screen.contains(row.box), (size, row.key)
        assert screen.contains(scene.start_button.rect) and screen.contains(scene.back_button.rect)
        boxes = [r.rect for r in scene.rows] + [scene.start_button.rect]
        assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_enter_at_once_starts_the_last_setup(app: App) -> None:
    last = GameSetup(players=3, level="hard", target=5000, speed="fast")
    scene, started, _b = open_setup(app, last)
    assert scene.focus == "start"
    scene.handle_event(key(pygame.K_RETURN))
    assert started == [last]


def test_keys_change_every_choice(app: App) -> None:
    scene, started, _b = open_setup(app)
    scene.handle_event(key(pygame.K_UP))  # from Start up to the last line: speed
    assert scene.focus == "speed"
    scene.handle_event(key(pygame.K_RIGHT))  # normal -> fast
    scene.handle_event(key(pygame.K_UP))
    assert scene.focus == "target"
    scene.handle_event(key(pygame.K_LEFT))  # 15,000 -> 10,000
    for _i in range(6):
        scene.handle_event(key(pygame.K_UP))  # stops at the top line
    assert scene.focus == "game"
    scene.handle_event(key(pygame.K_DOWN))
    assert scene.focus == "players"
    scene.handle_event(key(pygame.K_LEFT))  # 4 -> 3
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_RIGHT))  # normal -> hard
    assert scene.dirty
    for _i in range(10):
        scene.handle_event(key(pygame.K_RETURN))  # Enter walks down the lines, then presses Start
        if started:
            break
    assert started == [GameSetup(players=3, level="hard", target=10000, speed="fast")]


def test_each_seat_gets_its_own_difficulty(app: App) -> None:
    scene, started, _b = open_setup(app, GameSetup(players=4, level="easy"))
    scene.focus = "difficulty"
    for _i in range(4):
        scene.handle_event(key(pygame.K_RIGHT))  # easy -> normal -> hard -> expert -> each seat
    assert scene.setup.per_seat and scene.setup.seat_levels == ["expert", "expert", "expert"]
    assert [r.key for r in scene.rows] == ["game", "players", "difficulty", "seat1", "seat2", "seat3", "target",
                                           "speed"]
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_LEFT))  # West: expert -> hard
    scene.handle_event(key(pygame.K_DOWN))
    scene.handle_event(key(pygame.K_SPACE))  # North: expert -> easy (wraps)
    assert scene.setup.levels() == ["human", "hard", "easy", "expert"]
    assert "North" in scene.caption()
    # Two players: one computer, so no per-seat lines.
    scene.focus = "players"
    scene.handle_event(key(pygame.K_RIGHT))  # 4 -> 2
    assert not scene.setup.per_seat and "seat1" not in [r.key for r in scene.rows]
    assert scene.setup.levels() == ["human", "hard"]


def test_mouse_arrows_and_values(app: App) -> None:
    scene, started, backs = open_setup(app)
    target = next(r for r in scene.rows if r.key == "target")
    left_arrow = (target.box.left + target.box.h // 2, target.box.centery)
    right_arrow = (target.box.right - target.box.h // 2, target.box.centery)
    scene.handle_event(motion(right_arrow))
    assert scene.focus == "target" and scene.hover_arrow == ("target", 1)
    for e in click(left_arrow):
        scene.handle_event(e)
    assert scene.setup.target == 10000
    for e in click(right_arrow) + click(target.box.center) + click(target.box.center):
        scene.handle_event(e)
    assert scene.setup.target == 5000  # 15,000 -> 2,500 -> 5,000: the value wraps round
    speed = next(r for r in scene.rows if r.key == "speed")
    for e in click(speed.box.center):
        scene.handle_event(e)
    assert scene.setup.speed == "fast"
    # Pressed on Start, released elsewhere: nothing; then a real click.
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=scene.start_button.rect.center))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(2, 2)))
    assert started == []
    for e in click(scene.start_button.rect.center):
        scene.handle_event(e)
    assert started == [GameSetup(target=5000, speed="fast")]
    for e in click(scene.back_button.rect.center):
        scene.handle_event(e)
    assert backs == [True]


def test_escape_goes_back_and_the_given_setup_is_not_changed(app: App) -> None:
    given = GameSetup(players=2)
    scene, started, backs = open_setup(app, given)
    scene.focus = "players"
    scene.handle_event(key(pygame.K_RIGHT))
    scene.handle_event(key(pygame.K_ESCAPE))
    assert backs == [True] and started == []
    assert given == GameSetup(players=2)


def test_left_right_on_the_buttons_moves_between_them(app: App) -> None:
    scene, _started, backs = open_setup(app)
    scene.handle_event(key(pygame.K_LEFT))
    assert scene.focus == "back"
    scene.handle_event(key(pygame.K_RETURN))
    assert backs == [True]


def test_the_game_line_comes_first_and_the_targets_follow_the_game(app: App) -> None:
    scene, started, _b = open_setup(app, GameSetup(players=4))
    assert scene.rows[0].key == "game" and scene.value_text(scene.rows[0]) == "Bolivia"
    target = next(r for r in scene.rows if r.key == "target")
    assert target.values == [2500, 5000, 7500, 10000, 15000] and scene.setup.target == 15000
    scene.focus = "game"
    scene.handle_event(key(pygame.K_RIGHT))  # Bolivia -> Standard Canasta
    assert scene.setup.game == "standard" and scene.value_text(scene.rows[0]) == "Standard Canasta"
    assert "frozen pile" in scene.caption()
    target = next(r for r in scene.rows if r.key == "target")
    assert target.values == [2500, 5000, 7500, 10000] and scene.setup.target == 5000
    scene.focus = "players"
    scene.handle_event(key(pygame.K_LEFT))  # 4 -> 3: the usual target of three players
    assert scene.setup.players == 3 and scene.setup.target == 7500
    scene.handle_event(key(pygame.K_LEFT))  # 3 -> 2
    assert scene.setup.target == 5000
    scene.start()
    assert started[-1].game == "standard" and started[-1].target == 5000


def test_a_stored_setup_keeps_a_target_of_its_own_game() -> None:
    assert GameSetup.from_json({"game": "standard", "players": 3, "target": 15000}).target == 7500
    assert GameSetup.from_json({"game": "standard", "players": 2, "target": 2500}).target == 2500
    assert GameSetup.from_json({"game": "bolivia", "target": 15000}).target == 15000


def set_line(scene: SetupScene, line: str, value: object) -> None:
    """Step a line with → until it shows `value`, as a player would."""
    scene.focus = line
    row = next(r for r in scene.rows if r.key == line)
    for _step in range(len(row.values)):
        if next(r for r in scene.rows if r.key == line).value == value:
            return
        scene.handle_event(key(pygame.K_RIGHT))
    raise AssertionError(f"{line} never shows {value}")


def test_switching_the_game_keeps_the_target_the_player_chose(app: App) -> None:
    """Issue 23: a target chosen, then the game switched and back, came back as 15,000."""
    scene, started, _b = open_setup(app, GameSetup(players=4))
    set_line(scene, "target", 5000)
    set_line(scene, "game", "standard")
    assert scene.setup.target == 5000  # Standard offers 5,000: the player's number stays
    set_line(scene, "target", 10000)
    set_line(scene, "game", "bolivia")
    assert scene.setup.target == 5000  # Bolivia's own, as chosen for it
    set_line(scene, "game", "standard")
    assert scene.setup.target == 10000  # and Standard's own
    scene.start()
    assert started[-1].targets == {"bolivia": 5000, "standard": 10000}


def test_another_games_usual_target_never_comes_along(app: App) -> None:
    scene, _s, _b = open_setup(app, GameSetup(game="standard", players=4, target=5000))
    set_line(scene, "game", "bolivia")
    assert scene.setup.target == 15000  # 5,000 was Standard's usual target, not a choice: Bolivia's usual one
    set_line(scene, "game", "standard")
    assert scene.setup.target == 5000
    set_line(scene, "players", 3)
    assert scene.setup.target == 7500  # the usual target follows the table size; a chosen one would stay
    set_line(scene, "target", 2500)
    set_line(scene, "players", 4)
    assert scene.setup.target == 2500


def test_the_targets_are_remembered_per_game_from_one_session_to_the_next(app: App) -> None:
    given = GameSetup(players=4)
    scene, started, backs = open_setup(app, given)
    set_line(scene, "target", 7500)
    scene.back()
    assert given.targets == {}  # Back changes nothing
    scene, started, _b = open_setup(app, given)
    set_line(scene, "target", 7500)
    set_line(scene, "game", "standard")
    set_line(scene, "target", 2500)
    scene.start()
    stored = GameSetup.from_json(started[-1].to_json())  # as the settings file keeps it
    assert stored.targets == {"bolivia": 7500, "standard": 2500} and stored.game == "standard"
    scene, _s, _b = open_setup(app, stored)
    set_line(scene, "game", "bolivia")
    assert scene.setup.target == 7500


def test_remembered_targets_from_a_file_are_checked() -> None:
    data = {"game": "bolivia", "targets": {"bolivia": 123, "standard": 15000, "samba": 5000, "x": True}}
    assert GameSetup.from_json(data).targets == {}
    assert GameSetup.from_json({"targets": {"standard": 7500, "bolivia": 10000}}).targets == {
        "standard": 7500, "bolivia": 10000}
    assert GameSetup.from_json({"targets": [1, 2]}).targets == {}


def test_the_settings_game_line_brings_each_games_own_target() -> None:
    from game.keep.settings import Settings
    from scenes.settings import SettingsScene

    settings = Settings(GameSetup(players=4, target=10000, targets={"bolivia": 10000, "standard": 2500}))
    scene = SettingsScene(settings)
    scene.focus = "game"
    scene.handle_event(key(pygame.K_RIGHT))
    assert settings.setup.game == "standard" and settings.setup.target == 2500
    scene.handle_event(key(pygame.K_RIGHT))
    assert settings.setup.game == "samba" and settings.setup.target == 2500  # the number just chosen: Samba has it
    scene.handle_event(key(pygame.K_RIGHT))
    assert settings.setup.game == "bolivia" and settings.setup.target == 10000
