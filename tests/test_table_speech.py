"""The table told aloud, played through keys only: the events in the log's words, the player's turn, the
focused card and target, the summaries on 3 to 8, a refusal and the keys screen, each said once."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.ai.simple import choose_greedy
from game.rules.melds import Meld
from game.rules.state import GameState
from game.shell.app import App
from game.shell.controller import TurnController
from game.ui.speech import Speaker, speaker, use
from game.ui.spoken_table import for_the_ear, hand_summary, meld_words
from scenes.table import TableScene
from tests.helpers import in_hand, position
from tests.table_driver import key, run_frames, settle

SIZE = (1366, 768)


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


EAR = Ear()


@pytest.fixture
def app():
    # A clock that runs on by minutes at each look: the voice is never still speaking, the table never waits.
    use(Speaker(make_backend=lambda: EAR, clock=itertools.count(0, 600).__next__))
    a = App(SIZE)
    a.running = True
    yield a
    a.close()


def said() -> list[str]:
    """What the game said since the last call (what reached the screen reader, and what waits for it)."""
    speaker().flush()
    lines, EAR.heard = EAR.heard, []
    return lines


def open_table(app: App, state: GameState) -> TableScene:
    controller = TurnController(state, {s: choose_greedy for s in range(1, state.players)}, {0}, "fast", 3,
                                threaded=False)
    scene = TableScene(controller, "fast")
    app.scenes.request(scene)
    run_frames(app, 1)
    settle(app, scene)
    return scene


def press(app: App, k: int) -> list[str]:
    key(app, k)
    return said()


def kings_position() -> GameState:
    return position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], melds=[[["QH", "QS", "QD", "QC", "JOKER"]], []],
                    pile="8C 9C 4H", stock="7H 8H")


def test_cards_are_named_in_full_for_the_ear():
    assert for_the_ear("West melded K♠ K♥ 10♦ Joker.") == (
        "West melded king of spades, king of hearts, ten of diamonds, joker.")
    assert for_the_ear("You discarded Q♥; 2♣ stays.") == "You discarded queen of hearts; two of clubs stays."


def test_the_focus_is_said_as_it_moves_card_target_and_selection(app):
    scene = open_table(app, kings_position())
    said()
    lines = press(app, pygame.K_RIGHT)
    assert len(lines) == 1 and lines[0].endswith(", 2 of 6"), lines
    assert press(app, pygame.K_SPACE)[0].endswith("2 of 6, selected")
    assert press(app, pygame.K_DOWN) == ["The pile: 3 cards, four of hearts on top."]
    assert press(app, pygame.K_DOWN)[0].startswith("A new meld")
    assert press(app, pygame.K_DOWN) == ["Your queens: 5 cards, 1 wild, 2 short of a canasta"]
    assert press(app, pygame.K_DOWN) == [f"The stock: {len(scene.state.stock)} cards."]
    assert scene.hand.focus == 1


def test_the_summary_keys_tell_the_hand_melds_piles_scores_and_turn(app):
    scene = open_table(app, kings_position())
    said()
    assert press(app, pygame.K_3) == ["Your hand, 6 cards: kings 2, nines 1, sevens 1, fives 1, fours 1."]
    assert press(app, pygame.K_4) == ["Your side's melds: Your queens: 5 cards, 1 wild, 2 short of a canasta."]
    assert press(app, pygame.K_5) == ["Melds of North: none yet."]
    assert press(app, pygame.K_6) == [f"The stock: {len(scene.state.stock)} cards. The pile: 3 cards, four of "
                                      "hearts on top."]
    scores = press(app, pygame.K_7)[0]
    assert scores.startswith("Scores: You 0, ") and "Going out needs an escalera and one other canasta." in scores
    assert press(app, pygame.K_8)[0].startswith("Your turn: click the stock to draw")


def test_a_whole_turn_by_keys_is_told_in_the_logs_words_then_the_others_moves(app):
    scene = open_table(app, kings_position())
    said()
    drawn = press(app, pygame.K_d)
    assert drawn[0] == "You drew 2 cards: seven of hearts, eight of hearts."
    assert drawn[1] == ("Meld, add to your melds, or select one card and click the pile to discard. M stages a meld, "
                        "L lays it, X discards.")
    assert press(app, pygame.K_x) == ["You discarded four of clubs."]  # X: the focused card, the first
    story: list[str] = []
    for _ in range(600):  # North plays its turn: told as the log tells it
        run_frames(app, 1)
        story += said()
        if scene.state.turn == 0 and story:
            break
    assert story[0] == "North drew 2 cards.", story
    # the turn comes back to the player, and is said with its keys
    assert story[-1].startswith("Your turn") and story[-1].endswith("D draws, P takes the pile."), story


def test_the_keys_screen_is_read_with_the_summary_keys(app):
    open_table(app, kings_position())
    said()
    lines = press(app, pygame.K_h)
    assert lines[0].startswith("Keys")
    assert any(line.startswith("3 your hand by rank") for line in lines)


def test_the_words_of_a_hand_and_a_meld():
    s = kings_position()
    assert hand_summary(list(s.hands[0])).startswith("Your hand, 6 cards: kings 2,")
    canasta = Meld(9, "rank", 13, tuple(in_hand(position(2, ["KH KS KD KC KH KS KD"]), 0, "KH KS KD KC KH KS KD")))
    assert meld_words(canasta, s, mine=False) == "Kings: 7 cards, Natural canasta"


def test_what_is_staged_is_said_with_the_keys_that_lay_it(app):
    scene = open_table(app, kings_position())
    said()
    key(app, pygame.K_d)
    said()
    queens = scene.state.melds[0][0]
    seven, eight = in_hand(scene.state, 0, "7H 8H")
    kings = in_hand(scene.state, 0, "KH KS")
    scene.melds.staging.new.append((kings[0], kings[1], seven))
    scene.melds.staging.adds[queens.id] = (eight,)
    scene.voice.after_input(scene.view, scene.hand, scene.aim, scene.panels, scene.log_panel, scene.melds.staging)
    assert said() == ["Staged: king of hearts, king of spades, seven of hearts as a new meld; eight of hearts onto "
                      "your queens. L lays it, Z takes it back."]


def test_the_ranks_said_alone_read_as_french_and_swedish_not_as_inside_a_phrase():
    """French said "vos de rois", "de dames 4" and "Combinaisons de Ouest & Est": the rules' plural is made
    for "une paire de rois", not to be said on its own."""
    from game.i18n import set_language

    s = kings_position()
    hand = in_hand(s, 0, "KH KS 9D")
    try:
        set_language("fr")
        assert hand_summary(hand) == "Votre main, 3 cartes : rois : 2, neuf : 1."
        assert meld_words(s.melds[0][0], s, True).startswith("Vos dames : 5 cartes")
        set_language("sv")
        assert hand_summary(hand) == "Din hand, 3 kort: kungar 2, nior 1."
    finally:
        set_language("en")


def test_two_red_threes_drawn_at_once_are_both_told_as_the_log_tells_them(app):
    # Each red three laid is an event of its own: the same words twice, said twice (once, a player with
    # three red threes heard of one).
    state = position(2, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H"], pile="8C 9C 4H", stock="3H 3D 7H 8H 9S")
    scene = open_table(app, state)
    said()
    drawn = press(app, pygame.K_d)
    logged = [line for line in scene.log_panel.lines if "red three" in line]
    told = [line for line in drawn if "red three" in line]
    assert len(logged) == 2 and told == [for_the_ear(line) for line in logged], (logged, drawn)


def test_the_partners_answer_is_said_once(app):
    # The answer is shown on the message line and told as an event: it was said twice, one after the other.
    from game.rules import events as ev

    state = position(4, ["KH KS 4C 5C 9D 7S", "QS 4D 5S 6H", "4H 5H", "8S 9S"], pile="8C 9C 4H", stock="7H 8H")
    scene = open_table(app, state)
    said()
    scene.apply_events([ev.PartnerAnswered(2, True)])
    told = said()
    assert told.count("North answers yes: going out this turn is a must.") == 1, told
    assert scene.messages.shown().message == "North answers yes: going out this turn is a must."
