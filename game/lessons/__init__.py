"""Learn to play: a course of short lessons for each game, as data and pure logic (no pygame).

Each lesson is a prepared position set up on the engine (game/lessons/position.py), a title and a short
text, and steps judged by the engine's result (game/lessons/lesson.py); `LessonRun` plays one
(game/lessons/runner.py). The table scene shows it (scenes/lessons.py); what the player has done is kept
in the player's folder (game/keep/lesson_progress.py).
"""

from __future__ import annotations

from collections.abc import Callable

from game.lessons import bolivia, samba, standard
from game.lessons.lesson import Course

GUIDED = "guided"  # the guided first game's key in a course's progress (scenes/guided.py plays it)

COURSES: dict[str, Callable[[], Course]] = {"bolivia": bolivia.course, "standard": standard.course,
                                             "samba": samba.course}


def course(game: str) -> Course:
    """The course of a game (its rule set's name), in the language spoken now; KeyError for a game
    without one."""
    return COURSES[game]()
