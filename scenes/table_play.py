"""The player's half of the table: keys, clicks and drags become intents, intents become engine actions.

A mixin of TableScene kept apart from its drawing and timing. Each intent has one method (the table
`INTENTS` below); the engine decides every rule, this only says what the player asked for. Meld moves
are staged first (new melds and additions, shown in the meld area) and laid together with one action.
"""

from __future__ import annotations

import pygame

from game.i18n import _, language, ngettext
from game.rules import events as ev
from game.rules.actions import (
    Action,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    TakePile,
    TakeTop,
)
from game.rules.cards import RANK
from game.rules.errors import IllegalAction
from game.rules.melds import extends_run
from game.rules.names import cards_text
from game.rules.ruleset import RuleSet
from game.rules.state import Phase
from game.rules.view import view_of
from game.ui.discard_risk import discard_risk
from game.ui.hand_order import SORT_ORDERS
from game.ui.hint import Hint, suggest
from game.ui.input_map import Intent, key_intent, yes_no_letters
from game.ui.layout import contains_point
from game.ui.pile_pairs import pile_takes


def draw_first(rules: RuleSet, players: int) -> str:
    """What a player who tries to meld before drawing is told: as many cards as this table draws, and the
    top card onto a run only where there are runs."""
    n = rules.draws(players)
    if rules.runs:
        return ngettext("Draw first: {n} card from the stock, the pile, or its top card onto a run.",
                        "Draw first: {n} cards from the stock, the pile, or its top card onto a run.", n).format(n=n)
    return ngettext("Draw first: {n} card from the stock, or the pile.",
                    "Draw first: {n} cards from the stock, or the pile.", n).format(n=n)


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
        self.shaking = set(cards)
        self.shake_time = 0.45
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
        """Two explicit orders, each with its key and button (no toggle: one press is always enough)."""
        order = "suit" if intent.kind == "sort_suit" else "rank"
        if order == self.sort_mode or order not in SORT_ORDERS:
            return
        self.sort_mode = order
        self.hand_pins = None  # the new order lays the hand out afresh
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
        if self.homes.hand:
            self.toggle(self.homes.hand[self.focus])

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
        self.take_top(None)

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

    def pile_clicked(self, _intent: Intent | None = None) -> None:
        chosen = tuple(sorted(self.selected))
        if self.state.phase == Phase.MELD:
            if len(chosen) == 1:
                self.discard(chosen[0])
            else:
                self.refuse(_("Select one card, then click the pile to discard it."), set(chosen))
            return
        if not chosen:
            self.take_pile_for_me()
            return
        self.take_pile_with(chosen)

    def take_pile_for_me(self) -> None:
        """The pile clicked with no card chosen: the table picks the cards that take it, asking which when
        the choice matters (a natural pair, or a natural and a wild card); with none, the top card onto a
        run where it may go, else the engine says why not."""
        takes = pile_takes(self.state, self.staging.cards())
        if len(takes) == 1:
            self.take_pile_with(takes[0])
            return
        if len(takes) == 2:
            natural, wild = takes

            def answer(yes: bool) -> None:
                self.take_pile_with(natural if yes else wild)
                self.dirty = True

            yes, no = yes_no_letters(language())
            self.dialogs.ask(_("Take the pile with which cards?"), answer, f"{cards_text(natural)} ({yes})",
                             f"{cards_text(wild)} ({no})", self.size)
            return
        runs = self._runs_for_top()
        if runs:
            self.play(TakeTop(runs[0]), set())
            return
        top = self.state.top
        same = tuple(c for c in self.homes.hand if top is not None and RANK[c] == RANK[top])[:2]
        self.play(TakePile(same, tuple(self.staging.new)), set(same))  # refused: the engine's reason shows

    def take_pile_with(self, chosen: tuple[int, ...]) -> None:
        if self.staging.adds:
            self.refuse(_("With the pile you may lay new melds, not additions: take the additions back (C)."),
                        self.staging.cards())
            return
        if self.play(TakePile(chosen, tuple(self.staging.new)), set(chosen)):
            self.selected.clear()
            self.staging.clear()
            self.relayout()

    # ----- staging a meld move ----------------------------------------------------------------------

    def meld_selected(self, _intent: Intent | None = None) -> None:
        """The selected cards become a new meld in the staging (laid with the rest by L)."""
        chosen = tuple(sorted(self.selected))
        if not chosen:
            self.refuse(_("Select the cards to meld first."), set())
            return
        self._staged(chosen, self.melds.stage_new(self.view, chosen))

    def add_to(self, meld_id: int) -> None:
        """Cards selected and a meld clicked: they are staged onto it (with none, the meld is picked up
        to combine, or in the draw the top card goes onto it)."""
        chosen = tuple(sorted(self.selected))
        if self.state.phase == Phase.DRAW and not chosen:
            self.take_top(meld_id)
            return
        if not chosen:
            self.pick_meld(meld_id)
            return
        if self.state.phase == Phase.DRAW:
            self.refuse(draw_first(self.state.rules, self.state.players), set(chosen))
            return
        self._staged(chosen, self.melds.stage_add(self.view, meld_id, chosen))

    def add_to_staged(self, index: int) -> None:
        """Selected cards onto a staged new meld: it is set out again with them, if they fit."""
        chosen = tuple(sorted(self.selected))
        self._staged(chosen, self.melds.grow_staged(self.view, index, chosen))

    def _staged(self, chosen: tuple[int, ...], refusal: str | None) -> None:
        """A step staged, or refused with the engine's reason (the staging is as it was then)."""
        if refusal is not None:
            self.refuse(refusal, set(chosen))
            self.relayout()
            return
        self._staged_changed()

    def _staged_changed(self) -> None:
        self.selected.clear()
        self.drop_hint()
        self.relayout()  # which also asks the engine to judge the staged move again

    def lay_staged(self, _intent: Intent | None = None) -> None:
        """Lay everything staged as one meld move, judged by the engine as a whole."""
        if not self.staging:
            self.refuse(_("Stage melds with M, or select cards and click a meld; then lay them all with L."),
                        set())
            return
        action = self.staging.action()
        assert action is not None
        if self.play(action, self.staging.cards()):
            self.staging.clear()
            self.relayout()

    def take_back(self, _intent: Intent | None = None) -> None:
        """The staged cards go back to the hand; nothing on the table changes."""
        if self.staging:
            self.staging.clear()
            self.relayout()

    def undo(self, _intent: Intent | None = None) -> None:
        """Staged cards first; then the player's meld moves of this turn, one at a time."""
        if self.staging:
            self.staging.undo_step()  # the last step staged, one at a time
            self.selected.clear()
            self.relayout()
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
        chosen = tuple(sorted(self.selected))
        card = chosen[0] if len(chosen) == 1 else (self.homes.hand[self.focus] if not chosen and
                                                    self.homes.hand else None)
        if card is None:
            self.refuse(_("Select one card to discard."), set(chosen))
        else:
            self.discard(card)

    def discard(self, card: int, confirmed: bool = False) -> None:
        if self.staging:
            self.refuse(_("Lay the staged cards (L) or take them back (C) before you discard."),
                        self.staging.cards())
            return
        note = None
        if not confirmed and self.discard_warning and self.state.phase == Phase.MELD:
            note = discard_risk(view_of(self.state, self.seat), card, self.names)
            if note is not None and note.ask:
                self._confirm_discard(card, note.text)
                return
        if self.play(Discard(card), {card}):
            self.selected.clear()
            self.relayout()
            if note is not None:  # the adviser's own discard, every card a risk: told, not questioned
                self.messages.show(note.text, 6.0, key="caution")

    def _confirm_discard(self, card: int, risk: str) -> None:
        def answer(yes: bool) -> None:
            if yes:
                self.discard(card, confirmed=True)
            elif self.hint is not None:
                self.show_hint()  # "Keep it": the hint is worked out again for the hand kept
            self.dirty = True

        yes, no = yes_no_letters(language())  # the keys that answer, in this language's letters
        self.dialogs.ask(risk + " " + _("Discard it anyway?"), answer, f"{_('Discard')} ({yes})",
                         f"{_('Keep it')} ({no})", self.size)

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
        """With no card selected, a meld is picked up; a second meld of its rank takes it in (combine)."""
        if self.picked_meld is None or self.picked_meld == meld_id:
            self.picked_meld = None if self.picked_meld == meld_id else meld_id
            if self.picked_meld is not None and self.state.rules.one_meld_per_rank:
                self.picked_meld = None  # one meld of a rank: nothing to combine, only cards to add
                self.messages.show(_("Select cards in your hand first, then click the meld to add them."), 3.0,
                                   key="picked")
            elif self.picked_meld is not None:
                self.messages.show(_("Meld picked: click another meld of its rank to combine them, or select "
                                   "cards to add."), 3.0, key="picked")
            else:
                self.messages.drop("picked")
            return
        first, self.picked_meld = self.picked_meld, None
        self.messages.drop("picked")
        self.play(Combine(first, meld_id), set())

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
        card = self.card_at(pos)
        if card is not None:
            self.press = (card, pos)
            return
        self.click_table(pos)

    def mouse_move(self, pos: tuple[int, int], held: bool) -> None:
        if self.hand.pointer_moved():
            self.dirty = True
        if not self.dragging:
            self.hand.track(pos)
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
        if self.hand.hover_at(pos):
            self.dirty = True

    def mouse_up(self, pos: tuple[int, int]) -> None:
        if self.button_bar.mouse_up(pos):
            self.dirty = True
            return
        press, self.press = self.press, None
        if self.dragging:
            self.dragging = []
            self.hand.track(pos)
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
        if not self._my_turn():
            self.refuse(_("Wait for your turn."), set(self.selected))
            return
        for i, rect in enumerate(self.homes.staged_rects):
            if contains_point(rect, pos) and i < len(self.staging.new):
                self.add_to_staged(i)
                return
        meld_id = self.meld_at(pos)
        if meld_id is not None:
            self.add_to(meld_id)
            return
        if contains_point(self.homes.new_meld_zone, pos):
            self.meld_selected()

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
        for i, rect in enumerate(self.homes.staged_rects):
            if contains_point(rect, pos):
                if self.selected and i < len(self.staging.new) and self._my_turn():
                    self.add_to_staged(i)  # more cards for a meld being set out
                else:
                    self.staging.take_back(i)  # a staged group clicked goes back to the hand
                    self.relayout()
                return
        staged = next((c for c, r in self.homes.staged_on_melds.items() if contains_point(r, pos)), None)
        if staged is not None and not self.selected:
            self.staging.take_back_card(staged)  # a card staged onto a meld, clicked: back to the hand
            self.relayout()
            return
        meld_id = self.meld_at(pos)
        if meld_id is not None and self._my_turn():
            self.add_to(meld_id)
            return
        if (self.selected and self._my_turn() and self.state.phase == Phase.MELD
                and contains_point(self.homes.new_meld_zone, pos)):
            self.meld_selected()  # selected cards, then a click on the empty meld area: a new meld

