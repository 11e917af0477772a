"""Statistics: a played game counted right (wins, draws, the 60-hand end), once; the old file still loads."""

from __future__ import annotations

import json

from game.keep.stats import Statistics, difficulty
from game.keep.storage import Storage
from game.rules import Deal, Discard, DrawStock, GameState, Phase
from game.rules.position import changed
from tests.helpers import in_hand, position

ESCALERA = "4H 5H 6H 7H 8H 9H TH"
KINGS = "KS KS KD KD KC KC KH"
WILDS = "2S 2S 2D 2D 2C 2C 2H"
MIXED = "QS QS QD QD QC QC 2H"


def going_out(scores: list[int], melds: list[str], target: int = 2500, seed: int = 1) -> GameState:
    """Seat 0 goes out by discarding its last card; seat 1 holds 6D 6D (-10). `seed` tells games apart."""
    s = position(2, ["9D", "6D 6D"], melds=[melds], phase=Phase.MELD, scores=scores, target=target)
    s = changed(s, seed=seed)
    s.apply(Discard(in_hand(s, 0, "9D")[0]))
    return s


def test_a_won_game_counts_hands_canastas_and_the_outcome(tmp_path) -> None:
    store = Storage(tmp_path)
    s = going_out([280, 1000], [ESCALERA, KINGS, WILDS])
    assert s.phase == Phase.GAME_OVER and s.winner == 0
    hand = s.results[-1]["scores"][0]["total"]
    store.record_hand(s, 0)
    stats = store.record_game(s, 0, ["human", "hard"])
    g = Statistics.from_json(json.loads(store.path("stats.json").read_text())).of("bolivia")
    assert g == stats.of("bolivia")
    assert (g.record.played, g.record.won, g.record.lost, g.record.drawn) == (1, 1, 0, 0)
    assert g.levels["hard"].won == 1 and g.tables["2"].won == 1
    assert (g.hands, g.best_hand, g.average_hand) == (1, hand, hand)
    assert (g.natural, g.mixed, g.escaleras, g.bolivias) == (1, 0, 1, 1)
    assert (g.streak, g.best_streak) == (1, 1)
    # Shown again after "Continue game": neither the hand nor the game counts twice.
    store.record_hand(s, 0)
    again = store.record_game(s, 0, ["human", "hard"])
    assert again.of("bolivia") == g and again.played == 1


def test_a_draw_and_a_loss_end_the_streak_and_keep_the_best(tmp_path) -> None:
    store = Storage(tmp_path)
    won = going_out([280, 1000], [ESCALERA, KINGS])
    store.record_hand(won, 0)
    store.record_game(won, 0, ["human", "normal"])
    tie = going_out([290, 2520], [ESCALERA, KINGS], seed=2)  # +2220 and -10: both end on 2,510
    assert tie.phase == Phase.GAME_OVER and tie.scores == [2510, 2510] and tie.winner is None
    store.record_hand(tie, 0)
    stats = store.record_game(tie, 0, ["human", "normal"])
    g = stats.of("bolivia")
    assert (g.record.played, g.record.won, g.record.drawn) == (2, 1, 1)
    assert (g.streak, g.best_streak) == (0, 1)
    lost = going_out([0, 2600], [ESCALERA, MIXED], seed=3)
    assert lost.winner == 1
    stats = store.record_game(lost, 0, ["human", "easy"])
    g = stats.of("bolivia")
    assert (g.record.played, g.record.won, g.record.lost, g.record.drawn) == (3, 1, 1, 1)
    assert g.levels["easy"].lost == 1 and g.levels["normal"].played == 2
    assert g.hands == 2 and g.mixed == 0 and g.natural == 2  # the lost game's hand was not counted


def test_the_sixty_hand_end_is_a_draw_and_every_hand_counts(tmp_path) -> None:
    store = Storage(tmp_path)
    s = GameState(2, 3, target=2500)
    for _hand in range(60):
        s.apply(Deal())
        s = changed(s, pile=s.stock + s.pile, stock=[])  # the stock runs out at once: no going out
        s.apply(DrawStock())
        store.record_hand(s, 0)
    assert s.phase == Phase.GAME_OVER and s.end_reason == "hand_limit" and s.winner is None
    stats = store.record_game(s, 0, ["human", "normal"])
    g = stats.of("bolivia")
    totals = [r["scores"][0]["total"] for r in s.results]
    assert g.hands == 60 and g.hand_total == sum(totals) and g.best_hand == max(totals)
    assert (g.record.played, g.record.drawn, g.tables["2"].drawn) == (1, 1, 1)


def test_the_first_format_loads_as_bolivia_totals(tmp_path) -> None:
    store = Storage(tmp_path)
    store.root.mkdir(parents=True, exist_ok=True)
    store.path("stats.json").write_text(json.dumps({"format": 1, "played": 5, "won": 2, "lost": 2, "drawn": 1}))
    stats = store.load_stats()
    assert (stats.played, stats.won, stats.lost, stats.drawn) == (5, 2, 2, 1)
    assert stats.of("bolivia").levels == {}
    assert not store.take_problems()


def test_bad_values_count_as_none() -> None:
    stats = Statistics.from_json({"games": {"bolivia": {"record": {"played": -3, "won": "x", "lost": True},
                                                        "hands": 2, "best_hand": 10**12, "escaleras": 4.5,
                                                        "tables": {"9": {"played": 1}}}},
                                  "last_hand": ["k", "x"]})
    g = stats.of("bolivia")
    assert (g.record.played, g.record.won, g.record.lost) == (0, 0, 0)
    assert g.best_hand is None and g.escaleras == 0 and g.tables == {} and stats.last_hand is None
    assert Statistics.from_json("nonsense") == Statistics()


def test_reset_forgets_everything(tmp_path) -> None:
    store = Storage(tmp_path)
    s = going_out([280, 1000], [ESCALERA, KINGS])
    store.record_hand(s, 0)
    store.record_game(s, 0, ["human", "hard"])
    assert store.load_stats().played == 1
    store.reset_stats()
    assert store.load_stats() == Statistics()


def test_difficulty_of_a_table() -> None:
    assert difficulty(["human", "hard", "hard", "hard"]) == "hard"
    assert difficulty(["human", "easy", "hard"]) == "mixed"


def test_statistics_written_by_this_version_load_and_a_newer_format_is_kept_aside(tmp_path) -> None:
    store = Storage(tmp_path)
    s = going_out([280, 1000], [ESCALERA, KINGS])
    store.record_hand(s, 0)
    assert json.loads(store.path("stats.json").read_text())["format"] == 2
    again = Storage(tmp_path)
    assert again.load_stats().of("bolivia").hands == 1 and not again.take_problems()
    store.path("stats.json").write_text(json.dumps({"format": 3, "games": {}}))
    assert again.load_stats() == Statistics()
    assert again.path("stats.v3.json").exists() and again.take_problems()


def test_statistics_kept_across_starts_of_the_game(tmp_path) -> None:
    # The file is read back by the next start (its format is the statistics' own, not a newer version's).
    Storage(tmp_path).record_game(going_out([280, 1000], [ESCALERA, KINGS, WILDS], seed=1), 0, ["human", "hard"])
    store = Storage(tmp_path)
    stats = store.record_game(going_out([280, 1000], [ESCALERA, KINGS, WILDS], seed=2), 0, ["human", "hard"])
    assert stats.played == 2 and stats.of("bolivia").best_streak == 2
    assert store.take_problems() == [] and sorted(p.name for p in tmp_path.iterdir()) == ["stats.json"]


def test_a_damaged_count_sets_the_file_aside_and_keeps_the_rest(tmp_path) -> None:
    store = Storage(tmp_path)
    store.record_game(going_out([280, 1000], [ESCALERA, KINGS, WILDS]), 0, ["human", "hard"])
    assert store.flush()
    data = json.loads(store.path("stats.json").read_text())
    data["games"]["bolivia"]["escaleras"] = "many"
    store.path("stats.json").write_text(json.dumps(data))
    again = Storage(tmp_path)
    stats = again.load_stats()
    assert stats.of("bolivia").record.won == 1 and stats.of("bolivia").escaleras == 0  # the rest is kept
    (problem,) = again.take_problems()
    assert "could not be read" in problem and (tmp_path / "stats.json.bad").read_text() == json.dumps(data)
    # An untouched file is used as it is.
    good = Storage(tmp_path / "good")
    good.record_game(going_out([280, 1000], [ESCALERA, KINGS, WILDS]), 0, ["human", "hard"])
    assert good.flush()
    reread = Storage(tmp_path / "good")
    assert reread.load_stats().played == 1 and reread.take_problems() == []
