"""How the table looks: drawing the felt, the cards, their labels, the panels and the overlays.

A mixin of TableScene kept apart from its input and timing: it only reads the scene's state.
"""

from __future__ import annotations

import math
import time

import pygame
import pytweening

from game.i18n import _, language, ngettext, number
from game.rules.cards import BLACK_THREE, FACE, RED_THREE, WILD
from game.rules.ruleset import FROZEN_BY_WILD
from game.rules.state import Phase
from game.ui import draw_list
from game.ui.card_layer import draw_all
from game.ui.draw_list import DrawList
from game.ui.input_map import yes_no_letters
from game.ui.layout import index_strip, width_rungs
from game.ui.native_memory import trim_heap
from scenes.table_overlays import draw_log_overlay, draw_score_sheet, log_panel_image
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    draw_panel,
    draw_text,
    fit_size,
    panel_image,
    text_image,
    ui_unit,
    veil,
    wrap_text,
)

# Faces the next moves will likely show are drawn ahead in the spare time of frames: a frame whose own
# work took less than FRAME_WORK seconds spends the rest of it on them, one with nothing to draw IDLE_WORK.
FRAME_WORK = 0.0015
IDLE_WORK = 0.004
HOLD_WORK = 0.0006  # a step of a hold (see Hold) starts in a frame that has spent less than this
TRIM_BYTES = 2 << 20  # faces let go at once from which the heap is trimmed

CANASTA_COLORS = {"natural": (190, 30, 40), "mixed": (40, 40, 48), "escalera": (30, 80, 190),
                  "bolivia": (130, 50, 160)}

CANASTA_TAGS = {"natural": lambda: _("Natural"), "mixed": lambda: _("Mixed"), "escalera": lambda: _("Escalera"),
                "bolivia": lambda: _("Bolivia")}


BADGE_READABLE = 12  # px: below this a badge's words go on two lines


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
        self._draw_centre(surface, u)
        self._draw_score(surface, u)
        self.draw_message_line(surface, u)
        for name, b in self.buttons.items():
            if name == "ask" and self.state.players != 4:
                continue  # only partners ask
            b.enabled = self._button_enabled(b)
            b.draw(surface)
        self._draw_flourishes(surface, u)
        if self.help:
            self._draw_help(surface, u)
        if self.overlay is not None:
            veil(surface, 110)
            text_px = max(14, self.layout.label_px)
            if self.overlay == "log":
                draw_log_overlay(surface, self.log, u, text_px)
            else:
                draw_score_sheet(surface, self.state, self.side_names, self.names, u, text_px,
                                 self.state.side_of(self.seat))
        if self.dialog is not None:
            self.dialog.draw(surface)
        if self.paused is not None:
            veil(surface, 140)
            top = self.paused.buttons[0].rect.top if self.paused.buttons else self.size[1] // 2
            draw_text(surface, _("Paused"), u * 2, INK, (self.size[0] // 2, top - u // 2), "midbottom",
                      bold=True, shadow=True)
            self.paused.draw(surface)

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
        """(width, card) faces the next moves will likely need, likeliest first (drawing ahead stops at the
        cache's size, see FaceCache.prewarm): what the player's side may meld at its meld width and what may
        come into the player's hand, what may be discarded, what the other sides may meld, then the same
        at the next sizes (melds shrink as they grow, a hand changes size as it grows or shrinks)."""
        st = self.state
        if self.layout is None or st.phase in (Phase.DEAL, Phase.GAME_OVER):
            return []
        pile = list(st.pile)
        rungs = width_rungs(self.layout.meld_card_w)
        mine = st.side_of(self.seat)
        sides = [mine] + [side for side in range(st.sides) if side != mine]
        meld_now: list[list[tuple[int, int]]] = []
        meld_next: list[tuple[int, int]] = []
        for side in sides:
            w = self.homes.meld_card_w.get(side)
            if not w:
                meld_now.append([])
                continue
            held = [c for seat in range(st.players) if st.side_of(seat) == side for c in st.hands[seat]]
            meld_now.append([(w, c) for c in held + pile])
            smaller = [r for r in rungs if r < w][:1]
            melded = [c for m in st.melds[side] for c in m.cards]
            meld_next += [(r, c) for r in smaller for c in melded + held]
        w = self.homes.hand_card_w
        hand_rungs = width_rungs(self.layout.hand_card_w)
        larger, smaller = [r for r in hand_rungs if r > w][-1:], [r for r in hand_rungs if r < w][:1]
        coming = pile + st.stock[-4:]
        hand = st.hands[self.seat]
        discards = [c for h in st.hands for c in h]
        wishes = meld_now[0] + [(w, c) for c in coming] + [(self.layout.pile_card_w, c) for c in discards]
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

    def _button_enabled(self, b: Button) -> bool:
        mine = self._my_turn()
        if b is self.buttons["lay"]:
            return bool(self.staging)
        if b is self.buttons["undo"]:
            return bool(self.staging) or self.controller.can_undo
        if b is self.buttons["hint"]:
            return mine
        if b is self.buttons["sort_rank"] or b is self.buttons["sort_suit"]:
            b.focused = (b is self.buttons["sort_suit"]) == (self.sort_mode == "suit")  # the ring: the order chosen
            return True
        if b is self.buttons["meld"]:
            return mine and self.state.phase == Phase.MELD and bool(self.selected)
        if b is self.buttons["ask"]:
            return mine and self.can_ask
        return True

    def _label_items(self, u: int) -> list[tuple]:
        """The label strips' layer items, worked out once per change of the game or the staging (which lay
        the cards out again): the still cards' list is made again each time a card lands or takes off, and
        the labels ask the engine whether each side may go out."""
        key = (self.relayouts, u)
        cached = self.__dict__.get("_labels_cache")
        if cached is None or cached[0] != key:
            items = [(("label", i), label, self._label_rect(label), self._draw_label, label)
                     for i, label in enumerate(self._area_labels(u))]
            self._labels_cache = cached = (key, items)
        return list(cached[1])

    def _area_labels(self, u: int) -> list[tuple]:
        """What is written in the meld areas' label strips, as draw_text's arguments (their shades are in
        the background). The strips hold no card, so no card ever covers a label."""
        assert self.layout is not None
        st = self.state
        my_side = st.side_of(self.seat)
        size = self.layout.label_px
        labels = []
        for side, band in self.layout.meld_bands.items():
            x, y, w, h = band
            threes = self.layout.three_rooms[side]
            right_text = None
            if side == my_side and self.staging:
                right_text = self.staging_lines()[0]  # the staged move's total, judged by the engine
            if st.melds[side]:
                # What the side has on the table this hand: card points and canasta bonuses.
                table = sum(m.points() + m.bonus(st.rules) for m in st.melds[side])
                text = _("{side} · On the table: {n}").format(side=self.side_names[side], n=number(table))
            else:
                text = _("{side}: no melds yet").format(side=self.side_names[side])
            room_right = threes[0] - 8  # the red threes' count sits over their column
            if right_text is not None:
                rsize = fit_size(right_text[0], size, room_right - x - 8, 10)
                labels.append((right_text[0], rsize, right_text[1], (room_right, y + h // 2), "midright", True))
                room_right -= text_image(right_text[0], rsize, right_text[1], True).get_width() + 12
            labels.append((text, fit_size(text, size, room_right - x - 6, 10), INK_DIM, (x + 6, y + h // 2),
                           "midleft", True))
            n = len(st.red_threes[side])
            if n:
                # Whether they count for or against the side if the hand ended now.
                plus = st.rules.red_threes_count_for(bool(st.melds[side]), st.may_go_out(side))
                sign = "+" if plus else "−"
                labels.append((f"×{n} {sign}", size, GOLD if plus else (230, 120, 110),
                               (threes[0] + threes[2] // 2, y + h // 2), "center", True))
        return labels

    @staticmethod
    def _draw_label(surface: pygame.Surface, label: tuple) -> None:
        text, size, color, pos, anchor, shadow = label
        draw_text(surface, text, size, color, pos, anchor, bold=True, shadow=shadow)

    @staticmethod
    def _label_rect(label: tuple) -> tuple[int, int, int, int]:
        """Where `_draw_label` draws (the shadow too)."""
        text, size, color, pos, anchor, shadow = label
        rect = text_image(text, size, color, True).get_rect(**{anchor: pos})
        if shadow:
            rect.union_ip(rect.move(max(1, size // 14), max(1, size // 14)))
        return tuple(rect)

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
        items += self._label_items(u)
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
        """The one hand card framed in blue: the keyboard's focus after a key, the card under the pointer
        after a move of the mouse (never both: two frames read as two cards chosen)."""
        hand = self.homes.hand
        if self.hover is not None and not self.keys_last:
            return self.hover
        if self._keyboard_focus_visible() and self.focus < len(hand):
            return hand[self.focus]
        return None

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
        for side in range(self.state.sides):
            for m in self.state.melds[side]:
                can = m.canasta(self.state.rules)
                rect = self.homes.meld_rects.get(m.id)
                if can and rect:
                    r = pygame.Rect(rect)
                    color = CANASTA_COLORS[can]
                    draw_list.rect(surface, color, r.inflate(4, 4), width=3, border_radius=8)
                    for tag, img in self._canasta_tags(m, can, r):
                        draw_list.rect(surface, color, tag, border_radius=4)
                        surface.blit(img, img.get_rect(center=tag.center))
        if self.picked_meld is not None and self.picked_meld in self.homes.meld_rects:
            picked = pygame.Rect(self.homes.meld_rects[self.picked_meld]).inflate(10, 10)
            draw_list.rect(surface, (255, 255, 255), picked, width=4, border_radius=8)
        for rect in self.homes.staged_rects:
            draw_list.rect(surface, GOLD, pygame.Rect(rect).inflate(8, 8), width=3, border_radius=6)
        for meld_id in self.staging.adds:  # the melds that staged additions go onto
            rect = self.homes.meld_rects.get(meld_id)
            if rect:
                draw_list.rect(surface, GOLD, pygame.Rect(rect).inflate(8, 8), width=2, border_radius=6)
        self._draw_hand_marks(surface)
        if self._my_turn():
            targets = self._targets()
            t = targets[self.target % len(targets)]
            rect = {"stock": self.layout.stock, "pile": self.layout.discard,
                    "new": self.homes.new_meld_zone}.get(t) if not isinstance(t, int) else self.homes.meld_rects.get(t)
            if rect and self.target != 0 or (rect and t == "stock" and self.state.phase == Phase.DRAW):
                draw_list.rect(surface, (255, 255, 255), pygame.Rect(rect).inflate(10, 10), width=2,
                                 border_radius=8)
        for s, area in self.layout.seat_fans.items():
            if s == self.seat:
                continue
            r = pygame.Rect(area)
            text = f"{self.names[s]}: {len(self.state.hands[s])}"
            color = GOLD if self.state.to_act == s and self.state.phase not in (Phase.DEAL, Phase.GAME_OVER) else INK
            pos = self.layout.seat_position(s)
            if pos == "top":
                draw_text(surface, text, small, color, (r.left - u // 2, r.centery), "midright", bold=True, shadow=True)
            elif pos == "left":
                draw_text(surface, text, small, color, (4, r.top - 4), "bottomleft", bold=True, shadow=True)
            else:
                draw_text(surface, text, small, color, (self.size[0] - 4, r.top - 4), "bottomright", bold=True,
                          shadow=True)

    def _canasta_tags(self, m, can: str, r: pygame.Rect) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """The labels on a squared-up canasta, bottom up from its foot, below its top card's index: its kind,
        then how many cards and how many of them wild ("9 cards · 2 wild"), on one line when it fits the
        pile's width, else two (see `_fit_tags`)."""
        assert self.layout is not None
        size = self.layout.label_px - 2
        room = r.w - 4
        wild = sum(1 for c in m.cards if WILD[c])
        count = ngettext("{n} card", "{n} cards", m.size).format(n=m.size)
        wilds = ngettext("{n} wild", "{n} wild", wild).format(n=wild) if wild else ""
        both = _("{cards} · {wild}").format(cards=count, wild=wilds) if wild else count
        kind = CANASTA_TAGS[can]()
        # Below the top card's index, each line as large as it fits, down to 11 px; with less room the
        # kind goes first (the ribbon's colour tells it), then the wild cards' count, and only then 9 px.
        room_h = r.h - index_strip(self.homes.meld_card_w.get(self.homes.meld_side.get(m.id, 0), r.w))[1] - 4
        # Worked out once per look: the search renders many trial lines, too many for every frame.
        cache = self.__dict__.setdefault("_tag_cache", {})
        key = (kind, both, size, room, room_h)
        if key not in cache:
            cache[key] = self._fit_tags(kind, count, wilds, both, size, room, room_h)
        out = []
        y = r.bottom - 3
        for text, px in reversed(cache[key] or [(number(m.size), 9)]):
            img = text_image(text, px, (255, 255, 255), True)
            # One block of lines, the lowest with a pixel more at the foot.
            tag = pygame.Rect(0, 0, r.w - 2, img.get_height() + (3 if not out else 1))
            tag.midbottom = (r.centerx, y)
            out.append((tag, img))
            y = tag.top
        return out

    @staticmethod
    def _fit_tags(kind: str, count: str, wilds: str, both: str, size: int, room: int,
                  room_h: int) -> list[tuple[str, int]]:
        wild = bool(wilds)
        options = ([[kind, both]] + ([[kind, count, wilds]] if wild else []) + [[both]]
                   + ([[count, wilds]] if wild else []) + [[count]])
        # The fullest lines that fit at 13 px or more; failing that, the largest text, down to 9 px.
        for sizes, fullest_first in ((range(size, 12, -1), True), (range(min(size, 12), 8, -1), False)):
            trials = ([(px, lines) for lines in options for px in sizes] if fullest_first
                      else [(px, lines) for px in sizes for lines in options])
            for px, lines in trials:
                dims = [_font(px, True).size(t) for t in lines]
                if sum(h + 1 for _w, h in dims) + 2 <= room_h and all(w <= room for w, _h in dims):
                    return [(t, px) for t in lines]
        return []

    def staging_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The staging's one or two lines of words, and their colours."""
        side = self.state.side_of(self.seat)
        j = self.judgement
        first = not self.state.has_melded(side)
        points = j.points if j is not None else self.staging.points()
        if first:
            need = j.minimum if j is not None else self.state.min_meld(side)
            text = _("First meld: {have} / {need} points").format(have=points, need=need)
        else:
            text = _("Staged: {n} points").format(n=points)
        ok = j is not None and j.legal
        if j is not None and j.goes_out:
            text += "  ·  " + _("goes out!")
        elif j is not None and j.discard_goes_out:
            text += "  ·  " + _("goes out with the discard")
        lines = [(text, GOLD if ok else INK)]
        if j is not None and not j.legal and j.reason:
            lines.append((j.reason, (255, 190, 170)))
        return lines

    def _draw_hand_marks(self, surface: pygame.Surface) -> None:
        """A gold bar over each card drawn this turn, and the hint's cards outlined."""
        bar_h = max(4, self.homes.hand_card_w // 16)
        for c in self.new_cards:
            r = self.homes.hand_rects.get(c)
            if r is not None and c not in self.dragging:
                strip = max(8, round(r[2] * 0.31) - 4)
                draw_list.rect(surface, GOLD, (r[0] + 2, r[1] - bar_h - 2, strip, bar_h), border_radius=2)
        if self.hint is not None:
            for c in self.hint.cards:
                r = self._visible_part(c)
                if r is not None:
                    draw_list.rect(surface, (255, 235, 120), r.inflate(4, 6), width=3, border_radius=8)
            if self.hint.meld is not None and self.hint.meld in self.homes.meld_rects:
                draw_list.rect(surface, (255, 235, 120), pygame.Rect(self.homes.meld_rects[self.hint.meld])
                                 .inflate(10, 10), width=3, border_radius=8)

    def _visible_part(self, card: int) -> pygame.Rect | None:
        """The part of a hand card not covered by the next card of its row (what an outline should frame)."""
        r = self.homes.hand_rects.get(card)
        if r is None:
            return None
        hand = self.homes.hand
        i = hand.index(card)
        base = self.homes.hand_base
        if i + 1 < len(hand) and base[hand[i + 1]][1] == base[card][1]:
            return pygame.Rect(r[0], r[1], max(8, min(r[2], base[hand[i + 1]][0] - r[0])), r[3])
        return pygame.Rect(r)

    def _draw_centre(self, surface: pygame.Surface, u: int) -> None:
        assert self.layout is not None
        small = max(12, u * 2 // 3)
        st = pygame.Rect(self.layout.stock)
        pi = pygame.Rect(self.layout.discard)
        if not self.state.stock:
            draw_list.rect(surface, INK_DIM, st, width=2, border_radius=8)
        if not self.state.pile:
            draw_list.rect(surface, INK_DIM, pi, width=2, border_radius=8)
        freeze = self.state.pile_freeze(self.state.side_of(self.seat)) if self.state.pile else None
        if freeze == FROZEN_BY_WILD:
            self._draw_crosswise_wild(surface, pi)
        self._badge(surface, _("Stock {n}").format(n=len(self.state.stock)), st, small)
        self._badge(surface, _("Pile {n}").format(n=len(self.state.pile)), pi, small)
        if self.state.pile_blocked():
            top = self.state.pile[-1]
            text = _("BLOCKED")
            if BLACK_THREE[top] and self.state.rules.pile_freezes and self.state.phase == Phase.DRAW:
                text = _("Blocked for {who}").format(who=self.names[self.state.turn])  # one player only
            self._badge(surface, text, pi, small, (170, 20, 20), middle=True)
        elif freeze is not None:
            self._badge(surface, _("FROZEN"), pi, small, (30, 70, 150), middle=True)
        self._draw_log_panel(surface)

    def _draw_crosswise_wild(self, surface: pygame.Surface, pile: pygame.Rect) -> None:
        """A frozen pile: its wild card lies crosswise, sticking out on both sides of the pile."""
        wild = next((c for c in reversed(self.state.pile) if WILD[c] or RED_THREE[c]), None)
        if wild is None:
            return
        cache = self.__dict__.setdefault("_crosswise", {})
        key = (wild, pile.w)
        if key not in cache:
            cache.clear()
            cache[key] = pygame.transform.rotate(self.faces.get(max(12, pile.w)).face(wild), 90)
        img = cache[key]
        surface.blit(img, img.get_rect(center=pile.center))
        # The top card lies over it, as on a real table.
        top = self.state.pile[-1]
        if top != wild:
            surface.blit(self.faces.get(max(12, pile.w)).face(top), pile.topleft)

    def _draw_log_panel(self, surface: pygame.Surface) -> None:
        """What happened lately, beside the piles: drawn once per new line, then one blit a frame."""
        assert self.layout is not None
        r = pygame.Rect(self.layout.log)
        if r.w <= 0:
            return
        text_px = max(13, self.layout.label_px - 1)
        key = (tuple(self.log[-10:]), tuple(r), text_px)
        cached = getattr(self, "_log_cache", None)
        if cached is None or cached[0] != key:
            self._log_cache = cached = (key, log_panel_image(r.size, self.log, text_px))
        surface.blit(cached[1], r.topleft)

    def _badge(self, surface: pygame.Surface, text: str, card: pygame.Rect, size: int,
               color: tuple[int, int, int] = (12, 40, 24), middle: bool = False) -> None:
        """A label on a card, shrunk to the card's width so neighbours never overlap; a label too long
        to stay readable on one line ("Blocked for North") goes on two."""
        room = card.w - 8
        lines = [text]
        words = text.split()
        if len(words) > 1 and fit_size(text, size, room, 9) < min(size, BADGE_READABLE):
            cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        px = min(fit_size(line, size, room, 9) for line in lines)
        images = [text_image(line, px, (255, 255, 255), True) for line in lines]
        tag = pygame.Rect(0, 0, card.w - 2, sum(img.get_height() for img in images) + 6)
        tag.midbottom = (card.centerx, card.bottom - 3) if not middle else (card.centerx, card.centery + tag.h // 2)
        draw_list.rect(surface, color, tag, border_radius=5)
        y = tag.y + 3
        for img in images:
            surface.blit(img, img.get_rect(midtop=(tag.centerx, y)))
            y += img.get_height()

    def _draw_score(self, surface: pygame.Surface, u: int) -> None:
        """The score panel, drawn once per change of the game (or of the window), then one blit a frame."""
        assert self.layout is not None
        r = pygame.Rect(self.layout.score)
        if r.w < 40:
            return
        key = (self.relayouts, tuple(r), u)
        cached = getattr(self, "_score_cache", None)
        if cached is None or cached[0] != key:
            # Most changes of the game leave the panel's words as they were (a card drawn, a discard):
            # the same image is kept, so the window's layer has nothing to redraw there either.
            content = self._score_content(r, u)
            if cached is None or cached[1] != content:
                image = panel_image(r.size, max(6, u // 3)).copy()
                self._score_lines(image, pygame.Rect((0, 0), r.size), u)
                cached = (key, content, image)
            self._score_cache = cached = (key, content, cached[2])
        surface.blit(cached[2], r.topleft)

    def _score_content(self, r: pygame.Rect, u: int) -> tuple:
        """Everything the score panel's picture depends on."""
        s = self.state
        notes = tuple((self.side_note(side, True), self.side_note(side, False)) for side in range(s.sides))
        return (tuple(r), u, language(), s.hand_no, s.target, tuple(s.scores), s.side_of(self.seat),
                tuple(self.side_names), notes)

    def _score_lines(self, surface: pygame.Surface, r: pygame.Rect, u: int) -> None:
        s = self.state
        # Two lines a side when they fit at a readable size, else one line a side.
        two = r.h // (1 + 2 * s.sides) - 4 >= 15
        rows = 1 + (2 if two else 1) * s.sides
        small = max(11, min(u * 2 // 3, r.h // rows - 4))
        y = r.top + 4
        title = _("Hand {n} · to {t}").format(n=s.hand_no, t=number(s.target))
        draw_text(surface, title, fit_size(title, small, r.w - 16, 10), INK_DIM, (r.x + 8, y), bold=True)
        y += small + 4
        for side in range(s.sides):
            color = GOLD if side == s.side_of(self.seat) else INK
            name = f"{self.side_names[side]}: {number(s.scores[side])}"
            # Shrunk to the panel's width rather than running over its edge (or over the note beside it).
            if two:
                draw_text(surface, name, fit_size(name, small, r.w - 16, 10), color, (r.x + 8, y), bold=True)
                y += small + 2
                note = self.side_note(side, True)
                draw_text(surface, note, fit_size(note, max(10, small - 2), r.w - 22, 9, bold=False), INK_DIM,
                          (r.x + 14, y))
            else:
                note = self.side_note(side, False)
                note_w = text_image(note, small, INK_DIM).get_width() if note else 0
                draw_text(surface, name, fit_size(name, small, r.w - 24 - note_w, 10), color, (r.x + 8, y),
                          bold=True)
                draw_text(surface, note, small, INK_DIM, (r.right - 8, y), "topright")
            y += small + 4

    def side_note(self, side: int, long: bool) -> str:
        """The score panel's note on a side: its first meld's minimum until it has melded (then the
        minimum is done with and goes), and whether it may go out."""
        s = self.state
        go = s.may_go_out(side)
        minimum = None if s.has_melded(side) else s.min_meld(side)
        if long:
            out = _("may go out") if go else _("can't go out")
            if not go and not s.rules.escalera_to_go_out:  # Standard: how many canastas it still needs
                out = _("{have} of {need} canastas").format(have=len(s.canastas(side)), need=s.rules.canastas_to_go_out)
            return out if minimum is None else _("min {m} · {out}").format(m=minimum, out=out)
        tail = "" if minimum is None else _("min {m}").format(m=minimum)
        return (tail + (" ✓" if go else "")).strip()

    def draw_message_line(self, surface: pygame.Surface | DrawList, u: int) -> None:
        assert self.layout is not None
        self.messages.place(self.layout.status, self._message_room())
        self.messages.draw(surface, self.view, u)

    def _message_room(self) -> int:
        """Where the message line ends: the sound switch sits at its right end."""
        assert self.layout is not None
        sound = self.buttons.get("sound")
        r = self.layout.status
        return sound.rect.left if sound is not None and sound.rect.w else r[0] + r[2]

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

    def help_lines(self) -> list[str]:
        """The keys that work at this table, in the language's own letters (the game waits meanwhile)."""
        partners = self.state.players == 4
        yes, no = yes_no_letters(language())
        lines = [
            _("Keys (the game waits while this is open)"),
            _("← →  move along your hand      Space  select / unselect"),
            _("D  draw from the stock      P  take the pile with the selected pair"),
            _("T  take the top card onto a run"),
            _("M  stage the selected cards as a new meld      L  lay everything staged      C  take it back"),
            _("Tab  choose a target (stock, pile, new meld, your melds)      Enter  play onto it"),
            _("A  stage the selected cards onto the target meld      X  discard the selected card"),
            _("K  pick the target meld, then K on another of its rank to combine them"),
            _("Z or Ctrl+Z  undo your last meld this turn      I  hint: a suggested move"),
            _("1  sort by rank      2 or S  sort by suit") + ("      " + _("Q  ask your partner “May I go out?”")
                                                           if partners else ""),
        ]
        if partners:
            lines.append(_("{yes} / {no}  answer your partner").format(yes=yes, no=no))
        lines += [
            _("R  the rules      V  sound on / off      Esc  pause      H, F1 or ?  this help"),
            _("W  what happened this hand      G  the score sheet      F11  full screen"),
            _("Mouse: click cards to select, then a meld or the empty meld area; drag works too."),
            _("A gold bar marks the cards you drew this turn."),
        ]
        return lines

    def _draw_help(self, surface: pygame.Surface, u: int) -> None:
        lines = self.help_lines()
        box = pygame.Rect(0, 0, min(self.size[0] - 40, u * 34), u * (len(lines) + 2))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        draw_panel(surface, box, u // 2)
        y = box.top + u // 2
        for i, line in enumerate(lines):
            for part in wrap_text(line, _font(max(12, u * 3 // 4), i == 0), box.w - u):
                draw_text(surface, part, max(12, u * 3 // 4), GOLD if i == 0 else INK, (box.x + u // 2, y), bold=i == 0)
                y += u


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
