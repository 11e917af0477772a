"""Achievements a club player cares about, found in what the game already knows: the hand just ended (its
melds still on the table, its result) and the finished game's totals. Pure: the date they were earned on
is given by the caller (the storage), and each is kept once, with the first date."""

from __future__ import annotations

from game.rules.state import GameState

# In the order the statistics screen lists them.
ACHIEVEMENTS = ("first_canasta", "first_escalera", "first_bolivia", "concealed_out", "big_hand", "first_win",
                "comeback", "streak", "daily")
BIG_HAND = 5000  # points in one hand
COMEBACK = 3000  # points behind the leader before a hand, in a game then won
STREAK = 3  # games won in a row


def for_hand(state: GameState, side: int, seat: int = 0) -> list[str]:
    """What the hand that just ended earns the player (at `seat`, on `side`)."""
    if not state.results:
        return []
    result = state.results[-1]
    found = []
    kinds = {m.canasta(state.rules) for m in state.melds[side]} - {None}
    if kinds:
        found.append("first_canasta")
    if "escalera" in kinds:
        found.append("first_escalera")
    if "bolivia" in kinds:
        found.append("first_bolivia")
    if result.get("out") == seat and result.get("concealed"):
        found.append("concealed_out")
    if int(result["scores"][side]["total"]) >= BIG_HAND:
        found.append("big_hand")
    return found


def worst_behind(state: GameState, side: int) -> int:
    """The most points `side` trailed the leader by before any hand of the game."""
    behind = 0
    for result in state.results[:-1]:  # the totals after each hand are the totals before the next
        totals = result["totals"]
        behind = max(behind, max(totals) - totals[side])
    return behind


def for_game(state: GameState, side: int, streak: int) -> list[str]:
    """What a finished game earns: a win, a win from COMEBACK behind, STREAK wins in a row (`streak`: the
    wins in a row, this game counted)."""
    if state.winner is None or state.winner != side:
        return []
    found = ["first_win"]
    if worst_behind(state, side) >= COMEBACK:
        found.append("comeback")
    if streak >= STREAK:
        found.append("streak")
    return found
