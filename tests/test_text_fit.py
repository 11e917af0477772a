"""Text cut or crowded on laptop screens: a line cut to its box ends with "…" and stays inside the box at
the size it is drawn; the keys overlay stays inside its border; the BLOCKED badge clear of the pile's
label; in English, French and Swedish at 1024x600, 1366x768 and 1920x1080."""

from __future__ import annotations

import pygame
import pytest

import scenes.table_parts.overlays as overlays
from game.assets import font


def drawn_texts(monkeypatch: pytest.MonkeyPatch, module) -> list[tuple[str, int, tuple[int, int]]]:
    seen: list[tuple[str, int, tuple[int, int]]] = []
    real = module.draw_text

    def spy(surface, text, size, colour, pos, *args, **kw):
        seen.append((text, size, pos))
        return real(surface, text, size, colour, pos, *args, **kw)

    monkeypatch.setattr(module, "draw_text", spy)
    return seen


@pytest.mark.parametrize("width", [180, 240, 320])
def test_a_long_log_line_is_cut_with_an_ellipsis_inside_its_panel(monkeypatch, width: int) -> None:
    seen = drawn_texts(monkeypatch, overlays)
    long = "West took the pile (11 cards) with two queens and melded a natural canasta of queens at once"
    short = "You drew 2 cards."
    text_px = 15
    overlays.log_panel_image((width, 120), [long, short], text_px)
    pad = max(4, text_px // 3)
    lines = [(t, px) for t, px, _pos in seen[1:]]  # the title first
    assert (short, text_px) in lines
    (cut,) = [(t, px) for t, px in lines if t != short]
    assert cut[0].endswith("…") and long.startswith(cut[0][:-1].rstrip())
    assert font(cut[1]).size(cut[0])[0] <= width - 2 * pad  # inside, at the size it is drawn


SIZES = [(1024, 600), (1366, 768), (1920, 1080)]
LANGS = ["en", "fr", "sv"]


@pytest.fixture
def app():
    from game.shell.app import App
    from tests.scene_helpers import FakeClock

    a = App((1366, 768), clock=FakeClock())
    yield a
    a.close()
    from game.i18n import set_language

    set_language("en")


def four_seat_table(app, size: tuple[int, int]):
    from game.rules.state import GameState
    from game.shell.controller import TurnController
    from scenes.table import TableScene

    state = GameState(4, 11)
    controller = TurnController(state, {}, {0, 1, 2, 3}, "instant", 11, threaded=False)
    scene = TableScene(controller, "instant")
    app.scenes.request(scene)
    app.run(frames=2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    app.run(frames=2)
    return scene


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_keys_overlay_stays_inside_its_border(app, monkeypatch, lang: str, size: tuple[int, int]) -> None:
    from game.i18n import set_language
    from scenes.table_parts import panels
    from scenes.table_parts.panels import Panels, help_lines

    set_language(lang)
    scene = four_seat_table(app, size)
    seen = drawn_texts(monkeypatch, panels)
    scene.panels.help = True
    scene.dirty = True
    app.run(frames=1)
    assert seen, "the keys were drawn"
    u = max(18, round(min(size[1], size[0] * 0.75) * 0.045))
    box, px, _step, _parts = Panels.help_box(help_lines(scene.view), size, u)
    assert pygame.Rect((0, 0), size).contains(box) and px >= 12
    for i, (text, text_px, (x, y)) in enumerate(seen):
        w, h = font(text_px, i == 0).size(text)  # the title is bold
        assert box.left <= x and x + w <= box.right, (text, x, w, box)
        assert box.top <= y and y + h <= box.bottom, (text, y, h, box)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", ["draw", "meld"])
def test_the_blocked_badge_is_clear_of_the_piles_label(app, lang: str, size: tuple[int, int], phase: str) -> None:
    # Played at 1024x600: BLOCKED sat over the pile's count on the small pile card.
    from game.i18n import set_language
    from game.rules.state import Phase
    from game.shell.controller import TurnController
    from scenes.table import TableScene
    from scenes.table_parts.piles import Piles
    from scenes.widgets import ui_unit
    from tests.helpers import position

    set_language(lang)
    app._resized(size)
    state = position(4, ["5C JD QH 8S 2D 4H 9D AH", "4D 5S 7D TC JH", "AS AC JK 4C", "5H JK JC"],
                     pile="4S AD QD KH 6D 5C TD 3S", turn=0, phase=Phase.DRAW if phase == "draw" else Phase.MELD)
    scene = TableScene(TurnController(state, {}, {0, 1, 2, 3}, "fast", 1, threaded=False), "fast")
    app.scenes.request(scene)
    app.run(frames=2)
    assert state.pile_blocked()
    tags: list[tuple[str, pygame.Rect]] = []
    real = Piles.badge

    def spy(self, surface, text, card, *args, **kw):
        tag = real(self, surface, text, card, *args, **kw)
        tags.append((text, tag))
        return tag

    Piles.badge = spy
    try:
        scene.piles.draw(pygame.Surface(app.size), scene.view, ui_unit(app.size))
    finally:
        Piles.badge = real
    (count,) = [tag for text, tag in tags if any(ch.isdigit() for ch in text) and tag.colliderect(scene.piles.discard)]
    blocked = [tag for text, tag in tags if not any(ch.isdigit() for ch in text)]
    assert len(blocked) == 1
    assert not blocked[0].colliderect(count), (tags, scene.piles.discard)
    assert app.screen.get_rect().contains(blocked[0])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("order", ["rank", "suit"])
def test_the_replay_sorts_the_hands_as_the_player_does_with_cards_as_large_as_fit(monkeypatch, size, order) -> None:
    # Played: the replay's hands were in the order of the cards' ids and its cards tiny (47 px at 1366x768).
    import scenes.replay as replay_module
    from game.shell.app import App
    from game.ui.hand_order import sort_key
    from scenes.replay import ROW_SHOWN, ReplayScene
    from tests.scene_helpers import FakeClock
    from tests.test_record import recorded_game

    _state, record = recorded_game(4, 8, hands=1)
    app = App(size, clock=FakeClock())
    try:
        scene = ReplayScene(record, record.hands[0].hand, show_hidden=True, sort_order=order, four_colour=True)
        app.scenes.request(scene)
        app.run(frames=1)
        scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode=""))
        blits: list[int | None] = []
        faces = scene._faces
        real_card = faces.card
        monkeypatch.setattr(faces, "card", lambda c: (blits.append(c), real_card(c))[1])
        scene.draw(app.screen)
        state = scene.model.frame.state
        hands = [state.hands[s] for s in range(4)]
        drawn = [c for c in blits if c is not None]
        at = 0
        for hand in hands:
            assert drawn[at:at + len(hand)] == sorted(hand, key=sort_key(order))
            at += len(hand)
        assert faces.four_colour
        u = replay_module.ui_unit(size)
        rows = 5
        # The hands, each but the last to the top of the next, the last whole; the pile's line and its cards.
        label_h = max(scene._text + 4, replay_module.font(scene._text, True).get_height() + 1)
        used = (rows - 2) * (scene._text + 4 + faces.height * ROW_SHOWN) + faces.height + 2 + label_h + faces.height
        assert used <= scene._board.h - u // 2
        if size == (1366, 768):
            assert faces.width >= 60
    finally:
        app.close()


class Recording(pygame.Surface):
    """A surface that keeps where each image was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kw):  # type: ignore[override]
        rect = super().blit(source, dest, *args, **kw)
        self.placed.append(pygame.Rect(dest if len(dest) == 4 else (*dest, *source.get_size())))
        return rect


@pytest.mark.parametrize("size", SIZES)
def test_the_replays_cards_stay_on_its_board_at_the_hands_end(size) -> None:
    # Larger hands' cards left the melds less room: at the end of a hand they ran over the buttons.
    from game.shell.app import App
    from scenes.replay import ReplayScene
    from tests.scene_helpers import FakeClock
    from tests.test_record import recorded_game

    _state, record = recorded_game(4, 8, hands=1)
    app = App(size, clock=FakeClock())
    try:
        scene = ReplayScene(record, record.hands[0].hand, show_hidden=True)
        app.scenes.request(scene)
        app.run(frames=1)
        for at in (0, scene.model.last // 2, scene.model.last):
            scene.model.go(at)
            surface = Recording(size)
            scene.draw(surface)
            cards = [r for r in surface.placed if r.w >= 16 and 1.3 <= r.h / r.w <= 1.5]
            assert cards
            for r in cards:
                assert scene._board.contains(r), (at, r, scene._board)
    finally:
        app.close()
