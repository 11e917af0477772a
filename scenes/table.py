"""The table: the game itself, composed of parts (scenes/table_parts/), each owning its state, its
rectangle, its input and its drawing. This scene builds them, hands each its rectangle and the view,
routes the events to them, carries out what their intents come to (a move asked of the controller, a
refusal shown, a question asked) and animates the engine's events. No rule is decided here, nor in a
part: the engine says yes or gives a reason."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.keep.settings import Settings
from game.rules import events as ev
from game.rules.actions import Action, Answer
from game.rules.errors import IllegalAction
from game.rules.legal import playable_cards
from game.rules.state import GameState, Phase
from game.ui.face_wishes import face_wishes
from game.ui.input_map import Intent
from game.ui.layout import CARD_SCALES, TableLayout, table_layout
from game.ui.narrate import describe, seat_names, side_names
from game.ui.sounds import SILENT, SoundBoard
from game.ui.speech import speaker
from game.ui.table_view import Homes, compute_homes
from scenes.scene import Scene
from scenes.table_intents import own_intents
from scenes.table_parts.aim import Aim
from scenes.table_parts.buttons import ButtonBar
from scenes.table_parts.cards import IDLE_WORK, Cards
from scenes.table_parts.dialogs import Dialogs
from scenes.table_parts.flourishes import Flourishes
from scenes.table_parts.hand import Hand
from scenes.table_parts.hints import Hints
from scenes.table_parts.log_panel import LogPanel
from scenes.table_parts.melds import MeldAreas
from scenes.table_parts.message_line import MessageLine
from scenes.table_parts.other_hands import OtherHands
from scenes.table_parts.outcomes import Ask, Changed, Outcomes, Play, Refuse, Rehint, Say
from scenes.table_parts.panels import Panels
from scenes.table_parts.piles import Piles
from scenes.table_parts.score_panel import ScorePanel
from scenes.table_parts.view import Of, TableView
from scenes.table_picture import Frame, TablePicture
from scenes.table_router import TableRouter
from scenes.table_voice import Voice
from scenes.turns import Turns
from scenes.widgets import felt_background

END_PAUSE = 1.4  # seconds to look at the table after a hand ends
Hook = Callable[[], None] | None


class TableScene(Scene):
    # What the parts own, under the names the shell, the lessons and the tests know.
    selected, focus, staging, hint, target = Of("hand"), Of("hand"), Of("melds"), Of("hints"), Of("aim", "index")
    sprites, tweener, faces = Of("cards"), Of("cards"), Of("cards")
    dialog, paused, help, overlay = Of("dialogs"), Of("dialogs"), Of("panels"), Of("panels")
    buttons, log = Of("button_bar", "buttons"), Of("log_panel", "lines")  # the buttons; the hand's story
    toasts = property(lambda self: self.messages)  # the message line, as the shell and the bench know it

    def __init__(self, controller: Turns, speed: str = "normal",
                 on_hand_end: Callable[[TableScene], None] | None = None, on_menu: Hook = None,
                 on_change: Callable[[GameState], None] | None = None,
                 sounds: SoundBoard | None = None, on_settings: Hook = None, on_rules: Hook = None,
                 on_sound: Callable[[], bool] | None = None, sort_order: str = "rank", discard_warning: bool = True,
                 on_setting: Callable[[str, object], None] | None = None,
                 on_replay: Callable[[int], None] | None = None) -> None:
        """`sounds` plays the events; `on_settings` and `on_rules` open those screens (from the pause
        menu; R opens the rules); `on_sound()` switches sound on or off (V) and says which it is now.
        `on_replay(hand)` plays back a hand chosen on the score sheet (G).
        `sort_order` and `discard_warning` come from the settings; `on_setting(name, value)` keeps a
        choice made at the table (the hand's sort order) for later games."""
        super().__init__()
        self.sounds = sounds if sounds is not None else SILENT
        self.on_settings, self.on_rules = on_settings, on_rules
        self.on_hand_end, self.on_menu, self.on_change = on_hand_end, on_menu, on_change  # on_change: autosave
        self.controller = controller
        self.state: GameState = controller.state
        self.seat = 0
        self.view = TableView(controller, self.seat, seat_names(self.state.players), side_names(self.state.players))
        self.speed = speed
        self.card_scale = 1.0  # the settings' card size (layout.CARD_SCALES)
        self.layout: TableLayout | None = None
        self.homes = Homes()  # every card's place, worked out once per change (`relayouts` counts them)
        self.relayouts = 0
        self.background: pygame.Surface | None = None
        self.end_wait: float | None = None  # seconds left to look at the table after a hand ended
        # The parts.
        self.cards = Cards(speed, lambda: face_wishes(self.state, self.seat, self.layout, self.homes)
                           if self.layout is not None else [])  # every card's sprite, and their drawing
        self.hand = Hand(sort_order)  # selection, order, focus, pointer, press, drag, the marks over the hand
        self.melds = MeldAreas()  # every side's melds, the player's staging, a meld picked to combine
        self.piles = Piles(self.cards.faces, discard_warning)
        self.aim = Aim()  # the keyboard's target
        self.hints = Hints()
        self.log_panel = LogPanel()  # what happened: the hand's story
        self.score_panel = ScorePanel()
        self.messages = MessageLine()  # hint, refusal, warning, notice and status: one line, one at a time
        self.voice = Voice()  # the table told aloud, through the player's screen reader
        self.messages.on_show = self.voice.message
        self.other_hands = OtherHands()
        self.flourishes = Flourishes(lambda: self.speed, self.view.side, self.state.side_of, self.seat)
        self.dialogs = Dialogs()  # a yes/no question, the pause menu
        self.panels = Panels()  # the keys, what happened, the score sheet
        self.panels.on_replay = on_replay
        self.button_bar = ButtonBar(self.do, self.sounds.enabled)
        self.picture = TablePicture(self.view, self.cards, self.hand, self.melds, self.piles, self.aim, self.hints,
                                    self.other_hands, self.log_panel, self.score_panel, self.messages,
                                    self.button_bar, self.flourishes, self.panels, self.dialogs)
        self.router = TableRouter(self.view, self.hand, self.melds, self.piles, self.aim, self.panels,
                                  self.button_bar, self.cards, own_intents(self),
                                  on_sound or (lambda: not self.sounds.enabled), on_setting)
        self.log_panel.retell(self.view)  # a game continued from its save: the hand so far, from its record

    @property
    def names(self) -> list[str]:
        """Each seat's name as the table says it: the view's (the language, or a network table, sets them)."""
        return self.view.names

    @names.setter
    def names(self, names: list[str]) -> None:
        self.view.names = names

    def enter(self, app) -> None:
        super().enter(app)
        self.cards.screen_layer.invalidate()  # another screen was drawn on the window meanwhile
        if self.state.phase == Phase.DEAL and self.state.hand_no == 0:
            self.apply_events(self.controller.deal())
        self._sync_dialog()  # a restored game may be waiting for the player's answer

    def announce(self) -> None:
        """Back at the table (or first at it): whose turn it is and what it asks, said again."""
        self.voice.at_table(self.view)

    def resize(self, size: tuple[int, int]) -> None:
        layout = table_layout(size, self.state.players, self.card_scale)
        same = self.layout is not None and self.layout.size == layout.size
        super().resize(size)
        if same:
            return  # back on screen at the same size: cards keep flying where they were going
        first = self.layout is None
        self.layout = layout
        self.hand.place(layout.hand)  # a new size: the hand is laid out afresh at once
        self.background = felt_background(size)  # shared with the other screens (not a copy: 8 MB at 1080p)
        self.cards.place(layout)
        self.melds.place(layout, self.view.side)
        if first and self.state.hand_no and not self.cards.sprites:
            self.cards.deal(self.state, layout.stock)  # dealt before the first layout: deal now, animated
            self.relayout(animate=True, deal=True)
        else:
            self.relayout(animate=not self.cards.tweener.idle)
        self.button_bar.place(size, layout.controls, layout.status, self.state.players == 4)
        for part in (self.piles, self.aim, self.other_hands):
            part.place(layout)
        self.log_panel.place(layout.log, max(13, layout.label_px - 1))
        self.score_panel.place(layout.score)
        self.messages.place(layout.status, self.button_bar.message_room)  # it ends at the sound switch
        self.dialogs.place(size)

    def _sync_dialog(self) -> None:
        """The partner's "May I go out?", asked when the game waits for the player's answer."""
        s = self.state
        if (s.phase == Phase.ANSWER and s.to_act == self.seat and self.seat in self.controller.human
                and self.dialogs.dialog is None):
            self.dialogs.partner_asks(self.names[s.turn], lambda yes: self.play(Answer(yes), set()), self.size)

    # ----- engine events to pictures ----------------------------------------------------------------

    def apply_events(self, events: list[ev.Event]) -> None:
        dealt = False
        if events:
            self.hints.moved()  # the position changed: the hint was about the one before
            self.messages.drop("hint")
        self.cards.note_motions(events, self.state)
        lines = []
        for e in events:
            line = describe(e, self.names)
            lines.append(line)
            if isinstance(e, ev.HandDealt):
                dealt = True
                self.log_panel.start_hand(line)  # the story starts again with each hand
            elif line:
                self.log_panel.add(line)
            self.hand.on_event(e, self.seat)
            self.melds.on_event(e)
            self.flourishes.on_event(e)
            if isinstance(e, ev.PartnerAnswered):  # on the line to see; said once, with the other events
                self.messages.show(line or "", 4.0, key="partner", aloud=False)
            elif isinstance(e, ev.HandEnded):
                self.end_wait = END_PAUSE
        self.sounds.on_events(events, self.controller.human)
        self.voice.events(events, lines, self.view)
        self.hand.keep_only(set(self.state.hands[self.seat]))
        self.melds.keep_only(self.view)
        if dealt and self.layout is not None:
            self.cards.deal(self.state, self.layout.stock)
        self.relayout(animate=True, deal=dealt)
        self.cards.hold_next = True  # drawn over the next frames (see Cards.draw)
        self._sync_dialog()
        self.voice.after_input(self.view, self.hand, self.aim, self.panels, self.log_panel, self.melds.staging,
                               quiet=True)
        if self.on_change:
            self.on_change(self.state)
        self.dirty = True

    def relayout(self, animate: bool = True, deal: bool = False) -> None:
        """Every card's home worked out again, and what the engine says of the position asked once."""
        if self.layout is None:
            return
        hand, melds, st = self.hand, self.melds, self.state
        self.homes = compute_homes(st, self.layout, self.seat, hand.sort_mode, melds.staging.new, hand.selected,
                                   hand.pins_to_keep(), dict(melds.staging.adds), hand.custom)
        self.relayouts += 1
        self.cards.arrange(self.homes, self.relayouts, animate, st.hands if deal else None, hand.dragging)
        hand.arrange(self.homes)
        melds.arrange(self.homes)
        # What the engine says of the position, asked once per change (not per frame).
        self.button_bar.judge(self.view)  # whether the player may ask to go out
        self.messages.say_staged(melds.judge(self.view))  # why the engine would refuse the staged move
        hand.playable = (playable_cards(st, self.seat) - melds.staging.cards()
                         if hand.show_playable and self.view.my_turn() else frozenset())
        self.dirty = True

    # ----- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        for moving in (self.cards.update(dt), self.messages.update(dt), self.flourishes.update(dt)):
            self.dirty = self.dirty or moving
        if self.hand.update(dt, bool(self.melds.staging)):
            self.relayout()  # the pointer has been away a moment: now the hand may close its gaps
        if self.controller.hint_job is not None:
            self.poll_hint()  # worked out on the thinking thread: shown once it is ready
        if self.dialogs.open or self.panels.open:
            return  # a panel is open: the computer players wait
        if self.end_wait is not None:
            if self.cards.tweener.idle:
                self.end_wait -= dt
                if self.end_wait <= 0:
                    self.end_wait = None
                    if self.on_hand_end:
                        self.on_hand_end(self)
            return
        was_thinking = self.controller.thinking
        # The computers wait for the pictures, and for the voice to finish telling the last move.
        applied = self.controller.update(dt, busy=not self.cards.tweener.idle or
                                         (getattr(self.controller, "pause", 0) > 0 and speaker().speaking()))
        if applied is not None:
            self.apply_events(applied.events)
        elif was_thinking != self.controller.thinking:
            self.dirty = True
        if not self.dirty and self.cards.tweener.idle:
            self.cards.draw_ahead(IDLE_WORK, idle=True)

    def apply_settings(self, settings: Settings) -> None:
        """The settings screen changed something: card size, suit colours, speed, sort order, sound, labels."""
        self.hand.apply_settings(settings.sort_order, settings.show_playable)
        self.piles.warn, self.speed = settings.discard_warning, settings.setup.speed
        self.flourishes.set_enabled(settings.celebrations)
        self.cards.apply_settings(self.speed, settings.four_colour)
        self.controller.set_speed(self.speed)
        self.card_scale = CARD_SCALES.get(settings.card_size, 1.0)
        # the language may have changed
        self.view.names, self.view.side_names = seat_names(self.state.players), side_names(self.state.players)
        self.log_panel.retell(self.view)  # in the new language, if it changed, as the message line's words
        if self.messages.forget_other_languages():
            self.carry_out(Rehint())
        self.button_bar.make(self.sounds.enabled)
        if self.layout is not None:
            self.layout = None  # worked out again at the new card size
            self.resize(self.size)
        if self.dialogs.paused is not None:
            self.do(Intent("pause"))  # in the new language
        self.dirty = True

    def next_hand(self) -> None:
        """Back from the scoring screen: deal the next hand."""
        if self.state.phase == Phase.DEAL:
            self.apply_events(self.controller.deal())

    # ----- input: routed to the parts, and the scene's own intents ---------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event) or self.panels.handle_event(event):
            self.dirty = True  # a question, the pause menu, or a panel open: it takes the event
        else:
            self.carry_out(self.router.handle(self.flourishes.seen(event)))  # a key or click skips a moment
        self.voice.after_input(self.view, self.hand, self.aim, self.panels, self.log_panel, self.melds.staging)

    def do(self, intent: Intent) -> None:
        """Carry out an intent from a key, a click or a button."""
        entry = self.router.intents.get(intent.kind)
        if entry is None:
            return
        decide, on_turn = entry
        if on_turn and not self.view.my_turn():
            self.refuse(_("Wait for your turn."), set())
            return
        self.carry_out(decide(intent))
        self.dirty = True

    # ----- outcomes: the controller asked, the message line told ------------------------------------

    def carry_out(self, outcome: Outcomes | Intent) -> None:
        """What a part's intent came to: a move asked of the engine, a refusal shown, a question asked,
        words said, the cards laid out again after a part's change, or another intent."""
        if outcome is None:
            return
        if isinstance(outcome, Intent):
            self.do(outcome)
        elif isinstance(outcome, list):
            for each in outcome:
                self.carry_out(each)
        elif isinstance(outcome, Play):
            if self.play(outcome.action, set(outcome.cards)) and (outcome.unselect or outcome.unstage):
                if outcome.unstage:
                    self.melds.staging.clear()
                self.carry_out(Changed(unselect=outcome.unselect))
        elif isinstance(outcome, Refuse):
            self.refuse(outcome.reason, set(outcome.cards))
            if outcome.relayout:
                self.relayout()
        elif isinstance(outcome, Ask):
            on_yes, on_no = outcome.on_yes, outcome.on_no
            self.dialogs.yes_no(outcome.question, lambda yes: self.carry_out(on_yes if yes else on_no),
                                outcome.yes, outcome.no, self.size)
        elif isinstance(outcome, Say):
            self.messages.say(outcome.key, outcome.text, outcome.duration)
        elif isinstance(outcome, Changed):
            if outcome.unselect:
                self.hand.selected.clear()
            if outcome.staged:
                self.drop_hint()
            self.relayout()
        elif isinstance(outcome, Rehint) and self.hints.hint is not None:
            self.carry_out(self.show_hint())
        self.dirty = True

    def play(self, action: Action, cards: set[int] | None = None) -> bool:
        """Try a move; on refusal shake the cards and show the engine's reason."""
        try:
            events = self.controller.play(action)
        except IllegalAction as why:
            self.refuse(str(why), cards if cards is not None else set(self.hand.selected))
            return False
        self.messages.drop("refusal")  # the reason was about a move now made another way
        self.apply_events(events)
        return True

    def refuse(self, reason: str, cards: set[int]) -> None:
        """The engine's reason on the message line, the cards it is about shaken."""
        self.messages.refuse(reason)
        self.cards.shake(cards)
        self.dirty = True

    def show_hint(self) -> Outcomes:
        """Ask for a suggestion on the thinking thread; `poll_hint` shows it when it is ready."""
        if not self.controller.human_to_act:
            return Refuse(_("A hint is for your own turn."))
        self.messages.drop("hint")
        self.controller.ask_hint(self.hints.decide(self.view))
        self.poll_hint()
        return None

    def poll_hint(self) -> None:
        job = self.controller.hint_job
        if job is not None and job.done.is_set():
            self.controller.hint_job = None
            self.carry_out(self.hints.receive(job, self.view))  # it stays until the position changes

    def drop_hint(self) -> None:
        self.hints.drop()
        self.messages.drop("hint")

    # ----- drawing: the cards, and the parts over them ----------------------------------------------

    def frame(self) -> Frame | None:
        """What the picture shows this frame of what the scene holds (None: not laid out yet)."""
        if self.layout is None or self.background is None:
            return None
        enabled = self.button_bar.enabled(self.view, bool(self.melds.staging), bool(self.hand.selected),
                                          self.hand.sort_mode == "suit", self.hints.to_do() is not None)
        return Frame(self.background, self.size, self.homes, self.relayouts, self.layout.label_px, enabled)

    def draw(self, surface: pygame.Surface) -> None:
        """Bring the window up to date: only what changed since the last frame is drawn again, and
        `updated` says where (for `pygame.display.update`)."""
        frame = self.frame()
        if frame is not None:
            self.updated, again = self.picture.draw(surface, frame)
            self.dirty = self.dirty or again

    def draw_whole(self, surface: pygame.Surface) -> None:
        """The same picture drawn at once on `surface`, without the layers (what they must show)."""
        frame = self.frame()
        if frame is not None:
            self.picture.draw_whole(surface, frame)
