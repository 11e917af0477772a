"""The stock and the discard pile: their badges (how many cards, blocked, frozen), a frozen pile's wild
card crosswise under the top card, a click on either turned into an intent, and what the pile's
intents come to: the pile taken with the cards the table picks (asking which when the choice matters),
the top card onto a run, a discard (warned of when it may give the pile away). The cards themselves
are drawn with every other card (they fly between parts); this part draws what lies over them."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.rules.actions import Discard, TakePile, TakeTop
from game.rules.cards import BLACK_THREE, RANK, RED_THREE, WILD
from game.rules.melds import extends_run
from game.rules.names import cards_text
from game.rules.ruleset import FROZEN_BY_WILD
from game.rules.state import Phase
from game.rules.view import view_of
from game.ui import draw_list
from game.ui.card_faces import FaceCache
from game.ui.discard_risk import discard_risk
from game.ui.draw_list import DrawList
from game.ui.input_map import Intent
from game.ui.layout import TableLayout, contains_point
from game.ui.pile_pairs import pile_takes
from game.ui.staging import Staging
from scenes.table_parts.outcomes import Ask, Changed, Outcomes, Play, Refuse, Rehint, Say
from scenes.table_parts.view import TableView
from scenes.widgets import INK_DIM, fit_size, text_image

BADGE_READABLE = 12  # px: below this a badge's words go on two lines


class Piles:
    def __init__(self, faces: FaceCache, warn: bool = True) -> None:
        self.faces = faces  # the table's card faces: the crosswise wild card is one of them
        self.warn = warn  # the settings' discard warning: a discard that may give the pile away is asked about
        self.stock = pygame.Rect(0, 0, 0, 0)
        self.discard = pygame.Rect(0, 0, 0, 0)
        self._crosswise: dict[tuple[int, int], pygame.Surface] = {}
        self._counts_fit: tuple[tuple, list] | None = None

    def place(self, layout: TableLayout) -> None:
        self.stock, self.discard = pygame.Rect(layout.stock), pygame.Rect(layout.discard)

    def intent_at(self, pos: tuple[int, int]) -> Intent | None:
        """A click on the stock draws; on the pile it takes it, or discards the card selected."""
        if contains_point(tuple(self.stock), pos):
            return Intent("draw")
        if contains_point(tuple(self.discard), pos):
            return Intent("pile")
        return None

    # ----- intents ----------------------------------------------------------------------------------

    def clicked(self, view: TableView, chosen: tuple[int, ...], staging: Staging, hand: list[int]) -> Outcomes:
        """The pile clicked: in the meld, the one card selected is discarded; in the draw the pile is
        taken, with the cards selected or those the table picks. `hand`: the player's cards in the order
        shown."""
        if view.state.phase == Phase.MELD:
            if len(chosen) == 1:
                return self.discard_card(view, chosen[0], staging)
            return Refuse(_("Select one card, then click the pile to discard it."), frozenset(chosen))
        if not chosen:
            return self.take_for_me(view, staging, hand)
        return self.take_with(chosen, staging)

    def take_for_me(self, view: TableView, staging: Staging, hand: list[int]) -> Outcomes:
        """The pile clicked with no card chosen: where the house lets its top card go onto the side's meld
        of its rank, that (the cards of the hand stay there, to add after); else the table picks the cards
        that take it, asking which when the choice matters (a natural pair, or a natural and a wild card);
        with none, the top card onto a run where it may go, else the engine says why not."""
        onto = view.state.onto_take()
        if onto is not None:
            return self.take_onto(onto.onto, staging)
        takes = pile_takes(view.state, staging.cards())
        if len(takes) == 1:
            return self.take_with(takes[0], staging)
        if len(takes) == 2:
            natural, wild = takes
            return Ask(_("Take the pile with which cards?"), cards_text(natural), cards_text(wild),
                       self.take_with(natural, staging), self.take_with(wild, staging))
        runs = self.runs_for_top(view)
        if runs:
            return Play(TakeTop(runs[0]))
        top = view.state.top
        same = tuple(c for c in hand if top is not None and RANK[c] == RANK[top])[:2]
        return Play(TakePile(same, tuple(staging.new)), frozenset(same))  # refused: the engine's reason shows

    @staticmethod
    def take_with(chosen: tuple[int, ...], staging: Staging) -> Outcomes:
        if staging.adds:
            return Refuse(_("With the pile you may lay new melds, not additions: take the additions back (C)."),
                          frozenset(staging.cards()))
        return Play(TakePile(chosen, tuple(staging.new)), frozenset(chosen), unselect=True, unstage=True)

    @staticmethod
    def take_onto(meld: int | None, staging: Staging) -> Outcomes:
        """The pile taken by its top card onto this meld of the side (the engine judges it, and says why not)."""
        if staging.adds:
            return Refuse(_("With the pile you may lay new melds, not additions: take the additions back (C)."),
                          frozenset(staging.cards()))
        return Play(TakePile((), tuple(staging.new), onto=meld), unstage=True)

    @staticmethod
    def runs_for_top(view: TableView) -> list[int]:
        """The side's runs the pile's top card would extend (the engine still judges the move)."""
        st = view.state
        top = st.top
        if top is None:
            return []
        return [m.id for m in st.melds[view.side] if extends_run(m, top, st.rules)]

    def take_top(self, view: TableView) -> Outcomes:
        """The top card onto the first run it extends, or where the house allows it, onto the side's meld of
        its rank, taking the pile."""
        onto = view.state.onto_take()
        if onto is not None:
            return Play(onto)
        runs = self.runs_for_top(view)
        if not runs:
            return Refuse(_("The top card doesn't extend one of your side's runs."))
        return Play(TakeTop(runs[0]))

    def discard_chosen(self, view: TableView, chosen: int | Refuse, staging: Staging) -> Outcomes:
        """X: the card the hand says a discard means (or why it means none) onto the pile."""
        return chosen if isinstance(chosen, Refuse) else self.discard_card(view, chosen, staging)

    def discard_card(self, view: TableView, card: int, staging: Staging, confirmed: bool = False) -> Outcomes:
        """A card onto the pile; one that may give the pile away (as this seat knows the table) is asked
        about first, when the settings say so."""
        if staging:
            return Refuse(_("Lay the staged cards (L) or take them back (C) before you discard."),
                          frozenset(staging.cards()))
        if not confirmed and self.warn and view.state.phase == Phase.MELD:
            note = discard_risk(view_of(view.state, view.seat), card, view.names)
            if note is not None and note.ask:
                # "Keep it": the card goes back among the others (a second card clicked then is not a pair
                # the pile refuses), and the hint, if one shows, is worked out again for the hand kept.
                return Ask(note.text + " " + _("Discard it anyway?"), _("Discard"), _("Keep it"),
                           self.discard_card(view, card, staging, confirmed=True), [Changed(unselect=True), Rehint()])
            if note is not None and view.state.is_legal(Discard(card)):
                # The adviser's own discard when every card is a risk: told as it goes, never questioned.
                return [Play(Discard(card), frozenset({card}), unselect=True), Say("caution", note.text, 6.0)]
        return Play(Discard(card), frozenset({card}), unselect=True)

    # ----- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface | DrawList, view: TableView, u: int) -> None:
        state = view.state
        small = max(12, u * 2 // 3)
        st, pi = self.stock, self.discard
        if not state.stock:
            draw_list.rect(surface, INK_DIM, st, width=2, border_radius=8)
        if not state.pile:
            draw_list.rect(surface, INK_DIM, pi, width=2, border_radius=8)
        freeze = state.pile_freeze(view.side) if state.pile else None
        if freeze == FROZEN_BY_WILD:
            self.draw_crosswise_wild(surface, view, pi)
        _stock_tag, pile_tag = self.count_badges(surface, _("Stock {n}").format(n=len(state.stock)),
                                                 _("Pile {n}").format(n=len(state.pile)), small)
        if state.pile_blocked():
            top = state.pile[-1]
            text = _("BLOCKED")
            if BLACK_THREE[top] and state.rules.pile_freezes and state.phase == Phase.DRAW:
                text = _("Blocked for {who}").format(who=view.names[state.turn])  # one player only
            self.badge(surface, text, pi, small, (170, 20, 20), middle=True, clear_of=pile_tag)
        elif freeze is not None:
            self.badge(surface, _("FROZEN"), pi, small, (30, 70, 150), middle=True, clear_of=pile_tag)

    def draw_crosswise_wild(self, surface: pygame.Surface | DrawList, view: TableView, pile: pygame.Rect) -> None:
        """A frozen pile: its wild card lies crosswise, sticking out on both sides of the pile."""
        state = view.state
        wild = next((c for c in reversed(state.pile) if WILD[c] or RED_THREE[c]), None)
        if wild is None:
            return
        key = (wild, pile.w)
        if key not in self._crosswise:
            self._crosswise.clear()
            self._crosswise[key] = pygame.transform.rotate(self.faces.get(max(12, pile.w)).face(wild), 90)
        img = self._crosswise[key]
        surface.blit(img, img.get_rect(center=pile.center))
        top = state.pile[-1]  # the top card lies over it, as on a real table
        if top != wild:
            surface.blit(self.faces.get(max(12, pile.w)).face(top), pile.topleft)

    @staticmethod
    def fitted(text: str, size: int, room: int, split: bool = False) -> tuple[list[str], int, bool]:
        """A badge's lines, size and weight: shrunk to the card's width so neighbours never overlap; a label
        too long to stay readable on one line ("Blocked for North"), or `split`, goes on two."""
        lines = [text]
        words = text.split()
        if len(words) > 1 and (split or fit_size(text, size, room, 9) < min(size, BADGE_READABLE)):
            cut = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        px = min(fit_size(line, size, room, 9) for line in lines)
        bold = True
        if px < BADGE_READABLE:  # a long word on a small card ("Défausse" at 1024x600): plain, and larger
            plain = min(fit_size(line, size, room, 9, bold=False) for line in lines)
            px, bold = (plain, False) if plain > px else (px, True)
        return lines, px, bold

    def badge(self, surface: pygame.Surface | DrawList, text: str, card: pygame.Rect, size: int,
              color: tuple[int, int, int] = (12, 40, 24), middle: bool = False,
              fit: tuple[list[str], int, bool] | None = None, clear_of: pygame.Rect | None = None) -> pygame.Rect:
        """A label on a card (`fit`: its lines, size and weight, when chosen with a neighbour's); a middle
        one is moved up clear of the label `clear_of` (the count at the card's foot, on a small card).
        Returns where it went."""
        lines, px, bold = fit if fit is not None else self.fitted(text, size, card.w - 8)
        images = [text_image(line, px, (255, 255, 255), bold) for line in lines]
        tag = pygame.Rect(0, 0, card.w - 2, sum(img.get_height() for img in images) + 6)
        tag.midbottom = (card.centerx, card.bottom - 3) if not middle else (card.centerx, card.centery + tag.h // 2)
        if clear_of is not None and tag.colliderect(clear_of):
            tag.bottom = clear_of.top - 2
        draw_list.rect(surface, color, tag, border_radius=5)
        y = tag.y + 3
        for img in images:
            surface.blit(img, img.get_rect(midtop=(tag.centerx, y)))
            y += img.get_height()
        return tag

    def count_badges(self, surface: pygame.Surface | DrawList, stock: str, pile: str,
                     size: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The stock's and the pile's counts, side by side in one size and one shape: when one needs two
        lines both take two, so the two badges never differ ("Pioche 69" beside "Défausse / 5")."""
        room = min(self.stock.w, self.discard.w) - 8
        key = (stock, pile, size, room)
        if self._counts_fit is None or self._counts_fit[0] != key:  # measured once per change, not per frame
            fits = [self.fitted(stock, size, room), self.fitted(pile, size, room)]
            if any(len(lines) > 1 for lines, _px, _b in fits):
                fits = [self.fitted(stock, size, room, split=True), self.fitted(pile, size, room, split=True)]
            self._counts_fit = (key, fits)
        fits = self._counts_fit[1]
        px = min(f[1] for f in fits)
        bold = all(f[2] for f in fits)
        return (self.badge(surface, stock, self.stock, size, fit=(fits[0][0], px, bold)),
                self.badge(surface, pile, self.discard, size, fit=(fits[1][0], px, bold)))
