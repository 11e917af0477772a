"""Counted work: how many steps a search may still take. Searches that can grow without bound on a long
hand (the first melds of a hand of 100 cards, whether it goes out) count their steps in one, not the
clock: the rules have no clock, and a seeded game must play the same on any machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Work:
    """The steps a search may still take, counted (no clock: the same on any machine); `cut` once it
    stopped for want of them."""

    left: int
    cut: bool = False
    spent: int = 0

    def spend(self, floor: int = 0, steps: int = 1) -> bool:
        """Take these steps; False (and `cut`) when they are not left above `floor` (steps kept for later)."""
        if self.left - steps < floor:
            self.cut = True
            return False
        self.left -= steps
        self.spent += steps
        return True


def unbounded() -> Work:
    return Work(10**18)
