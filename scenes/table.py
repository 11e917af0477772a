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
from game.rules.legal import playable_cards
from game.rules.names import canasta_name
from game.rules.state import GameState, Phase
from game.ui.card_faces import FaceCache
from game.ui.card_layer import CardLayer
from game.ui.hand_order import SORT_ORDERS
from game.ui.hint import Hint
from game.ui.input_map import yes_no_letters
from game.ui.layout import CARD_SCALES, TableLayout, table_layout
from game.ui.narrate import describe, seat_names, side_names
from game.ui.sounds import SILENT, SoundBoard
from game.ui.table_view import Homes, compute_homes
from scenes.scene import Scene
from scenes.table_paint import IDLE_WORK, TablePainter
from scenes.table_parts.buttons import ButtonBar
from scenes.table_parts.dialogs import Dialogs
from scenes.table_parts.hand import Hand
from scenes.table_parts.log_panel import LogPanel
from scenes.table_parts.melds import MeldAreas, label_rect
from scenes.table_parts.message_line import MessageLine
from scenes.table_parts.panels import Panels
from scenes.table_parts.piles import Piles
from scenes.table_parts.score_panel import ScorePanel, side_note
from scenes.table_parts.view import Of, TableView
from scenes.table_play import TablePlayer
from scenes.turns import Turns
from scenes.widgets import (
    Button,
    Dialog,
    FocusGroup,
    felt_background,
)

FLY = 0.38  # seconds for a card to fly home at normal speed
DEAL_STAGGER = 0.018
SHAKE = 0.45
END_PAUSE = 1.4  # seconds to look at the table after a hand ends
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
    # What the hand part owns, under the names the table's code and its tests know.
    selected = Of("hand")
    focus = Of("hand")
    focus_card = Of("hand")
    new_cards = Of("hand")
    hover = Of("hand")
    keys_last = Of("hand")
    press = Of("hand")
    dragging = Of("hand")
    drag_offset = Of("hand")
    pointer_in_hand = Of("hand", "pointer_in")
    hand_pins = Of("hand", "pins")
    # And what the meld areas own.
    staging = Of("melds")
    judgement = Of("melds")
    picked_meld = Of("melds", "picked")

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
        self.sort_mode = sort_order if sort_order in SORT_ORDERS else "rank"
        self.discard_warning = discard_warning
        self.show_playable = False  # the settings' outline of the cards that can be melded or added now
        self.playable: frozenset[int] = frozenset()  # those cards, judged by the engine once per change
        self.on_setting = on_setting  # a setting the player changed at the table, to remember
        self.melds = MeldAreas()  # every side's melds, the player's staging, a meld picked to combine
        self.hand = Hand()  # selection, focus, pointer, press, drag and the marks over the hand
        self.hint: Hint | None = None
        self.hint_asked: int | None = None  # the position (see `moves`) a hint on its way was asked in
        self.moves = 0  # how many times the engine's events changed the position: a hint is for one of them
        self.took_on: set[tuple[int, int]] = set()  # (seat, rank) of the pile takes seen this hand
        self.target = 0  # keyboard target: index into self._targets()
        self.view = TableView(controller, self.seat, self.names, self.side_names)
        self.piles = Piles(self.faces)
        self.log_panel = LogPanel()  # what happened: the hand's story
        self.score_panel = ScorePanel()
        self.messages = MessageLine()  # hint, refusal, warning, notice and status: one line, one at a time
        self.flourishes: list[Flourish] = []
        self.shaking: set[int] = set()
        self.shake_time = 0.0
        self.dialogs = Dialogs()  # a yes/no question, the pause menu
        self.panels = Panels()  # the keys, what happened, the score sheet
        self.end_wait: float | None = None
        self.can_ask = False
        self.motion: dict[int, tuple[str, float]] = {}  # how each card moved by the last events flies
        self.relayouts = 0  # how many times the cards' homes were worked out: the painter caches by it
        self.frame_start = time.perf_counter()  # when this frame's update began
        self._wishes: list[tuple[int, int | None]] = []  # faces to draw ahead, while nothing moves
        self._wishes_at = -1  # the relayout they were worked out for
        self.button_bar = ButtonBar(self.do, self.sounds.enabled)

    # ----- set-up -----------------------------------------------------------------------------------

    @property
    def buttons(self) -> dict[str, Button]:
        return self.button_bar.buttons

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
        self.hand.place(self.layout.hand)  # a new size: the hand is laid out afresh at once
        self.background = self._make_background(size)
        self.faces.clear()
        if first and self.state.hand_no and not self.sprites:
            self._deal_sprites()  # dealt before the first layout: deal now, animated
            self.relayout(animate=True, deal=True)
        else:
            self.relayout(animate=not self.tweener.idle)
        self._place_buttons()
        self._place_parts()
        self.dialogs.place(size)

    def _place_parts(self) -> None:
        """Each part is given its rectangle of the layout."""
        t = self.layout
        assert t is not None
        self.piles.place(t.stock, t.discard)
        self.log_panel.place(t.log, max(13, t.label_px - 1))
        self.score_panel.place(t.score)
        self.melds.place(t)

    def _make_background(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt, shared with the other screens (not a copy: 8 MB at 1920x1080); the meld areas' shades
        are the first things drawn on it (see TablePainter._shade_items)."""
        assert self.layout is not None
        my_side = self.state.side_of(self.seat)
        self.shades = [(tuple(rect), 34 if side != my_side else 46) for side, rect in self.layout.meld_areas.items()]
        return felt_background(size)

    def _place_buttons(self) -> None:
        assert self.layout is not None
        self.button_bar.place(self.size, self.layout.controls, self.layout.status, self.state.players == 4)

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
            if isinstance(e, ev.HandDealt):
                self.log_panel.start_hand(line)  # the story starts again with each hand
            elif line:
                self.log_panel.add(line)
            if isinstance(e, ev.HandDealt):
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
        if events:
            self.drop_hint()  # the position changed: the hint was about the one before
        self.sounds.on_events(events, self.controller.human)
        self.hand.keep_only(mine)
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
        pins = self.hand.pins_to_keep()
        self.homes = compute_homes(self.state, self.layout, self.seat, self.sort_mode, self.staging.new,
                                   self.selected, pins, dict(self.staging.adds))
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
        self.hand.arrange(self.homes)
        self.melds.arrange(self.homes)
        st = self.state
        # Whether asking is possible is the engine's question; asked once per change, not per frame.
        self.can_ask = (self._my_turn() and st.players == 4 and st.phase == Phase.MELD and not st.asked
                        and st.able_to_go_out(self.seat))
        # What the staged move would do, judged by the engine once per change (not per frame).
        self.judgement = (st.judge_meld(self.staging.move()) if self.staging and self._my_turn()
                          and st.phase == Phase.MELD else None)
        self._say_staged()
        self.playable = (playable_cards(st, self.seat) - self.staging.cards()
                         if self.show_playable and self._my_turn() else frozenset())
        self.dirty = True

    @property
    def log(self) -> list[str]:
        """The hand's story (the log panel's lines)."""
        return self.log_panel.lines

    def side_note(self, side: int, long: bool) -> str:
        return side_note(self.view, side, long)

    def staging_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        return self.melds.staging_lines(self.view)

    def _area_labels(self, u: int) -> list[tuple]:
        return self.melds.area_labels(self.view)

    _label_rect = staticmethod(label_rect)

    def _canasta_tags(self, m, can: str, r: pygame.Rect) -> list[tuple[pygame.Rect, pygame.Surface]]:
        return self.melds.canasta_tags(m, can, r)

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
                and self.dialogs.dialog is None):
            asker = self.names[s.turn]
            yes, no = yes_no_letters(language())  # the keys that answer, in this language's letters
            self.dialogs.ask(_("{who} asks: “May I go out?” Yes obliges {who} to go out this turn; "
                               "no forbids it.").format(who=asker), lambda yes: self.play(Answer(yes), set()),
                             f"{_('Yes')} ({yes})", f"{_('No')} ({no})", self.size)

    def _open_pause(self) -> None:
        def resume() -> None:
            self.dialogs.paused = None
            self.dirty = True

        def menu() -> None:
            self.dialogs.paused = None
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

        self.dialogs.pause([(_("Resume"), resume), (_("Settings"), screen(self.on_settings)),
                            (_("Rules"), screen(self.on_rules)), (_("Main menu"), menu), (_("Quit"), quit_game)],
                           self.size)
        self.dirty = True

    @property
    def dialog(self) -> Dialog | None:
        return self.dialogs.dialog

    @property
    def paused(self) -> FocusGroup | None:
        return self.dialogs.paused

    @property
    def help(self) -> bool:
        return self.panels.help

    @property
    def overlay(self) -> str | None:
        return self.panels.overlay

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
        if self.hand.update(dt):
            self.relayout()  # the pointer has been away a moment: now the hand may close its gaps
        if self.controller.hint_job is not None:
            self.poll_hint()  # worked out on the thinking thread: shown once it is ready
        if self.dialogs.open or self.panels.open:
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
        self.show_playable = settings.show_playable
        self.speed = settings.setup.speed
        self.tweener.speed = self.speed
        self.controller.set_speed(self.speed)
        self.faces.four_colour = settings.four_colour
        self.card_scale = CARD_SCALES.get(settings.card_size, 1.0)
        self.names = seat_names(self.state.players)  # the language may have changed
        self.side_names = side_names(self.state.players)
        self.view.names, self.view.side_names = self.names, self.side_names
        self.button_bar.make(self.sounds.enabled)
        self.layer.invalidate()
        if self.layout is not None:
            self.layout = None  # worked out again at the new card size
            self.resize(self.size)
        if self.dialogs.paused is not None:
            self._open_pause()
        self.dirty = True

    def next_hand(self) -> None:
        """Back from the scoring screen: deal the next hand."""
        if self.state.phase == Phase.DEAL:
            self.apply_events(self.controller.deal())

