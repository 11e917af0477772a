"""`python -m game house-check [--games N] [--players 4] [--seed S] [--levels L,...] [--target T] [--option NAME]
[--json]`: every option of the House rules table of docs/RULES.md at each of its values other than the default, played
in whole simulated games, every invariant checked after every move (as `simulate` checks them).

Each option is played in the first of its games among Bolivia, Standard and Samba (docs/RULES.md's table says
which), the same deals for every option (game g's seed is S * 1,000,003 + g). The seats are the levels
given, in turn (seat i of game g plays level (g + i) mod their number), so every level meets every option.
A game counts an error when a move breaks an invariant, the engine refuses a move, or the seat to act has
no legal move; a refused plan is a computer player's plan its own check caught and replaced by a safe move
(game/ai/levels.py: a defect, never expected). Output: one JSON object (`--json`: on one line):
  {"games": N, "players": P, "target": T or null, "seed": S, "levels": [...], "errors": E,
   "refused_plans": R, "options": [{"option": NAME, "value": VALUE, "game": GAME, "target": T, "games": N,
   "hands": H, "errors": E, "refused_plans": R, "seconds": X}, ...]}
(the target: `--target`, or each game's own at that many players, as `simulate` plays: games long enough
to reach every minimum of the first-meld tables).
and on stderr one line for each game with an error. Exit 0 when there is no error and no refused plan,
1 otherwise, 2 for input it cannot use.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from game.i18n import _
from game.rules.house import ALL_GAMES, OPTIONS, HouseOption, with_house
from game.rules.ruleset import RULESETS
from game.rules.state import GameState

DEFAULT_LEVELS = "easy,normal,hard,expert"


def option_values(names: list[str]) -> list[tuple[HouseOption, str]]:
    """Every (option, value) to check: each value of each option that is not its default, in the table's
    order; only the options named, when some are."""
    from game.tools.cli import BadInput

    known = {o.name: o for o in OPTIONS}
    for name in names:
        if name not in known:
            raise BadInput(_("unknown house rule {name}: choose {names}").format(
                name=name[:40], names=", ".join(known)))
    return [(o, v) for o in OPTIONS if not names or o.name in names for v in o.choices if v != o.default]


def check_option(option: HouseOption, value: str, games: int, players: int, seed: int, levels: list[str],
                 target: int) -> dict:
    """`games` whole games of the option's game with the option at `value`; their errors and refused plans."""
    from game.ai import get_player
    from game.ai.levels import REFUSED
    from game.tools.cli import play_game

    game = next(g for g in ALL_GAMES if g in option.games)
    rules = with_house(RULESETS[game], {option.name: value})
    choosers = [get_player(name) for name in levels]
    errors = refused = hands = 0
    start = time.perf_counter()
    for g in range(games):
        state = GameState(players, seed * 1_000_003 + g, rules, target)
        seats = [choosers[(g + i) % len(choosers)] for i in range(players)]
        before = REFUSED["plans"]
        result = play_game(state, seats, random.Random(f"{seed}:{g}:house-check"))
        refused += REFUSED["plans"] - before
        hands += state.hand_no
        if result["error"]:
            errors += 1
            print(_("{name}={value}, game {g}: {error}").format(name=option.name, value=value, g=g,
                                                                error=result["error"]), file=sys.stderr)
    return {"option": option.name, "value": value, "game": game, "target": target, "games": games, "hands": hands,
            "errors": errors, "refused_plans": refused, "seconds": round(time.perf_counter() - start, 1)}


def cmd_house_check(args: argparse.Namespace) -> int:
    from game.ai import get_player
    from game.tools.cli import BadInput

    if args.players not in (2, 3, 4):
        raise BadInput(_("--players must be 2, 3 or 4"))
    if args.games < 1:
        raise BadInput(_("--games must be at least 1"))
    levels = [n.strip() for n in args.levels.split(",") if n.strip()]
    if not levels:
        raise BadInput(_("--levels names at least one computer player"))
    for name in levels:
        try:
            get_player(name)
        except ValueError as why:
            raise BadInput(str(why)) from None
    chosen = option_values(args.option)
    for option, _value in chosen:
        game = next(g for g in ALL_GAMES if g in option.games)
        if args.target is not None and args.target not in RULESETS[game].targets:
            raise BadInput(_("--target must be one of {t}").format(t=", ".join(map(str, RULESETS[game].targets))))
    lines = []
    for option, value in chosen:
        game = next(g for g in ALL_GAMES if g in option.games)
        target = args.target if args.target is not None else RULESETS[game].default_target(args.players)
        lines.append(check_option(option, value, args.games, args.players, args.seed, levels, target))
    out = {"games": args.games, "players": args.players, "target": args.target, "seed": args.seed, "levels": levels,
           "errors": sum(x["errors"] for x in lines), "refused_plans": sum(x["refused_plans"] for x in lines),
           "options": lines}
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))
    return 1 if out["errors"] or out["refused_plans"] else 0


def register(sub, name: str) -> None:
    p = sub.add_parser(name, help=_("every house rule at each value but its default, in whole simulated games"))
    p.add_argument("--games", type=int, default=100, help=_("games for each option's value (default 100)"))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default=DEFAULT_LEVELS,
                   help=_("the computer players seated in turn, comma-separated (default: {levels})").format(
                       levels=DEFAULT_LEVELS))
    p.add_argument("--target", type=int, default=None,
                   help=_("the target score (default: the game's own)"))
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help=_("only this house rule (repeatable; default: every one)"))
    p.add_argument("--json", action="store_true", help=_("one line of JSON"))
    p.set_defaults(run=cmd_house_check)
