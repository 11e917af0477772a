"""Learn to play, as data and logic: every lesson's position is a real game state; its intended moves are
legal and complete it; its typical wrong move is refused with a reason and a pointer back, leaving the
table as it was; a scripted learner plays each whole course; the player's progress is kept, whatever
the file holds."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.i18n import set_language
from game.keep.lesson_progress import LessonProgress
from game.keep.storage import Storage
from game.lessons import COURSES, course
from game.lessons.learner import measure, play_lesson
from game.lessons.lesson import Lesson
from game.lessons.position import build
from game.lessons.runner import LessonRun
from game.rules import events as ev
from game.rules.actions import AskPartner, Discard, DrawStock, MeldMove, TakePile, TakeTop
from game.rules.state import Phase
from tests.file_fuzz import RAW_PYTHON, damage

LESSONS = [(game, lesson) for game in COURSES for lesson in course(game).lessons]
IDS = [f"{game}-{lesson.key}" for game, lesson in LESSONS]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def test_each_course_has_at_least_ten_lessons_on_the_issues_topics() -> None:
    bolivia = [lesson.key for lesson in course("bolivia").lessons]
    standard = [lesson.key for lesson in course("standard").lessons]
    assert len(bolivia) >= 10 and len(standard) >= 10
    assert len(set(bolivia)) == len(bolivia) and len(set(standard)) == len(standard)
    for key in ("draw-two", "first-meld", "take-pile", "top-card", "escalera", "bolivia", "red-threes",
                "black-threes", "keep-two", "ask-partner", "going-out"):
        assert key in bolivia
    for key in ("draw", "first-meld", "take-pile", "frozen-pile", "black-three", "canasta", "red-threes",
                "keep-two", "ask-partner", "going-out"):
        assert key in standard


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=IDS)
def test_every_position_is_a_real_state_of_its_game(game: str, lesson: Lesson) -> None:
    s = build(lesson.setup)
    assert s.rules.name == game and s.check() == []
    assert s.to_act == 0 and s.phase in (Phase.DRAW, Phase.MELD)
    assert s.to_json() == build(lesson.setup).to_json()  # the same every time: no chance in a lesson


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=IDS)
def test_the_intended_moves_are_legal_and_complete_the_lesson(game: str, lesson: Lesson) -> None:
    run = LessonRun(lesson)
    for _ in range(12):
        if run.done:
            break
        outlined = run.outlined()
        assert outlined.cards <= set(run.state.hands[0])
        action = run.intended()
        assert action is not None and run.state.is_legal(action)
        if isinstance(action, TakePile | MeldMove | Discard) and lesson.steps[run.step].outline.cards:
            used = set(action.cards) if isinstance(action, TakePile) else (
                {action.card} if isinstance(action, Discard) else {c for m in action.new for c in m}
                | {c for _m, cs in action.add for c in cs})
            assert used <= outlined.cards, "the cards of the move are outlined"
        result = run.attempt(action)
        assert result.ok, result.reason
        while (move := run.computer_move()) is not None:
            run.computer_moved(move)
    assert run.done and run.refusals == 0
    assert run.state.check() == []
    assert run.text() == lesson.well_done


@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=IDS)
def test_a_typical_wrong_move_is_refused_with_a_reason_and_a_pointer_back(game: str, lesson: Lesson) -> None:
    assert any(step.wrong is not None for step in lesson.steps)
    run = LessonRun(lesson)
    while not run.done:
        step = run.current
        assert step is not None
        if step.wrong is not None and run.state.to_act == 0 and run.step_moves == 0:
            before = json.dumps(run.state.to_json())
            result = run.attempt(step.wrong(run.state))
            assert not result.ok and not result.events
            assert result.reason and result.hint == step.hint
            assert json.dumps(run.state.to_json()) == before, "a refused move leaves the table as it was"
            assert run.current is step
        run.attempt(run.intended())
        while (move := run.computer_move()) is not None:
            run.computer_moved(move)


def test_the_engines_own_reason_is_given_where_the_engine_refuses() -> None:
    run = LessonRun(next(lesson for lesson in course("bolivia").lessons if lesson.key == "first-meld"))
    result = run.attempt(run.lesson.steps[0].wrong(run.state))
    assert result.reason == "You need 50 points for your first meld; these cards make 30."
    run = LessonRun(next(lesson for lesson in course("standard").lessons if lesson.key == "frozen-pile"))
    assert "frozen" in run.attempt(run.lesson.steps[0].wrong(run.state)).reason


def test_a_legal_move_that_is_not_the_lessons_is_judged_wrong_and_not_played() -> None:
    run = LessonRun(next(lesson for lesson in course("bolivia").lessons if lesson.key == "take-pile"))
    result = run.attempt(DrawStock())
    assert not result.ok and "not the one this lesson asks for" in result.reason
    assert run.state.phase == Phase.DRAW and len(run.state.hands[0]) == 7


@pytest.mark.parametrize("game", ["bolivia", "standard"])
def test_lesson_one_refuses_a_discard_other_than_the_card_it_asks_for(game: str) -> None:
    """The first lesson asks for the jack of spades: any other discard is refused and nothing moves."""
    lesson = course(game).lessons[0]
    run = LessonRun(lesson)
    assert run.attempt(DrawStock()).ok
    step = run.current
    assert step is not None and "jack of spades" in step.text
    for card in [c for c in run.state.hands[0] if _face(c) != "JS"]:
        before = json.dumps(run.state.to_json())
        result = run.attempt(Discard(card))
        assert not result.ok and not result.events and result.hint == step.hint, _face(card)
        assert json.dumps(run.state.to_json()) == before and run.current is step
    jack = next(c for c in run.state.hands[0] if _face(c) == "JS")
    assert run.attempt(Discard(jack)).lesson_done


def test_the_goal_is_judged_by_the_result_not_one_exact_move() -> None:
    """The escalera: the six below the run or the king above it both complete the lesson."""
    lesson = next(lesson for lesson in course("bolivia").lessons if lesson.key == "escalera")
    for face in ("6S", "KS"):
        run = LessonRun(lesson)
        card = next(c for c in run.state.hands[0] if run.state.to_json() and _face(c) == face)
        result = run.attempt(MeldMove(add=((run.state.melds[0][0].id, (card,)),)))
        assert result.ok and result.lesson_done
        assert any(isinstance(e, ev.CanastaMade) and e.canasta == "escalera" for e in result.events)


def test_going_out_may_take_a_meld_and_then_a_discard_and_a_scripted_partner_answers() -> None:
    lesson = next(lesson for lesson in course("bolivia").lessons if lesson.key == "ask-partner")
    run = LessonRun(lesson)
    assert run.attempt(AskPartner()).ok
    assert run.state.phase == Phase.ANSWER and run.outlined().cards == frozenset()
    move = run.computer_move()
    assert move is not None
    events = run.computer_moved(move)
    assert any(isinstance(e, ev.PartnerAnswered) and e.yes for e in events)
    assert run.computer_move() is None
    first = run.attempt(run.intended())  # the jacks: the step stays open, the player can still go out
    assert first.ok and not first.step_done
    last = run.attempt(run.intended())
    assert last.ok and last.lesson_done and any(isinstance(e, ev.WentOut) for e in last.events)


def test_the_top_card_lesson_names_the_run_and_refuses_the_other_meld() -> None:
    lesson = next(lesson for lesson in course("bolivia").lessons if lesson.key == "top-card")
    run = LessonRun(lesson)
    run_id, kings = (m.id for m in run.state.melds[0])
    assert run.outlined().melds == {run_id} and run.outlined().pile
    assert "doesn't extend that run" in run.attempt(TakeTop(kings)).reason
    assert run.attempt(TakeTop(run_id)).lesson_done


@pytest.mark.parametrize("game", list(COURSES))
def test_a_scripted_learner_plays_the_whole_course_in_under_half_an_hour(game: str) -> None:
    """The whole path, primer and pages to read included: one sitting, and no lesson longer than a few minutes."""
    length = measure(course(game))
    assert length.lessons >= 8 and length.pages >= 8
    assert length.lessons <= length.moves <= 3 * length.lessons  # short lessons: one to three moves each
    assert length.refused >= length.lessons  # every lesson's typical mistake was tried and refused
    assert length.seconds < 30 * 60, length.to_json()
    assert length.seconds / (length.lessons + len(course(game).readings)) < 3 * 60


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_the_courses_speak_the_players_language(lang: str) -> None:
    english = [lesson.text for game in COURSES for lesson in course(game).lessons]
    set_language(lang)
    spoken = [lesson.text for game in COURSES for lesson in course(game).lessons]
    assert all(a != b for a, b in zip(english, spoken, strict=True))
    for game in COURSES:
        assert measure(course(game)).seconds < 30 * 60  # a longer language still fits the time
        for lesson in course(game).lessons:
            run, read = play_lesson(lesson)
            assert run.done and all(read)


def _face(card: int) -> str:
    from game.rules.cards import label

    return label(card)


# ----- progress ---------------------------------------------------------------------------------


def test_progress_is_kept_and_resumed(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    assert store.claim()
    progress = store.load_lessons()
    assert progress.courses == {}
    progress.started("bolivia", "take-pile")
    store.save_lessons(progress)
    again = Storage(tmp_path).load_lessons()
    assert again.course("bolivia").current == "take-pile" and again.course("bolivia").done == []
    again.completed("bolivia", "take-pile", "top-card")
    again.completed("bolivia", "take-pile", "top-card")  # counted once
    store.save_lessons(again)
    kept = Storage(tmp_path).load_lessons()
    assert kept.course("bolivia").done == ["take-pile"] and kept.course("bolivia").current == "top-card"
    assert not list(tmp_path.glob(".*.tmp"))  # written atomically: no temporary file left
    store.release()


def test_a_read_only_copy_never_writes_the_progress(tmp_path: Path) -> None:
    store = Storage(tmp_path, read_only=True)
    store.save_lessons(LessonProgress())
    assert not (tmp_path / "lessons.json").exists()


@pytest.mark.parametrize("data", [
    {"format": 1, "courses": {"bolivia": {"done": ["a", 5, None, "a", "x" * 500], "current": ["b"]}}},
    {"format": 1, "courses": {"x" * 99: {}, "standard": "nothing"}},
    {"format": 1, "courses": [1, 2]},
])
def test_progress_of_odd_shape_keeps_only_what_is_plainly_ours(data: object) -> None:
    progress = LessonProgress.from_json(data)
    assert LessonProgress.from_json(progress.to_json()) == progress
    for c in progress.courses.values():
        assert all(isinstance(k, str) and len(k) <= 40 for k in c.done) and len(set(c.done)) == len(c.done)
        assert c.current is None or isinstance(c.current, str)


def test_damaged_progress_files_are_used_or_set_aside_byte_for_byte(tmp_path: Path) -> None:
    rng = random.Random(24)
    good = LessonProgress()
    good.completed("bolivia", "draw-two", "first-meld")
    good.started("standard", "canasta")
    text = json.dumps(good.to_json())
    outcomes = {"used": 0, "set aside": 0}
    for _ in range(60):
        raw = damage(text, rng)
        (tmp_path / "lessons.json").write_bytes(raw)
        store = Storage(tmp_path)
        assert store.claim()
        progress = store.load_lessons()
        store.save_lessons(progress)  # what was read can be written back
        problems = store.take_problems()
        for message in problems:
            assert not RAW_PYTHON.search(message), message
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("lessons") and p.name != "lessons.json"]
        if problems:
            assert any(p.read_bytes() == raw for p in kept)
            outcomes["set aside"] += 1
        else:
            outcomes["used"] += 1
        store.release()
        for p in tmp_path.iterdir():
            p.unlink()
    assert outcomes["used"] and outcomes["set aside"]


# ----- the lessons the whole game needed: a mixed meld's limit, the two canastas, a scoring screen ------------


def test_a_meld_with_too_many_wild_cards_is_refused_with_the_engines_reason() -> None:
    lesson = next(lesson for lesson in course("bolivia").lessons if lesson.key == "mixed-meld")
    run = LessonRun(lesson)
    rules = run.state.rules
    for step in lesson.steps:
        result = run.attempt(step.wrong(run.state))
        limit = rules.wild_limit_reason(2, 2)  # the engine's own words, new meld or added cards
        assert not result.ok and result.reason.lower().endswith(limit.lower()), result.reason
        assert run.attempt(run.intended()).ok
    assert run.done
    mixed = run.state.melds[0][1]
    assert sum(1 for c in mixed.cards if c >= 156 or _face(c).startswith("2")) == rules.max_wilds_in_rank_meld


def test_natural_and_mixed_canastas_are_worth_what_the_rules_say() -> None:
    lesson = next(lesson for lesson in course("bolivia").lessons if lesson.key == "canastas")
    run = LessonRun(lesson)
    wrong = run.attempt(lesson.steps[0].wrong(run.state))  # the joker would finish the sevens mixed
    assert not wrong.ok and "not the one this lesson asks for" in wrong.reason
    run.attempt(run.intended())
    run.attempt(run.intended())
    assert run.done
    rules = run.state.rules
    sevens, queens = run.state.melds[0]
    assert (sevens.canasta(rules), sevens.bonus(rules)) == ("natural", rules.natural_canasta)
    assert (queens.canasta(rules), queens.bonus(rules)) == ("mixed", rules.mixed_canasta)
    assert str(rules.natural_canasta) in lesson.text and str(rules.mixed_canasta) in lesson.text


def test_the_scoring_screen_is_walked_line_by_line_with_the_engines_numbers() -> None:
    from game.i18n import number
    from game.lessons.score_walk import finished_hand, score_walk

    walk = next(r for r in course("bolivia").readings if r.key == "scoring")
    assert course("bolivia").entries.index(walk) == course("bolivia").entry_index("going-out") + 1
    assert walk == score_walk()
    score = finished_hand().results[-1]["scores"][0]
    table = walk.pages[0].lines
    assert [p.marked for p in walk.pages[1:]] == list(range(len(table))), "a page for each line, in order"
    assert all(p.lines == table for p in walk.pages)
    values = [int(v.replace(",", "").replace("\u2212", "-").replace("+", "")) for _label, v in table]
    assert values[0] == score["melded"] and values[-1] == score["total"]
    assert sum(values[:-1]) == score["total"], "the lines add up to the hand's total"
    assert table[-1][1] == number(score["total"])
    labels = [label for label, _v in table]
    assert "Going out" in labels and "Red threes" in labels and any("left in hand" in x for x in labels)
    assert score["in_hand"] < 0 and score["going_out"] > 0 and score["red_threes"] > 0


# ----- Samba: its own runs and sambas, no wild melds, its first-meld table, two canastas to go out -----------


def test_the_samba_course_teaches_sambas_own_rules_on_its_engine() -> None:
    c = course("samba")
    assert c.game == "samba" and {lesson.setup.game for lesson in c.lessons} == {"samba"}
    keys = [lesson.key for lesson in c.lessons]
    for key in ("first-meld", "run", "samba", "no-wild-meld", "going-out"):
        assert key in keys
    runs = {lesson.key: play_lesson(lesson)[0] for lesson in c.lessons}
    rules = runs["samba"].state.rules
    assert rules.name == "samba" and not rules.wild_melds
    assert runs["samba"].state.melds[0][0].bonus(rules) == 1500
    wild = next(lesson for lesson in c.lessons if lesson.key == "no-wild-meld")
    refused = LessonRun(wild).attempt(wild.steps[0].wrong(build(wild.setup)))
    assert not refused.ok and "wild" in refused.reason.lower()  # the engine's reason: no wild melds here
    first = next(lesson for lesson in c.lessons if lesson.key == "first-meld")
    assert rules.min_meld(first.setup.scores[0]) == 90 and "90" in first.text
    out = runs["going-out"].state
    assert out.results[-1]["scores"][0]["going_out"] == rules.go_out == 200
    assert not any(m.kind == "run" for m in out.melds[0]), "two canastas of any kind: no samba needed"


def test_the_lessons_tool_plays_the_samba_course(capsys: pytest.CaptureFixture[str]) -> None:
    from game.tools.cli import main

    assert main(["lessons", "--course", "samba"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["course"] == "samba" and line["lessons"] == len(course("samba").lessons)
    assert line["refused"] >= line["lessons"] and line["minutes"] > 0
