"""`python -m game advise FILE|-`: the table's advice for one position (a contract: README "Headless tools").

The file is the JSON `python -m game turn` reads (game/tools/position.py), its optional "house" too, and
`--house NAME=VALUE` (repeatable) sets house rules over the file's; its moves are played first
(each must be legal), and the advice is for the seat to act after them, from that seat's view, with
what it saw during those moves. Output, one JSON object:
  {"seat": N, "hint": {"move": MOVE, "reason": TEXT}, "discard_risks": {CARD: TEXT or null, ...}}
MOVE is written in `turn`'s move syntax (cards as faces like "7H", melds by their index in the side's
list); `discard_risks` has one entry per distinct card in the seat's hand when it is to discard (else
{}): the warning the table would give before that discard, or null.
"""

from __future__ import annotations

import json

from game.i18n import _, set_language
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.rules.cards import face_label
from game.rules.errors import IllegalAction
from game.rules.move_syntax import to_action
from game.rules.state import GameState, Phase
from game.rules.view import view_of
from game.tools.position import (
    PositionError,
    add_house_option,
    build_position,
    parse_json,
    read_text,
    with_command_line,
)

LANGUAGES = ("en", "fr", "sv")


def _faces(cards) -> list[str]:
    return [face_label_of(c) for c in cards]


def face_label_of(card: int) -> str:
    from game.rules.cards import FACE

    return face_label(FACE[card])


def move_json(state: GameState, action: Action) -> dict:
    """An action in `turn`'s move syntax, melds by their index in the acting side's list."""
    index = {m.id: i for i, m in enumerate(state.melds[state.side_of(state.to_act)])}
    if isinstance(action, DrawStock):
        return {"draw": "stock"}
    if isinstance(action, TakePile):
        out: dict = {"take_pile": _faces(action.cards)}
        if action.melds:
            out["melds"] = [_faces(m) for m in action.melds]
        if action.onto is not None:
            out["onto"] = index[action.onto]
        return out
    if isinstance(action, TakeTop):
        return {"take_top": index[action.meld]}
    if isinstance(action, Combine):
        return {"combine": [index[action.meld], index[action.into]]}
    if isinstance(action, LayMelds):
        action = MeldMove(new=action.melds)
    elif isinstance(action, AddToMeld):
        action = MeldMove(add=((action.meld, action.cards),))
    if isinstance(action, MeldMove):
        body: dict = {}
        if action.new:
            body["new"] = [_faces(m) for m in action.new]
        if action.add:
            body["add"] = [[index[mid], _faces(cards)] for mid, cards in action.add]
        if action.combine:
            body["combine"] = [[index[a], index[b]] for a, b in action.combine]
        return {"meld": body}
    if isinstance(action, Discard):
        return {"discard": face_label_of(action.card)}
    if isinstance(action, AskPartner):
        return {"ask": True}
    if isinstance(action, Answer):
        return {"answer": action.yes}
    raise PositionError(_("there is no move to advise: the hand is over"))


def advise_position(data: object) -> dict:
    from game.ai.adviser import advise

    s, moves = build_position(data)
    for i, move in enumerate(moves):
        if s.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
            raise PositionError(_("move {i}: the hand is over").format(i=i + 1))
        try:
            s.apply(to_action(s, move))
        except IllegalAction as why:
            raise PositionError(_("move {i}: {why}").format(i=i + 1, why=why)) from None
    if s.phase not in (Phase.DRAW, Phase.MELD, Phase.ANSWER):
        raise PositionError(_("there is no move to advise: the hand is over"))
    seat = s.to_act
    advice = advise(view_of(s, seat))  # seeded by the view, as the table's hint is
    return {"seat": seat, "hint": {"move": move_json(s, advice.hint.move), "reason": advice.hint.reason},
            "discard_risks": {face_label_of(c): text for c, text in advice.discard_risks.items()}}


def cmd_advise(args) -> int:
    from game.tools.cli import BadInput

    if args.language is not None:
        set_language(args.language)
    try:
        out = advise_position(with_command_line(parse_json(read_text(args.file), args.file), None, args.house))
    except PositionError as why:
        raise BadInput(str(why)) from None
    print(json.dumps(out, ensure_ascii=False))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("the hint and the discard warnings for one position"))
    p.add_argument("file", help=_("the position, or - to read it from standard input"))
    p.add_argument("--language", choices=LANGUAGES, default=None, help=_("the language of the words"))
    add_house_option(p)
    p.set_defaults(run=cmd_advise)
