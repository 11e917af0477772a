"""Every card on the table as a sprite: where it lies, where it flies (each kind of move with its own
easing), its shake after a refusal, and the drawing of all of them in two layers kept between frames.

The cards fly between the other parts (a card drawn goes from the stock to the hand, a meld from the
hand to a meld area), so they are drawn here, over the felt and under every part's words and marks:
the scene hands in their homes (game/ui/table_view.py) when the game changes, and each frame the few
things their look depends on (`Look`) and what lies over them (`Look.draw_top`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Container, Mapping
from dataclasses import dataclass, field

import pygame

from game.anim import Tweener
from game.rules import events as ev
from game.rules.state import GameState
from game.ui.card_faces import FaceCache
from game.ui.card_layer import CardLayer, draw_all
from game.ui.celebrations import sweep_delay
from game.ui.draw_list import DrawList
from game.ui.layout import TableLayout
from game.ui.table_view import Homes
from scenes.table_parts.face_keeper import FaceKeeper, Wish

FLY = 0.38  # seconds for a card to fly home at normal speed
DEAL_STAGGER, SHAKE = 0.018, 0.45
FACE_BUDGET = 0.0005  # seconds a frame may spend drawing card faces at a new size (the rest next frames)
FACES_AHEAD_BYTES = 10 << 20  # faces drawn ahead stop when the cache holds this much (a face: up to 160 kB)
# Faces the next moves will likely show are drawn ahead in the spare time of frames: a frame whose own
# work took less than FRAME_WORK seconds spends the rest of it on them, one with nothing to draw IDLE_WORK.
FRAME_WORK = 0.0015
IDLE_WORK = 0.004
HOLD_WORK = 0.0006  # a step of a hold (see Hold) starts in a frame that has spent less than this

# Easing and seconds (at normal speed) for a card moved by each kind of event.
MOTIONS: dict[str, tuple[str, float]] = {
    "HandDealt": ("easeOutQuad", 0.3),
    "CardsDrawn": ("easeOutCubic", FLY),
    "PileTaken": ("easeInOutCubic", 0.55),
    "TopTaken": ("easeOutBack", 0.45),
    "Melded": ("easeOutQuart", FLY),
    "AddedToMeld": ("easeOutQuart", FLY),
    "MeldsCombined": ("easeInOutQuad", 0.5),
    "Discarded": ("easeInOutSine", 0.42),
    "RedThreeLaid": ("easeOutBack", 0.5),
    "default": ("easeOutCubic", FLY),
}


@dataclass(slots=True)
class Sprite:
    card: int
    pos: tuple[float, float]
    w: int
    face_up: bool
    z: float
    rotated: bool = False


@dataclass
class Look:
    """What the cards' look depends on this frame besides their sprites, as the scene sees it."""

    background: pygame.Surface
    size: tuple[int, int]
    under: Callable[[], list[tuple]]  # the layer items under the cards (shades, labels): asked when needed
    draw_top: Callable[[pygame.Surface | DrawList], None]  # what lies over the cards: every part's words
    selected: Collection[int] = frozenset()  # the hand's cards lifted and tinted
    highlighted: int | None = None  # the one hand card framed in blue
    stock_top: Container[int] = ()  # the stock's and the pile's cards that show
    pile_top: Container[int] = ()
    dragging: Collection[int] = field(default_factory=list)


class Hold:
    """The frames after the engine's events, while the window waits (see Cards.draw): the steps left,
    where the still layer changed meanwhile, and how many frames have waited."""

    def __init__(self) -> None:
        self.steps = ["still", "words"]
        self.rects: list[pygame.Rect] = []
        self.frames = 0


class Cards:
    def __init__(self, speed: str, wishes: Callable[[], list[Wish]]) -> None:
        """`wishes()`: the faces the next moves will likely show (drawn ahead, see FaceKeeper)."""
        self.tweener = Tweener(speed)
        # At most 24 sizes (a safety cap: only the faces needed are kept, see FaceKeeper).
        self.faces = FaceCache(keep=24, budget=FACE_BUDGET, max_bytes=FACES_AHEAD_BYTES)
        self.keeper = FaceKeeper(self.faces, wishes)
        self.layer = CardLayer()  # the still cards on the felt, kept between frames
        self.screen_layer = CardLayer()  # the window: the still cards, what moves and what lies over them
        self.sprites: dict[int, Sprite] = {}
        self.motion: dict[int, tuple[str, float, float]] = {}  # how each card moved by the last events flies
        self.shaking: set[int] = set()
        self.shake_time = 0.0
        self.shake_w = 3  # how far a shaken card moves (a share of the hand's card width)
        self.homes = Homes()
        self.version = 0  # the table's relayouts: the homes' version
        self.stock_pos = self.pile_pos = (0, 0)
        self.frame_start = time.perf_counter()  # when this frame's update began
        self.hold: Hold | None = None
        self.hold_next = False  # the engine's events changed the table: the window waits a frame or two
        self.caught_up = True
        self._still: tuple[tuple, list[tuple]] | None = None

    def place(self, layout: TableLayout) -> None:
        """A new size: the faces are drawn again at it (the stock's and the pile's cards lie here)."""
        self.stock_pos, self.pile_pos = layout.stock[:2], layout.discard[:2]
        self.faces.clear()

    def apply_settings(self, speed: str, four_colour: bool) -> None:
        self.tweener.speed = speed
        self.faces.four_colour = four_colour
        self.layer.invalidate()

    # ----- where the cards go -----------------------------------------------------------------------

    def note_motions(self, events: list[ev.Event], state: GameState) -> None:
        """Each kind of move has its own easing: a discard glides, a pile swoops, a red three pops."""
        self.motion = {}
        for e in events:
            cards: tuple[int, ...] = ()
            if isinstance(e, ev.CardsDrawn):
                cards = e.cards
            elif isinstance(e, ev.PileTaken):
                cards = e.meld_cards + (e.top,) + e.to_hand
            elif isinstance(e, ev.TopTaken | ev.Discarded | ev.RedThreeLaid):
                cards = (e.card,)
            elif isinstance(e, ev.Melded | ev.AddedToMeld):
                cards = e.cards
            elif isinstance(e, ev.MeldsCombined):
                cards = next((m.cards for m in state.melds[state.side_of(e.seat)] if m.id == e.into), ())
            for k, c in enumerate(cards):  # easing, seconds, and a pile's cards sweep in one after another
                self.motion[c] = (*MOTIONS.get(type(e).__name__, MOTIONS["default"]), sweep_delay(e, k, len(cards)))

    def deal(self, state: GameState, stock: tuple[int, int, int, int]) -> None:
        """A new hand: every card starts on the stock, face down."""
        sx, sy, sw, _sh = stock
        self.tweener.clear()
        s = state
        cards = (s.stock + s.pile + [c for h in s.hands for c in h] + [c for side in s.melds for m in side
                                                                       for c in m.cards]
                 + [c for r in s.red_threes for c in r])
        self.sprites = {c: Sprite(c, (sx, sy), sw, False, 0) for c in cards}

    def arrange(self, homes: Homes, version: int, animate: bool, dealt: list[list[int]] | None = None,
                dragging: Collection[int] = ()) -> None:
        """Every card flies (or, not `animate`, jumps) to its home; `dealt`: the hands just dealt, whose
        cards fly one each in turn, as dealt. A dragged card stays under the pointer."""
        self.homes, self.version = homes, version
        self.shake_w = max(3, homes.hand_card_w // 14)
        order = {}
        if dealt is not None:
            n = len(dealt)
            for i in range(max((len(h) for h in dealt), default=0)):
                for s in range(n):
                    if i < len(dealt[s]):
                        order[dealt[s][i]] = i * n + s
        for c, spot in homes.spots.items():
            sp = self.sprites.get(c)
            if sp is None:
                sp = self.sprites[c] = Sprite(c, (spot.x, spot.y), spot.w, spot.face_up, spot.z, spot.rotated)
            sp.w, sp.z, sp.rotated = spot.w, spot.z, spot.rotated
            sp.face_up = spot.face_up
            if c in dragging:
                continue
            goal = (spot.x, spot.y)
            running = self.tweener.running(sp, "pos")  # cancel() looks through every tween: only when needed
            if sp.pos == goal:
                if running is not None:
                    self.tweener.cancel(sp, "pos")
                continue
            if not animate:
                if running is not None:
                    self.tweener.cancel(sp, "pos")
                sp.pos = goal
                continue
            if running is not None and tuple(running.end) == goal:
                continue
            easing, duration, *lag = MOTIONS["HandDealt"] if dealt else self.motion.get(c, MOTIONS["default"])
            delay = order.get(c, 0) * DEAL_STAGGER if dealt is not None else sum(lag)
            self.tweener.tween(sp, "pos", goal, duration, easing, delay=delay)
        for c in list(self.sprites):
            if c not in homes.spots:
                del self.sprites[c]

    def position(self, card: int) -> tuple[float, float]:
        return self.sprites[card].pos

    def drag(self, places: Mapping[int, tuple[int, int]]) -> None:
        """Dragged cards follow the pointer."""
        for c, place in places.items():
            sp = self.sprites.get(c)
            if sp is not None:
                self.tweener.cancel(sp, "pos")
                sp.pos = place

    def shake(self, cards: Collection[int]) -> None:
        self.shaking = set(cards)
        self.shake_time = SHAKE

    def update(self, dt: float) -> bool:
        """The frame's time: cards fly, shaken ones settle. True while anything moves."""
        self.frame_start = time.perf_counter()
        busy = not self.tweener.idle
        self.tweener.update(dt)
        if self.shake_time > 0:
            self.shake_time = max(0.0, self.shake_time - dt)
            busy = True
        return busy

    # ----- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, look: Look) -> tuple[list[pygame.Rect], bool]:
        """Bring the window up to date: only what changed since the last frame is drawn again; returns
        where (for `pygame.display.update`) and whether the next frame must draw too. Two layers: the
        still cards over the felt, kept off screen (`layer`), and over it on the window the cards in
        flight and what lies over them (`screen_layer`), so that a card in flight costs a copy of the
        still picture where it was, not a redraw of every card under it."""
        self.faces.new_frame()
        hold = self.hold
        if hold is None and self.hold_next and self.screen_layer.shows(surface):
            hold = self.hold = Hold()
        self.hold_next = False  # events during a hold are drawn with it
        if hold is not None and hold.steps:
            # After the engine's events the window stays as it was while the cards are laid out again, the
            # still cards brought up to date off screen and the parts' new words drawn into their caches;
            # the window's half (cards in flight, words, panels) follows in a frame of its own, so that no
            # frame does all of it (a move of fifty cards cost twice the frame's target). The stand-ins
            # for cards not drawn at their new size are made then too (see _prepare_stand_ins). A step
            # starts while the frame has time left, and every frame after the first takes one.
            hold.frames += 1
            must = hold.frames > 1
            while hold.steps and (must or time.perf_counter() - self.frame_start < HOLD_WORK):
                must = False
                step = hold.steps.pop(0)
                if step == "still":
                    self.layer.update(look.background, self._card_items(look)[0])
                    hold.rects += self.layer.rects
                else:  # the words, and the stand-ins, kept for the next frame only: this step comes last
                    look.draw_top(DrawList(look.size))
                    self._prepare_stand_ins(look)
            return [], True
        self.hold = None
        still, moving = self._card_items(look)
        under = self.layer.update(look.background, still)
        changed = self.layer.rects if hold is None else hold.rects + self.layer.rects
        notes = DrawList(look.size)
        look.draw_top(notes)
        self.screen_layer.update(under, moving + notes.items, target=surface, changed=changed)
        again = False
        if self.faces.behind:
            again = True  # some cards were drawn from a face of another size: catch up next frame
            self.caught_up = False
        elif not self.caught_up:
            self.caught_up = True  # every face shown is drawn: the sizes they stood in from can go
            self.keeper.let_go(self.keeper.needed(self.sprites.values()))
        self.draw_ahead(FRAME_WORK)
        return self.screen_layer.rects, again

    @property
    def window_behind(self) -> bool:
        """Whether the window still shows the frame before this one (see `draw`)."""
        return self.hold is not None

    def draw_whole(self, surface: pygame.Surface, look: Look) -> None:
        """The same picture drawn at once on `surface`, without the layers (what they must show)."""
        surface.blit(look.background, (0, 0))
        still, moving = self._card_items(look)
        draw_all(surface, still)
        draw_all(surface, moving)
        look.draw_top(surface)

    def draw_ahead(self, work: float, idle: bool = False) -> None:
        self.keeper.draw_ahead(self.version, self.sprites.values(), work, self.frame_start, idle)

    @property
    def faces_pending(self) -> bool:
        return self.keeper.pending(self.version)

    def _prepare_stand_ins(self, look: Look) -> None:
        """Stand-ins for the cards whose face is not drawn at their new size (a pile taken sends forty
        cards to a new size at once), made in a frame that waits: the frames moving them only blit."""
        shaking = self.shake_time > 0 and bool(self.shaking)
        for sp in self.sprites.values():
            if not sp.rotated:
                _sp, shown, _x, _y, overlay = self.sprite_draw(sp, shaking, look)
                self.faces.prepare_stand_in(max(12, sp.w), shown, overlay)

    def _card_items(self, look: Look) -> tuple[list, list]:
        """The labels on the felt and every card, as layer items in drawing order: the still ones (their
        list kept while nothing they depend on changes), and the cards in flight or dragged, drawn last."""
        # A card waiting for its turn to fly (the deal staggers sixty of them) still lies where it was.
        flying = {sp.card for sp in self.tweener.moving("pos")}
        flying.update(look.dragging)
        shaking = self.shake_time > 0 and bool(self.shaking)
        # What the still cards' look depends on, besides the homes (`version` counts their changes).
        key = (self.version, len(self.sprites), frozenset(flying), frozenset(look.selected), look.highlighted)
        cached = self._still
        if shaking or cached is None or cached[0] != key:
            items, ready = self._still_items(look, flying, shaking)
            self._still = (key, items) if ready and not shaking else None
        else:
            items = cached[1]
        moving = [self._card_item(("flying", sp.card), sp, shaking, look)
                  for sp in sorted((self.sprites[c] for c in flying if c in self.sprites), key=_by_z)]
        return items, moving

    def _card_item(self, ident: object, sp: Sprite, shaking: bool, look: Look) -> tuple:
        """A card as a layer item: (who, look, rectangle, draw, its argument). A card whose face is drawn
        is blitted straight from it (the usual case, many a frame); one not drawn yet goes through the
        face cache, which draws it or stands in for it, and its look changes every frame until it is ready."""
        draw = self.sprite_draw(sp, shaking, look)
        _sp, shown, x, y, overlay = draw
        if sp.rotated:
            back = self.keeper.rotated_back(sp.w)
            return ident, (shown, overlay, sp.w, True, True), (x, y, *back.get_size()), _blit_plain, (back, (x, y))
        faces = self.faces.get(max(12, sp.w))
        rect = (x, y, faces.width + faces.shadow_offset, faces.height + faces.shadow_offset)
        image = faces.ready(shown, overlay)
        if image is not None:
            return ident, (shown, overlay, sp.w, False, True), rect, _blit_premultiplied, (image, (x, y))
        return ident, (shown, overlay, sp.w, False, object()), rect, self._blit_card, draw

    def cards_in_flight(self, look: Look) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        """The image, place and blit flags of each card moving now, as this frame draws it (drawn here if
        need be): what the bench's floor frame blits over a still picture of the table."""
        out = []
        shaking = self.shake_time > 0 and bool(self.shaking)
        flying = [sp for sp in self.tweener.moving("pos")] + [self.sprites[c] for c in look.dragging
                                                               if c in self.sprites]
        for sp in sorted(flying, key=_by_z):
            _sp, shown, x, y, overlay = self.sprite_draw(sp, shaking, look)
            if sp.rotated:
                out.append((self.keeper.rotated_back(sp.w), (x, y), 0))
            else:
                image = self.faces.get(max(12, sp.w)).shadowed(shown, overlay)
                out.append((image, (x, y), pygame.BLEND_PREMULTIPLIED))
        return out

    def sprite_draw(self, sp: Sprite, shaking: bool, look: Look) -> tuple:
        """How to draw a sprite now: (sprite, card shown or None for its back, x, y, overlay)."""
        c = sp.card
        x, y = sp.pos
        if shaking and c in self.shaking:
            x += round(math.sin(self.shake_time * 60) * self.shake_w)
        overlay = None
        if c in self.homes.hand_rects:
            if c in look.selected:
                overlay = "selected"
            elif look.highlighted == c:
                overlay = "highlight"
        return (sp, c if sp.face_up else None, round(x), round(y), overlay)

    def _still_items(self, look: Look, flying: set[int], shaking: bool) -> tuple[list[tuple], bool]:
        """CardLayer items for the labels on the felt and every card at rest, in drawing order; and
        whether every face they need is drawn (if not, they are worked out again next frame)."""
        items = look.under()  # the meld areas' shades and labels lie under the cards, so they come first
        all_ready = True
        for sp in sorted(self.sprites.values(), key=_by_z):
            c = sp.card
            if c in flying:
                continue
            if sp.pos == self.stock_pos and c not in look.stock_top:
                continue
            if sp.pos == self.pile_pos and c not in look.pile_top:
                continue
            # The layer notices a change of order itself; a card drawn from a face of another size (see
            # FaceCache) is drawn again until it is ready.
            item = self._card_item(c, sp, shaking, look)
            all_ready = all_ready and item[1][4] is True
            items.append(item)
        return items, all_ready

    def _blit_card(self, surface: pygame.Surface, draw: tuple) -> None:
        sp, shown, x, y, overlay = draw
        if sp.rotated:
            surface.blit(self.keeper.rotated_back(sp.w), (x, y))
        else:
            self.faces.blit(surface, max(12, sp.w), shown, (x, y), overlay)


def _blit_premultiplied(surface: pygame.Surface, arg: tuple[pygame.Surface, tuple[int, int]]) -> None:
    surface.blit(arg[0], arg[1], special_flags=pygame.BLEND_PREMULTIPLIED)


def _blit_plain(surface: pygame.Surface, arg: tuple[pygame.Surface, tuple[int, int]]) -> None:
    surface.blit(arg[0], arg[1])


def _by_z(sp: Sprite) -> float:
    return sp.z
