"""A finished (or unfinished) game told from its record, for one side: what the game-over screen sums up and
what the achievements look for.

Each hand is played back from the record (game/rules/record.py), so a game continued from its save is told
whole. Pure: no clock, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.rules import events as ev
from game.rules.record import GameRecord, ReplayError, replay


@dataclass
class GameStory:
    side: int
    hands: int = 0
    canastas: int = 0  # every canasta the side made, escaleras and bolivias among them
    escaleras: int = 0
    bolivias: int = 0
    best_hand: int | None = None  # the side's best hand score
    best_hand_no: int | None = None
    concealed_outs: int = 0  # times a seat of the side went out concealed (in one go, nothing melded before)
    outs: int = 0
    worst_behind: int = 0  # the most points the side trailed the leader by, before a hand
    hand_scores: list[int] = field(default_factory=list)


def tell(record: GameRecord, side: int) -> GameStory:
    """The game's story for `side`; a hand whose moves cannot be played back is left out."""
    story = GameStory(side)
    for hand in record.hands:
        before = list(hand.before)
        if len(before) > side:
            story.worst_behind = max(story.worst_behind, max(before) - before[side])
        last = None
        try:
            for step in replay(record, hand):
                last = step.state
                for e in step.events:
                    if isinstance(e, ev.WentOut) and last.side_of(e.seat) == side:
                        story.outs += 1
                        story.concealed_outs += 1 if e.concealed else 0
        except ReplayError:
            continue
        if last is None or not last.results or last.results[-1].get("hand") != hand.hand:
            continue  # not finished yet
        story.hands += 1
        score = int(last.results[-1]["scores"][side]["total"])
        story.hand_scores.append(score)
        if story.best_hand is None or score > story.best_hand:
            story.best_hand, story.best_hand_no = score, hand.hand
        for meld in last.melds[side]:
            kind = meld.canasta(last.rules)
            if kind:
                story.canastas += 1
                story.escaleras += kind == "escalera"
                story.bolivias += kind == "bolivia"
    return story
