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
    assert not scene.where.focused and scene.where.shown == scene.where.placeholder, "the example is cut short"


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


class Ear:
    """The screen reader's place: every line handed to it."""

    def __init__(self) -> None:
        self.heard: list[str] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.heard.append(text)

    def set_rate(self, rate: float) -> None:
        pass

    def set_language(self, lang: str) -> None:
        pass


@pytest.fixture
def ear():
    from game.ui.speech import Speaker, use

    heard = Ear()
    old = use(Speaker(make_backend=lambda: heard, clock=lambda: 0.0))
    yield heard
    use(old)


def said(ear: Ear) -> list[str]:
    from game.ui.speech import speaker

    speaker().flush()
    lines, ear.heard = ear.heard, []
    return lines


def press(scene, k: int, mod: int = 0, text: str = "") -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    if text:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_by_keys_alone_the_name_and_the_code_are_typed_and_a_table_joined_every_step_said(ear) -> None:
    # The two fields were reached only by a click: a player at the keyboard could not give a name or a code.
    joined: list[tuple[str, str, bool]] = []
    tables: list[Found] = []
    scene = TogetherScene("Player", lambda n: None, lambda n, w, p: joined.append((n, w, p)), lambda: None,
                          find=lambda: tables)
    scene.resize((1366, 768))
    scene.announce()
    assert said(ear) == ["Play with friends", "Looking for tables on this network…", "Host a table"]
    press(scene, pygame.K_UP)  # up from Host a table: the name
    assert scene.name.focused and said(ear) == ["Your name: Player. Type, then Enter."]
    for _ in "Player":
        press(scene, pygame.K_BACKSPACE)
    for ch in "Ann":
        press(scene, ord(ch.lower()), text=ch)
    assert scene.name.text == "Ann"
    press(scene, pygame.K_RETURN)  # the name typed: on to Host a table, not hosting yet
    assert not scene.name.focused and scene.buttons.focused.label == "Host a table" and joined == []
    assert said(ear) == ["Host a table"]
    tables.append(Found("Bo", "samba", 2, "K7QM3X ws://127.0.0.1:8765"))
    scene.update(1.0)  # a table heard on the network: said
    assert said(ear) == ["Table found: Bo's table: Samba, 2 free seats"]
    press(scene, pygame.K_DOWN)
    press(scene, pygame.K_DOWN)  # past the table found and the seat: the code and address
    press(scene, pygame.K_DOWN)
    assert scene.where.focused and said(ear)[-1] == (
        "Code and address, like K7Q M3X 192.168.1.20:8765: empty. Type, then Enter.")
    for ch in "K7QM3X 127.0.0.1:8765":
        press(scene, 0, text=ch)
    press(scene, pygame.K_RETURN)
    assert joined == [("Ann", "K7QM3X 127.0.0.1:8765", True)]
    press(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # back up the ring: the seat, said by its label
    assert said(ear)[-1] == "At four: sit opposite the host (partners)"
    scene.say("There is no table K7QM3X.")  # what the flow says back is heard, not only shown
    assert said(ear) == ["There is no table K7QM3X."]


def test_the_lobby_is_said_when_it_opens_and_each_seat_as_it_changes(ear) -> None:
    table = {"type": "table", "table": "K7QM3X", "variant": "bolivia", "players": 4, "target": 15000,
             "started": False, "computers": "hard",
             "seats": [{"seat": 0, "name": "Ann", "person": True, "computer": False, "away": False},
                       {"seat": 1, "name": "", "person": False, "computer": False, "away": False},
                       {"seat": 2, "name": "", "person": False, "computer": False, "away": False},
                       {"seat": 3, "name": "", "person": False, "computer": False, "away": False}]}
    lobby = LobbyScene(True, "K7QM3X", "127.0.0.1:8765", 0, lambda lv: None, lambda: None, lambda: None,
                       level="hard")
    lobby.resize((1366, 768))
    lobby.announce()  # opened before the table's first message: its code and seats are not known yet
    assert said(ear) == ["Your table", "Computers: Hard"]
    lobby.show_table(table)  # the first: the whole lobby said
    heard = said(ear)
    assert heard[:4] == ["Your table", "Invite code: K7Q M3X", "Address: 127.0.0.1:8765",
                         "Bolivia, 4 players, to 15,000 points"]
    assert "South: Ann (you)" in heard and "North: Computer (Hard): waiting for a player, your partner" in heard
    assert heard[-1] == "Computers: Hard"
    came = {**table, "seats": [*table["seats"][:2], {**table["seats"][2], "name": "Bo", "person": True},
                               table["seats"][3]]}
    lobby.show_table(came)
    assert said(ear) == ["North: Bo, your partner"]
    lobby.show_ready([2])
    assert said(ear) == ["North: Bo, your partner, ready"]


def test_the_setup_of_a_table_for_friends_says_what_it_does(ear) -> None:
    # It said "New game", "Start game" and "Back to the main menu" while it opened a table for friends and
    # went back to Play with friends.
    from scenes.house_rules import HouseSetupScene

    scene = HouseSetupScene(hosting=True)
    scene.resize((1366, 768))
    assert scene.heading() == "Host a table" and scene.start_button.label == "Open the table"
    scene.focus = "start"
    assert scene.caption().startswith("Open a table with these choices")
    scene.focus = "back"
    assert scene.caption() == "Back to Play with friends; nothing is changed."
    scene.switch_language("fr")
    assert (scene.heading(), scene.start_button.label) == ("Ouvrir une table", "Ouvrir la table")
    set_language("en")
    alone = HouseSetupScene()
    assert alone.heading() == "New game" and alone.start_button.label == "Start game"


def test_a_computers_level_agrees_with_the_computer_in_french() -> None:
    """The Difficulty line says 'Normale' (la difficulté); a computer is 'Ordinateur (Normal)', not
    'Ordinateur (Normale)'."""
    from scenes.together import seat_status

    computer = {"seat": 1, "name": "", "person": False, "computer": True, "away": False}
    set_language("fr")
    assert seat_status(computer, 0, "normal") == "Ordinateur (Normal) : en attente d’un joueur"
    assert seat_status(computer, 0, "hard") == "Ordinateur (Difficile) : en attente d’un joueur"
    set_language("en")
    assert seat_status(computer, 0, "normal") == "Computer (Normal): waiting for a player"
