"""Card identities and their fixed properties.

Every physical card is an int id, the same in every variant, so the animation can
follow one card from the stock to a meld. Ids 0..155 are three 52-card packs
(pack * 52 + suit * 13 + rank - 2); ids 156..161 are the six jokers. A variant
with fewer packs uses the lower packs and the first jokers.
For the rules two cards of the same rank and suit are equal: compare `face(c)`. A face is one small int,
suit * 16 + rank (jokers: JOKER_FACE); this module alone makes and reads them (`face_of`, FACE_RANK,
FACE_SUIT, WILD_FACE, FACE_VALUE), so no other module does the arithmetic by hand (a natural face + 1 is the
next rank of its suit: the searches step along runs so).
"""

from __future__ import annotations

from game.i18n import _

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
JOKER_SUIT = 4
JOKER = 15  # rank of a joker; 2..14 are two..ace
ACE = 14
FIRST_JOKER_ID = 156
MAX_PACKS = 3
MAX_JOKERS = 6
ALL_IDS = range(FIRST_JOKER_ID + MAX_JOKERS)


def _rank(c: int) -> int:
    return JOKER if c >= FIRST_JOKER_ID else c % 13 + 2


def _suit(c: int) -> int:
    return JOKER_SUIT if c >= FIRST_JOKER_ID else (c % 52) // 13


# Lookup tables: the engine asks these questions millions of times in a simulation.
RANK: tuple[int, ...] = tuple(_rank(c) for c in ALL_IDS)
SUIT: tuple[int, ...] = tuple(_suit(c) for c in ALL_IDS)


def face_of(suit: int, rank: int) -> int:
    """The face of a suit and a rank (a rank past the ace gives a face no card has: a run's end)."""
    return suit * 16 + rank


# A face is the rules identity of a card: rank and suit, one code per distinct card.
FACE: tuple[int, ...] = tuple(face_of(SUIT[c], RANK[c]) for c in ALL_IDS)
JOKER_FACE = face_of(JOKER_SUIT, JOKER)
FACES = range(JOKER_FACE + 1)
# What a face says, by table: the searches read them in their inner loops.
FACE_RANK: tuple[int, ...] = tuple(f % 16 for f in FACES)
FACE_SUIT: tuple[int, ...] = tuple(f // 16 for f in FACES)
WILD_FACE: tuple[bool, ...] = tuple(FACE_RANK[f] in (2, JOKER) for f in FACES)
WILD: tuple[bool, ...] = tuple(RANK[c] in (2, JOKER) for c in ALL_IDS)
NATURAL: tuple[bool, ...] = tuple(4 <= RANK[c] <= ACE for c in ALL_IDS)
RED_THREE: tuple[bool, ...] = tuple(RANK[c] == 3 and SUIT[c] in (DIAMONDS, HEARTS) for c in ALL_IDS)
BLACK_THREE: tuple[bool, ...] = tuple(RANK[c] == 3 and SUIT[c] in (CLUBS, SPADES) for c in ALL_IDS)


def _value(c: int) -> int:
    r = RANK[c]
    if r == JOKER:
        return 50
    if r in (2, ACE):
        return 20
    if r >= 8:
        return 10
    return 5  # 4 to 7, and a black three melded (red threes are scored apart)


VALUE: tuple[int, ...] = tuple(_value(c) for c in ALL_IDS)
FACE_VALUE: tuple[int, ...] = tuple(VALUE[FACE.index(f)] if f in FACE else 0 for f in FACES)
BLACK_THREE_IN_HAND = 100  # a black three left in hand costs 100, not 5


def rank(c: int) -> int:
    return RANK[c]


def suit(c: int) -> int:
    return SUIT[c]


def face(c: int) -> int:
    return FACE[c]


def is_wild(c: int) -> bool:
    return WILD[c]


def is_natural(c: int) -> bool:
    return NATURAL[c]


def value(c: int) -> int:
    """Point value of a card on the table."""
    return VALUE[c]


def penalty(c: int) -> int:
    """What a card left in hand at the end of a hand costs."""
    return BLACK_THREE_IN_HAND if BLACK_THREE[c] else VALUE[c]


def deck_ids(packs: int, jokers: int) -> list[int]:
    """All card ids of a variant's deck, in a fixed order (shuffled by the deal)."""
    return [c for c in range(packs * 52)] + [FIRST_JOKER_ID + j for j in range(jokers)]


def label(c: int) -> str:
    """The short text of a card, as the command-line tools write it: 7H, TD, JK."""
    if RANK[c] == JOKER:
        return "JK"
    return RANK_CHARS[RANK[c] - 2] + SUIT_CHARS[SUIT[c]]


def face_label(f: int) -> str:
    r, s = f % 16, f // 16
    if r == JOKER:
        return "JK"
    return RANK_CHARS[r - 2] + SUIT_CHARS[s]


def parse_face(text: str) -> int:
    """Parse `7H`, `10h`, `JK` into a face code; ValueError with a readable reason."""
    t = text.strip().upper()
    if t in ("JK", "JOKER"):
        return JOKER_FACE
    if len(t) >= 2 and t[:-1] == "10":
        t = "T" + t[-1]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        shown = text if len(text) <= 12 else text[:12] + "…"  # a client's megabyte is not said back whole
        raise ValueError(_("unknown card {card}: write rank and suit, like 7H, TD, 10S or JK").format(
            card=repr(shown)))
    return face_of(SUIT_CHARS.index(t[1]), RANK_CHARS.index(t[0]) + 2)


def ids_for_faces(faces: list[int], packs: int = MAX_PACKS, jokers: int = MAX_JOKERS) -> list[int]:
    """Give each face a distinct physical card id; ValueError when the packs run out."""
    pool: dict[int, list[int]] = {}
    for c in reversed(deck_ids(packs, jokers)):
        pool.setdefault(FACE[c], []).append(c)
    out = []
    for f in faces:
        free = pool.get(f)
        if not free:
            copies = jokers if f % 16 == JOKER else packs
            raise ValueError(f"more than {copies} copies of {face_label(f)}: the packs hold only {copies}")
        out.append(free.pop())
    return out
