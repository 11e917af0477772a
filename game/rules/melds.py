"""What makes a meld, what it is worth, and when it is a canasta."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules.cards import (
    ACE,
    BLACK_THREE,
    FACE_RANK,
    FACE_SUIT,
    NATURAL,
    RANK,
    RED_THREE,
    SUIT,
    VALUE,
    WILD,
    WILD_FACE,
)
from game.rules.errors import IllegalAction
from game.rules.ruleset import RuleSet

RANK_MELD = "rank"
RUN = "run"
WILD_MELD = "wild"
BLACK_THREES = "black_threes"

NATURAL_CANASTA = "natural"
MIXED_CANASTA = "mixed"
ESCALERA = "escalera"
BOLIVIA_CANASTA = "bolivia"


@dataclass(frozen=True)
class MeldShape:
    """What a set of cards is as a meld: its kind and its key (rank of a rank meld, suit of a run)."""

    kind: str
    key: int


@dataclass(frozen=True)
class Meld:
    """A meld on the table. Its id is stable for the hand so moves and pictures can name it."""

    id: int
    kind: str
    key: int
    cards: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def wilds(self) -> int:
        return sum(1 for c in self.cards if WILD[c])

    def naturals(self) -> int:
        return len(self.cards) - self.wilds()

    def canasta(self, rules: RuleSet) -> str | None:
        return canasta_of(self.kind, self.cards, rules)

    def bonus(self, rules: RuleSet) -> int:
        return canasta_bonus(self.canasta(rules), rules)

    def points(self) -> int:
        return sum(VALUE[c] for c in self.cards)

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "key": self.key, "cards": list(self.cards)}

    @staticmethod
    def from_json(d: dict) -> Meld:
        return Meld(int(d["id"]), str(d["kind"]), int(d["key"]), tuple(int(c) for c in d["cards"]))


def classify(cards: tuple[int, ...] | list[int], rules: RuleSet) -> MeldShape:
    """The shape of a valid meld, or IllegalAction saying why these cards are not one."""
    n = len(cards)
    if n < 3:
        raise IllegalAction(_("A meld needs at least three cards."))
    if any(RED_THREE[c] for c in cards):
        raise IllegalAction(_("Red threes are never melded: they are laid out on their own."))
    wilds = sum(1 for c in cards if WILD[c])
    if wilds == n:
        if not rules.wild_melds:
            raise IllegalAction(_("Wild cards can't be melded on their own in this game."))
        if n > rules.wild_meld_max:
            raise IllegalAction(_("A meld of wild cards holds at most seven cards."))
        return MeldShape(WILD_MELD, 0)
    threes = sum(1 for c in cards if BLACK_THREE[c])
    if threes:
        if threes != n:
            raise IllegalAction(_("Black threes can only be melded together, with no other cards."))
        return MeldShape(BLACK_THREES, 3)
    ranks = {RANK[c] for c in cards if not WILD[c]}
    if len(ranks) == 1:
        return MeldShape(RANK_MELD, _check_rank_meld(ranks.pop(), n - wilds, wilds, rules))
    if wilds:
        if not rules.runs:
            raise IllegalAction(_("A meld is three or more cards of one rank."))
        raise IllegalAction(_("A run takes no wild cards, and a meld of one rank can't mix ranks."))
    return MeldShape(RUN, _check_run(cards, rules))


def _check_rank_meld(rank: int, naturals: int, wilds: int, rules: RuleSet) -> int:
    if not rules.wilds_fit(naturals, wilds):
        raise IllegalAction(rules.wild_limit_reason(naturals, wilds))
    return rank


def _check_run(cards: tuple[int, ...] | list[int], rules: RuleSet) -> int:
    if not rules.runs:
        raise IllegalAction(_("A meld is three or more cards of one rank."))
    suits = {SUIT[c] for c in cards}
    if len(suits) != 1:
        raise IllegalAction(_("A run is all one suit, and a meld of one rank is all one rank."))
    ranks = sorted(RANK[c] for c in cards)
    if len(set(ranks)) != len(ranks):
        raise IllegalAction(_("A run can't hold the same rank twice."))
    if ranks[-1] - ranks[0] != len(ranks) - 1:
        raise IllegalAction(_("A run must be in unbroken order, like 5 6 7."))
    if len(ranks) > rules.run_max:
        raise IllegalAction(_("A run holds at most seven cards."))
    return suits.pop()


def run_ends(cards: tuple[int, ...]) -> tuple[int, int]:
    ranks = [RANK[c] for c in cards]
    return min(ranks), max(ranks)


def extends_run(meld: Meld, card: int, rules: RuleSet) -> bool:
    """Whether one natural card extends a run at either end."""
    if meld.kind != RUN or len(meld.cards) >= rules.run_max or not NATURAL[card] or SUIT[card] != meld.key:
        return False
    low, high = run_ends(meld.cards)
    r = RANK[card]
    return r == low - 1 or (r == high + 1 and r <= ACE)


def order_cards(kind: str, cards: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Cards in the order a player lays them out: runs by rank, wild cards last."""
    if kind == RUN:
        return tuple(sorted(cards, key=lambda c: RANK[c]))
    return tuple(sorted(cards, key=lambda c: (WILD[c], RANK[c], SUIT[c])))


def canasta_of(kind: str, cards: tuple[int, ...] | list[int], rules: RuleSet) -> str | None:
    n = len(cards)
    if kind == RANK_MELD and n >= rules.canasta_size:
        return MIXED_CANASTA if any(WILD[c] for c in cards) else NATURAL_CANASTA
    if kind == RUN and n == rules.run_max:
        return ESCALERA
    if kind == WILD_MELD and n == rules.wild_meld_max:
        return BOLIVIA_CANASTA
    return None


# A meld's shape for the searches (going out, the planner), a meld told by numbers, not cards:
# ("rank", rank, naturals, wilds) / ("run", suit, low, high) / ("wild", n)
Shape = tuple


def shape_of(kind: str, key: int, cards: tuple[int, ...] | list[int]) -> Shape | None:
    if kind == RANK_MELD:
        w = sum(1 for c in cards if WILD[c])
        return (RANK_MELD, key, len(cards) - w, w)
    if kind == RUN:
        ranks = [RANK[c] for c in cards]
        return (RUN, key, min(ranks), max(ranks))
    if kind == WILD_MELD:
        return (WILD_MELD, len(cards))
    return None  # black threes: nothing more can be added usefully


def shape_canasta(s: Shape, rules: RuleSet) -> str | None:
    """The canasta a shape is, as `canasta_of` says of a meld's cards."""
    if s[0] == RANK_MELD and s[2] + s[3] >= rules.canasta_size:
        return MIXED_CANASTA if s[3] else NATURAL_CANASTA
    if s[0] == RUN and s[3] - s[2] + 1 == rules.run_max:
        return ESCALERA
    if s[0] == WILD_MELD and s[1] == rules.wild_meld_max:
        return BOLIVIA_CANASTA
    return None


def grow_shape(s: Shape, f: int, rules: RuleSet) -> Shape | None:
    """A meld shape with one more card of face `f`, or None when the card does not fit it."""
    wild = WILD_FACE[f]
    if s[0] == RANK_MELD:
        _, r, n, w = s
        if wild:
            if rules.wilds_fit(n, w + 1):
                return (RANK_MELD, r, n, w + 1)
            return None
        return (RANK_MELD, r, n + 1, w) if FACE_RANK[f] == r else None
    if s[0] == RUN:
        _, suit, low, high = s
        if wild or FACE_SUIT[f] != suit or high - low + 1 >= rules.run_max:
            return None
        r = FACE_RANK[f]
        if r == low - 1 and r >= 4:
            return (RUN, suit, r, high)
        if r == high + 1 and r <= ACE:
            return (RUN, suit, low, r)
        return None
    if s[0] == WILD_MELD and wild and s[1] < rules.wild_meld_max:
        return (WILD_MELD, s[1] + 1)
    return None


def canasta_bonus(canasta: str | None, rules: RuleSet) -> int:
    return {
        None: 0,
        NATURAL_CANASTA: rules.natural_canasta,
        MIXED_CANASTA: rules.mixed_canasta,
        ESCALERA: rules.escalera,
        BOLIVIA_CANASTA: rules.bolivia,
    }[canasta]


def meld_points(cards: tuple[int, ...] | list[int]) -> int:
    return sum(VALUE[c] for c in cards)


def side_may_go_out(canastas: list[str | None], rules: RuleSet) -> bool:
    """Whether a side with these canastas may go out (Bolivia: an escalera and one other canasta)."""
    return rules.qualifies(canastas)
