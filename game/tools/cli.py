"""Headless tools: meld, score, min-meld, simulate, turn (and arena, bench when present).

A contract: names, options and output keys stay as they are. Output is JSON on stdout; bad input
gets one clear line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

from game.i18n import _, set_language
from game.keep.safe_json import MAX_BYTES, MISSING, BadFile, json_from_bytes, read_json_file, sentence
from game.rules.cards import RED_THREE, ids_for_faces, parse_face
from game.rules.errors import IllegalAction
from game.rules.house import HouseError, parse_pairs, with_house
from game.rules.legal import legal_actions
from game.rules.melds import BLACK_THREES, canasta_bonus, canasta_of, classify, meld_points, side_may_go_out
from game.rules.record import GameRecord
from game.rules.ruleset import RULESETS, RuleSet
from game.rules.scoring import OUT_CONCEALED, OUT_NORMAL, score_side
from game.rules.state import GameState, Phase
from game.rules.view import view_of

RECORDS_KIND = "bolivia-records"  # a file of several games' records (simulate --record)
RECORDS_FORMAT = 1


class BadInput(Exception):
    """Input the tool cannot use: exit 2 with this message."""


def _out(data: dict, compact: bool = True) -> None:
    print(json.dumps(data) if compact else json.dumps(data, indent=2))


def _rules(name: str, house: object = None) -> RuleSet:
    """The rule set of a variant named on the command line, with its house options: a list of NAME=VALUE
    texts (--house) or a {NAME: VALUE} object (a record's "house")."""
    try:
        rules = RULESETS[name.lower()]
    except KeyError:
        raise BadInput(_("unknown variant {name!r}: choose {names}").format(
            name=name, names=", ".join(RULESETS))) from None
    if house is None:
        return rules
    try:
        if isinstance(house, (list, tuple)):
            house = parse_pairs(house)
        if not isinstance(house, dict):
            raise BadInput(_("\"house\" is an object of NAME: VALUE"))
        return with_house(rules, house)
    except HouseError as why:
        raise BadInput(str(why)) from None


def add_house_argument(parser: argparse.ArgumentParser) -> None:
    """--house NAME=VALUE, repeatable: the house rules a tool plays (docs/RULES.md, "House rules")."""
    parser.add_argument("--house", action="append", default=[], metavar="NAME=VALUE",
                        help=_("a house rule, like take_top=no (repeatable)"))


def parse_cards(texts: list[str], rules: RuleSet) -> list[int]:
    """Card texts to physical card ids, checking no card appears more often than the packs hold."""
    if not texts:
        raise BadInput(_("no cards given"))
    try:
        faces = [parse_face(t) for t in texts]
        return ids_for_faces(faces, rules.packs, rules.jokers)
    except ValueError as why:
        raise BadInput(str(why)) from None


# ----- meld ---------------------------------------------------------------------------------------

def cmd_meld(args: argparse.Namespace) -> int:
    rules = _rules(args.variant, args.house)
    cards = parse_cards(args.cards, rules)
    try:
        shape = classify(cards, rules)
    except IllegalAction as why:
        _out({"valid": False, "reason": str(why)})
        return 1
    canasta = canasta_of(shape.kind, cards, rules)
    _out({"valid": True, "kind": shape.kind, "canasta": rules.canasta_key(canasta),
          "bonus": canasta_bonus(canasta, rules), "points": meld_points(cards)})
    return 0


# ----- score --------------------------------------------------------------------------------------

def _read_json(path: str) -> object:
    """The JSON of a file (or of stdin for "-") through the game's one loader: deep nesting, huge
    numbers, NaN or bad UTF-8 are a clear line, never a traceback."""
    try:
        if path == "-":
            pipe = getattr(sys.stdin, "buffer", None)  # bytes: a pipe of bad UTF-8 is a clear line too
            raw = pipe.read(MAX_BYTES + 1) if pipe is not None else sys.stdin.read(MAX_BYTES + 1).encode()
            data = json_from_bytes(raw)
        else:
            data = read_json_file(Path(path))
    except BadFile as why:
        raise BadInput(_("{path} cannot be used: {why}").format(path=path, why=sentence(str(why)))) from None
    if data is MISSING:
        raise BadInput(_("cannot read {path}: No such file").format(path=path))
    return data


def score_record(record: object) -> dict:
    """Score a finished hand described as JSON; BadInput for any record that could not happen."""
    if not isinstance(record, dict) or not isinstance(record.get("sides"), list):
        raise BadInput(_("the record needs a \"sides\" list"))
    rules = _rules(str(record.get("variant", "bolivia")), record.get("house", {}))
    sides = record["sides"]
    hands_per_side = {len(s["hands"]) if isinstance(s, dict) and isinstance(s.get("hands"), list) else -1
                      for s in sides}
    if (len(sides), hands_per_side) not in ((2, {1}), (3, {1}), (2, {2})):
        raise BadInput(_("a hand has 2 sides of 1 or 2 players, or 3 sides of 1 player; got {n} sides "
                         "with {h} hands").format(n=len(sides), h=sorted(hands_per_side)))
    rules = rules.for_players(len(sides) * max(hands_per_side))
    all_faces: list[int] = []
    parsed = []
    outs = 0
    for i, side in enumerate(sides, 1):
        out = side.get("out")
        if out not in (None, OUT_NORMAL, OUT_CONCEALED):
            raise BadInput(_("side {i}: \"out\" is \"normal\", \"concealed\" or null").format(i=i))
        red = side.get("red_threes", 0)
        if not isinstance(red, int) or isinstance(red, bool) or red < 0:
            raise BadInput(_("side {i}: \"red_threes\" must be a count").format(i=i))
        melds = side.get("melds", [])
        hands = side["hands"]
        if not isinstance(melds, list) or not all(isinstance(x, list) for x in melds + hands):
            raise BadInput(_("side {i}: melds and hands are lists of cards").format(i=i))
        side_melds = []
        for j, meld in enumerate(melds, 1):
            faces = _faces(meld, i)
            all_faces += faces
            cards = _ids(faces)  # copies are checked again over the whole record below
            try:
                shape = classify(cards, rules)
            except IllegalAction as why:
                raise BadInput(_("side {i}, meld {j} ({cards}): {why}").format(
                    i=i, j=j, cards=" ".join(meld), why=why)) from None
            if shape.kind == BLACK_THREES and out is None:
                raise BadInput(_("side {i}, meld {j}: black threes are melded only by the side going out")
                               .format(i=i, j=j))
            side_melds.append((shape.kind, tuple(cards)))
        side_hands = []
        for hand in hands:
            faces = _faces(hand, i) if hand else []
            all_faces += faces
            if any(RED_THREE[c] for c in _ids(faces)):
                raise BadInput(_("side {i}: a red three is never held in hand; count it in red_threes").format(i=i))
            side_hands.append(_ids(faces))
        if out is not None:
            outs += 1
            if not side_may_go_out([canasta_of(k, c, rules) for k, c in side_melds], rules):
                raise BadInput(_("side {i} went out without {need}").format(i=i, need=rules.go_out_need()))
            if all(side_hands):
                raise BadInput(_("side {i} went out but no player of it has an empty hand").format(i=i))
        parsed.append((side_melds, red, side_hands, out))
    if outs > 1:
        raise BadInput(_("only one side can go out"))
    if sum(p[1] for p in parsed) > rules.packs * 2:
        raise BadInput(_("more than {n} red threes").format(n=rules.packs * 2))
    try:
        ids_for_faces(all_faces, rules.packs, rules.jokers)
    except ValueError as why:
        raise BadInput(str(why)) from None
    return {"sides": [score_side(m, r, h, o, rules).to_json() for m, r, h, o in parsed]}


def _ids(faces: list[int]) -> list[int]:
    try:
        return ids_for_faces(faces)
    except ValueError as why:
        raise BadInput(str(why)) from None


def _faces(texts: list, side: int) -> list[int]:
    if not texts:
        raise BadInput(_("side {i}: an empty meld").format(i=side))
    try:
        return [parse_face(str(t)) for t in texts]
    except ValueError as why:
        raise BadInput(_("side {i}: {why}").format(i=side, why=why)) from None


def cmd_score(args: argparse.Namespace) -> int:
    record = _read_json(args.file)
    if args.house and isinstance(record, dict):
        try:
            given = parse_pairs(args.house)
        except HouseError as why:
            raise BadInput(str(why)) from None
        house = record.get("house", {})
        record = {**record, "house": {**house, **given} if isinstance(house, dict) else house}
    _out(score_record(record))
    return 0


# ----- min-meld -----------------------------------------------------------------------------------

def cmd_min_meld(args: argparse.Namespace) -> int:
    try:
        score = int(args.score)
    except ValueError:
        raise BadInput(_("the score must be a whole number, like 1500 or -200")) from None
    print(_rules(args.variant, args.house).min_meld(score))
    return 0


# ----- simulate -----------------------------------------------------------------------------------

def play_game(state: GameState, choosers: list[Callable], rng: random.Random, check: bool = True,
              on_decision: Callable | None = None, record: GameRecord | None = None) -> dict:
    """Play one game to its end; returns counts and the first broken invariant (or None). With a
    `record`, every move goes through it (game/rules/record.py)."""
    turns = 0
    while state.phase != Phase.GAME_OVER:
        seat = state.to_act
        legal = legal_actions(state)
        if not legal:
            return {"turns": turns, "error": f"hand {state.hand_no}: no legal action in phase {state.phase}"}
        start = time.perf_counter()
        action = choosers[seat](view_of(state, seat), legal, rng)
        if on_decision:
            on_decision(seat, time.perf_counter() - start, state, action)
        try:
            events = record.play(state, action) if record is not None else state.apply(action)
        except IllegalAction as why:
            return {"turns": turns, "error": f"hand {state.hand_no}: seat {seat} chose {action!r}: {why}"}
        turns += sum(1 for e in events if type(e).__name__ == "TurnStarted")
        if check:
            problems = state.check()
            if problems:
                return {"turns": turns, "error": f"hand {state.hand_no} after {action!r}: {'; '.join(problems)}"}
    return {"turns": turns, "error": None}


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai import get_player

    if not 2 <= args.players <= 4:
        raise BadInput(_("--players must be 2, 3 or 4"))
    if args.games < 1:
        raise BadInput(_("--games must be at least 1"))
    rules = _rules(args.variant, args.house)
    target = args.target if args.target is not None else rules.default_target(args.players)
    if target not in rules.targets:
        raise BadInput(_("--target must be one of {t}").format(t=", ".join(map(str, rules.targets))))
    try:
        chooser = get_player(args.player)
    except ValueError as why:
        raise BadInput(str(why)) from None
    sides = 2 if args.players == 4 else args.players
    wins = [0] * sides
    errors = draws = hands = turns = 0
    start = time.perf_counter()
    records: list[dict] = []
    for g in range(args.games):
        state = GameState(args.players, args.seed * 1_000_003 + g, rules, target)
        rng = random.Random(f"{args.seed}:{g}:players")
        record = GameRecord.of(state) if args.record is not None else None
        result = play_game(state, [chooser] * args.players, rng, record=record)
        if record is not None:
            records.append(record.to_json())
        hands += state.hand_no
        turns += result["turns"]
        if result["error"]:
            errors += 1
            print(_("game {g}: {error}").format(g=g, error=result["error"]), file=sys.stderr)
            continue
        if state.winner is None:
            draws += 1
        else:
            wins[state.winner] += 1
    seconds = round(time.perf_counter() - start, 3)
    if args.record is not None:
        write_records(Path(args.record), records)
    _out({"games": args.games, "errors": errors, "draws": draws, "hands": hands, "turns": turns,
          "seconds": seconds, "wins": wins}, compact=args.json)
    return 1 if errors else 0


def write_records(path: Path, records: list[dict]) -> None:
    """The games' records, each as a save holds it (game/rules/record.py), in one file written atomically."""
    from game.keep.atomic_files import write_json_atomic

    try:
        write_json_atomic(path, {"format": RECORDS_FORMAT, "kind": RECORDS_KIND, "games": records})
    except OSError as why:
        raise BadInput(_("cannot write {path}: {why}").format(path=path, why=why.strerror or why)) from None


# ----- the parser ---------------------------------------------------------------------------------

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line, exit 2
        raise BadInput(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m game", description=_("Bolivia: headless tools"))
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    m = sub.add_parser("meld", help=_("judge one meld as laid"))
    m.add_argument("--variant", default="bolivia")
    m.add_argument("cards", nargs="*")
    add_house_argument(m)
    m.set_defaults(run=cmd_meld)
    s = sub.add_parser("score", help=_("score one finished hand from a JSON record"))
    s.add_argument("file")
    add_house_argument(s)
    s.set_defaults(run=cmd_score)
    mm = sub.add_parser("min-meld", help=_("the first-meld minimum for a score"))
    mm.add_argument("score")
    mm.add_argument("--variant", default="bolivia")
    add_house_argument(mm)
    mm.set_defaults(run=cmd_min_meld)
    sim = sub.add_parser("simulate", help=_("play whole games headless, checking every rule"))
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, required=True)
    sim.add_argument("--seed", type=int, required=True)
    sim.add_argument("--player", default="random")
    sim.add_argument("--target", type=int)
    sim.add_argument("--variant", default="bolivia")
    sim.add_argument("--json", action="store_true", help=_("one line of JSON"))
    sim.add_argument("--record", help=_("write the games' records to this file, for replay"))
    add_house_argument(sim)
    sim.set_defaults(run=cmd_simulate)
    for name, module in (("arena", "game.tools.arena"), ("bench", "game.tools.bench"), ("turn", "game.tools.position"),
                         ("replay", "game.tools.replay"), ("lessons", "game.tools.lessons"),
                         ("advise", "game.tools.advise"), ("warnings", "game.tools.warnings"),
                         ("endgame", "game.tools.endgame"), ("review-bench", "game.tools.review_bench"),
                         ("house-check", "game.tools.house_check"),
                         ("partner-measure", "game.tools.partner_measure"), ("serve", "game.tools.serve"),
                         ("table-bench", "game.tools.table_bench"), ("table-faults", "game.tools.table_faults"),
                         ("hand-time", "game.tools.hand_time"), ("lan-time", "game.tools.lan_time")):
        try:
            mod = __import__(module, fromlist=["register"])
        except ImportError:
            continue
        mod.register(sub, name)
    return p


def main(argv: list[str]) -> int:
    set_language(None)  # messages in the language of the environment (LANGUAGE, LANG)
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except BadInput as why:
        print(f"error: {_one_line(str(why))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except (Exception, RecursionError) as why:  # a defect of ours: still one line, as promised
        message = _("this input could not be handled ({why})").format(why=type(why).__name__)
        print(f"error: {_one_line(message)}", file=sys.stderr)
        return 2


def _one_line(text: str) -> str:
    return " ".join(text.split())[:500]
