"""`python -m game lessons`: the Learn to play courses played through by a scripted learner (each step's
typical wrong move tried, then the intended one), one JSON line per course: its lessons, the learner's
moves, the wrong moves refused, the words read, and an estimate in minutes of the time a person needs."""

from __future__ import annotations

import json

from game.i18n import LANGUAGES, _, set_language
from game.lessons import COURSES, course
from game.lessons.learner import measure


def cmd_lessons(args) -> int:
    from game.tools.cli import BadInput

    names = list(COURSES) if args.course is None else [args.course.lower()]
    if names[0] not in COURSES:
        raise BadInput(_("unknown course {name}: choose {names}").format(name=json.dumps(args.course)[:40],
                                                                        names=", ".join(COURSES)))
    if args.language is not None:
        if args.language not in LANGUAGES:
            raise BadInput(_("unknown language {name}: choose {names}").format(
                name=json.dumps(args.language)[:40], names=", ".join(LANGUAGES)))
        set_language(args.language)
    for name in names:
        print(json.dumps({"course": name, **measure(course(name)).to_json()}))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("play the Learn to play courses through and say how long they are"))
    p.add_argument("--course", default=None, help=_("one course: bolivia, standard or samba"))
    p.add_argument("--language", default=None, help=_("the language of the texts counted: en, fr or sv"))
    p.set_defaults(run=cmd_lessons)
