"""The Play with friends screen and the lobby fit the window: four tables heard, the last table to
continue and a long message, at the smallest window and at a laptop's, in each language."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.net.invite import Found
from scenes.together import LobbyScene, TogetherScene


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    yield
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_every_line_of_the_join_screen_has_its_own_place_inside_the_window(lang: str, size) -> None:
    set_language(lang)
    tables = [Found(f"Host {i}", "bolivia", i, f"K7QM3{i} ws://127.0.0.1:876{i}") for i in range(1, 5)]
    scene = TogetherScene("Ann", lambda n: None, lambda n, w, p: None, lambda: None, find=lambda: tables,
                          on_resume=lambda: None, resume_info="Your last table, K7QM3X, can go on.")
    scene.update(1.0)  # hears the four tables
    scene.resize(size)
    scene.say("The connection to the table was lost. Its game is kept: choose Continue the last table when the "
              "host is back.")
    rects = [scene.name.rect, scene.where.rect] + [b.rect for b in scene.buttons.buttons]
    window = pygame.Rect((0, 0), size)
    assert len(scene.buttons.buttons) == 1 + 4 + 2 + 1 + 1  # host, the tables, seat, join, continue, back
    assert all(window.contains(r) for r in rects)
    rects.sort(key=lambda r: r.y)
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:], strict=False)), "two lines overlap"
    assert rects[-1].bottom <= scene._status_y  # the message under the last button
    surface = pygame.Surface(size)
    scene.draw(surface)


def test_the_lobby_draws_every_seat_for_the_host_and_for_a_guest() -> None:
    table = {"type": "table", "table": "K7QM3X", "variant": "samba", "players": 4, "target": 10000, "started": False,
             "seats": [{"seat": 0, "name": "Ann", "person": True, "computer": False, "away": False},
                       {"seat": 1, "name": "", "person": False, "computer": False, "away": False},
                       {"seat": 2, "name": "Bo", "person": True, "computer": False, "away": False},
                       {"seat": 3, "name": "", "person": False, "computer": False, "away": False}]}
    for hosting, me in ((True, 0), (False, 2)):
        lobby = LobbyScene(hosting, "K7QM3X", "127.0.0.1:8765", me, lambda lv: None, lambda: None, lambda: None)
        lobby.resize((1024, 600))
        lobby.show_table(table)
        lobby.show_ready([2])
        lobby.draw(pygame.Surface((1024, 600)))
        assert [b.label for b in lobby.buttons.buttons] == (["Computers: Normal", "Start", "Leave the table"]
                                                            if hosting else ["Not ready", "Leave the table"])


def test_a_guest_says_ready_and_can_take_it_back() -> None:
    said: list[bool] = []
    lobby = LobbyScene(False, "K7QM3X", "127.0.0.1:8765", 2, lambda lv: None, lambda: None, lambda: None,
                       on_ready=said.append)
    lobby.buttons.buttons[0].activate()
    lobby.show_ready([2])  # the server's answer
    assert lobby.buttons.buttons[0].label == "Not ready"
    lobby.buttons.buttons[0].activate()
    lobby.show_ready([])
    assert said == [True, False] and lobby.buttons.buttons[0].label == "Ready"
