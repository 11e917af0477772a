"""The table: the game itself. The player's clicks and keys become actions for the engine; the
engine's events become animations. No rule is decided here: the engine says yes or gives a reason.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pytweening

from game.anim import Tweener
from game.app import Scene
from game.controller import TurnController
from game.i18n import _, number
from game.rules import events as ev
from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    TakePile,
    TakeTop,
)
from game.rules.errors import IllegalAction
from game.rules.melds import classify, extends_run, meld_points
from game.rules.state import GameState, Phase
from game.ui.card_faces import FaceCache
from game.ui.card_layer import CardLayer
from game.ui.input_map import Intent, key_intent
from game.ui.layout import TableLayout, contains_point, table_layout
from game.ui.narrate import canasta_name, describe, seat_names, side_names
from game.ui.table_view import Homes, compute_homes
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    Dialog,
    FocusGroup,
    Toasts,
    draw_panel,
    draw_text,
    felt_background,
    fit_size,
    text_image,
    ui_unit,
    wrap_text,
)

FLY = 0.38  # seconds for a card to fly home at normal speed
DEAL_STAGGER = 0.018
SHAKE = 0.45
END_PAUSE = 1.4  # seconds to look at the table after a hand ends
FACE_BUDGET = 0.0015  # seconds a frame may spend drawing card faces at a new size (the rest next frames)


CANASTA_COLORS = {"natural": (190, 30, 40), "mixed": (40, 40, 48), "escalera": (30, 80, 190),
                  "bolivia": (130, 50, 160)}


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

CANASTA_TAGS = {"natural": lambda: _("Natural"), "mixed": lambda: _("Mixed"), "escalera": lambda: _("Escalera"),
                "bolivia": lambda: _("Bolivia")}


@dataclass
class Sprite:
    card: int
    pos: tuple[float, float]
    w: int
    face_up: bool
    z: float
    rotated: bool = False


@dataclass
class Flourish:
    text: str
    meld: int
    age: float = 0.0
    life: float = 1.6


class TableScene(Scene):
    def __init__(self, controller: TurnController, speed: str = "normal",
                 on_hand_end: Callable[[TableScene], None] | None = None,
                 on_menu: Callable[[], None] | None = None,
                 on_change: Callable[[GameState], None] | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.state: GameState = controller.state
        self.seat = 0
        self.names = seat_names(self.state.players)
        self.side_names = side_names(self.state.players)
        self.on_hand_end = on_hand_end
        self.on_menu = on_menu
        self.on_change = on_change  # autosave after every move
        self.tweener = Tweener(speed)
        self.speed = speed
        self.faces = FaceCache(keep=12, budget=FACE_BUDGET)
        self.layer = CardLayer()  # the still cards on the felt, kept between frames
        self.sprites: dict[int, Sprite] = {}
        self.layout: TableLayout | None = None
        self.homes = Homes()
        self.background: pygame.Surface | None = None
        self.selected: set[int] = set()
        self.staged: list[list[int]] = []
        self.sort_mode = "rank"
        self.focus = 0  # keyboard focus in the hand
        self.target = 0  # keyboard target: index into self._targets()
        self.log: list[str] = []
        self.toasts = Toasts()
        self.flourishes: list[Flourish] = []
        self.shaking: set[int] = set()
        self.shake_time = 0.0
        self.dialog: Dialog | None = None
        self.paused: FocusGroup | None = None
        self.help = False
        self.press: tuple[int, tuple[int, int]] | None = None  # card pressed, where
        self.dragging: list[int] = []
        self.drag_offset = (0, 0)
        self.hover: int | None = None
        self.end_wait: float | None = None
        self.buttons: dict[str, Button] = {}
        self.can_ask = False
        self.motion: dict[int, tuple[str, float]] = {}  # how each card moved by the last events flies
        self.picked_meld: int | None = None  # a meld picked up to combine with another of its rank
        self._make_buttons()

    # ----- set-up -----------------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        self.buttons = {
            "meld": Button(_("Meld (M)"), lambda: self.do(Intent("meld"))),
            "lay": Button(_("Lay staged (L)"), lambda: self.do(Intent("lay"))),
            "cancel": Button(_("Take back (C)"), lambda: self.do(Intent("cancel"))),
            "sort": Button(_("Sort (S)"), lambda: self.do(Intent("sort"))),
            "ask": Button(_("May I go out? (Q)"), lambda: self.do(Intent("ask"))),
            "menu": Button(_("Menu (Esc)"), lambda: self.do(Intent("pause"))),
        }

    def enter(self, app) -> None:
        super().enter(app)
        if self.state.phase == Phase.DEAL and self.state.hand_no == 0:
            self.apply_events(self.controller.deal())
        self._sync_dialog()  # a restored game may be waiting for the player's answer

    def exit(self) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        same = self.layout is not None and self.layout.size == table_layout(size, self.state.players).size
        super().resize(size)
        if same:
            return  # back on screen at the same size: cards keep flying where they were going
        first = self.layout is None
        self.layout = table_layout(size, self.state.players)
        self.background = self._make_background(size)
        self.faces.clear()
        if first and self.state.hand_no and not self.sprites:
            self._deal_sprites()  # dealt before the first layout: deal now, animated
            self.relayout(animate=True, deal=True)
        else:
            self.relayout(animate=not self.tweener.idle)
        self._place_buttons()
        if self.dialog:
            self.dialog.layout(size)
        if self.paused:
            self._place_pause()

    def _make_background(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt with the meld areas' shades, made once per size (not a see-through blit a frame)."""
        assert self.layout is not None
        background = felt_background(size).copy()
        my_side = self.state.side_of(self.seat)
        for side, rect in self.layout.meld_areas.items():
            shade = pygame.Surface(pygame.Rect(rect).size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 34 if side != my_side else 46))
            background.blit(shade, rect)
        return background

    def _place_buttons(self) -> None:
        """Two columns of buttons in the controls area, under the line saying what happened last."""
        assert self.layout is not None
        u = ui_unit(self.size)
        x, y, w, h = self.layout.controls
        line = max(12, u * 2 // 3) + 6
        bh = max(20, min(round(u * 1.45), (h - line) // 3 - 4))
        gap = max(4, u // 3)
        bw = max(u * 3, (w - gap) // 2)
        order = ["meld", "lay", "cancel", "sort", "ask", "menu"]
        for i, name in enumerate(order):
            col, row = i % 2, i // 2
            self.buttons[name].rect = pygame.Rect(x + col * (bw + gap), y + line + row * (bh + 4), bw, bh)

    # ----- engine events to pictures ----------------------------------------------------------------

    def apply_events(self, events: list[ev.Event]) -> None:
        dealt = False
        self.motion = {}
        for e in events:
            self._note_motion(e)
            line = describe(e, self.names)
            if line:
                self.log.append(line)
            if isinstance(e, ev.HandDealt):
                dealt = True
                self.selected.clear()
                self.staged.clear()
            elif isinstance(e, ev.CanastaMade):
                self.flourishes.append(Flourish(canasta_name(e.canasta) + "!", e.meld))
            elif isinstance(e, ev.PartnerAnswered):
                self.toasts.show(describe(e, self.names) or "", 4.0)
            elif isinstance(e, ev.HandEnded):
                self.end_wait = END_PAUSE
            elif isinstance(e, ev.TurnStarted):
                self.staged.clear()
        self.log = self.log[-6:]
        self.selected &= set(self.state.hands[self.seat])
        if dealt:
            self._deal_sprites()
        self.relayout(animate=True, deal=dealt)
        self._sync_dialog()
        if self.on_change:
            self.on_change(self.state)
        self.dirty = True

    def _note_motion(self, e: ev.Event) -> None:
        """Each kind of move has its own easing: a discard glides, a pile swoops, a red three pops."""
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
            cards = next((m.cards for m in self.state.melds[self.state.side_of(e.seat)] if m.id == e.into), ())
        kind = type(e).__name__
        for c in cards:
            self.motion[c] = MOTIONS.get(kind, MOTIONS["default"])

    def _deal_sprites(self) -> None:
        """A new hand: every card starts on the stock, face down."""
        if self.layout is None:
            return
        sx, sy, sw, _sh = self.layout.stock
        self.tweener.clear()
        self.sprites = {}
        for c in self._all_cards():
            self.sprites[c] = Sprite(c, (sx, sy), sw, False, 0)

    def _all_cards(self) -> list[int]:
        s = self.state
        return (s.stock + s.pile + [c for h in s.hands for c in h] + [c for side in s.melds for m in side
                                                                       for c in m.cards]
                + [c for r in s.red_threes for c in r])

    def relayout(self, animate: bool = True, deal: bool = False) -> None:
        if self.layout is None:
            return
        self.homes = compute_homes(self.state, self.layout, self.seat, self.sort_mode, self.staged, self.selected)
        order = {}
        if deal:
            # Deal order: one card each in turn, as dealt.
            n = self.state.players
            hands = self.state.hands
            for i in range(max((len(h) for h in hands), default=0)):
                for s in range(n):
                    if i < len(hands[s]):
                        order[hands[s][i]] = i * n + s
        for c, spot in self.homes.spots.items():
            sp = self.sprites.get(c)
            if sp is None:
                sp = self.sprites[c] = Sprite(c, (spot.x, spot.y), spot.w, spot.face_up, spot.z, spot.rotated)
            sp.w, sp.z, sp.rotated = spot.w, spot.z, spot.rotated
            sp.face_up = spot.face_up
            if c in self.dragging:
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
            delay = order.get(c, 0) * DEAL_STAGGER if deal else 0.0
            easing, duration = MOTIONS["HandDealt"] if deal else self.motion.get(c, MOTIONS["default"])
            self.tweener.tween(sp, "pos", goal, duration, easing, delay=delay)
        for c in list(self.sprites):
            if c not in self.homes.spots:
                del self.sprites[c]
        self.focus = min(self.focus, max(0, len(self.homes.hand) - 1))
        st = self.state
        # Whether asking is possible is the engine's question; asked once per change, not per frame.
        self.can_ask = (self._my_turn() and st.players == 4 and st.phase == Phase.MELD and not st.asked
                        and st.able_to_go_out(self.seat))
        if self.picked_meld is not None and self.picked_meld not in self.homes.meld_rects:
            self.picked_meld = None
        self.dirty = True

    # ----- the player's actions ---------------------------------------------------------------------

    def play(self, action: Action, cards: set[int] | None = None) -> bool:
        """Try a move; on refusal shake the cards and show the engine's reason."""
        try:
            events = self.controller.play(action)
        except IllegalAction as why:
            self.refuse(str(why), cards if cards is not None else set(self.selected))
            return False
        self.apply_events(events)
        return True

    def refuse(self, reason: str, cards: set[int]) -> None:
        self.toasts.show(reason, 4.5)
        self.shaking = set(cards)
        self.shake_time = SHAKE
        self.dirty = True

    def _my_turn(self) -> bool:
        return self.controller.human_to_act and self.state.phase in (Phase.DRAW, Phase.MELD)

    def do(self, intent: Intent) -> None:
        """Carry out an intent from a key, a click or a button."""
        kind = intent.kind
        if kind == "pause":
            self._open_pause()
            return
        if kind == "help":
            self.help = not self.help
            self.dirty = True
            return
        if kind == "sort":
            self.sort_mode = "suit" if self.sort_mode == "rank" else "rank"
            self.toasts.show(_("Sorted by suit.") if self.sort_mode == "suit" else _("Sorted by rank."), 1.5)
            self.relayout()
            return
        if kind == "focus":
            if self.homes.hand:
                self.focus = (self.focus + intent.arg) % len(self.homes.hand)
            self.dirty = True
            return
        if kind == "target":
            targets = self._targets()
            self.target = (self.target + intent.arg) % len(targets)
            self.dirty = True
            return
        if kind == "select":
            if self.homes.hand:
                self.toggle(self.homes.hand[self.focus])
            return
        if kind == "clear":
            self.selected.clear()
            self.relayout()
            return
        if not self._my_turn():
            if kind in ("draw", "pile", "meld", "lay", "discard", "add", "ask", "enter", "top", "combine"):
                self.refuse(_("Wait for your turn."), set())
            return
        chosen = tuple(sorted(self.selected))
        if kind == "draw":
            self.play(DrawStock(), set())
        elif kind == "pile":
            self.pile_clicked()
        elif kind == "top":
            self.take_top(None)
        elif kind == "meld":
            self.meld_selected()
        elif kind == "lay":
            if not self.staged:
                self.refuse(_("Stage your first meld with M, then lay it with L."), set())
            elif self.play(LayMelds(tuple(tuple(m) for m in self.staged)), {c for m in self.staged for c in m}):
                self.staged.clear()
                self.relayout()
        elif kind == "cancel":
            self.staged.clear()
            self.relayout()
        elif kind == "discard":
            card = chosen[0] if len(chosen) == 1 else (self.homes.hand[self.focus] if not chosen and
                                                        self.homes.hand else None)
            if card is None:
                self.refuse(_("Select one card to discard."), set(chosen))
            else:
                self.discard(card)
        elif kind == "add":
            target = self._targets()[self.target]
            if isinstance(target, int):
                self.add_to(target)
            else:
                self.enter_target()
        elif kind == "enter":
            self.enter_target()
        elif kind == "combine":
            target = self._targets()[self.target % len(self._targets())]
            if isinstance(target, int):
                self.pick_meld(target)
            else:
                self.refuse(_("Choose one of your melds with Tab first, then K; then another meld and K."), set())
        elif kind == "ask":
            if self.state.players != 4:
                self.refuse(_("Only a player with a partner can ask to go out."), set())
            else:
                self.play(AskPartner(), set())
        self.dirty = True

    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self.relayout()

    def discard(self, card: int) -> None:
        if self.staged:
            self.staged.clear()
        if self.play(Discard(card), {card}):
            self.selected.clear()
            self.relayout()

    def meld_selected(self) -> None:
        chosen = tuple(sorted(self.selected))
        if not chosen:
            self.refuse(_("Select the cards to meld first."), set())
            return
        side = self.state.side_of(self.seat)
        if self.state.melds[side]:
            if self.play(LayMelds((chosen,)), set(chosen)):
                self.selected.clear()
                self.relayout()
            return
        # A first meld: stage it; the staged melds go down together once they reach the minimum.
        try:
            classify(chosen, self.state.rules)
        except IllegalAction as why:
            self.refuse(str(why), set(chosen))
            return
        self.staged.append(list(chosen))
        self.selected.clear()
        need = self.state.min_meld(side)
        have = sum(meld_points(m) for m in self.staged)
        self.toasts.show(_("Staged {have} of the {need} points needed: L lays them, C takes them back.").format(
            have=have, need=need), 3.5)
        self.relayout()

    def add_to(self, meld_id: int) -> None:
        chosen = tuple(sorted(self.selected))
        if self.state.phase == Phase.DRAW and not chosen:
            self.take_top(meld_id)
            return
        if not chosen:
            self.pick_meld(meld_id)
            return
        if self.play(AddToMeld(meld_id, chosen), set(chosen)):
            self.selected.clear()
            self.relayout()

    def pick_meld(self, meld_id: int) -> None:
        """With no card selected, a meld is picked up; a second meld of its rank takes it in (combine)."""
        if self.picked_meld is None or self.picked_meld == meld_id:
            self.picked_meld = None if self.picked_meld == meld_id else meld_id
            if self.picked_meld is not None:
                self.toasts.show(_("Meld picked: click another meld of its rank to combine them, or select "
                                   "cards to add."), 3.0)
            self.dirty = True
            return
        first, self.picked_meld = self.picked_meld, None
        self.play(Combine(first, meld_id), set())

    def _runs_for_top(self) -> list[int]:
        """The side's runs the pile's top card would extend (the engine still judges the move)."""
        top = self.state.top
        if top is None:
            return []
        side = self.state.side_of(self.seat)
        return [m.id for m in self.state.melds[side] if extends_run(m, top, self.state.rules)]

    def take_top(self, meld_id: int | None) -> None:
        if meld_id is None:
            runs = self._runs_for_top()
            if not runs:
                self.refuse(_("The top card doesn't extend one of your side's runs."), set())
                return
            meld_id = runs[0]
        self.play(TakeTop(meld_id), set())

    def pile_clicked(self) -> None:
        chosen = tuple(sorted(self.selected))
        if self.state.phase == Phase.MELD:
            if len(chosen) == 1:
                self.discard(chosen[0])
            else:
                self.refuse(_("Select one card, then click the pile to discard it."), set(chosen))
            return
        if not chosen:
            runs = self._runs_for_top()
            if runs:
                self.play(TakeTop(runs[0]), set())
            else:
                self.refuse(_("Select a natural pair matching the top card, then click the pile."), set())
            return
        extra = tuple(tuple(m) for m in self.staged)
        if self.play(TakePile(chosen, extra), set(chosen)):
            self.selected.clear()
            self.staged.clear()
            self.relayout()

    def _targets(self) -> list:
        side = self.state.side_of(self.seat)
        return ["stock", "pile", "new"] + [m.id for m in self.state.melds[side]]

    def enter_target(self) -> None:
        t = self._targets()[self.target % len(self._targets())]
        if t == "stock":
            self.play(DrawStock(), set())
        elif t == "pile":
            self.pile_clicked()
        elif t == "new":
            self.meld_selected()
        else:
            self.add_to(t)

    # ----- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_y, pygame.K_n):
                self.dialog._answer(event.key == pygame.K_y)
            else:
                self.dialog.handle_event(event)
            self.dirty = True
            return
        if self.paused is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.paused = None
            else:
                self.paused.handle_event(event)
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            intent = key_intent(event.key, event.mod)
            if intent is not None:
                self.do(intent)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event.pos, bool(event.buttons[0]))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse_up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected.clear()
            self.relayout()

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for c in reversed(self.homes.hand):
            if contains_point(self.homes.hand_rects[c], pos):
                return c
        return None

    def mouse_down(self, pos: tuple[int, int]) -> None:
        for b in self.buttons.values():
            if b.rect.collidepoint(pos):
                b.pressed = True
                self.dirty = True
                return
        card = self.card_at(pos)
        if card is not None:
            self.press = (card, pos)
            return
        self.click_table(pos)

    def mouse_move(self, pos: tuple[int, int], held: bool) -> None:
        if self.press and held and not self.dragging:
            card, start = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > 10:
                if card not in self.selected:
                    self.selected.add(card)
                self.dragging = sorted(self.selected, key=lambda c: self.homes.hand.index(c)
                                       if c in self.homes.hand else 0)
                sp = self.sprites[card]
                self.drag_offset = (int(sp.pos[0] - start[0]), int(sp.pos[1] - start[1]))
        if self.dragging:
            step = max(12, self.homes.hand_card_w // 3)
            for i, c in enumerate(self.dragging):
                sp = self.sprites.get(c)
                if sp is not None:
                    self.tweener.cancel(sp, "pos")
                    sp.pos = (pos[0] + self.drag_offset[0] + i * step, pos[1] + self.drag_offset[1])
            self.dirty = True
        hover = self.card_at(pos)
        if hover != self.hover:
            self.hover = hover
            self.dirty = True

    def mouse_up(self, pos: tuple[int, int]) -> None:
        for b in self.buttons.values():
            if b.pressed:
                b.pressed = False
                if b.rect.collidepoint(pos):
                    b.activate()
                self.dirty = True
                return
        press, self.press = self.press, None
        if self.dragging:
            self.dragging = []
            self.drop(pos)
            self.relayout()
            return
        if press is not None:
            self.toggle(press[0])

    def drop(self, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        if contains_point(self.layout.discard, pos):
            self.pile_clicked()
            return
        meld_id = self.meld_at(pos)
        if meld_id is not None:
            self.add_to(meld_id)
            return
        if contains_point(self.homes.new_meld_zone, pos):
            if self._my_turn():
                self.meld_selected()
            else:
                self.refuse(_("Wait for your turn."), set(self.selected))

    def meld_at(self, pos: tuple[int, int]) -> int | None:
        """The player's side's meld under a point; a lower row is drawn over the row above it."""
        side = self.state.side_of(self.seat)
        hits = [(rect[1], rect[0], meld_id) for meld_id, rect in self.homes.meld_rects.items()
                if self.homes.meld_side[meld_id] == side and contains_point(rect, pos)]
        return max(hits)[2] if hits else None

    def click_table(self, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        if contains_point(self.layout.stock, pos):
            self.do(Intent("draw"))
            return
        if contains_point(self.layout.discard, pos):
            self.do(Intent("pile"))
            return
        for i, rect in enumerate(self.homes.staged_rects):
            if contains_point(rect, pos):
                del self.staged[i]
                self.relayout()
                return
        meld_id = self.meld_at(pos)
        if meld_id is not None and self._my_turn():
            self.add_to(meld_id)

    # ----- dialogs and the pause menu ---------------------------------------------------------------

    def _sync_dialog(self) -> None:
        s = self.state
        if (s.phase == Phase.ANSWER and s.to_act == self.seat and self.seat in self.controller.human
                and self.dialog is None):
            asker = self.names[s.turn]

            def answer(yes: bool) -> None:
                self.dialog = None
                self.play(Answer(yes), set())

            self.dialog = Dialog(_("{who} asks: “May I go out?” Yes obliges {who} to go out this turn; "
                                   "no forbids it.").format(who=asker), answer)
            self.dialog.layout(self.size)

    def _open_pause(self) -> None:
        def resume() -> None:
            self.paused = None
            self.dirty = True

        def menu() -> None:
            self.paused = None
            if self.on_menu:
                self.on_menu()

        def quit_game() -> None:
            if self.app:
                self.app.quit()

        self.paused = FocusGroup([Button(_("Resume"), resume), Button(_("Main menu"), menu),
                                  Button(_("Quit"), quit_game)])
        self._place_pause()
        self.dirty = True

    def _place_pause(self) -> None:
        assert self.paused is not None
        u = ui_unit(self.size)
        w, h = u * 10, round(u * 2.2)
        x = (self.size[0] - w) // 2
        y = self.size[1] // 2 - u
        for i, b in enumerate(self.paused.buttons):
            b.rect = pygame.Rect(x, y + i * (h + u // 2), w, h)

    # ----- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        busy = not self.tweener.idle
        self.tweener.update(dt)
        if busy:
            self.dirty = True
        if self.toasts.update(dt):
            self.dirty = True
        if self.shake_time > 0:
            self.shake_time = max(0.0, self.shake_time - dt)
            self.dirty = True
        if self.flourishes:
            for f in self.flourishes:
                f.age += dt
            self.flourishes = [f for f in self.flourishes if f.age < f.life]
            self.dirty = True
        if self.paused is not None or self.dialog is not None:
            return
        if self.end_wait is not None:
            if self.tweener.idle:
                self.end_wait -= dt
                if self.end_wait <= 0:
                    self.end_wait = None
                    if self.on_hand_end:
                        self.on_hand_end(self)
            return
        was_thinking = self.controller.thinking
        applied = self.controller.update(dt, busy=not self.tweener.idle)
        if applied is not None:
            self.apply_events(applied.events)
        elif was_thinking != self.controller.thinking:
            self.dirty = True

    def next_hand(self) -> None:
        """Back from the scoring screen: deal the next hand."""
        if self.state.phase == Phase.DEAL:
            self.apply_events(self.controller.deal())

    # ----- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None or self.background is None:
            return
        u = ui_unit(self.size)
        self.faces.new_frame()
        self._draw_cards(surface, u)  # the felt, the meld areas' labels and the cards
        self._draw_marks(surface, u)
        self._draw_centre(surface, u)
        self._draw_score(surface, u)
        self._draw_status(surface, u)
        for name, b in self.buttons.items():
            if name == "ask" and self.state.players != 4:
                continue  # only partners ask
            b.enabled = self._button_enabled(b)
            b.draw(surface)
        self._draw_flourishes(surface, u)
        self.toasts.draw(surface, (self.size[0] // 2, self.layout.hand[1] - u), max(14, u * 4 // 5))
        if self.help:
            self._draw_help(surface, u)
        if self.dialog is not None:
            self.dialog.draw(surface)
        if self.paused is not None:
            veil = pygame.Surface(self.size, pygame.SRCALPHA)
            veil.fill((0, 0, 0, 140))
            surface.blit(veil, (0, 0))
            draw_text(surface, _("Paused"), u * 2, INK, (self.size[0] // 2, self.size[1] // 2 - u * 3), "center",
                      bold=True, shadow=True)
            self.paused.draw(surface)
        if self.faces.behind:
            self.dirty = True  # some cards were drawn from a face of another size: catch up next frame

    def _button_enabled(self, b: Button) -> bool:
        mine = self._my_turn()
        if b is self.buttons["lay"] or b is self.buttons["cancel"]:
            return bool(self.staged)
        if b is self.buttons["meld"]:
            return mine and self.state.phase == Phase.MELD and bool(self.selected)
        if b is self.buttons["ask"]:
            return mine and self.can_ask
        return True

    def _area_labels(self, u: int) -> list[tuple]:
        """What is written on the meld areas, as draw_text's arguments (their shades are in the background)."""
        assert self.layout is not None
        my_side = self.state.side_of(self.seat)
        labels = []
        for side, rect in self.layout.meld_areas.items():
            r = pygame.Rect(rect)
            if not self.state.melds[side] and not (side == my_side and self.staged):
                label = _("{side}: no melds yet").format(side=self.side_names[side])
                labels.append((label, max(14, u * 3 // 4), INK_DIM, r.center, "center", False))
            elif self.state.melds[side]:
                # What the side has on the table this hand: card points and canasta bonuses.
                table = sum(m.points() + m.bonus(self.state.rules) for m in self.state.melds[side])
                right = self.homes.red_three_rects.get(side, (r.right, 0, 0, 0))[0] - 8
                labels.append((_("On the table: {n}").format(n=number(table)), max(12, u * 2 // 3), INK_DIM,
                               (right, r.bottom - 2), "bottomright", True))
        return labels

    @staticmethod
    def _draw_label(surface: pygame.Surface, label: tuple) -> None:
        text, size, color, pos, anchor, shadow = label
        draw_text(surface, text, size, color, pos, anchor, shadow=shadow)

    @staticmethod
    def _label_rect(label: tuple) -> tuple[int, int, int, int]:
        """Where `_draw_label` draws (the shadow too)."""
        text, size, color, pos, anchor, shadow = label
        rect = text_image(text, size, color).get_rect(**{anchor: pos})
        if shadow:
            rect.union_ip(rect.move(max(1, size // 14), max(1, size // 14)))
        return tuple(rect)

    def _draw_cards(self, surface: pygame.Surface, u: int) -> None:
        """The felt, the meld areas and every card. The still cards come from `self.layer`, which redraws
        only where they changed; the cards in flight or dragged are drawn over it, last, every frame."""
        assert self.layout is not None and self.background is not None
        stock_pos = (self.layout.stock[0], self.layout.stock[1])
        pile_pos = (self.layout.discard[0], self.layout.discard[1])
        stock_top = set(self.state.stock[-3:])
        pile_top = set(self.state.pile[-2:])
        flying = {c for c in self.sprites if self.tweener.running(self.sprites[c], "pos") is not None}
        shake_dx = 0
        if self.shake_time > 0:
            shake_dx = round(math.sin(self.shake_time * 60) * max(3, self.homes.hand_card_w // 14))
        order = sorted(self.sprites.values(), key=lambda sp: (sp.card in flying or sp.card in self.dragging, sp.z))
        still: list[tuple] = []  # CardLayer items: card, its look, the rectangle it covers, how to draw it
        moving: list[tuple] = []
        for sp in order:
            c = sp.card
            in_flight = c in flying or c in self.dragging
            if not in_flight:
                if sp.pos == stock_pos and c not in stock_top:
                    continue
                if sp.pos == pile_pos and c not in pile_top:
                    continue
            x, y = sp.pos
            if c in self.shaking and self.shake_time > 0:
                x += shake_dx
            overlay = None
            if c in self.selected and c in self.homes.hand_rects:
                overlay = "selected"
            elif c in self.homes.hand_rects and (self.hover == c or (
                    self.focus < len(self.homes.hand) and self.homes.hand[self.focus] == c
                    and self._keyboard_focus_visible())):
                overlay = "highlight"
            shown = c if sp.face_up else None
            draw = (sp, shown, round(x), round(y), overlay)
            if in_flight:
                moving.append(draw)
                continue
            faces = self.faces.get(max(12, sp.w))
            if sp.rotated:
                size = self._rotated_back(sp.w).get_size()
            else:
                size = (faces.width + faces.shadow_offset, faces.height + faces.shadow_offset)
            # A card drawn from a face of another size (see FaceCache) is drawn again until it is ready.
            ready = sp.rotated or faces.has(shown, overlay) or object()
            look = (shown, overlay, sp.w, sp.rotated, ready)  # the layer notices a change of order itself
            still.append((c, look, (draw[2], draw[3], *size), self._blit_card, draw))
        # The meld areas' labels lie under the cards, so they come first.
        labels = [(("label", i), label, self._label_rect(label), self._draw_label, label)
                  for i, label in enumerate(self._area_labels(u))]
        surface.blit(self.layer.update(self.background, labels + still), (0, 0))
        for draw in moving:
            self._blit_card(surface, draw)

    def _blit_card(self, surface: pygame.Surface, draw: tuple) -> None:
        sp, shown, x, y, overlay = draw
        if sp.rotated:
            surface.blit(self._rotated_back(sp.w), (x, y))
        else:
            self.faces.blit(surface, max(12, sp.w), shown, (x, y), overlay)

    def _keyboard_focus_visible(self) -> bool:
        return self._my_turn()

    def _rotated_back(self, w: int) -> pygame.Surface:
        cache = self.__dict__.setdefault("_rot_cache", {})
        img = cache.get(w)
        if img is None:
            img = cache[w] = pygame.transform.rotate(self.faces.get(max(12, w)).back(), 90)
        return img

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
                    pygame.draw.rect(surface, color, r.inflate(4, 4), width=3, border_radius=8)
                    size = max(10, small - 1)
                    lines = [CANASTA_TAGS[can](), _("{n} cards").format(n=m.size)]
                    y = r.bottom - 6
                    for text in reversed(lines):
                        img = text_image(text, fit_size(text, size, r.w - 10, 8), (255, 255, 255), True)
                        tag = pygame.Rect(0, 0, r.w - 4, img.get_height() + 4)
                        tag.midbottom = (r.centerx, y)
                        pygame.draw.rect(surface, color, tag, border_radius=4)
                        surface.blit(img, img.get_rect(center=tag.center))
                        y = tag.top - 1
        if self.picked_meld is not None and self.picked_meld in self.homes.meld_rects:
            picked = pygame.Rect(self.homes.meld_rects[self.picked_meld]).inflate(10, 10)
            pygame.draw.rect(surface, (255, 255, 255), picked, width=4, border_radius=8)
        for rect in self.homes.staged_rects:
            pygame.draw.rect(surface, GOLD, pygame.Rect(rect).inflate(8, 8), width=3, border_radius=6)
        if self.staged:
            side = self.state.side_of(self.seat)
            have = sum(meld_points(m) for m in self.staged)
            need = self.state.min_meld(side)
            area = pygame.Rect(self.homes.new_meld_zone)
            color = GOLD if have >= need else INK
            draw_text(surface, _("First meld: {have} / {need} points").format(have=have, need=need), small, color,
                      (area.right - 4, area.top + 2), "topright", bold=True, shadow=True)
        if self._my_turn():
            targets = self._targets()
            t = targets[self.target % len(targets)]
            rect = {"stock": self.layout.stock, "pile": self.layout.discard,
                    "new": self.homes.new_meld_zone}.get(t) if not isinstance(t, int) else self.homes.meld_rects.get(t)
            if rect and self.target != 0 or (rect and t == "stock" and self.state.phase == Phase.DRAW):
                pygame.draw.rect(surface, (255, 255, 255), pygame.Rect(rect).inflate(10, 10), width=2,
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
        for side, rect in self.homes.red_three_rects.items():
            n = len(self.state.red_threes[side])
            if n:
                r = pygame.Rect(rect)
                draw_text(surface, f"×{n}", small, INK, (r.centerx, r.bottom - 2), "midbottom", bold=True, shadow=True)

    def _draw_centre(self, surface: pygame.Surface, u: int) -> None:
        assert self.layout is not None
        small = max(12, u * 2 // 3)
        st = pygame.Rect(self.layout.stock)
        pi = pygame.Rect(self.layout.discard)
        if not self.state.stock:
            pygame.draw.rect(surface, INK_DIM, st, width=2, border_radius=8)
        if not self.state.pile:
            pygame.draw.rect(surface, INK_DIM, pi, width=2, border_radius=8)
        self._badge(surface, _("Stock {n}").format(n=len(self.state.stock)), st, small)
        self._badge(surface, _("Pile {n}").format(n=len(self.state.pile)), pi, small)
        if self.state.pile_blocked():
            self._badge(surface, _("BLOCKED"), pi, small, (170, 20, 20), middle=True)
        # The last thing that happened, above the buttons.
        x, y = self.layout.controls[0], self.layout.controls[1]
        for line in self.log[-1:]:
            draw_text(surface, line, small, INK, (x, y), "topleft", shadow=True)

    def _badge(self, surface: pygame.Surface, text: str, card: pygame.Rect, size: int,
               color: tuple[int, int, int] = (12, 40, 24), middle: bool = False) -> None:
        """A label on a card, shrunk to the card's width so neighbours never overlap."""
        img = text_image(text, fit_size(text, size, card.w - 8, 9), (255, 255, 255), True)
        tag = pygame.Rect(0, 0, card.w - 2, img.get_height() + 6)
        tag.midbottom = (card.centerx, card.bottom - 3) if not middle else (card.centerx, card.centery + tag.h // 2)
        pygame.draw.rect(surface, color, tag, border_radius=5)
        surface.blit(img, img.get_rect(center=tag.center))

    def _draw_score(self, surface: pygame.Surface, u: int) -> None:
        assert self.layout is not None
        r = pygame.Rect(self.layout.score)
        if r.w < 40:
            return
        draw_panel(surface, r, max(6, u // 3))
        s = self.state
        # Two lines a side when they fit at a readable size, else one line a side.
        two = r.h // (1 + 2 * s.sides) - 4 >= 13
        rows = 1 + (2 if two else 1) * s.sides
        small = max(11, min(u * 2 // 3, r.h // rows - 4))
        y = r.top + 4
        draw_text(surface, _("Hand {n} · to {t}").format(n=s.hand_no, t=number(s.target)), small, INK_DIM,
                  (r.x + 8, y), bold=True)
        y += small + 4
        for side in range(s.sides):
            go = s.may_go_out(side)
            color = GOLD if side == s.side_of(self.seat) else INK
            name = f"{self.side_names[side]}: {number(s.scores[side])}"
            out = _("may go out") if go else _("can't go out")
            if two:
                draw_text(surface, name, small, color, (r.x + 8, y), bold=True)
                y += small + 2
                line = _("min {m} · {out}").format(m=s.min_meld(side), out=out)
                draw_text(surface, line, max(10, small - 2), INK_DIM, (r.x + 14, y))
            else:
                draw_text(surface, name, small, color, (r.x + 8, y), bold=True)
                draw_text(surface, _("min {m}").format(m=s.min_meld(side)) + (" ✓" if go else ""), small, INK_DIM,
                          (r.right - 8, y), "topright")
            y += small + 4

    def _draw_status(self, surface: pygame.Surface, u: int) -> None:
        assert self.layout is not None
        s = self.state
        r = pygame.Rect(self.layout.status)
        if s.phase == Phase.GAME_OVER:
            text = _("The game is over.")
        elif s.phase == Phase.DEAL:
            text = _("The hand is over.")
        elif self.controller.human_to_act:
            if s.phase == Phase.ANSWER:
                text = _("Your partner asks to go out: answer yes or no.")
            elif s.phase == Phase.DRAW:
                text = _("Your turn: click the stock to draw two, or select a pair and click the pile.")
            elif s.permission is True:
                text = _("Your partner said yes: you must go out this turn.")
            elif s.permission is False:
                text = _("Your partner said no: you may not go out this turn.")
            else:
                text = _("Meld, add to your melds, or select one card and click the pile to discard.")
        else:
            who = self.names[s.to_act]
            if s.to_act == self.seat:  # the demo plays the player's seat too
                text = _("The computer is playing your seat…")
            elif self.controller.thinking:
                text = _("{who} is thinking…").format(who=who)
            else:
                text = _("{who} to play.").format(who=who)
        text += "   " + _("H: keys")
        draw_text(surface, text, max(12, min(u * 3 // 4, r.h - 4)), INK, (r.x, r.centery), "midleft", shadow=True)

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
            surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + i * round(u * 1.6))))

    def _draw_help(self, surface: pygame.Surface, u: int) -> None:
        lines = [
            _("Keys"),
            _("← →  move along your hand      Space  select / unselect"),
            _("D  draw from the stock      P  take the pile with the selected pair"),
            _("T  take the top card onto a run      M  meld the selected cards"),
            _("L  lay the staged first meld      C  take staged cards back"),
            _("Tab  choose a target (stock, pile, new meld, your melds)      Enter  play onto it"),
            _("A  add the selected cards to the target meld      X  discard the selected card"),
            _("K  pick the target meld, then K on another of its rank to combine them"),
            _("S  sort by rank or suit      Q  ask your partner “May I go out?”"),
            _("Y / N  answer your partner      Esc  pause      H  this help"),
            _("Mouse: click cards to select, drag them onto a meld, the table or the pile."),
        ]
        box = pygame.Rect(0, 0, min(self.size[0] - 40, u * 34), u * (len(lines) + 2))
        box.center = (self.size[0] // 2, self.size[1] // 2)
        draw_panel(surface, box, u // 2)
        y = box.top + u // 2
        for i, line in enumerate(lines):
            for part in wrap_text(line, _font(max(12, u * 3 // 4), i == 0), box.w - u):
                draw_text(surface, part, max(12, u * 3 // 4), GOLD if i == 0 else INK, (box.x + u // 2, y), bold=i == 0)
                y += u


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    from game.assets import font

    return font(size, bold)
