"""The table at a laptop's size (issue 13): readable text, labels that no card covers, what happened
and the score sheet on a key, with the computers waiting while they are open."""

from __future__ import annotations

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.i18n import set_language
from game.rules.state import GameState, Phase
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.input_map import Intent
from game.ui.layout import index_strip, inside, overlap_area, table_layout
from game.ui.score_sheet import sheet_rows
from scenes.table import TableScene
from scenes.table_parts.meld_words import label_rect
from tests.helpers import position
from tests.scene_helpers import key, play_hand
from tests.table_driver import run_frames, settle

# A late hand: thirteen melds (four canastas) for the player's side, eleven for the other, red threes.
SIDE0 = ["4H 5H 6H 7H 8H 9H TH", "KC KD KS KH KC KD KS 2C", "2C 2S JK", "QC QD QS QH 2D", "8C 8D 8S",
         "5C 6C 7C 8C 9C TC JC", "AC AD AS", "JD JS JH JD", "7D 7S 7H", "6D 6S 6H 6D 6S JK", "TD TS TH",
         "4C 4D 4S", "5D 5S 5H 5D"]
SIDE1 = ["4S 5S 6S 7S 8S 9S TS", "KS KH KC KD 2H", "9H 9C 9D 9S 9H 9C 9D", "QS QH QD", "8H 8C 8D 8H",
         "AH AC AD AS 2S", "JC JS JH", "7C 7D 7S 7H 7C", "6C 6H 6C", "TC TD TS TH 2H", "4H 4C 4D"]
HANDS = ["3S 5C JD QH 8S 2D 4H 9D AH", "4D 5S 7D TC JH", "AS AC JK 4C", "5H JK JC"]


def late_hand(app: App, players: int = 4) -> TableScene:
    state = position(players, HANDS[:players], pile="4S AD JK QD KH 6D 5C TD", melds=[SIDE0, SIDE1],
                     red_threes=["3H 3D", "3D"], turn=0, phase=Phase.MELD, scores=[1850, 2320])
    ctl = TurnController(state, {s: choose_greedy for s in range(1, players)}, {0}, "fast", 1, threaded=False)
    scene = TableScene(ctl, "fast")
    app.scenes.request(scene)
    run_frames(app, 2)
    settle(app, scene)
    return scene


@pytest.fixture
def app():
    a = App((1366, 768))
    a.running = True
    yield a
    a.close()
    set_language("en")


def drawn_label_rects(scene: TableScene) -> list[tuple[tuple, tuple]]:
    return [(label, label_rect(label)) for label in scene.melds.area_labels(scene.view)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(1024, 600), (1366, 768), (1920, 1080)])
def test_late_hand_labels_sit_in_their_strips_and_no_card_covers_them(app, lang, size) -> None:
    set_language(lang)
    app._resized(size)
    scene = late_hand(app)
    scene.staged = []
    bands = list(scene.layout.meld_bands.values())
    card_rects = [(sp.pos[0], sp.pos[1], sp.w, round(sp.w * 1.4)) for sp in scene.sprites.values()]
    for label, rect in drawn_label_rects(scene):
        assert any(inside(rect, b) for b in bands), (label[0], rect)
        for r in card_rects:
            assert overlap_area(rect, r) == 0, (label[0], rect, r)
        assert label[1] >= 10
    # Every meld's box in its side's room, none over another, canasta tags below the top card's index.
    boxes = list(scene.homes.meld_rects.items())
    for i, (_m, a) in enumerate(boxes):
        assert any(inside(a, room) for room in scene.layout.meld_rooms.values())
        for _n, b in boxes[i + 1:]:
            assert overlap_area(a, b) == 0
    for side in range(scene.state.sides):
        for m in scene.state.melds[side]:
            can = m.canasta(scene.state.rules)
            if not can:
                continue
            r = pygame.Rect(scene.homes.meld_rects[m.id])
            strip = index_strip(scene.homes.meld_card_w[side])
            for tag, img in scene.melds.canasta_tags(m, can, r):
                assert r.contains(tag) and tag.top >= r.top + strip[1], (tag, r)
                assert img.get_width() <= tag.w


def test_minimum_text_sizes_at_1366x768(app) -> None:
    scene = late_hand(app)
    for name, b in scene.buttons.items():
        if b.rect.w:
            assert b.text_size() >= 16, (name, b.text_size(), b.rect)
            assert inside(tuple(b.rect), scene.layout.status if name == "sound" else scene.layout.controls)
    assert scene.layout.label_px >= 16
    for label, _rect in drawn_label_rects(scene):
        assert label[1] >= 14, label
    # The instruction line reads whole at its full size, within the window.
    captured = []
    import scenes.table_parts.message_line as paint

    real = paint.draw_text

    def spy(surface, text, size, *args, **kw):
        captured.append((text, size))
        return real(surface, text, size, *args, **kw)

    paint.draw_text = spy
    try:
        scene.messages.draw(app.screen, scene.view, 35)
    finally:
        paint.draw_text = real
    (text, size), = captured
    assert size >= 16
    from scenes.widgets import font

    assert font(size).size(text)[0] <= scene.layout.status[2]


@pytest.mark.parametrize("size", [(1024, 600), (1366, 700), (1366, 768)])
def test_nothing_is_cut_at_laptop_sizes(app, size) -> None:
    app._resized(size)
    scene = late_hand(app)
    window = (0, 0, *size)
    t = scene.layout
    for r in [t.status, t.score, t.controls, t.log, t.stock, t.discard, t.hand]:
        assert inside(r, window)
    for b in scene.buttons.values():
        if b.rect.w:
            assert inside(tuple(b.rect), window) and b.text_size() >= 12
    assert t.log[2] > 0, "the panel of what happened has room beside the piles"


def test_what_happened_and_the_score_sheet_on_a_key_pause_the_computers(app) -> None:
    state = GameState(2, 5, target=5000)
    play_hand(state, seed=2)  # one hand scored, then the table deals the next
    ctl = TurnController(state, {1: choose_greedy}, {0}, "fast", 1, threaded=False)
    scene = TableScene(ctl, "fast")
    app.scenes.request(scene)
    run_frames(app, 2)
    scene.next_hand()
    settle(app, scene)
    assert len(sheet_rows(state)) == 1
    row = sheet_rows(state)[0]
    for side, cells in enumerate(row.cells):
        melded, bonuses, in_hand, hand, running = cells
        assert melded + bonuses + in_hand == hand == state.results[0]["scores"][side]["total"]
        assert running == state.results[0]["totals"][side]
    # The computer's moves show in the log panel's lines.
    if ctl.human_to_act:
        scene.do(Intent("draw"))
        settle(app, scene)
        hand = scene.state.hands[0]
        scene.carry_out(scene.piles.discard_card(scene.view, hand[0], scene.staging))
    for _ in range(300):
        run_frames(app, 1, 0.05)
        if ctl.human_to_act:
            break
    assert any("North" in line for line in scene.log)
    assert scene.log[0].startswith("Hand 2")  # the story starts with the hand
    # G: the score sheet; the computers wait while it is open.
    app.process_event(key(pygame.K_g))
    assert scene.overlay == "sheet"
    hand = list(scene.state.hands[0])
    scene.do(Intent("draw"))
    settle(app, scene)
    scene.carry_out(scene.piles.discard_card(scene.view, next(c for c in scene.state.hands[0] if c not in hand),
                                                 scene.staging))
    assert not ctl.human_to_act  # North's turn, but North waits while the sheet is open
    to_act, stock = scene.state.to_act, len(scene.state.stock)
    run_frames(app, 200, 0.05)
    assert (scene.state.to_act, len(scene.state.stock)) == (to_act, stock)
    app.step(1 / 60)  # drawn without error
    app.process_event(key(pygame.K_w))
    assert scene.overlay == "log"
    app.step(1 / 60)
    app.process_event(key(pygame.K_ESCAPE))
    assert scene.overlay is None and scene.paused is None  # Esc closes the panel, not a pause menu
    app.process_event(key(pygame.K_g))
    app.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    assert scene.overlay is None


def test_the_score_sheet_adds_up_over_a_whole_game() -> None:
    state = GameState(3, 11, target=2500)
    while state.phase != Phase.GAME_OVER and state.hand_no < 6:
        play_hand(state, seed=state.hand_no)
    rows = sheet_rows(state)
    assert len(rows) == len(state.results) >= 1
    running = [0] * state.sides
    for row, result in zip(rows, state.results, strict=True):
        assert row.hand == result["hand"] and row.out == result["out"]
        for side in range(state.sides):
            melded, bonuses, in_hand, hand, total = row.cells[side]
            assert in_hand <= 0
            assert melded + bonuses + in_hand == hand
            running[side] += hand
            assert total == running[side] == result["totals"][side]
    assert running == state.scores


def test_layout_has_room_for_the_log_at_every_size() -> None:
    for size in [(1024, 600), (1024, 640), (1366, 700), (1366, 768), (1920, 1080)]:
        for players in (2, 3, 4):
            assert table_layout(size, players).log[2] >= 9 * 14


def test_the_log_says_how_big_a_pile_was_taken() -> None:
    from game.rules import events as ev
    from game.ui.narrate import describe, seat_names

    line = describe(ev.PileTaken(seat=1, meld=3, top=5, meld_cards=(18, 31), to_hand=tuple(range(60, 73))),
                    seat_names(4))
    assert line == "West took the pile: 14 cards, 7♣ melded with 7♦ 7♥."
    onto = describe(ev.PileTaken(seat=1, meld=3, top=5, meld_cards=(), to_hand=(60,)), seat_names(4))
    assert onto == "West took the pile: 2 cards, 7♣ onto a meld."


def test_a_long_refusal_on_two_lines_stays_inside_the_line_at_1024x600(app) -> None:
    """Seen at 1024x600 in French: the second line's descenders were cut by the window's edge."""
    from scenes.widgets import font

    app._resized((1024, 600))
    set_language("fr")
    scene = late_hand(app, 2)
    scene.refuse("Ces cartes ne vont pas dans cette combinaison : Une suite ne prend pas de carte libre, et une "
                 "combinaison d’un rang ne mélange pas les rangs.", set())
    import scenes.table_parts.message_line as paint

    drawn = []
    real = paint.draw_text
    paint.draw_text = lambda surface, text, size, colour, pos, *a, **k: (drawn.append((text, size, pos)), real(
        surface, text, size, colour, pos, *a, **k))[1]
    try:
        scene.messages.draw(app.screen, scene.view, 27)
    finally:
        paint.draw_text = real
    line = pygame.Rect(scene.layout.status)
    assert len(drawn) == 2 and all(size >= 12 for _t, size, _p in drawn)
    for text, size, (_x, y) in drawn:
        assert line.top <= y and y + font(size, True).get_height() <= line.bottom <= app.size[1], (text, size, y)


def test_the_pile_badge_reads_at_12_px_in_french_at_1024x600(app) -> None:
    import scenes.table_parts.piles as tp

    app._resized((1024, 600))
    set_language("fr")
    scene = late_hand(app, 2)
    shown: list[tuple[str, int]] = []
    real = tp.text_image
    tp.text_image = lambda text, size, *a, **k: (shown.append((text, size)), real(text, size, *a, **k))[1]
    try:
        scene.piles.draw(pygame.Surface(app.size), scene.view, 27)
    finally:
        tp.text_image = real
    assert any(t.startswith("Défausse") for t, _s in shown), shown
    assert all(s >= 12 for _t, s in shown), shown


@pytest.mark.parametrize("lang,size", [("fr", (1366, 768)), ("fr", (1024, 600)), ("en", (1366, 768)),
                                       ("sv", (1920, 1080))])
def test_the_stock_and_pile_badges_have_one_size_and_one_shape(app, lang, size) -> None:
    # Played: "Pioche 69" on one bold line beside "Défausse / 5" smaller on two.
    import scenes.table_parts.piles as tp
    from scenes.widgets import ui_unit

    app._resized(size)
    set_language(lang)
    try:
        scene = late_hand(app, 2)
        shown: list[tuple[str, int]] = []
        real = tp.text_image
        tp.text_image = lambda text, px, *a, **k: (shown.append((text, px)), real(text, px, *a, **k))[1]
        try:
            scene.piles.draw(pygame.Surface(app.size), scene.view, ui_unit(app.size))
        finally:
            tp.text_image = real
    finally:
        set_language("en")
    counts = [(t, px) for t, px in shown if any(ch.isdigit() for ch in t) or t in ("Pioche", "Défausse", "Stock",
                                                                                    "Pile", "Lek", "Hög", "Talong")]
    assert len({px for _t, px in counts}) == 1, shown
    assert len(counts) in (2, 4), shown  # one line each, or two each
