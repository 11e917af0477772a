"""The warnings measure (`python -m game warnings`): which takes it calls foreseeable, read to the issue's
letter and not to the adviser's judgement, and a small run of its whole count."""

from __future__ import annotations

from game.rules.actions import TakePile
from game.rules.position import changed
from game.rules.ruleset import STANDARD
from game.rules.state import Phase
from game.rules.view import view_of
from game.tools.warnings import foreseen_take, run, seen_takes
from tests.helpers import in_hand, position


def test_a_card_onto_their_run_of_any_length_is_a_take_to_see_coming():
    s = position(2, ["TH 4C 5C", "QS QD 4D 5S"], pile="8C", melds=[[], ["7H 8H 9H"]], phase=Phase.MELD)
    kinds = seen_takes(view_of(s, 0), in_hand(s, 0, "TH")[0])
    assert kinds == {"run"}
    assert seen_takes(view_of(s, 0), in_hand(s, 0, "4C")[0]) == frozenset()


def test_a_rank_they_took_the_pile_on():
    s = position(2, ["6H 4C 5C", "QS 4D 5S 9C"], pile="8C", melds=[[], ["6C 6D 6S"]], phase=Phase.MELD)
    s = changed(s, pile_takes=[(1, 6)])
    assert seen_takes(view_of(s, 0), in_hand(s, 0, "6H")[0]) == {"took"}


def test_standard_an_unfrozen_pile_counts_when_taken_with_a_wild_card_not_with_a_hidden_pair():
    s = position(2, ["QH 4C 5C 7S", "4D 5S 8S QC QD 2C"], pile="8C 6C", melds=[["KS KC KH"], ["QS QD QC"]],
                 phase=Phase.MELD, rules=STANDARD)
    kinds = seen_takes(view_of(s, 0), in_hand(s, 0, "QH")[0])
    assert kinds == {"unfrozen"}
    with_wild = TakePile(tuple(in_hand(s, 1, "QC 2C")))
    with_pair = TakePile(tuple(in_hand(s, 1, "QC QD")))
    assert foreseen_take(kinds, with_wild) and not foreseen_take(kinds, with_pair)
    assert foreseen_take(frozenset({"run"}), with_pair)


def test_a_wild_card_or_a_three_is_never_a_take():
    s = position(2, ["2C 3C 4C", "QS QD 4D 5S"], pile="8C", melds=[[], ["7H 8H 9H"]], phase=Phase.MELD)
    assert seen_takes(view_of(s, 0), in_hand(s, 0, "2C")[0]) == frozenset()
    assert seen_takes(view_of(s, 0), in_hand(s, 0, "3C")[0]) == frozenset()


def test_a_small_run_of_the_whole_count():
    got = run(2, 1, 7, "coach", "hard", "bolivia")
    assert set(got["levels"]) == {"coach", "hard"} and got["all"]["decisions"] > 0
    for summary in [got["all"], *got["levels"].values()]:
        assert summary["hint_warned"] == 0  # the hint's card is never questioned
        # Every discard the adviser judges a risk is said (warned, or the adviser's own cautioned), no other.
        assert summary["warned"] == summary["judged_foreseen"]
    coach = got["ms"]["coach"]
    assert coach["decisions"] > 0 and coach["p50"] <= coach["p95"] <= coach["max"]
