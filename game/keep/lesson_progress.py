"""What the player has learnt: per course, the lessons completed and the lesson to resume at. Plain data
(no pygame, no files): Storage reads and writes it (lessons.json, atomically, through the one hostile-proof
loader), and whatever the file holds, `from_json` keeps only what is plainly ours."""

from __future__ import annotations

from dataclasses import dataclass, field

FORMAT = 1
MAX_COURSES = 10
MAX_LESSONS = 100  # a course holds a dozen
MAX_KEY = 40


def _key(value: object) -> str | None:
    return value if isinstance(value, str) and 0 < len(value) <= MAX_KEY else None


@dataclass
class CourseProgress:
    done: list[str] = field(default_factory=list)  # lesson keys, in the order completed
    current: str | None = None  # the lesson left, to resume at

    def to_json(self) -> dict:
        return {"done": list(self.done), "current": self.current}

    @staticmethod
    def from_json(data: object) -> CourseProgress:
        d = data if isinstance(data, dict) else {}
        raw = d.get("done")
        done: list[str] = []
        for k in raw[:MAX_LESSONS] if isinstance(raw, list) else []:
            key = _key(k)
            if key is not None and key not in done:
                done.append(key)
        return CourseProgress(done, _key(d.get("current")))


@dataclass
class LessonProgress:
    courses: dict[str, CourseProgress] = field(default_factory=dict)

    def course(self, game: str) -> CourseProgress:
        return self.courses.setdefault(game, CourseProgress())

    def started(self, game: str, lesson: str) -> None:
        """The player opened a lesson: the course resumes there."""
        self.course(game).current = lesson

    def completed(self, game: str, lesson: str, following: str | None) -> None:
        """A lesson done: counted once; the course resumes at the one after it (None: at the start)."""
        c = self.course(game)
        if lesson not in c.done:
            c.done.append(lesson)
        c.current = following

    def to_json(self) -> dict:
        return {"format": FORMAT, "courses": {g: c.to_json() for g, c in self.courses.items()}}

    @staticmethod
    def from_json(data: object) -> LessonProgress:
        """Lenient: a course or a lesson key that is not plainly ours is left out."""
        d = data if isinstance(data, dict) else {}
        raw = d.get("courses")
        courses: dict[str, CourseProgress] = {}
        if isinstance(raw, dict):
            for game, value in list(raw.items())[:MAX_COURSES]:
                if _key(game) is not None:
                    courses[game] = CourseProgress.from_json(value)
        return LessonProgress(courses)
