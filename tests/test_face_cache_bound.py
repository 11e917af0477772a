"""The card-face cache holds the faces of the cards on screen and of those the next moves will likely
show, at their sizes: the rest goes as the table changes (each face is up to 160 kB at 1920x1080)."""

from __future__ import annotations

from game.rules.cards import FACE
from game.shell.flow import Flow
from game.ui.card_faces import FaceCache


class FakeClock:
    def tick(self, framerate: float = 0, /) -> int:
        return 16


def _held(faces: FaceCache) -> dict[int, set[int | None]]:
    return {w: {key[0] for key in faces.get(w)._shadowed} | set(faces.get(w)._faces) for w in faces.widths}


def test_faces_of_sizes_and_cards_no_longer_needed_are_let_go_through_a_demo_hand() -> None:
    flow = Flow((1366, 768))
    try:
        flow.start_demo(4, 4)
        app = flow.app
        app.clock = FakeClock()
        app.running = True
        widths_seen: set[int] = set()
        faces_seen: set[tuple[int, int | None]] = set()
        checked = 0
        for _frame in range(3000):
            app.step(1 / 60)
            table = flow.table
            if table is None or app.scenes.current is not table:
                continue
            widths_seen.update(table.faces.widths)
            held = {w: codes for w, codes in _held(table.faces).items()}
            faces_seen.update((w, c) for w, codes in held.items() for c in codes)
            if table.cards.keeper.wishes_at == table.relayouts:  # trimmed since the last change
                allowed = {w: set(codes) for w, codes in table.cards.keeper.kept.items()}
                for w, codes in table.cards.keeper.needed(table.sprites.values()).items():  # drawn since: on screen now
                    allowed.setdefault(w, set()).update(codes)
                for w, codes in held.items():
                    assert w in allowed, f"faces at width {w} kept, not on screen nor wished"
                    assert codes <= allowed[w], f"width {w}: faces kept for cards not shown nor wished"
                checked += 1
            if table.state.hand_no >= 2:
                break
        assert checked > 50
        # Sizes and faces were let go along the way: far fewer are held than were drawn over the hand.
        total = sum(len(codes) for codes in _held(table.faces).values())
        assert len(table.faces.widths) < len(widths_seen)
        assert total < len(faces_seen) // 2
    finally:
        flow.close()


def test_keep_only_forgets_other_sizes_and_cards() -> None:
    cache = FaceCache(keep=8)
    ace, king = 12, 11  # card ids
    for width in (60, 80):
        for card in (ace, king):
            cache.get(width).shadowed(card)
        cache.get(width).shadowed(None)
    cache.keep_only({80: {FACE[ace], None}})
    assert cache.widths == [80]
    faces = cache.get(80)
    assert faces.has(ace) and faces.has(None) and not faces.has(king)
