"""The player's half of the table: keys, clicks and drags become intents, intents become engine actions.

A mixin of TableScene kept apart from its drawing and timing. Each intent has one method (the table
`INTENTS` below); the engine decides every rule, this only says what the player asked for. Meld moves
are staged first (new melds and additions, shown in the meld area) and laid together with one action.
"""

from __future__ import annotations

import pygame

from game.i18n import _, language
from game.rules import events as ev
from game.rules.actions import (
    Action,
    AskPartner,
    DrawStock,
)
from game.rules.cards import RANK
from game.rules.errors import IllegalAction
from game.rules.names import cards_text
from game.rules.state import Phase
from game.ui.hint import Hint, suggest
from game.ui.input_map import Intent, key_intent, yes_no_letters
from game.ui.layout import contains_point
from scenes.table_parts.outcomes import Ask, Changed, Outcomes, Play, Refuse, Rehint, Say


class TablePlayer:
    """The input half of TableScene (its attributes are set up by TableScene.__init__)."""

    # intent kind -> (method name, only on the player's turn)
    INTENTS: dict[str, tuple[str, bool]] = {
        "pause": ("open_pause", False),
        "help": ("toggle_help", False),
        "log": ("toggle_overlay", False),
        "sheet": ("toggle_overlay", False),
        "rules": ("open_rules", False),
        "mute": ("toggle_sound", False),
        "sort_rank": ("sort_by", False),
        "sort_suit": ("sort_by", False),
        "focus": ("move_focus", False),
        "target": ("move_target", False),
        "select": ("select_focused", False),
        "clear": ("clear_selection", False),
        "hint": ("show_hint", False),
        "undo": ("undo", True),
        "draw": ("draw_stock", True),
        "pile": ("pile_clicked", True),
        "top": ("take_top_intent", True),
        "meld": ("meld_selected", True),
        "lay": ("lay_staged", True),
        "cancel": ("take_back", True),
        "discard": ("discard_intent", True),
        "add": ("add_intent", True),
        "enter": ("enter_target", True),
        "combine": ("combine_intent", True),
        "ask": ("ask", True),
    }

    # ----- carrying out intents ---------------------------------------------------------------------

    def do(self, intent: Intent) -> None:
        """Carry out an intent from a key, a click or a button."""
        entry = self.INTENTS.get(intent.kind)
        if entry is None:
            return
        method, on_turn = entry
        if on_turn and not self._my_turn():
            self.refuse(_("Wait for your turn."), set())
            return
        getattr(self, method)(intent)
        self.dirty = True

    def play(self, action: Action, cards: set[int] | None = None) -> bool:
        """Try a move; on refusal shake the cards and show the engine's reason."""
        try:
            events = self.controller.play(action)
        except IllegalAction as why:
            self.refuse(str(why), cards if cards is not None else set(self.selected))
            return False
        self.messages.drop("refusal")  # the reason was about a move now made another way
        self.apply_events(events)
        return True

    def refuse(self, reason: str, cards: set[int]) -> None:
        staged = next((m for m in self.messages.items if m.key == "staged"), None)
        if staged is not None and staged.message == reason:
            self.messages.drop("staged")  # the same reason: said once, as the refusal
        self.messages.show(reason, 4.5, key="refusal")  # one reason at a time, the newest
        self.cards.shake(cards)
        self.dirty = True

    def _my_turn(self) -> bool:
        return self.controller.human_to_act and self.state.phase in (Phase.DRAW, Phase.MELD)

    def open_pause(self, _intent: Intent) -> None:
        self._open_pause()

    def toggle_help(self, _intent: Intent) -> None:
        self.panels.toggle_help()

    def toggle_overlay(self, intent: Intent) -> None:
        """W: what happened this hand; G: the game's score sheet (see table_overlays)."""
        self.panels.toggle(intent.kind)

    def open_rules(self, _intent: Intent) -> None:
        if self.on_rules is not None:
            self.on_rules()

    def toggle_sound(self, _intent: Intent) -> None:
        on = self.on_sound() if self.on_sound is not None else not self.sounds.enabled
        self.button_bar.sound_switched(on)
        self.messages.show(_("Sound on.") if on else _("Sound off."), 1.5, key="sound")

    def sort_by(self, intent: Intent) -> None:
        """Two explicit orders, each with its key and button."""
        order = "suit" if intent.kind == "sort_suit" else "rank"
        if self.hand.sort_by(order):
            if self.on_setting:
                self.on_setting("sort_order", order)
            self.relayout()

    def move_focus(self, intent: Intent) -> None:
        """Arrows move along the hand and stop at its ends (a wrap once led to the wrong discard)."""
        self.hand.move_focus(intent.arg)

    def move_target(self, intent: Intent) -> None:
        targets = self._targets()
        self.target = (self.target + intent.arg) % len(targets)

    def select_focused(self, _intent: Intent) -> None:
        if self.hand.toggle_focused():
            self.relayout()

    def clear_selection(self, _intent: Intent) -> None:
        self.selected.clear()
        self.relayout()

    def toggle(self, card: int) -> None:
        self.hand.toggle(card)
        self.relayout()

    # ----- drawing ----------------------------------------------------------------------------------

    def draw_stock(self, _intent: Intent | None = None) -> None:
        self.play(DrawStock(), set())

    def take_top_intent(self, _intent: Intent) -> None:
        self.carry_out(self.piles.take_top(self.view))

    def pile_clicked(self, _intent: Intent | None = None) -> None:
        self.carry_out(self.piles.clicked(self.view, self.hand.chosen(), self.staging, self.homes.hand,
                                          self.discard_warning))

    # ----- staging a meld move ----------------------------------------------------------------------

    def meld_selected(self, _intent: Intent | None = None) -> None:
        """The selected cards become a new meld in the staging (laid with the rest by L)."""
        self.carry_out(self.melds.stage(self.view, self.hand.chosen()))

    def add_to(self, meld_id: int) -> None:
        self.carry_out(self.melds.meld_clicked(self.view, meld_id, self.hand.chosen()))

    def lay_staged(self, _intent: Intent | None = None) -> None:
        self.carry_out(self.melds.lay())

    def take_back(self, _intent: Intent | None = None) -> None:
        self.carry_out(self.melds.take_back())

    def undo(self, _intent: Intent | None = None) -> None:
        """Staged cards first; then the player's meld moves of this turn, one at a time."""
        if self.staging:
            self.carry_out(self.melds.undo_step())  # the last step staged, one at a time
            return
        held = set(self.state.hands[self.seat])
        if not self.controller.undo():
            reason = (_("Nothing to undo: the draw showed new cards, so it stays.")
                      if self.state.phase == Phase.MELD else _("Nothing to undo."))
            self.refuse(reason, set())
            return
        self.selected.clear()
        self.picked_meld = None
        self.drop_hint()
        back = [c for c in self.state.hands[self.seat] if c not in held]
        # The cards themselves: after two undos "your last meld" no longer says which.
        self.log_panel.add(_("You took back {cards}.").format(cards=cards_text(back)) if back
                        else _("You took back your last meld."))
        self.apply_events([])

    # ----- going out of the turn --------------------------------------------------------------------

    def discard_intent(self, _intent: Intent) -> None:
        card = self.hand.to_discard()
        if isinstance(card, Refuse):
            self.refuse(card.reason, set(card.cards))
        else:
            self.discard(card)

    def discard(self, card: int) -> None:
        self.carry_out(self.piles.discard_card(self.view, card, self.staging, self.discard_warning))

    def ask(self, _intent: Intent) -> None:
        if self.state.players != 4:
            self.refuse(_("Only a player with a partner can ask to go out."), set())
        else:
            self.play(AskPartner(), set())

    # ----- melds as targets -------------------------------------------------------------------------

    def add_intent(self, _intent: Intent) -> None:
        target = self._targets()[self.target % len(self._targets())]
        if isinstance(target, int):
            self.add_to(target)
        else:
            self.enter_target()

    def combine_intent(self, _intent: Intent) -> None:
        target = self._targets()[self.target % len(self._targets())]
        if isinstance(target, int):
            self.pick_meld(target)
        else:
            self.refuse(_("Choose one of your melds with Tab first, then K; then another meld and K."), set())

    def pick_meld(self, meld_id: int) -> None:
        self.carry_out(self.melds.pick(self.view, meld_id))

    def _targets(self) -> list:
        side = self.state.side_of(self.seat)
        return ["stock", "pile", "new"] + [m.id for m in self.state.melds[side]]

    def enter_target(self, _intent: Intent | None = None) -> None:
        t = self._targets()[self.target % len(self._targets())]
        if t == "stock":
            self.draw_stock()
        elif t == "pile":
            self.pile_clicked()
        elif t == "new":
            if self.selected or not self.staging:
                self.meld_selected()
            else:
                self.lay_staged()
        else:
            self.add_to(t)

    # ----- hints ------------------------------------------------------------------------------------

    def show_hint(self, _intent: Intent | None = None) -> None:
        """Ask for a suggestion on the thinking thread; `poll_hint` shows it when it is ready."""
        if not self.controller.human_to_act:
            self.refuse(_("A hint is for your own turn."), set())
            return
        # A copy taken here: the thinking thread never reads the game the frame loop changes.
        probe, seat, seed = self.state.copy(), self.seat, self.state.hand_no * 1000 + len(self.state.pile)
        names = list(self.names)
        self.drop_hint()
        self.hint_asked = self.moves
        self.controller.ask_hint(lambda: suggest(probe, seat, seed, names))
        self.poll_hint()

    def poll_hint(self) -> None:
        job = self.controller.hint_job
        if job is None or not job.done.is_set():
            return
        self.controller.hint_job = None
        if job.action is None or self.hint_asked != self.moves or self.state.phase == Phase.GAME_OVER:
            return  # failed, or for a position gone by: nothing to show rather than a wrong hint
        hint: Hint = job.action.hint  # the adviser's Advice (game/ai/adviser.py)
        self.hint = hint
        # It stays until the position changes (see TableScene.apply_events) or the staging does.
        self.messages.show(_("Hint: {text}").format(text=hint.reason), None, key="hint")
        self.dirty = True

    # ----- what the table saw -----------------------------------------------------------------------

    def note_seen(self, e: ev.Event) -> None:
        """Remember the pile takes of this hand (every seat saw them) for the discard warning."""
        if isinstance(e, ev.HandDealt):
            self.took_on.clear()
        elif isinstance(e, ev.PileTaken):
            self.took_on.add((e.seat, RANK[e.top]))

    # ----- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialogs.handle_event(event) or self.panels.handle_event(event):
            self.dirty = True  # a question, the pause menu, or a panel open: it takes the event
            return
        if event.type == pygame.KEYDOWN:
            intent = key_intent(event.key, event.mod, getattr(event, "unicode", ""))
            if intent is not None:
                self.keys_last = self.keys_last or intent.kind in ("focus", "select")
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
        return self.hand.card_at(pos)

    def mouse_down(self, pos: tuple[int, int]) -> None:
        self.hand.track(pos)
        if self.button_bar.mouse_down(pos):
            self.dirty = True
            return
        if not self.hand.press_at(pos):
            self.click_table(pos)

    def mouse_move(self, pos: tuple[int, int], held: bool) -> None:
        if self.hand.pointer_moved():
            self.dirty = True
        places = self.hand.drag_to(pos, held, self.cards.position)
        if places is not None:
            self.cards.drag(places)
            self.dirty = True
        if self.hand.hover_at(pos):
            self.dirty = True

    def mouse_up(self, pos: tuple[int, int]) -> None:
        if self.button_bar.mouse_up(pos):
            self.dirty = True
            return
        released = self.hand.release(pos)
        if released == "dropped":
            self.drop(pos)
        if released is not None:
            self.relayout()

    def drop(self, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        if contains_point(self.layout.discard, pos):
            self.pile_clicked()
            return
        self.carry_out(self.melds.drop_at(self.view, pos, self.hand.chosen()))

    def meld_at(self, pos: tuple[int, int]) -> int | None:
        return self.melds.meld_at(self.view, pos)

    def click_table(self, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        if contains_point(self.layout.stock, pos):
            self.do(Intent("draw"))
            return
        if contains_point(self.layout.discard, pos):
            self.do(Intent("pile"))
            return
        self.carry_out(self.melds.click_at(self.view, pos, self.hand.chosen()))

    # ----- outcomes ---------------------------------------------------------------------------------

    def carry_out(self, outcome: Outcomes) -> None:
        """What a part's intent came to: a move asked of the engine, a refusal shown, a question asked,
        words said, or the cards laid out again after a part's change."""
        if outcome is None:
            return
        if isinstance(outcome, list):
            for each in outcome:
                self.carry_out(each)
        elif isinstance(outcome, Play):
            if self.play(outcome.action, set(outcome.cards)) and (outcome.unselect or outcome.unstage):
                if outcome.unselect:
                    self.selected.clear()
                if outcome.unstage:
                    self.staging.clear()
                self.relayout()
        elif isinstance(outcome, Refuse):
            self.refuse(outcome.reason, set(outcome.cards))
            if outcome.relayout:
                self.relayout()
        elif isinstance(outcome, Ask):
            yes, no = yes_no_letters(language())  # the keys that answer, in this language's letters
            on_yes, on_no = outcome.on_yes, outcome.on_no
            self.dialogs.ask(outcome.question, lambda said: self.carry_out(on_yes if said else on_no),
                             f"{outcome.yes} ({yes})", f"{outcome.no} ({no})", self.size)
        elif isinstance(outcome, Say):
            if outcome.text is None:
                self.messages.drop(outcome.key)
            else:
                self.messages.show(outcome.text, outcome.duration, key=outcome.key)
        elif isinstance(outcome, Changed):
            if outcome.unselect:
                self.selected.clear()
            if outcome.staged:
                self.drop_hint()
            self.relayout()
        elif isinstance(outcome, Rehint) and self.hint is not None:
            self.show_hint()
        self.dirty = True
