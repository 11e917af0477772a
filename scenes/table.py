"""The table: the game itself. The player's clicks and keys become actions for the engine; the
engine's events become animations. No rule is decided here: the engine says yes or gives a reason.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.anim import Tweener
from game.i18n import _, language
from game.keep.storage import Settings
from game.rules import events as ev
from game.rules.actions import (
    Answer,
)
from game.rules.meld_move import MeldJudgement
from game.rules.names import canasta_name
from game.rules.state import GameState, Phase
from game.ui.card_faces import FaceCache
from game.ui.card_layer import CardLayer
from game.ui.hand_order import SORT_ORDERS, follow_focus
from game.ui.hint import Hint
from game.ui.input_map import Intent, yes_no_letters
from game.ui.layout import CARD_SCALES, TableLayout, table_layout
from game.ui.narrate import describe, seat_names, side_names
from game.ui.sounds import SILENT, SoundBoard
from game.ui.staging import Staging
from game.ui.table_view import Homes, compute_homes
from scenes.scene import Scene
from scenes.table_paint import IDLE_WORK, TablePainter
from scenes.table_parts.message_line import MessageLine
from scenes.table_parts.view import TableView
from scenes.table_play import TablePlayer
from scenes.turns import Turns
from scenes.widgets import (
    Button,
    Dialog,
    FocusGroup,
    button_label_px,
    felt_background,
    fit_size,
    ui_unit,
)

FLY = 0.38  # seconds for a card to fly home at normal speed
DEAL_STAGGER = 0.018
SHAKE = 0.45
END_PAUSE = 1.4  # seconds to look at the table after a hand ends
LOG_LINES = 80  # what happened, kept for the W panel: a whole hand's story
FACE_BUDGET = 0.0005  # seconds a frame may spend drawing card faces at a new size (the rest next frames)
FACES_AHEAD_BYTES = 10 << 20  # faces drawn ahead stop when the cache holds this much (a face: up to 160 kB)


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
class Flourish:
    text: str
    meld: int
    age: float = 0.0
    life: float = 1.6


class TableScene(TablePlayer, TablePainter, Scene):
    def __init__(self, controller: Turns, speed: str = "normal",
                 on_hand_end: Callable[[TableScene], None] | None = None,
                 on_menu: Callable[[], None] | None = None,
                 on_change: Callable[[GameState], None] | None = None,
                 sounds: SoundBoard | None = None,
                 on_settings: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None,
                 on_sound: Callable[[], bool] | None = None,
                 sort_order: str = "rank", discard_warning: bool = True,
                 on_setting: Callable[[str, object], None] | None = None) -> None:
        """`sounds` plays the events; `on_settings` and `on_rules` open those screens (from the pause
        menu; R opens the rules); `on_sound()` switches sound on or off (V) and says which it is now.
        `sort_order` and `discard_warning` come from the settings; `on_setting(name, value)` keeps a
        choice made at the table (the hand's sort order) for later games."""
        super().__init__()
        self.sounds = sounds if sounds is not None else SILENT
        self.on_settings = on_settings
        self.on_rules = on_rules
        self.on_sound = on_sound
        self.card_scale = 1.0  # the settings' card size (layout.CARD_SCALES)
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
        # At most 24 sizes (a safety cap: the table keeps only the faces it needs, see _keep_needed_faces).
        self.faces = FaceCache(keep=24, budget=FACE_BUDGET, max_bytes=FACES_AHEAD_BYTES)
        self.layer = CardLayer()  # the still cards on the felt, kept between frames
        self.screen_layer = CardLayer()  # the window: the still cards, what moves and what lies over them
        self.sprites: dict[int, Sprite] = {}
        self.layout: TableLayout | None = None
        self.homes = Homes()
        self.background: pygame.Surface | None = None
        self.shades: list[tuple[tuple[int, int, int, int], int]] = []  # (meld area, alpha of its dark shade)
        self.selected: set[int] = set()
        self.staging = Staging()  # cards set out for a meld move, not laid yet
        self.sort_mode = sort_order if sort_order in SORT_ORDERS else "rank"
        self.discard_warning = discard_warning
        self.on_setting = on_setting  # a setting the player changed at the table, to remember
        self.focus = 0  # keyboard focus in the hand: the index of `focus_card`
        self.focus_card: int | None = None  # the focus follows this card, not a place
        self.new_cards: set[int] = set()  # drawn this turn: marked until the player's next turn
        self.pointer_in_hand = False
        self.hand_pins: dict[int, tuple[int, int, int, int]] | None = None  # where the hand's cards stay
        self.hint: Hint | None = None
        self.hint_asked: int | None = None  # the position (see `moves`) a hint on its way was asked in
        self.moves = 0  # how many times the engine's events changed the position: a hint is for one of them
        self.judgement: MeldJudgement | None = None  # the engine's view of the staged move, if any
        self.took_on: set[tuple[int, int]] = set()  # (seat, rank) of the pile takes seen this hand
        self.target = 0  # keyboard target: index into self._targets()
        self.log: list[str] = []
        self.view = TableView(controller, self.seat, self.names, self.side_names)
        self.messages = MessageLine()  # hint, refusal, warning, notice and status: one line, one at a time
        self.flourishes: list[Flourish] = []
        self.shaking: set[int] = set()
        self.shake_time = 0.0
        self.dialog: Dialog | None = None
        self.paused: FocusGroup | None = None
        self.help = False
        self.overlay: str | None = None  # "log" or "sheet" (see table_overlays): the computers wait meanwhile
        self.press: tuple[int, tuple[int, int]] | None = None  # card pressed, where
        self.dragging: list[int] = []
        self.drag_offset = (0, 0)
        self.hover: int | None = None
        self.keys_last = False  # the last hand input was a key (the focus is framed), not the mouse (hover)
        self.end_wait: float | None = None
        self.buttons: dict[str, Button] = {}
        self.can_ask = False
        self.motion: dict[int, tuple[str, float]] = {}  # how each card moved by the last events flies
        self.picked_meld: int | None = None  # a meld picked up to combine with another of its rank
        self.relayouts = 0  # how many times the cards' homes were worked out: the painter caches by it
        self.frame_start = time.perf_counter()  # when this frame's update began
        self._wishes: list[tuple[int, int | None]] = []  # faces to draw ahead, while nothing moves
        self._wishes_at = -1  # the relayout they were worked out for
        self._make_buttons()

    # ----- set-up -----------------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        # Short labels: up to nine buttons share the controls area in three columns, their text at 16 px
        # at 1366x768. Taking staged cards back is Undo's first step (C still does it alone).
        self.buttons = {
            "meld": Button(_("Stage (M)"), lambda: self.do(Intent("meld"))),
            "lay": Button(_("Lay all (L)"), lambda: self.do(Intent("lay"))),
            "undo": Button(_("Undo (Z)"), lambda: self.do(Intent("undo"))),
            "hint": Button(_("Hint (I)"), lambda: self.do(Intent("hint"))),
            "ask": Button(_("Go out? (Q)"), lambda: self.do(Intent("ask"))),
            "sort_rank": Button(_("By rank (1)"), lambda: self.do(Intent("sort_rank"))),
            "sort_suit": Button(_("By suit (2)"), lambda: self.do(Intent("sort_suit"))),
            "menu": Button(_("Menu (Esc)"), lambda: self.do(Intent("pause"))),
            "sound": Button(self._sound_label(), lambda: self.do(Intent("mute"))),
        }

    def _sound_label(self) -> str:
        return _("Sound on (V)") if self.sounds.enabled else _("Sound off (V)")

    def enter(self, app) -> None:
        super().enter(app)
        self.screen_layer.invalidate()  # another screen was drawn on the window meanwhile
        if self.state.phase == Phase.DEAL and self.state.hand_no == 0:
            self.apply_events(self.controller.deal())
        self._sync_dialog()  # a restored game may be waiting for the player's answer

    def exit(self) -> None:
        pass

    def resize(self, size: tuple[int, int]) -> None:
        same = (self.layout is not None
                and self.layout.size == table_layout(size, self.state.players, self.card_scale).size)
        super().resize(size)
        if same:
            return  # back on screen at the same size: cards keep flying where they were going
        first = self.layout is None
        self.layout = table_layout(size, self.state.players, self.card_scale)
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
        """The felt, shared with the other screens (not a copy: 8 MB at 1920x1080); the meld areas' shades
        are the first things drawn on it (see TablePainter._shade_items)."""
        assert self.layout is not None
        my_side = self.state.side_of(self.seat)
        self.shades = [(tuple(rect), 34 if side != my_side else 46) for side, rect in self.layout.meld_areas.items()]
        return felt_background(size)

    def _place_buttons(self) -> None:
        """The buttons in three rows of the controls area, as tall as it lets them be (their text grows
        with them), filled column by column; each column as wide as its longest label needs, so a long
        one ("May I go out? (Q)") gets the room and the short ones lend it."""
        assert self.layout is not None
        u = ui_unit(self.size)
        x, y, w, h = self.layout.controls
        names = [n for n in self.buttons if n != "sound" and (n != "ask" or self.state.players == 4)]
        rows = 3
        gap = max(4, u // 4)
        bh = max(20, min(round(u * 1.45), (h - (rows - 1) * gap) // rows))
        columns = [names[i:i + rows] for i in range(0, len(names), rows)]
        text = button_label_px(bh)
        pad = max(8, bh // 2) + 4
        need = [max(_font(text, True).size(self.buttons[n].label)[0] + pad for n in col) for col in columns]
        room = max(len(columns), w - (len(columns) - 1) * gap)
        widths = [max(u * 2, need_w * room // max(1, sum(need))) for need_w in need]
        cx = x
        for col, width in zip(columns, widths, strict=True):
            for row, name in enumerate(col):
                self.buttons[name].rect = pygame.Rect(cx, y + row * (bh + gap), width, bh)
            cx += width + gap
        if "ask" not in names:
            self.buttons["ask"].rect = pygame.Rect(0, 0, 0, 0)
        sx, sy, sw, sh = self.layout.status  # the sound switch: at the right end of the status line
        label_w = fit_size(self.buttons["sound"].label, max(12, sh // 2), sw, 10)
        width = min(sw // 3, max(u * 5, round(label_w * 0.75) + sh * 2))
        self.buttons["sound"].rect = pygame.Rect(sx + sw - width, sy + 1, width, max(12, sh - 2))

    # ----- engine events to pictures ----------------------------------------------------------------

    def apply_events(self, events: list[ev.Event]) -> None:
        dealt = False
        if events:
            self.moves += 1
        self.motion = {}
        mine = set(self.state.hands[self.seat])
        for e in events:
            self._note_motion(e)
            self.note_seen(e)
            line = describe(e, self.names)
            if line:
                self.log.append(line)
            if isinstance(e, ev.HandDealt):
                self.log = [line] if line else []  # the story starts again with each hand
                dealt = True
                self.selected.clear()
                self.staging.clear()
                self.new_cards.clear()
                self.hand_pins = None
            elif isinstance(e, ev.CanastaMade):
                self.flourishes.append(Flourish(canasta_name(e.canasta) + "!", e.meld))
            elif isinstance(e, ev.PartnerAnswered):
                self.messages.show(describe(e, self.names) or "", 4.0, key="partner")
            elif isinstance(e, ev.HandEnded):
                self.end_wait = END_PAUSE
            elif isinstance(e, ev.TurnStarted):
                self.staging.clear()
                if e.seat == self.seat:
                    self.new_cards.clear()  # last turn's cards are not new any more
            elif isinstance(e, ev.CardsDrawn | ev.PileTaken) and e.seat == self.seat:
                self.new_cards.update(c for c in (e.cards if isinstance(e, ev.CardsDrawn) else e.to_hand))
        self.log = self.log[-LOG_LINES:]
        if events:
            self.drop_hint()  # the position changed: the hint was about the one before
        self.sounds.on_events(events, self.controller.human)
        self.selected &= mine
        self.new_cards &= mine
        self.staging.keep_only(mine, {m.id for m in self.state.melds[self.state.side_of(self.seat)]})
        if dealt:
            self._deal_sprites()
        self.relayout(animate=True, deal=dealt)
        self._hold_window = True  # drawn over the next frames (see TablePainter.draw)
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
        before = self.homes.hand
        pins = self.hand_pins if self.pointer_in_hand else None
        self.homes = compute_homes(self.state, self.layout, self.seat, self.sort_mode, self.staging.groups(),
                                   self.selected, pins)
        self.hand_pins = self.homes.hand_base
        self.relayouts += 1
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
        self.focus_card = follow_focus(self.focus_card if self.focus_card is not None else
                                       (before[self.focus] if self.focus < len(before) else None),
                                       before, self.homes.hand)
        self.focus = self.homes.hand.index(self.focus_card) if self.focus_card is not None else 0
        st = self.state
        # Whether asking is possible is the engine's question; asked once per change, not per frame.
        self.can_ask = (self._my_turn() and st.players == 4 and st.phase == Phase.MELD and not st.asked
                        and st.able_to_go_out(self.seat))
        # What the staged move would do, judged by the engine once per change (not per frame).
        self.judgement = (st.judge_meld(self.staging.move()) if self.staging and self._my_turn()
                          and st.phase == Phase.MELD else None)
        self._say_staged()
        if self.picked_meld is not None and self.picked_meld not in self.homes.meld_rects:
            self.picked_meld = None
        self.dirty = True

    @property
    def toasts(self) -> MessageLine:
        """The message line, under the name the shell and the bench know it by."""
        return self.messages

    def drop_hint(self) -> None:
        self.hint = None
        self.hint_asked = None
        self.messages.drop("hint")

    def _say_staged(self) -> None:
        """Why the engine would refuse the staged move as it stands, on the message line (said once: a
        refusal of the same move replaces it there)."""
        j = self.judgement
        reason = j.reason if j is not None and not j.legal and j.reason else None
        said = next((m for m in self.messages.items if m.key == "staged"), None)
        if reason is None:
            self.messages.drop("staged")
        elif said is None or said.message != reason:
            self.messages.show(reason, None, key="staged")

    # ----- dialogs and the pause menu ---------------------------------------------------------------

    def _sync_dialog(self) -> None:
        s = self.state
        if (s.phase == Phase.ANSWER and s.to_act == self.seat and self.seat in self.controller.human
                and self.dialog is None):
            asker = self.names[s.turn]

            def answer(yes: bool) -> None:
                self.dialog = None
                self.play(Answer(yes), set())

            yes, no = yes_no_letters(language())  # the keys that answer, in this language's letters
            self.dialog = Dialog(_("{who} asks: “May I go out?” Yes obliges {who} to go out this turn; "
                                   "no forbids it.").format(who=asker), answer,
                                 yes=f"{_('Yes')} ({yes})", no=f"{_('No')} ({no})")
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

        def screen(opener: Callable[[], None] | None) -> Callable[[], None]:
            def open_it() -> None:
                if opener is not None:
                    opener()  # the game waits there; back here, the pause menu is still open
            return open_it

        self.paused = FocusGroup([Button(_("Resume"), resume), Button(_("Settings"), screen(self.on_settings)),
                                  Button(_("Rules"), screen(self.on_rules)), Button(_("Main menu"), menu),
                                  Button(_("Quit"), quit_game)])
        self._place_pause()
        self.dirty = True

    def _place_pause(self) -> None:
        assert self.paused is not None
        u = ui_unit(self.size)
        n = len(self.paused.buttons)
        gap = u // 2
        title = u * 3  # "Paused", over the buttons
        h = max(u, min(round(u * 1.9), (self.size[1] - title - u) // n - gap))
        w = u * 10
        x = (self.size[0] - w) // 2
        y = (self.size[1] - (n * (h + gap) - gap) + title) // 2
        for i, b in enumerate(self.paused.buttons):
            b.rect = pygame.Rect(x, y + i * (h + u // 2), w, h)

    # ----- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.frame_start = time.perf_counter()
        busy = not self.tweener.idle
        self.tweener.update(dt)
        if busy:
            self.dirty = True
        if self.messages.update(dt):
            self.dirty = True
        if self.shake_time > 0:
            self.shake_time = max(0.0, self.shake_time - dt)
            self.dirty = True
        if self.flourishes:
            for f in self.flourishes:
                f.age += dt
            self.flourishes = [f for f in self.flourishes if f.age < f.life]
            self.dirty = True
        if self.controller.hint_job is not None:
            self.poll_hint()  # worked out on the thinking thread: shown once it is ready
        if self.paused is not None or self.dialog is not None or self.help or self.overlay is not None:
            return  # a panel is open: the computer players wait
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
        if not self.dirty and self.tweener.idle:
            self.draw_faces_ahead(IDLE_WORK, idle=True)

    def apply_settings(self, settings: Settings) -> None:
        """The settings screen changed something: card size, suit colours, speed, sort order, sound, labels."""
        if settings.sort_order != self.sort_mode:
            self.hand_pins = None  # another order: the hand is laid out afresh
        self.sort_mode = settings.sort_order if settings.sort_order in SORT_ORDERS else "rank"
        self.discard_warning = settings.discard_warning
        self.speed = settings.setup.speed
        self.tweener.speed = self.speed
        self.controller.set_speed(self.speed)
        self.faces.four_colour = settings.four_colour
        self.card_scale = CARD_SCALES.get(settings.card_size, 1.0)
        self.names = seat_names(self.state.players)  # the language may have changed
        self.side_names = side_names(self.state.players)
        self.view.names, self.view.side_names = self.names, self.side_names
        self._make_buttons()
        self.layer.invalidate()
        if self.layout is not None:
            self.layout = None  # worked out again at the new card size
            self.resize(self.size)
        if self.paused is not None:
            self._open_pause()
        self.dirty = True

    def next_hand(self) -> None:
        """Back from the scoring screen: deal the next hand."""
        if self.state.phase == Phase.DEAL:
            self.apply_events(self.controller.deal())


def _font(size: int, bold: bool = False) -> pygame.font.Font:
    from game.assets import font

    return font(size, bold)
