"""Tweens and the scheduler, driven by hand: no window, no real time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.anim import SPEEDS, Animator, Scheduler, Tween, Tweener, easing, lerp, speed_factor


class Sprite:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)
        self.alpha = 255


def test_easing_lookup() -> None:
    assert easing("linear")(0.5) == 0.5
    assert easing("easeOutCubic")(1.0) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="unknown easing"):
        easing("wobble")
    with pytest.raises(ValueError):
        easing("iterLinear")


def test_lerp_numbers_and_tuples() -> None:
    assert lerp(0, 10, 0.25) == 2.5
    assert lerp((0, 0), (10, 20), 0.5) == (5, 10)
    with pytest.raises(TypeError):
        lerp((0, 0), 5, 0.5)


def test_linear_tween_moves_and_lands_exactly() -> None:
    s = Sprite()
    tw = Tweener()
    tw.add(Tween(s, "x", 0, 100, 1.0, "linear"))
    tw.update(0.25)
    assert s.x == pytest.approx(25)
    assert not tw.idle
    tw.update(0.5)
    assert s.x == pytest.approx(75)
    tw.update(10.0)  # a long frame still lands on the end value, never past it
    assert s.x == 100
    assert tw.idle


def test_tuple_tween_and_current_value_start() -> None:
    s = Sprite()
    s.pos = (10.0, 20.0)
    tw = Tweener()
    tw.tween(s, "pos", (110.0, 220.0), 2.0, "linear")
    tw.update(1.0)
    assert s.pos == pytest.approx((60, 120))
    tw.update(1.0)
    assert s.pos == (110.0, 220.0)


def test_delay_leaves_the_value_alone_until_it_starts() -> None:
    s = Sprite()
    s.x = 5
    tw = Tweener()
    tw.tween(s, "x", 50, 1.0, "linear", delay=0.5)
    s.x = 7  # moved by someone else before the delay ends: the tween starts from there
    tw.update(0.4)
    assert s.x == 7
    tw.update(0.6)  # 0.5 of delay, then 0.5 of 1.0
    assert s.x == pytest.approx(7 + 43 * 0.5)


def test_setter_tween() -> None:
    seen: list[float] = []
    owner = object()
    tw = Tweener()
    tw.add(Tween(owner, seen.append, 0.0, 1.0, 1.0, "linear"))
    tw.update(0.5)
    tw.update(0.5)
    assert seen == [0.5, 1.0]
    with pytest.raises(ValueError):
        Tween(owner, seen.append, None, 1.0, 1.0)


def test_new_tween_on_same_attribute_replaces_old() -> None:
    s = Sprite()
    calls: list[str] = []
    tw = Tweener()
    tw.tween(s, "x", 100, 1.0, "linear", on_done=lambda: calls.append("old"))
    tw.update(0.5)
    assert s.x == pytest.approx(50)
    tw.tween(s, "x", 0, 1.0, "linear", on_done=lambda: calls.append("new"))
    assert len(tw) == 1
    tw.update(0.5)
    assert s.x == pytest.approx(25)  # from 50 back towards 0
    tw.update(0.5)
    assert s.x == 0
    assert calls == ["new"]  # the replaced tween never reports completion


def test_other_attribute_or_other_object_runs_alongside() -> None:
    a, b = Sprite(), Sprite()
    tw = Tweener()
    tw.tween(a, "x", 10, 1.0)
    tw.tween(a, "alpha", 0, 1.0)
    tw.tween(b, "x", 10, 1.0)
    assert len(tw) == 3
    assert tw.running(a, "alpha") is not None
    assert tw.cancel(a) == 2
    assert len(tw) == 1


def test_completion_callback_runs_once_and_may_chain() -> None:
    s = Sprite()
    tw = Tweener()
    order: list[str] = []

    def second() -> None:
        order.append("second")

    def first() -> None:
        order.append("first")
        tw.tween(s, "x", 0, 1.0, "linear", on_done=second)

    tw.tween(s, "x", 10, 1.0, "linear", on_done=first)
    tw.update(1.0)
    assert order == ["first"]
    assert s.x == 10  # the chained tween starts on the next update
    tw.update(1.0)
    assert order == ["first", "second"]
    tw.update(1.0)
    assert order == ["first", "second"]
    assert tw.idle


def test_zero_duration_completes_on_first_update() -> None:
    s = Sprite()
    done: list[bool] = []
    tw = Tweener()
    tw.tween(s, "x", 42, 0.0, on_done=lambda: done.append(True))
    tw.update(0.0)
    assert s.x == 42 and done == [True] and tw.idle


def test_speed_factors() -> None:
    assert SPEEDS == {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
    assert speed_factor("fast") == 0.45
    with pytest.raises(ValueError):
        speed_factor("ludicrous")
    with pytest.raises(ValueError):
        speed_factor(-1)


def test_slow_and_fast_speed_scale_durations() -> None:
    slow, fast = Sprite(), Sprite()
    ts, tf = Tweener("slow"), Tweener("fast")
    ts.tween(slow, "x", 100, 1.0, "linear")
    tf.tween(fast, "x", 100, 1.0, "linear")
    ts.update(0.8)
    tf.update(0.225)
    assert slow.x == pytest.approx(50)
    assert fast.x == pytest.approx(50)
    ts.update(0.8)
    tf.update(0.225)
    assert ts.idle and tf.idle


def test_instant_speed_finishes_everything_on_next_update() -> None:
    s = Sprite()
    done: list[str] = []
    tw = Tweener("instant")
    tw.tween(s, "x", 100, 5.0, delay=3.0, on_done=lambda: done.append("x"))
    tw.tween(s, "alpha", 0, 5.0, on_done=lambda: done.append("alpha"))
    tw.update(0.0)
    assert s.x == 100 and s.alpha == 0
    assert sorted(done) == ["alpha", "x"]
    assert tw.idle


def test_finish_all_keeps_the_speed() -> None:
    s = Sprite()
    tw = Tweener()
    tw.tween(s, "x", 100, 5.0)
    tw.finish_all()
    assert s.x == 100 and tw.idle and tw.speed == 1.0


def test_scheduler_calls_in_due_order() -> None:
    clock = Scheduler()
    log: list[str] = []
    clock.call_later(0.5, lambda: log.append("b"))
    clock.call_later(0.2, lambda: log.append("a"))
    clock.call_later(0.5, lambda: log.append("c"))  # same time: insertion order
    clock.update(0.1)
    assert log == []
    clock.update(0.4)
    assert log == ["a", "b", "c"]
    assert clock.idle


def test_scheduler_cancel_by_handle_and_by_function() -> None:
    clock = Scheduler()
    log: list[int] = []

    def f() -> None:
        log.append(1)

    h = clock.call_later(1.0, lambda: log.append(2))
    clock.call_later(1.0, f)
    clock.call_later(2.0, f)
    assert len(clock) == 3
    assert clock.cancel(h) == 1
    assert clock.cancel(h) == 0
    assert clock.cancel(f) == 2
    clock.update(5.0)
    assert log == [] and clock.idle


def test_a_call_may_cancel_a_later_due_call() -> None:
    clock = Scheduler()
    log: list[str] = []
    handles: dict[str, int] = {}
    clock.call_later(0.1, lambda: clock.cancel(handles["b"]))
    handles["b"] = clock.call_later(0.2, lambda: log.append("b"))
    clock.update(1.0)
    assert log == []


def test_calls_scheduled_by_a_call_wait_for_the_next_update() -> None:
    clock = Scheduler()
    log: list[int] = []

    def again() -> None:
        log.append(len(log))
        clock.call_later(0.0, again)  # must not loop forever within one update

    clock.call_later(0.0, again)
    clock.update(0.016)
    clock.update(0.016)
    assert log == [0, 1]


def test_scheduler_speed() -> None:
    clock = Scheduler("slow")
    log: list[bool] = []
    clock.call_later(1.0, lambda: log.append(True))
    clock.update(1.0)
    assert log == []
    clock.update(0.6)
    assert log == [True]
    clock = Scheduler("instant")
    clock.call_later(100.0, lambda: log.append(False))
    clock.update(0.0)
    assert log == [True, False]


def test_animator_shares_speed() -> None:
    a = Animator("fast")
    assert a.tweens.speed == a.clock.speed == 0.45
    a.speed = "instant"
    s = Sprite()
    a.tweens.tween(s, "x", 9, 3.0)
    fired: list[bool] = []
    a.clock.call_later(3.0, lambda: fired.append(True))
    assert not a.idle
    a.update(0.0)
    assert s.x == 9 and fired == [True] and a.idle


@given(
    st.floats(0.01, 5.0),
    st.lists(st.floats(0.0, 0.5), min_size=1, max_size=200),
    st.sampled_from(["linear", "easeInOutQuad", "easeOutCubic", "easeInOutSine"]),
)
def test_monotone_easings_stay_between_start_and_end(duration: float, steps: list[float], ease: str) -> None:
    s = Sprite()
    tw = Tweener()
    tw.tween(s, "x", 100.0, duration, ease)
    for dt in steps:
        tw.update(dt)
        assert -1e-9 <= s.x <= 100.0 + 1e-9
    if sum(steps) >= duration:
        assert s.x == 100.0 and tw.idle


def test_a_delayed_tween_is_waiting_and_not_moving_until_its_delay_is_over() -> None:
    class Thing:
        pos = (0.0, 0.0)

    early, late = Thing(), Thing()
    tw = Tweener()
    tw.tween(early, "pos", (10.0, 0.0), 1.0)
    waiting = tw.tween(late, "pos", (10.0, 0.0), 1.0, delay=0.5)
    assert waiting.waiting
    assert tw.moving("pos") == [early]  # one without a delay counts as moving from the start
    tw.update(0.25)
    assert tw.moving("pos") == [early] and late.pos == (0.0, 0.0)
    tw.update(0.5)
    assert not waiting.waiting and set(map(id, tw.moving("pos"))) == {id(early), id(late)}
    assert tw.moving("other") == []
