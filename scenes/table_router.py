"""The table's switchboard: which part a window event or an intent goes to, and what it comes to.

Keys become intents through the key map (game/ui/input_map.py); this says which part decides each intent
(the hand, the meld areas, the piles, the keyboard's target, the panels) and where a press, a drag and a
release of the mouse go (the buttons, the hand, the piles, the meld areas). It hands back what they come
to (scenes/table_parts/outcomes.py) for the scene to carry out: it asks nothing of the controller, and
each event changes only the part it is for.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai.coach import as_meld_move
from game.i18n import _
from game.rules.actions import Action, AskPartner, Discard, DrawStock
from game.ui.input_map import Intent, key_intent
from game.ui.layout import contains_point
from scenes.table_parts.aim import Aim
from scenes.table_parts.buttons import ButtonBar
from scenes.table_parts.cards import Cards
from scenes.table_parts.hand import Hand
from scenes.table_parts.melds import MeldAreas
from scenes.table_parts.outcomes import Changed, Outcomes, Play, Redraw, Refuse, Say
from scenes.table_parts.panels import Panels
from scenes.table_parts.piles import Piles
from scenes.table_parts.view import TableView

Decide = Callable[[Intent], "Outcomes | Intent"]


class TableRouter:
    def __init__(self, view: TableView, hand: Hand, melds: MeldAreas, piles: Piles, aim: Aim, panels: Panels,
                 buttons: ButtonBar, cards: Cards, own: dict[str, tuple[Decide, bool]],
                 switch_sound: Callable[[], bool], remember: Callable[[str, object], None] | None) -> None:
        """`own`: the intents the scene decides itself (the pause menu, the hint, undo...); `switch_sound()`
        turns the sound on or off and says which it is now; `remember(name, value)` keeps a setting
        changed at the table (the hand's order) for later games."""
        self.view, self.hand, self.melds, self.piles, self.aim = view, hand, melds, piles, aim
        self.buttons, self.cards = buttons, cards
        self.switch_sound, self.remember = switch_sound, remember
        v = view
        # intent kind -> (what it comes to, only on the player's turn)
        self.intents: dict[str, tuple[Decide, bool]] = {
            "help": (lambda i: panels.toggle_help(), False),
            "log": (lambda i: panels.toggle(i.kind), False),  # W: what happened this hand
            "sheet": (lambda i: panels.toggle(i.kind), False),  # G: the game's score sheet
            "focus": (lambda i: hand.move_focus(i.arg), False),  # stops at the hand's ends, never wraps
            "target": (lambda i: aim.move(v, i.arg), False),
            "select": (lambda i: Changed() if hand.toggle_focused() else None, False),
            "sort_rank": (lambda i: self.sort("rank"), False),
            "sort_suit": (lambda i: self.sort("suit"), False),
            "mute": (lambda i: self.mute(), False),
            "clear": (lambda i: Changed(unselect=True), False),
            "draw": (lambda i: Play(DrawStock()), True),
            "pile": (lambda i: self.pile(), True),
            "top": (lambda i: piles.take_top(v), True),
            "discard": (lambda i: piles.discard_chosen(v, hand.to_discard(), melds.staging), True),
            "meld": (lambda i: melds.stage(v, hand.chosen()), True),
            "lay": (lambda i: melds.lay(), True),
            "cancel": (lambda i: melds.take_back(), True),
            "onto": (lambda i: melds.meld_clicked(v, i.arg, hand.chosen()), True),
            "pick": (lambda i: melds.pick(v, i.arg), True),
            "add": (lambda i: aim.onto(v, bool(hand.selected), bool(melds.staging)), True),
            "enter": (lambda i: aim.onto(v, bool(hand.selected), bool(melds.staging)), True),
            "combine": (lambda i: aim.pick(v), True),
            "ask": (lambda i: Play(AskPartner()) if v.state.players == 4 else Refuse(
                _("Only a player with a partner can ask to go out.")), True),
        } | own

    def do_hint(self, action: Action | None, cards: frozenset[int]) -> Outcomes:
        """Do it (E): the hint showing carried out as the player would: a meld staged in place of what was
        (L lays it, Z takes it back whole), a discard through the discard's own warning, a draw or the
        pile taken at once."""
        if action is None:
            return Refuse(_("Ask for a hint first (I), then E carries it out."))
        if isinstance(action, Discard):
            return self.piles.discard_card(self.view, action.card, self.melds.staging)
        move = as_meld_move(action)
        if move is not None and not move.combine:
            if self.melds.staging.holds(move):  # E again on what E staged: nothing to do but lay it
                return Say("staged", _("That is staged already: L lays it, Z takes it back."))
            st = self.view.state
            why = self.melds.staging.set_move(move, st.rules, st.melds[self.view.side])
            return Refuse(why, cards, relayout=True) if why else Changed(unselect=True, staged=True)
        return Play(action, cards, unselect=True)

    def sort(self, order: str) -> Outcomes:
        """Two explicit orders, each with its key and button (no toggle: one press is always enough)."""
        if not self.hand.sort_by(order):
            return None
        if self.remember is not None:
            self.remember("sort_order", order)
        return Changed()

    def mute(self) -> Outcomes:
        on = self.switch_sound()
        self.buttons.sound_switched(on)
        return Say("sound", _("Sound on.") if on else _("Sound off."), 1.5)

    def pile(self) -> Outcomes:
        return self.piles.clicked(self.view, self.hand.chosen(), self.melds.staging, self.hand.order)

    def handle(self, event: pygame.event.Event) -> Outcomes | Intent:
        """A window event (no question or panel open): a key's intent, or what the mouse did."""
        hand = self.hand
        if event.type == pygame.KEYDOWN:
            intent = key_intent(event.key, event.mod, getattr(event, "unicode", ""))
            if intent is not None:
                hand.keys_last = hand.keys_last or intent.kind in ("focus", "select")
            return intent
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hand.track(event.pos)
            if self.buttons.mouse_down(event.pos):
                return Redraw()
            return None if hand.press_at(event.pos) else self.click(event.pos)
        if event.type == pygame.MOUSEMOTION:
            framed = hand.pointer_moved()  # the pointer's card is framed again, not the keyboard's
            places = hand.drag_to(event.pos, bool(event.buttons[0]), self.cards.position)
            if places is not None:
                self.cards.drag(places)
            hovered = hand.hover_at(event.pos)
            return Redraw() if framed or places is not None or hovered else None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.buttons.mouse_up(event.pos):
                return Redraw()
            released = hand.release(event.pos)
            if released == "dropped":
                return [self.drop(event.pos), Changed()]
            return Changed() if released is not None else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return Changed(unselect=True)
        return None

    def click(self, pos: tuple[int, int]) -> Outcomes | Intent:
        """A click on the table, not on the hand nor a button: the stock, the pile, or the meld areas."""
        intent = self.piles.intent_at(pos)
        return intent if intent is not None else self.melds.click_at(self.view, pos, self.hand.chosen())

    def drop(self, pos: tuple[int, int]) -> Outcomes:
        """Dragged cards let go: onto the pile (a discard, or the pile taken with them), or a meld area."""
        if contains_point(tuple(self.piles.discard), pos):
            return self.pile()
        if self.hand.in_area(pos):  # back onto the hand: the cards go where they were let go
            self.hand.reorder_at(pos, self.hand.dropped)
            return None
        return self.melds.drop_at(self.view, pos, self.hand.chosen())
