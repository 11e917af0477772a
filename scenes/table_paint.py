"""How the table looks: drawing the felt, the cards, their labels, the panels and the overlays.

A mixin of TableScene kept apart from its input and timing: it only reads the scene's state.
"""

from __future__ import annotations

import math
import time

import pygame
import pytweening

from game.rules.cards import FACE
from game.rules.state import Phase
from game.ui import draw_list
from game.ui.card_layer import draw_all
from game.ui.draw_list import DrawList
from game.ui.face_wishes import face_wishes
from game.ui.narrate import hand_count
from game.ui.native_memory import trim_heap
from scenes.table_parts.buttons import Enabled
from scenes.table_parts.hand import HINT
from scenes.widgets import (
    GOLD,
    INK,
    draw_text,
    fit_size,
    ui_unit,
)

# Faces the next moves will likely show are drawn ahead in the spare time of frames: a frame whose own
# work took less than FRAME_WORK seconds spends the rest of it on them, one with nothing to draw IDLE_WORK.
FRAME_WORK = 0.0015
IDLE_WORK = 0.004
HOLD_WORK = 0.0006  # a step of a hold (see Hold) starts in a frame that has spent less than this
TRIM_BYTES = 2 << 20  # faces let go at once from which the heap is trimmed

class Hold:
    """The frames after the engine's events, while the window waits (see TablePainter.draw): the steps
    left, where the still layer changed meanwhile, and how many frames have waited."""

    def __init__(self) -> None:
        self.steps = ["still", "words"]
        self.rects: list[pygame.Rect] = []
        self.frames = 0


class TablePainter:
    """The drawing half of TableScene."""


    def draw(self, surface: pygame.Surface) -> None:
        """Bring the window up to date: only what changed since the last frame is drawn again, and
        `updated` says where (for `pygame.display.update`). Two layers: the still cards over the felt,
        kept off screen (`layer`), and over it on the window the cards in flight and the words, marks
        and panels (`screen_layer`), so that a card in flight costs a copy of the still picture where it
        was, not a redraw of every card under it."""
        if self.layout is None or self.background is None:
            return
        u = ui_unit(self.size)
        self.faces.new_frame()
        hold = self.__dict__.get("_hold")
        if hold is None and self.__dict__.get("_hold_window") and self.screen_layer.shows(surface):
            hold = self._hold = Hold()
        self._hold_window = False  # events during a hold are drawn with it
        if hold is not None and hold.steps:
            # After the engine's events the window stays as it was while the cards are laid out again, the
            # still cards brought up to date off screen and the panels' and badges' new words drawn into
            # their caches; the window's half (cards in flight, words, panels) follows in a frame of its
            # own, so that no frame does all of it (a move of fifty cards cost twice the frame's target). The
            # stand-ins for cards not drawn at their new size are made then too (see _prepare_stand_ins).
            # A step starts while the frame has time left, and every frame after the first takes one.
            hold.frames += 1
            must = hold.frames > 1
            while hold.steps and (must or time.perf_counter() - self.frame_start < HOLD_WORK):
                must = False
                step = hold.steps.pop(0)
                if step == "still":
                    self.layer.update(self.background, self._card_items(u)[0])
                    hold.rects += self.layer.rects
                else:  # the words, and the stand-ins, kept for the next frame only: this step comes last
                    self._draw_top(DrawList(self.size), u)
                    self._prepare_stand_ins()
            self.updated = []
            self.dirty = True
            return
        self._hold = None
        still, moving = self._card_items(u)
        under = self.layer.update(self.background, still)
        changed = self.layer.rects if hold is None else hold.rects + self.layer.rects
        notes = DrawList(self.size)
        self._draw_top(notes, u)
        self.screen_layer.update(under, moving + notes.items, target=surface, changed=changed)
        self.updated = self.screen_layer.rects
        if self.faces.behind:
            self.dirty = True  # some cards were drawn from a face of another size: catch up next frame
            self._caught_up = False
        elif not self.__dict__.get("_caught_up", True):
            self._caught_up = True  # every face shown is drawn: the sizes they stood in from can go
            self._let_faces_go(self.faces_needed())
        self.draw_faces_ahead(FRAME_WORK)

    @property
    def window_behind(self) -> bool:
        """Whether the window still shows the frame before this one (see `draw`)."""
        return self.__dict__.get("_hold") is not None

    def draw_whole(self, surface: pygame.Surface) -> None:
        """The same picture drawn at once on `surface`, without the layers (what they must show)."""
        if self.layout is None or self.background is None:
            return
        u = ui_unit(self.size)
        surface.blit(self.background, (0, 0))
        still, moving = self._card_items(u)
        draw_all(surface, still)
        draw_all(surface, moving)
        self._draw_top(surface, u)

    def _draw_top(self, surface: pygame.Surface | DrawList, u: int) -> None:
        """What lies over the cards: marks, the piles' badges, the panels, buttons, toasts, and any veil."""
        assert self.layout is not None
        self._note_marks(surface, u)
        self.piles.draw(surface, self.view, u)
        self.log_panel.draw(surface)
        self.score_panel.draw(surface, self.view, u, self.relayouts)
        self.draw_message_line(surface, u)
        self.button_bar.draw(surface, self._enabled())
        self._draw_flourishes(surface, u)
        self.panels.draw(surface, self.view, self.log_panel.story, self.size, u, max(14, self.layout.label_px))
        self.dialogs.draw(surface, self.size, u)

    @property
    def faces_pending(self) -> bool:
        """Whether faces are still to be drawn ahead (work an idle table does before it rests)."""
        return self._wishes_at != self.relayouts or bool(self._wishes)

    def draw_faces_ahead(self, work: float, idle: bool = False) -> None:
        """Spend what is left of `work` seconds of this frame drawing the faces the next moves will likely
        show, so that the frames moving those cards need not draw them. An `idle` frame (nothing to redraw)
        draws one face at least, so the job ends and the table comes to rest even on a loaded machine."""
        if not idle and work - (time.perf_counter() - self.frame_start) <= 0.0003:
            return
        if self._wishes_at != self.relayouts:
            self._wishes, self._wishes_at = self._face_wishes(), self.relayouts
            self._keep_needed_faces()
        if self._wishes:
            self._wishes = self.faces.prewarm(self._wishes, work - (time.perf_counter() - self.frame_start), idle)

    def _prepare_stand_ins(self) -> None:
        """Stand-ins for the cards whose face is not drawn at their new size (a pile taken sends forty
        cards to a new size at once), made in a frame that waits: the frames moving them only blit."""
        shaking = self.shake_time > 0 and bool(self.shaking)
        for sp in self.sprites.values():
            if not sp.rotated:
                _sp, shown, _x, _y, overlay = self._sprite_draw(sp, shaking)
                self.faces.prepare_stand_in(max(12, sp.w), shown, overlay)

    def faces_needed(self) -> dict[int, set[int | None]]:
        """The faces (width -> rules face codes, None for the back) of the cards on screen now and of
        those the next moves will likely show (see _face_wishes)."""
        needed: dict[int, set[int | None]] = {}
        for sp in self.sprites.values():
            needed.setdefault(max(12, sp.w), set()).add(FACE[sp.card] if sp.face_up else None)
        for w, c in self._wishes:
            needed.setdefault(w, set()).add(None if c is None else FACE[c])
        return needed

    def _keep_needed_faces(self) -> None:
        """Keep the faces needed now, and those needed before the last change: they stand in for faces
        not drawn yet at a new size (see FaceCache). Every other face goes."""
        needed = self.faces_needed()
        keep = {w: set(codes) for w, codes in self.__dict__.get("_faces_needed_before", {}).items()}
        for w, codes in needed.items():
            keep.setdefault(w, set()).update(codes)
        self._let_faces_go(keep)
        self._faces_needed_before, self.faces_kept = needed, keep
        rotated = self.__dict__.get("_rot_cache", {})
        for w in [w for w in rotated if max(12, w) not in needed]:
            del rotated[w]

    def _let_faces_go(self, keep: dict[int, set[int | None]]) -> None:
        """Keep only these faces; when megabytes of them went, the heap gives their pages back (faces are
        small blocks, kept in the heap between live ones, where the freed ones would stay resident)."""
        before = self.faces.bytes
        self.faces.keep_only(keep)
        if before - self.faces.bytes >= TRIM_BYTES:
            trim_heap()

    def _face_wishes(self) -> list[tuple[int, int | None]]:
        if self.layout is None:
            return []
        return face_wishes(self.state, self.seat, self.layout, self.homes)

    def _enabled(self) -> Enabled:
        mine = self._my_turn()
        return Enabled(mine=mine, melding=mine and self.state.phase == Phase.MELD, staged=bool(self.staging),
                       selected=bool(self.selected), can_undo=self.controller.can_undo, can_ask=self.can_ask,
                       suit_order=self.sort_mode == "suit", partners=self.state.players == 4)

    def _card_items(self, u: int) -> tuple[list, list]:
        """The labels on the felt and every card, as layer items in drawing order: the still ones (their
        list kept while nothing they depend on changes), and the cards in flight or dragged, drawn last."""
        assert self.layout is not None and self.background is not None
        # A card waiting for its turn to fly (the deal staggers sixty of them) still lies where it was.
        flying = {sp.card for sp in self.tweener.moving("pos")}
        flying.update(self.dragging)
        shaking = self.shake_time > 0 and bool(self.shaking)
        # What the still cards' look depends on, besides the layout (`relayouts` counts its changes).
        key = (self.relayouts, len(self.sprites), frozenset(flying), frozenset(self.selected), self._highlighted())
        cached = getattr(self, "_still_cache", None)
        if shaking or cached is None or cached[0] != key:
            items, ready = self._still_items(u, flying, shaking)
            self._still_cache = (key, items) if ready and not shaking else None
        else:
            items = cached[1]
        moving = [self._card_item(("flying", sp.card), sp, shaking)
                  for sp in sorted((self.sprites[c] for c in flying if c in self.sprites), key=_by_z)]
        return items, moving

    def _card_item(self, ident: object, sp, shaking: bool) -> tuple:
        """A card as a layer item: (who, look, rectangle, draw, its argument). A card whose face is drawn
        is blitted straight from it (the usual case, many a frame); one not drawn yet goes through the
        face cache, which draws it or stands in for it, and its look changes every frame until it is ready."""
        draw = self._sprite_draw(sp, shaking)
        _sp, shown, x, y, overlay = draw
        if sp.rotated:
            back = self._rotated_back(sp.w)
            return ident, (shown, overlay, sp.w, True, True), (x, y, *back.get_size()), _blit_plain, (back, (x, y))
        faces = self.faces.get(max(12, sp.w))
        rect = (x, y, faces.width + faces.shadow_offset, faces.height + faces.shadow_offset)
        image = faces.ready(shown, overlay)
        if image is not None:
            return ident, (shown, overlay, sp.w, False, True), rect, _blit_premultiplied, (image, (x, y))
        return ident, (shown, overlay, sp.w, False, object()), rect, self._blit_card, draw

    def cards_in_flight(self) -> list[tuple[pygame.Surface, tuple[int, int], int]]:
        """The image, place and blit flags of each card moving now, as this frame draws it (drawn here if
        need be): what the bench's floor frame blits over a still picture of the table."""
        out = []
        shaking = self.shake_time > 0 and bool(self.shaking)
        flying = [sp for sp in self.tweener.moving("pos")] + [self.sprites[c] for c in self.dragging
                                                               if c in self.sprites]
        for sp in sorted(flying, key=_by_z):
            _sp, shown, x, y, overlay = self._sprite_draw(sp, shaking)
            if sp.rotated:
                out.append((self._rotated_back(sp.w), (x, y), 0))
            else:
                image = self.faces.get(max(12, sp.w)).shadowed(shown, overlay)
                out.append((image, (x, y), pygame.BLEND_PREMULTIPLIED))
        return out

    def _sprite_draw(self, sp, shaking: bool) -> tuple:
        """How to draw a sprite now: (sprite, card shown or None for its back, x, y, overlay)."""
        c = sp.card
        x, y = sp.pos
        if shaking and c in self.shaking:
            x += round(math.sin(self.shake_time * 60) * max(3, self.homes.hand_card_w // 14))
        overlay = None
        if c in self.homes.hand_rects:
            if c in self.selected:
                overlay = "selected"
            elif self._highlighted() == c:
                overlay = "highlight"
        return (sp, c if sp.face_up else None, round(x), round(y), overlay)

    def _still_items(self, u: int, flying: set[int], shaking: bool) -> tuple[list[tuple], bool]:
        """CardLayer items for the labels on the felt and every card at rest, in drawing order; and
        whether every face they need is drawn (if not, they are worked out again next frame)."""
        stock_pos = (self.layout.stock[0], self.layout.stock[1])
        pile_pos = (self.layout.discard[0], self.layout.discard[1])
        stock_top = set(self.state.stock[-3:])
        pile_top = set(self.state.pile[-2:])
        # The meld areas' shades and labels lie under the cards, so they come first.
        items = [(("shade", i), shade, shade[0], _draw_shade, shade) for i, shade in enumerate(self.shades)]
        items += self.melds.label_items(self.view, self.relayouts, u)
        all_ready = True
        for sp in sorted(self.sprites.values(), key=_by_z):
            c = sp.card
            if c in flying:
                continue
            if sp.pos == stock_pos and c not in stock_top:
                continue
            if sp.pos == pile_pos and c not in pile_top:
                continue
            # The layer notices a change of order itself; a card drawn from a face of another size (see
            # FaceCache) is drawn again until it is ready.
            item = self._card_item(c, sp, shaking)
            all_ready = all_ready and item[1][4] is True
            items.append(item)
        return items, all_ready

    def _blit_card(self, surface: pygame.Surface, draw: tuple) -> None:
        sp, shown, x, y, overlay = draw
        if sp.rotated:
            surface.blit(self._rotated_back(sp.w), (x, y))
        else:
            self.faces.blit(surface, max(12, sp.w), shown, (x, y), overlay)

    def _keyboard_focus_visible(self) -> bool:
        return self._my_turn()

    def _highlighted(self) -> int | None:
        return self.hand.highlighted(self._keyboard_focus_visible())

    def _rotated_back(self, w: int) -> pygame.Surface:
        cache = self.__dict__.setdefault("_rot_cache", {})
        img = cache.get(w)
        if img is None:
            img = cache[w] = pygame.transform.rotate(self.faces.get(max(12, w)).back(), 90)
        return img

    def _note_marks(self, surface: pygame.Surface | DrawList, u: int) -> None:
        """The marks, noted once per look of the table and kept: they depend on the game (a change of it
        lays the cards out again, `relayouts`), the picked meld, the hint, a drag and the keyboard target."""
        if not isinstance(surface, DrawList):
            self._draw_marks(surface, u)
            return
        key = (self.relayouts, self.picked_meld, self.hint, tuple(self.dragging), self.target, self.size, u)
        cached = self.__dict__.get("_marks_cache")
        if cached is None or cached[0] != key:
            notes = DrawList(self.size, tag="marks")
            self._draw_marks(notes, u)
            self._marks_cache = cached = (key, notes.items)
        surface.items.extend(cached[1])

    def _draw_marks(self, surface: pygame.Surface, u: int) -> None:
        """Canasta ribbons, staged outlines, the keyboard target, hand counts of the others."""
        assert self.layout is not None
        small = max(12, u * 2 // 3)
        self.melds.draw_marks(surface, self.view)
        self._draw_hand_marks(surface)
        if self._my_turn():
            targets = self._targets()
            t = targets[self.target % len(targets)]
            rect = {"stock": self.layout.stock, "pile": self.layout.discard,
                    "new": self.homes.new_meld_zone}.get(t) if not isinstance(t, int) else self.homes.meld_rects.get(t)
            if rect and self.target != 0 or (rect and t == "stock" and self.state.phase == Phase.DRAW):
                draw_list.rect(surface, (255, 255, 255), pygame.Rect(rect).inflate(10, 10), width=2,
                                 border_radius=8)
        hands = self.state.hands
        labels = {s: hand_count(self.names[s], len(hands[s])) for s in self.layout.seat_fans if s != self.seat}
        top = [s for s in labels if self.layout.seat_position(s) == "top"]
        if top:  # the top seat's label and the left seat's share the strip left of the top fan: both fit it
            room = pygame.Rect(self.layout.seat_fans[top[0]]).left - u // 2 - 4
            beside = [labels[s] for s in labels if self.layout.seat_position(s) in ("left", "top")]
            small = fit_size("\u2003".join(beside), small, room, 12)
        for s, area in self.layout.seat_fans.items():
            if s == self.seat:
                continue
            r = pygame.Rect(area)
            text = labels[s]
            color = GOLD if self.state.to_act == s and self.state.phase not in (Phase.DEAL, Phase.GAME_OVER) else INK
            pos = self.layout.seat_position(s)
            if pos == "top":
                draw_text(surface, text, small, color, (r.left - u // 2, r.centery), "midright", bold=True, shadow=True)
            elif pos == "left":
                draw_text(surface, text, small, color, (4, r.top - 4), "bottomleft", bold=True, shadow=True)
            else:
                draw_text(surface, text, small, color, (self.size[0] - 4, r.top - 4), "bottomright", bold=True,
                          shadow=True)

    def _draw_hand_marks(self, surface: pygame.Surface | DrawList) -> None:
        """The hand's marks (drawn this turn, playable, the hint's cards), and the hint's meld framed."""
        self.hand.draw_marks(surface, self.playable, self.hint.cards if self.hint is not None else ())
        if self.hint is not None and self.hint.meld is not None and self.hint.meld in self.homes.meld_rects:
            draw_list.rect(surface, HINT, pygame.Rect(self.homes.meld_rects[self.hint.meld]).inflate(10, 10),
                           width=3, border_radius=8)

    def draw_message_line(self, surface: pygame.Surface | DrawList, u: int) -> None:
        assert self.layout is not None
        self.messages.place(self.layout.status, self._message_room())
        self.messages.draw(surface, self.view, u)

    def _message_room(self) -> int:
        """Where the message line ends: the sound switch sits at its right end."""
        assert self.layout is not None
        r = self.layout.status
        return self.button_bar.message_room if self.buttons["sound"].rect.w else r[0] + r[2]

    def _draw_flourishes(self, surface: pygame.Surface, u: int) -> None:
        for i, f in enumerate(self.flourishes):
            t = f.age / f.life
            scale = 0.6 + 0.6 * pytweening.easeOutElastic(min(1.0, t * 2.5))
            alpha = 255 if t < 0.7 else round(255 * (1 - (t - 0.7) / 0.3))
            size = round(u * 1.4 * scale)
            img = _font(size, True).render(f.text, True, GOLD)
            img.set_alpha(alpha)
            where = self.homes.meld_rects.get(f.meld)
            rect = pygame.Rect(where) if where else pygame.Rect(0, 0, self.size[0], self.size[1] // 2)
            spot = img.get_rect(center=(rect.centerx, rect.centery + i * round(u * 1.6)))
            # Over a meld at the window's edge the words come inwards rather than run off it.
            surface.blit(img, spot.clamp(pygame.Rect((0, 0), self.size)))


def _draw_shade(surface: pygame.Surface, shade: tuple) -> None:
    """A meld area's darker felt: as a black layer `alpha` opaque would, darkened in place."""
    rect, alpha = shade
    keep = 255 - alpha
    surface.fill((keep, keep, keep), rect, pygame.BLEND_RGB_MULT)


def _blit_premultiplied(surface: pygame.Surface, arg: tuple[pygame.Surface, tuple[int, int]]) -> None:
    surface.blit(arg[0], arg[1], special_flags=pygame.BLEND_PREMULTIPLIED)


def _blit_plain(surface: pygame.Surface, arg: tuple[pygame.Surface, tuple[int, int]]) -> None:
    surface.blit(arg[0], arg[1])


def _by_z(sp) -> float:
    return sp.z


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    from game.assets import font

    return font(size, bold)
