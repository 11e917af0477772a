"""`python -m game turn FILE`: set up one position and play moves from it (a contract: the names, keys
and exit codes below stay as they are; README "Headless tools").

The file (or `-` for standard input) is one JSON object:
  variant ("bolivia"), players (2-4), scores (per side), turn (seat), phase ("draw" or "meld"),
  hands (per seat), melds (per side, each a list of cards), red_threes (per side, a count),
  pile (bottom to top), stock (top first), stock_exact (default false: the cards not placed lie at
  the bottom of the stock, below the listed ones), melded_before (per seat, default false), moves.
Moves: {"draw": "stock"}, {"take_pile": [cards], "melds": [[cards], ...]}, {"take_pile": [], "onto": MELD}
  (the top card alone onto that meld, where the house rule take_onto_meld allows it), {"take_top": MELD},
  {"meld": {"new": [[cards], ...], "add": [[MELD, [cards]], ...], "combine": [[MELD, INTO], ...]}},
  {"combine": [MELD, INTO]}, {"discard": CARD}, {"ask": true}, {"answer": true|false}; MELD is the
  index of a meld in the acting side's list (new melds appended at its end).
Output: {"moves": [{"ok": true} | {"ok": false, "reason": ...}], "phase", "turn", "hand_sizes",
  "hand_over", "hand_scores": null or each side's score lines as `python -m game score` prints them}.
A file that does not describe a possible position is refused as a whole: PositionError, one line.
"""

from __future__ import annotations

import json
import sys

from game.i18n import _
from game.rules.cards import RED_THREE, deck_ids, ids_for_faces, parse_face
from game.rules.errors import IllegalAction
from game.rules.house import HouseError, parse_pairs, with_house
from game.rules.melds import BLACK_THREES, classify
from game.rules.move_syntax import MAX_MOVES, Move, parse_move, read_faces, read_int, read_list, to_action
from game.rules.move_syntax import MoveSyntaxError as PositionError  # the file is not a position: exit 2, one line
from game.rules.position import new_position, sides_of
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.state import GameState, Phase

MAX_TEXT = 1_000_000  # characters: a position is a few hundred
MAX_SCORE = 10**9
RED_THREE_FACES = (parse_face("3H"), parse_face("3D"))


# ----- reading ------------------------------------------------------------------------------------


def read_text(path: str) -> str:
    try:
        if path == "-":
            text = sys.stdin.read(MAX_TEXT + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_TEXT + 1)
    except UnicodeDecodeError:
        raise PositionError(_("{path} is not UTF-8 text").format(path=path)) from None
    except OSError as why:
        raise PositionError(_("cannot read {path}: {why}").format(path=path, why=why.strerror or why)) from None
    if len(text) > MAX_TEXT:
        raise PositionError(_("{path} is too long for a position").format(path=path))
    return text


def parse_json(text: str, path: str) -> object:
    try:
        return json.loads(text)
    except RecursionError:
        raise PositionError(_("{path} is nested too deeply").format(path=path)) from None
    except ValueError as why:  # JSONDecodeError, and integers too long to read
        raise PositionError(_("{path} is not valid JSON: {why}").format(path=path, why=str(why).splitlines()[0])
                            ) from None


def _rules(data: dict) -> RuleSet:
    name = data.get("variant", "bolivia")
    if not isinstance(name, str) or name.lower() not in RULESETS:
        raise PositionError(_("unknown variant {name}: choose {names}").format(
            name=json.dumps(name)[:40], names=", ".join(RULESETS)))
    house = data.get("house", {})
    if not isinstance(house, dict):
        raise PositionError(_("\"house\" is an object of NAME: VALUE"))
    try:
        return with_house(RULESETS[name.lower()], house)
    except HouseError as why:
        raise PositionError(str(why)) from None


def build_position(data: object) -> tuple[GameState, list[Move]]:
    """The state the file describes and its moves, or PositionError saying what cannot be."""
    if not isinstance(data, dict):
        raise PositionError(_("a position is a JSON object"))
    rules = _rules(data)
    players = read_int(data.get("players"), "players", 2, 4)
    sides = sides_of(players)
    scores = [read_int(x, "scores", -MAX_SCORE, MAX_SCORE) for x in read_list(data.get("scores", [0] * sides), "scores",
                                                                           sides)]
    turn = read_int(data.get("turn"), "turn", 0, players - 1)
    phase = data.get("phase")
    if phase not in ("draw", "meld"):
        raise PositionError(_("phase must be \"draw\" or \"meld\""))
    hands = [read_faces(h, f"hands[{i}]") for i, h in enumerate(read_list(data.get("hands"), "hands", players))]
    melds = [[read_faces(m, f"melds[{side}]") for m in read_list(ms, f"melds[{side}]")]
             for side, ms in enumerate(read_list(data.get("melds", [[] for _s in range(sides)]), "melds", sides))]
    reds = read_list(data.get("red_threes", [0] * sides), "red_threes", sides)
    red_faces: list[list[int]] = []
    next_red = 0
    for side, r in enumerate(reds):
        if isinstance(r, list):
            faces = read_faces(r, f"red_threes[{side}]")
            if not all(f in RED_THREE_FACES for f in faces):
                raise PositionError(_("red_threes[{side}]: only red threes (3H, 3D)").format(side=side))
        else:
            faces = []
            for _k in range(read_int(r, f"red_threes[{side}]", 0, rules.packs * 2)):
                faces.append(RED_THREE_FACES[next_red % 2])
                next_red += 1
        red_faces.append(faces)
    pile = read_faces(data.get("pile", []), "pile")
    stock = read_faces(data.get("stock", []), "stock")
    exact = data.get("stock_exact", False)
    if not isinstance(exact, bool):
        raise PositionError(_("stock_exact must be true or false"))
    before = data.get("melded_before", [False] * players)
    if not all(isinstance(b, bool) for b in read_list(before, "melded_before", players)):
        raise PositionError(_("melded_before must be true or false for each seat"))
    raw_moves = read_list(data.get("moves", []), "moves")
    if len(raw_moves) > MAX_MOVES:
        raise PositionError(_("too many moves"))
    moves = [parse_move(m, i) for i, m in enumerate(raw_moves)]

    # Physical cards: every face gets its own card; more copies than the packs hold cannot be.
    groups = hands + [m for side in melds for m in side] + red_faces + [pile, stock]
    flat = [f for g in groups for f in g]
    try:
        ids = ids_for_faces(flat, rules.packs, rules.jokers)
    except ValueError as why:
        raise PositionError(str(why)) from None
    it = iter(ids)
    placed = [[next(it) for _f in g] for g in groups]
    hand_ids = placed[:players]
    meld_ids = placed[players:players + sum(len(side) for side in melds)]
    red_ids = placed[players + len(meld_ids):players + len(meld_ids) + sides]
    pile_ids, stock_ids = placed[-2], placed[-1]
    for seat, h in enumerate(hand_ids):
        if any(RED_THREE[c] for c in h):
            raise PositionError(_("hands[{seat}]: a red three is never held: it is laid out at once").format(
                seat=seat))
    side_melds: list[list[list[int]]] = []
    k = 0
    for side, faces_of_side in enumerate(melds):
        side_melds.append([])
        for j, _m in enumerate(faces_of_side):
            cards = meld_ids[k]
            k += 1
            try:
                shape = classify(cards, rules)
            except IllegalAction as why:
                raise PositionError(_("melds[{side}][{j}] is not a meld: {why}").format(side=side, j=j, why=why)
                                    ) from None
            if shape.kind == BLACK_THREES:
                raise PositionError(_("melds[{side}][{j}]: black threes are melded only as a player goes out, "
                                      "ending the hand").format(side=side, j=j))
            side_melds[side].append(cards)
    rest = []
    if not exact:
        used = set(ids)
        rest = [c for c in deck_ids(rules.packs, rules.jokers) if c not in used]
    # Who has melded this hand (Standard Canasta's concealed going out means the player): as given, and
    # a seat can have melded only if its side has melds.
    s = new_position(players, rules, scores=scores, turn=turn, phase=Phase.DRAW if phase == "draw" else Phase.MELD,
                     hands=hand_ids, melds=side_melds, red_threes=red_ids, pile=pile_ids,
                     stock=rest[::-1] + stock_ids[::-1],  # the engine draws from the end of the list
                     melded_by=[bool(b) for b in before])
    if any(b and not s.has_melded(s.side_of(seat)) for seat, b in enumerate(s.melded_by)):
        raise PositionError(_("melded_before: a seat whose side has no meld has not melded"))
    if rules.one_meld_per_rank and any(
            len(keys) != len(set(keys)) for keys in ([m.key for m in side if m.kind == "rank"] for side in s.melds)):
        raise PositionError(_("a side has two melds of one rank"))
    return s, moves


# ----- playing ------------------------------------------------------------------------------------


def play_position(data: object) -> dict:
    """Set up the position and play its moves: the tool's output."""
    s, moves = build_position(data)
    results = []
    for move in moves:
        if s.phase in (Phase.DEAL, Phase.GAME_OVER):
            results.append({"ok": False, "reason": _("The hand is over.")})
            continue
        try:
            action = to_action(s, move)
            probe = s.copy()
            probe.apply(action)
        except IllegalAction as why:
            results.append({"ok": False, "reason": str(why)})
            continue
        s = probe
        results.append({"ok": True})
    over = s.phase in (Phase.DEAL, Phase.GAME_OVER)
    return {"moves": results, "phase": s.phase.value, "turn": s.turn, "hand_sizes": [len(h) for h in s.hands],
            "hand_over": over, "hand_scores": s.results[-1]["scores"] if over and s.results else None}


def with_command_line(data: object, variant: str | None, house: list[str]) -> object:
    """The position with the command line's --variant (which must agree with the file's, if it names one)
    and --house NAME=VALUE options over the file's "house"; checked as the file's are, when it is read."""
    if variant is not None and isinstance(data, dict):
        if "variant" in data and str(data["variant"]).lower() != variant.lower():
            raise PositionError(_("the file says variant {file}, the command line {arg}").format(
                file=json.dumps(data["variant"])[:40], arg=variant))
        data = {**data, "variant": variant}
    if house and isinstance(data, dict):
        try:
            given = parse_pairs(house)
        except HouseError as why:
            raise PositionError(str(why)) from None
        kept = data.get("house", {})
        data = {**data, "house": {**kept, **given} if isinstance(kept, dict) else kept}
    return data


def add_house_option(parser) -> None:
    """--house NAME=VALUE, repeatable (as game/tools/cli.py's other tools take it)."""
    parser.add_argument("--house", action="append", default=[], metavar="NAME=VALUE",
                        help=_("a house rule, like take_top=no (repeatable)"))


def cmd_turn(args) -> int:
    from game.tools.cli import BadInput

    try:
        data = with_command_line(parse_json(read_text(args.file), args.file), args.variant, args.house)
        out = play_position(data)
    except PositionError as why:
        raise BadInput(str(why)) from None
    print(json.dumps(out))
    return 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("set up one position from a JSON file and play moves from it"))
    p.add_argument("file", help=_("the position, or - to read it from standard input"))
    p.add_argument("--variant", default=None,
                   help=_("the game, when the file does not say: bolivia, standard or samba"))
    add_house_option(p)
    p.set_defaults(run=cmd_turn)

