"""The daily deal (a deal code made from the date: a golden date, the same cards every time, the player's
best kept) and the achievements, earned in whole games played and kept with their dates."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from game.keep.achievements import ACHIEVEMENTS, COMEBACK, for_game, for_hand
from game.keep.stats import Statistics
from game.keep.storage import Storage
from game.rules.daily import daily_deal, day_of
from game.rules.deal_code import decode
from game.rules.position import changed
from game.rules.record import GameRecord
from game.rules.ruleset import RULESETS
from game.rules.state import GameState, Phase
from scenes.achievement_lines import achievement_lines, achievement_name, daily_lines
from tests.game_playing import play_game

DAY = date(2026, 12, 3)


def test_a_golden_date_gives_its_code_and_the_code_gives_the_date_back() -> None:
    code = daily_deal(DAY)
    assert code.text() == "PF9H-QHG4-DT"  # pinned: every copy of the game deals the same cards today
    assert decode(code.text()) == code and (code.game, code.players, code.hand, code.target) == (
        "bolivia", 4, 1, 15000)
    assert day_of(code.seed) == DAY and daily_deal(date(2026, 12, 4)).text() != code.text()
    assert day_of(12345) is None  # an ordinary game's seed is no daily deal


def daily_game(day: date) -> tuple[GameState, GameRecord]:
    """Set up as the game does for today's deal (game/shell/flow.py start_daily and start_game)."""
    code = daily_deal(day)
    state = changed(GameState(code.players, 99, rules=RULESETS[code.game], target=code.target),
                    first_dealer=code.dealer)
    record = GameRecord.of(state)
    record.next_deal = (code.seed, code.hand)
    return state, record


def test_the_daily_deal_deals_the_same_cards_and_keeps_the_players_best(tmp_path: Path) -> None:
    one, rec_one = daily_game(DAY)
    two, rec_two = daily_game(DAY)
    scores = []
    store = Storage(tmp_path / "data")
    for state, record, seed in ((one, rec_one, 1), (two, rec_two, 7)):
        def counted(s: GameState, r: GameRecord) -> None:
            store.record_hand(s, 0, r)
            scores.append(s.results[-1]["scores"][0]["total"])

        play_game(4, seed, state=state, record=record, on_hand_end=counted, hands=1)
    assert rec_one.hands[0].deck == rec_two.hands[0].deck  # the same cards, whoever plays them
    stats = Storage(store.root).load_stats()
    assert stats.daily == {DAY.isoformat(): max(scores)}
    assert stats.achievements["daily"] == date.today().isoformat()
    assert daily_lines(stats, DAY)[0][1] == "PF9H-QHG4-DT"
    # An ordinary game's first hand is not a daily deal's.
    other = Statistics()
    play_game(4, 3, hands=1, on_hand_end=lambda s, r: other.note_daily(r, s, 0, "2026-12-03"))
    assert other.daily == {} and "daily" not in other.achievements


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (4, 2), (4, 8)])
def test_hand_achievements_are_earned_as_the_hands_go(players: int, seed: int) -> None:
    stats = Statistics()
    days = iter(f"2026-12-{d:02d}" for d in range(1, 61))
    seen: list[tuple[str, str]] = []

    def counted(state: GameState, _record: GameRecord) -> None:
        day = next(days)
        before = set(stats.achievements)
        stats.count_hand(state, 0, day)
        seen.extend((k, day) for k in set(stats.achievements) - before)

    played = play_game(players, seed, on_hand_end=counted)
    kinds = [set(hand) for hand in played.canastas]
    first = {k: next((i for i, ks in enumerate(kinds) if want(ks)), None) for k, want in (
        ("first_canasta", bool), ("first_escalera", lambda ks: "escalera" in ks),
        ("first_bolivia", lambda ks: "bolivia" in ks))}
    for key, hand in first.items():  # earned on the day of the first hand that had one, and kept from then
        assert stats.achievements.get(key) == (None if hand is None else f"2026-12-{hand + 1:02d}"), key
    concealed = [s for s, c in played.outs if c and s == 0]
    assert ("concealed_out" in stats.achievements) == bool(concealed)
    assert len(seen) == len(set(k for k, _d in seen))  # each once, with its first day
    stats.count_game(played.state, 0, ["human"] + ["normal"] * (players - 1), "2026-12-31")
    assert ("first_win" in stats.achievements) == (played.state.winner == 0)
    assert [line[0] for line in achievement_lines(stats)[1:]] == [
        achievement_name(k) for k in ACHIEVEMENTS if k in stats.achievements]


def test_a_game_won_from_behind_a_concealed_out_and_a_streak() -> None:
    results = [{"hand": 1, "out": 1, "concealed": False, "scores": [{"total": 100}, {"total": 3300}],
                "totals": [100, 3300]},
               {"hand": 2, "out": 0, "concealed": True, "scores": [{"total": 15200}, {"total": 0}],
                "totals": [15300, 3300]}]
    s = changed(GameState(2, 1), winner=0, phase=Phase.GAME_OVER, results=results)
    assert COMEBACK <= 3200
    assert for_game(s, 0, streak=3) == ["first_win", "comeback", "streak"]
    assert for_game(s, 0, streak=1) == ["first_win", "comeback"]
    assert for_game(s, 1, streak=5) == []  # a lost game earns nothing
    assert "concealed_out" in for_hand(s, 0, seat=0) and "big_hand" in for_hand(s, 0, seat=0)
    s = changed(s, results=[{**s.results[0], "totals": [100, 2000]}, s.results[1]])  # 1,900 behind only
    assert "comeback" not in for_game(s, 0, streak=1)


def test_damaged_achievements_and_daily_scores_are_set_aside() -> None:
    stats = Statistics.from_json({"achievements": {"first_bolivia": "2026-12-03", "made_up": "2026-12-03",
                                                   "first_win": 7},
                                  "daily": {"2026-12-03": 1200, "yesterday": 5, "2026-12-02": "lots"}})
    assert stats.achievements == {"first_bolivia": "2026-12-03"}
    assert stats.daily == {"2026-12-03": 1200}
    again = Statistics.from_json(stats.to_json())
    assert (again.achievements, again.daily) == (stats.achievements, stats.daily)
    assert Statistics.from_json({"achievements": [1, 2], "daily": "x"}).achievements == {}


def test_d_on_the_statistics_screen_deals_todays_cards(tmp_path: Path) -> None:
    import pygame

    from game.shell.flow import Flow
    from game.ui.sounds import SoundBoard
    from scenes.statistics import StatisticsScene
    from tests.scene_helpers import FakeClock, key
    from tests.test_sounds import CountingMixer

    flow = Flow((1366, 768), storage=Storage(tmp_path / "data"), sounds=SoundBoard(CountingMixer()))
    flow.app.clock = FakeClock()
    try:
        flow.open_statistics()
        flow.app.run(frames=1)
        assert isinstance(flow.app.scenes.current, StatisticsScene)
        flow.app.scenes.current.handle_event(key(pygame.K_d))
        flow.app.run(frames=2)
        table = flow.table
        assert table is not None and table.state.players == 4 and table.state.target == 15000
        code = daily_deal(date.today())
        record = table.controller.record
        assert record.hands[0].source == (code.seed, 1)
        state, again = daily_game(date.today())
        play_game(4, 1, state=state, record=again, hands=1)
        assert record.hands[0].deck == again.hands[0].deck  # the cards everyone gets today
    finally:
        flow.close()
