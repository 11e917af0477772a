"""`python -m game replay FILE [--game N] [--hand N] --json`: play a record back (a contract: README
"Headless tools").

FILE is a save (the game in progress), a kept game (the statistics folder's games/), or what
`simulate --record` writes (several games). Output, one JSON object a line: one per move, `{"hand": H,
"seat": S, "move": MOVE}` with MOVE in `turn`'s move syntax (its melds by index in the acting side's
list), then one per hand, `{"hand": H, "scores": [...]}`, each side's hand score as the moves play back
(null for a hand still in play, with "error" where a recorded move cannot be played). Every game by
default, each object then also carrying `"game": G`; `--game` chooses one. Games are numbered from 0, as
`simulate` numbers them; hands from 1, as the game and its score sheet do; seats from 0.
`--house NAME=VALUE` (repeatable) plays every game back under these house rules, over the ones its record
says it was played with (a record written before records carried them plays its game's defaults).
Exit 0 when every hand played back scores what the record says, 1 when one does not, 2 for a file that
is not a record or a house rule unknown, or not one of a game's.
"""

from __future__ import annotations

import json

from game.i18n import _
from game.rules.actions import (
    Action,
)
from game.rules.house import HouseError, parse_pairs, with_house
from game.rules.move_syntax import to_move
from game.rules.record import KIND, GameRecord, HandRecord, ReplayError, replay
from game.rules.record_check import InvalidRecord, record_from_json
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase

SAVE_KIND = "bolivia-save"
MAX_GAMES = 10_000


def records_in(data: object) -> list[GameRecord]:
    """The games a file holds; InvalidRecord (one line) when it is not a record."""
    kind = data.get("kind") if isinstance(data, dict) else None
    from game.tools.cli import RECORDS_KIND

    if kind == SAVE_KIND:
        assert isinstance(data, dict)
        if "record" not in data:
            raise InvalidRecord(_("the save holds no record of its hands (written before records were kept)"))
        return [record_from_json(data["record"])]
    if kind == KIND:
        return [record_from_json(data)]
    if kind == RECORDS_KIND:
        assert isinstance(data, dict)
        games = data.get("games")
        if not isinstance(games, list) or len(games) > MAX_GAMES:
            raise InvalidRecord(_("“{key}” is not what it should be").format(key="games"))
        out = []
        for g, rec in enumerate(games):
            try:
                out.append(record_from_json(rec))
            except InvalidRecord as why:
                raise InvalidRecord(_("game {g}: {why}").format(g=g, why=why)) from None
        return out
    raise InvalidRecord(_("it is not a record of Bolivia: neither a save, a kept game nor simulate's records"))


def play_under(games: list[GameRecord], house: list[str]) -> None:
    """Each game to be played back under these NAME=VALUE house rules, over its own; HouseError for a
    rule that is unknown, or not one of that game's."""
    if not house:
        return
    given = parse_pairs(house)
    for record in games:
        own = dict(record.rule_set.house) if record.rule_set is not None else {}
        record.rule_set = with_house(RULESETS[record.variant], {**own, **given})


def replay_hand(record: GameRecord, hand: HandRecord) -> tuple[list[dict], dict, bool]:
    """The hand's move lines, its score line, and whether it scores what the record says."""
    lines: list[dict] = []

    def seen(state: GameState, seat: int, action: Action) -> None:
        lines.append({"hand": hand.hand, "seat": seat, "move": to_move(state, action)})

    last = None
    try:
        for step in replay(record, hand, seen):
            last = step.state
    except ReplayError as why:
        if lines:
            lines.pop()  # the move that could not be played
        return lines, {"hand": hand.hand, "scores": None, "error": str(why)}, False
    assert last is not None
    if last.phase in (Phase.DEAL, Phase.GAME_OVER):
        scores = [sc["total"] for sc in last.results[-1]["scores"]]
        return lines, {"hand": hand.hand, "scores": scores}, scores == hand.scores
    return lines, {"hand": hand.hand, "scores": None}, hand.scores is None  # still in play


def cmd_replay(args) -> int:
    from game.tools.cli import BadInput, _read_json

    data = _read_json(args.file)
    try:
        games = records_in(data)
    except InvalidRecord as why:
        raise BadInput(_("{path} is not a record: {why}").format(path=args.file, why=why)) from None
    try:
        play_under(games, args.house)
    except HouseError as why:
        raise BadInput(str(why)) from None
    chosen = range(len(games))
    if args.game is not None:
        if not 0 <= args.game < len(games):
            raise BadInput(_("--game {n}: the file holds games 0 to {last}").format(n=args.game, last=len(games) - 1))
        chosen = range(args.game, args.game + 1)
    same = True
    found = False
    for g in chosen:
        record = games[g]
        for hand in record.hands:
            if args.hand is not None and hand.hand != args.hand:
                continue
            found = True
            lines, total, ok = replay_hand(record, hand)
            same = same and ok
            for line in lines + [total]:
                if args.game is None:
                    line = {"game": g, **line}
                _print(line, args.json)
    if args.hand is not None and not found:
        raise BadInput(_("--hand {n}: no such hand in the record (hands are numbered from 1)").format(n=args.hand))
    return 0 if same else 1


def _print(line: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(line))
        return
    where = " ".join(f"{k} {line[k]}" for k in ("game", "hand", "seat") if k in line)
    rest = {k: v for k, v in line.items() if k not in ("game", "hand", "seat")}
    print(where + ": " + json.dumps(rest))


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("play a record back: a save, a kept game or simulate's records"))
    p.add_argument("file", help=_("the record, or - to read it from standard input"))
    p.add_argument("--game", type=int, default=None, help=_("only this game (from 0)"))
    p.add_argument("--hand", type=int, default=None, help=_("only this hand (from 1)"))
    p.add_argument("--json", action="store_true", help=_("one JSON object a line"))
    p.add_argument("--house", action="append", default=[], metavar="NAME=VALUE",
                   help=_("a house rule, like take_top=no (repeatable)"))
    p.set_defaults(run=cmd_replay)
