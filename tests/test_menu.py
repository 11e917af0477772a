"""The main menu and its widgets under the dummy video driver."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.shell.app import App
from scenes.menu import MenuScene
from scenes.widgets import Button, Dialog, FocusGroup, Toast, Toasts, felt_background, ui_unit, wrap_text


class FakeClock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1024, 640), clock=FakeClock())
    yield a
    a.close()


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
    ]


def start(app: App, **callbacks: object) -> MenuScene:
    menu = MenuScene(**callbacks)  # type: ignore[arg-type]
    app.scenes.request(menu)
    app.run(frames=2)
    return menu


def distinct_colours(surface: pygame.Surface, step: int = 16) -> int:
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y))) for x in range(0, w, step) for y in range(0, h, step)})


def test_menu_renders_non_blank(app: App) -> None:
    menu = start(app)
    app.run(frames=60)  # let the card fan land
    assert app.draws >= 1
    assert distinct_colours(app.screen) > 50
    # The felt is green, the buttons are pale.
    assert app.screen.get_at((5, app.size[1] // 2)).g > app.screen.get_at((5, app.size[1] // 2)).r
    b = menu.buttons.buttons[-1].rect  # one without the focus (the focused one has its pointers there)
    c = app.screen.get_at((b.left + 10, b.centery))
    assert min(c.r, c.g, c.b) > 180


def test_menu_goes_idle(app: App) -> None:
    start(app)
    app.run(frames=80)
    before = app.draws
    app.run(frames=30)
    assert app.draws == before  # nothing moves: no redraw


def test_enter_starts_a_new_game(app: App) -> None:
    started: list[bool] = []
    menu = start(app, on_new_game=lambda: started.append(True))
    menu.handle_event(key(pygame.K_RETURN))
    assert started == [True]


def test_the_menu_opens_settings_statistics_and_rules(app: App) -> None:
    seen: list[str] = []
    menu = start(app, on_settings=lambda: seen.append("settings"), on_statistics=lambda: seen.append("stats"),
                 on_rules=lambda: seen.append("rules"))
    assert [b.label for b in menu.buttons.buttons] == ["New game", "Play with friends", "Learn to play", "Settings",
                                                         "Statistics", "Rules", "Quit"]
    menu.handle_event(key(pygame.K_DOWN))  # past Play with friends
    menu.handle_event(key(pygame.K_DOWN))  # past Learn to play
    for _i in range(3):
        menu.handle_event(key(pygame.K_DOWN))
        menu.handle_event(key(pygame.K_RETURN))
    assert seen == ["settings", "stats", "rules"]


def test_down_to_quit_and_enter_quits(app: App) -> None:
    menu = start(app)
    for k in (pygame.K_DOWN,) * 6 + (pygame.K_RETURN,):
        pygame.event.post(key(k))
    frames = app.run(frames=50)
    assert menu.buttons.focus == 6
    assert not app.running
    assert frames == 0  # stopped in the very frame that saw Enter


def test_focus_wraps_round(app: App) -> None:
    menu = start(app)
    menu.handle_event(key(pygame.K_UP))
    assert menu.buttons.focus == 6
    menu.handle_event(key(pygame.K_DOWN))
    assert menu.buttons.focus == 0


def test_mouse_click_picks_a_button(app: App) -> None:
    started: list[bool] = []
    menu = start(app, on_new_game=lambda: started.append(True))
    rules = menu.buttons.buttons[1].rect
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=rules.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.buttons.focus == 1
    for e in click(menu.buttons.buttons[0].rect.center):
        menu.handle_event(e)
    assert started == [True]
    # Pressed on one button, released elsewhere: nothing happens.
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=menu.buttons.buttons[0].rect.center))
    menu.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(1, 1)))
    assert started == [True]


def test_escape_asks_before_quitting(app: App) -> None:
    quits: list[bool] = []
    menu = start(app, on_quit=lambda: quits.append(True))
    menu.handle_event(key(pygame.K_ESCAPE))
    assert menu.dialog is not None and menu.dialog.open
    menu.handle_event(key(pygame.K_RETURN))  # "Stay" has the focus: the safe answer
    assert quits == []
    menu.update(0.016)
    assert menu.dialog is None
    menu.handle_event(key(pygame.K_ESCAPE))
    menu.handle_event(key(pygame.K_LEFT))
    menu.handle_event(key(pygame.K_RETURN))
    assert quits == [True]


def test_new_game_without_callback_shows_a_toast(app: App) -> None:
    menu = start(app)
    menu.handle_event(key(pygame.K_RETURN))
    assert len(menu.toasts.items) == 1
    for _frame in range(300):
        menu.update(0.016)
    assert menu.toasts.items == []


def test_menu_survives_resizes(app: App) -> None:
    menu = start(app)
    for size in ((800, 500), (1920, 1080), (1024, 640)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        app.run(frames=1)
        assert menu.size == size
        for b in menu.buttons.buttons:
            assert app.screen.get_rect().contains(b.rect)


# --- widgets -----------------------------------------------------------------------------


def test_wrap_text(app: App) -> None:
    from game.assets import font

    f = font(20)
    lines = wrap_text("one two three four five six seven eight nine ten", f, 120)
    assert len(lines) > 1
    assert all(f.size(line)[0] <= 120 for line in lines)
    assert wrap_text("a\nb", f, 500) == ["a", "b"]


def test_focus_group_skips_disabled_buttons() -> None:
    hits: list[str] = []
    group = FocusGroup(
        [
            Button("a", lambda: hits.append("a")),
            Button("b", lambda: None, enabled=False),
            Button("c", lambda: hits.append("c")),
        ]
    )
    group.move(1)
    assert group.focus == 2
    group.handle_event(key(pygame.K_SPACE))
    assert hits == ["c"]


def test_dialog_answers_once() -> None:
    answers: list[bool] = []
    d = Dialog("Sure?", answers.append)
    d.layout((800, 600))
    assert d.handle_event(key(pygame.K_RIGHT))
    d.handle_event(key(pygame.K_LEFT))
    d.handle_event(key(pygame.K_RETURN))
    d.handle_event(key(pygame.K_RETURN))
    assert answers == [True] and not d.open
    assert not d.handle_event(key(pygame.K_RETURN))


def test_dialog_escape_means_no(app: App) -> None:
    answers: list[bool] = []
    d = Dialog("Sure?", answers.append)
    d.layout(app.size)
    d.draw(app.screen)
    d.handle_event(key(pygame.K_ESCAPE))
    assert answers == [False]


def test_toast_fades_then_goes() -> None:
    t = Toast("hello", duration=2.0, fade=0.5)
    assert t.alpha == 255
    t.update(1.75)
    assert 0 < t.alpha < 255
    assert t.update(0.5)  # the frame it disappears still asks for a redraw
    assert not t.alive
    toasts = Toasts()
    toasts.show("a", 1.0)
    toasts.update(2.0)
    assert toasts.items == []


def test_felt_and_units() -> None:
    surf = felt_background((320, 200))
    centre, corner = surf.get_at((160, 100)), surf.get_at((0, 0))
    assert centre.g > centre.r and centre.g > corner.g  # green, lighter in the middle
    assert ui_unit((1024, 640)) >= 24
    assert ui_unit((1920, 1080)) > ui_unit((1024, 640))


# --- continue, notices and the corrected rules ---------------------------------------------


def test_continue_comes_first_when_a_game_is_saved(app: App) -> None:
    calls: list[str] = []
    menu = start(app, on_continue=lambda: calls.append("continue"), on_new_game=lambda: calls.append("new"),
                 continue_info="Game in progress: hand 3.")
    assert [b.label for b in menu.buttons.buttons] == ["Continue game", "New game", "Play with friends",
                                                         "Learn to play", "Settings", "Statistics", "Rules", "Quit"]
    menu.draw(app.screen)
    menu.handle_event(key(pygame.K_RETURN))
    assert calls == ["continue"]


def test_notices_wait_for_ok(app: App) -> None:
    started: list[bool] = []
    menu = start(app, on_new_game=lambda: started.append(True))
    menu.notice("Your saved game could not be read.")
    menu.notice("Second message.")
    menu.draw(app.screen)
    menu.handle_event(key(pygame.K_RETURN))
    assert len(menu.notices) == 1 and started == []
    for e in click(menu.notices[0].ok.rect.center):
        menu.handle_event(e)
    assert menu.notices == []
    menu.handle_event(key(pygame.K_RETURN))
    assert started == [True]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 668), (1366, 768), (1920, 1080)])
def test_six_buttons_stay_readable_and_clear_of_the_hint_and_the_fan(app: App, size: tuple[int, int]) -> None:
    # With a game in progress the menu has seven buttons (six before Learn to play): at 1280x668 (a 1366x768
    # laptop's first window) the last one ran under the hint line that names the game in progress, with 14 px labels.
    menu = MenuScene(on_new_game=lambda: None, on_continue=lambda: None,
                     continue_info="Standard Canasta in progress: hand 3. You 1,155 · North 1,360")
    menu.resize(size)
    assert menu.buttons.buttons[2].rect.y == menu.buttons.buttons[1].rect.y  # Play with friends beside New game
    rects = [b.rect for i, b in enumerate(menu.buttons.buttons) if i != 2]
    assert len(rects) == 7
    u = ui_unit(size)
    hint_top = size[1] - u // 2 - max(14, u * 3 // 4)
    assert rects[-1].bottom <= hint_top
    assert all(a.bottom < b.top for a, b in zip(rects, rects[1:], strict=False))
    assert min(b.text_size() for b in menu.buttons.buttons) >= 16
    assert max(rect.bottom for _img, rect in menu._fan) <= rects[0].top


MENU_SIZES = [(w, h) for w in (1024, 1280, 1366, 1600, 1920, 2560) for h in (600, 668, 768, 900, 1080, 1440)
              if h <= w] + [(3440, 1440), (1024, 1366)]


@pytest.mark.parametrize("lang", ["en", "fr", "sv"])
@pytest.mark.parametrize("in_progress", [True, False])
def test_no_piece_of_the_menu_overlaps_another_at_any_size(app: App, lang: str, in_progress: bool) -> None:
    """Title, subtitle, the card fan, each button and the hint line each have their own place, from 1024x600
    up (issue 23: at 1024x600 with "Continue game" shown, the fan covered the subtitle)."""
    from game.i18n import set_language

    set_language(lang)
    try:
        for size in MENU_SIZES:
            menu = MenuScene(on_new_game=lambda: None, on_continue=(lambda: None) if in_progress else None,
                             continue_info="Standard Canasta in progress: hand 3. You 1,155 · North 1,360")
            menu.resize(size)
            pieces = menu.pieces()
            assert "fan" in pieces, size  # there is room for it from 1024x600 up
            assert pieces["fan"].h >= size[1] * 0.12, size  # and it is not shrunk to a crumb
            names = list(pieces)
            window = pygame.Rect((0, 0), size)
            for i, a in enumerate(names):
                assert window.contains(pieces[a]), (size, a)
                for b in names[i + 1:]:
                    assert not pieces[a].colliderect(pieces[b]), (size, a, b, pieces[a], pieces[b])
    finally:
        set_language("en")


def test_left_and_right_go_between_new_game_and_play_with_friends_as_they_sit(app: App) -> None:
    # Side by side on screen, they were reached only by ↓ and ↑: → on New game did nothing.
    menu = start(app, on_friends=lambda: None)
    labels = [b.label for b in menu.buttons.buttons]
    assert labels[:2] == ["New game", "Play with friends"]
    menu.handle_event(key(pygame.K_RIGHT))
    assert menu.buttons.focus == 1
    menu.handle_event(key(pygame.K_RIGHT))  # nothing further right: it stays
    assert menu.buttons.focus == 1
    menu.handle_event(key(pygame.K_LEFT))
    assert menu.buttons.focus == 0
    menu.handle_event(key(pygame.K_DOWN))
    menu.handle_event(key(pygame.K_DOWN))  # Learn to play: alone in its row, ← → leave it there
    focus = menu.buttons.focus
    menu.handle_event(key(pygame.K_RIGHT))
    assert menu.buttons.focus == focus
