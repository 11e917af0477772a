"""Which card faces the table will likely show next, at which widths: drawn ahead in the spare time of
frames (see FaceCache.prewarm) so that the frames moving those cards need not draw them. No pygame."""

from __future__ import annotations

from game.rules.cards import FACE
from game.rules.state import GameState, Phase
from game.ui.layout import TableLayout, width_rungs
from game.ui.table_view import Homes


def face_wishes(state: GameState, seat: int, layout: TableLayout, homes: Homes) -> list[tuple[int, int | None]]:
    """(width, card) faces the next moves will likely need, likeliest first (drawing ahead stops at the
    cache's size, see FaceCache.prewarm): what the player's side may meld at its meld width and what may
    come into the player's hand, what may be discarded, what the other sides may meld, then the same
    at the next sizes (melds shrink as they grow, a hand changes size as it grows or shrinks)."""
    st = state
    if st.phase in (Phase.DEAL, Phase.GAME_OVER):
        return []
    pile = list(st.pile)
    rungs = width_rungs(layout.meld_card_w)
    mine = st.side_of(seat)
    sides = [mine] + [side for side in range(st.sides) if side != mine]
    meld_now: list[list[tuple[int, int]]] = []
    meld_next: list[tuple[int, int]] = []
    for side in sides:
        w = homes.meld_card_w.get(side)
        if not w:
            meld_now.append([])
            continue
        held = [c for s in range(st.players) if st.side_of(s) == side for c in st.hands[s]]
        meld_now.append([(w, c) for c in held + pile])
        smaller = [r for r in rungs if r < w][:1]
        melded = [c for m in st.melds[side] for c in m.cards]
        meld_next += [(r, c) for r in smaller for c in melded + held]
    w = homes.hand_card_w
    hand_rungs = width_rungs(layout.hand_card_w)
    larger, smaller = [r for r in hand_rungs if r > w][-1:], [r for r in hand_rungs if r < w][:1]
    coming = pile + st.stock[-4:]
    hand = st.hands[seat]
    discards = [c for h in st.hands for c in h]
    wishes = meld_now[0] + [(w, c) for c in coming] + [(layout.pile_card_w, c) for c in discards]
    wishes += [wish for side_wishes in meld_now[1:] for wish in side_wishes] + meld_next
    # A hand grows a size smaller by drawing (or a small pile), and a size larger by melding; a big pile
    # taken shrinks it by more than one size, so its faces at the next size would be megabytes for nothing.
    wishes += [(r, c) for r in smaller for c in hand + st.stock[-4:] + pile[-3:]]
    wishes += [(r, c) for r in larger for c in hand]
    seen: set[tuple[int, int]] = set()
    out = []
    for width, c in wishes:
        key = (max(12, width), FACE[c])
        if key not in seen:
            seen.add(key)
            out.append((key[0], c))
    return out
