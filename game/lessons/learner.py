"""A scripted learner: plays a whole course with each step's intended move (after trying the step's
typical wrong move, as a beginner might), and says how long the course is: moves, words to read, and
an estimate of the time a person needs."""

from __future__ import annotations

from dataclasses import dataclass

from game.lessons.lesson import Course, Lesson
from game.lessons.runner import LessonRun

READING = 2.0  # words a second: a slow, careful reader (120 words a minute)
PER_MOVE = 12.0  # seconds to find the outlined cards, select them and play them
PER_LESSON = 8.0  # seconds to open a lesson and look at the table
PER_PAGE = 4.0  # seconds to look at a page's cards and turn it
MAX_MOVES = 12  # a lesson's intended moves end it well within this


@dataclass(frozen=True)
class CourseLength:
    lessons: int
    moves: int  # the learner's accepted moves
    refused: int  # the wrong moves it tried, each refused with a reason
    words: int  # titles, texts, instructions, and the words shown after a wrong move and at the end
    pages: int = 0  # the pages read between them (the primer's, a scoring screen's lines)

    @property
    def seconds(self) -> float:
        return self.words / READING + self.moves * PER_MOVE + self.lessons * PER_LESSON + self.pages * PER_PAGE

    def to_json(self) -> dict:
        return {"lessons": self.lessons, "pages": self.pages, "moves": self.moves, "refused": self.refused,
                "words": self.words, "minutes": round(self.seconds / 60, 1)}


def play_lesson(lesson: Lesson, try_wrong: bool = True) -> tuple[LessonRun, list[str]]:
    """Play one lesson to its end: the run, and what the player read after each wrong move (the reason
    and the hint). AssertionError if an intended move is refused, a wrong one accepted, or it never ends."""
    run = LessonRun(lesson)
    read: list[str] = []
    for _turn in range(MAX_MOVES):
        if run.done:
            return run, read
        step = run.current
        assert step is not None
        if try_wrong and step.wrong is not None and run.state.to_act == 0 and run.step_moves == 0:
            wrong = run.attempt(step.wrong(run.state))
            assert not wrong.ok and wrong.reason and wrong.hint, (lesson.key, "a wrong move was accepted")
            read += [wrong.reason, wrong.hint]
        action = run.intended()
        assert action is not None, (lesson.key, "no move for the player")
        result = run.attempt(action)
        assert result.ok, (lesson.key, result.reason)
        while (move := run.computer_move()) is not None:
            run.computer_moved(move)
    raise AssertionError(f"{lesson.key} did not end in {MAX_MOVES} moves")


def _words(text: str) -> int:
    return len(text.split())


def measure(course: Course) -> CourseLength:
    moves = refused = words = pages = 0
    for reading in course.readings:
        pages += len(reading.pages)
        texts = [reading.title, reading.well_done, *(t for p in reading.pages for t in (p.title, p.text)),
                 *(label for p in reading.pages for label, _value in p.lines)]
        words += sum(_words(t) for t in texts)
    for lesson in course.lessons:
        run, read = play_lesson(lesson)
        moves += run.moves
        refused += run.refusals
        texts = [lesson.title, lesson.text, lesson.well_done, *(s.text for s in lesson.steps), *read]
        words += sum(_words(t) for t in texts)
    return CourseLength(len(course.lessons), moves, refused, words, pages)
