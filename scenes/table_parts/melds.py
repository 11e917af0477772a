"""The meld areas: each side's melds with their label strip (what the side has on the table, its red
threes, the staged move's total), the canastas' ribbons and tags, and the player's staging: the new
melds set out and the additions lying on the melds they go onto, judged by the engine, a meld picked up
to combine. The cards' places come from the table's homes; the cards are drawn with every other card."""

from __future__ import annotations

import pygame

from game.i18n import _, ngettext, number
from game.rules import events as ev
from game.rules.actions import Combine, TakePile, TakeTop
from game.rules.cards import WILD
from game.rules.errors import IllegalAction
from game.rules.meld_move import MeldJudgement
from game.rules.melds import classify, order_cards
from game.rules.state import Phase
from game.ui import cues, draw_list
from game.ui.draw_list import DrawList
from game.ui.layout import TableLayout, contains_point, index_strip
from game.ui.staging import Staging, step_refusal
from game.ui.table_view import Homes
from scenes.table_parts.meld_words import CANASTA_COLORS, CANASTA_TAGS, draw_label, fit_tags, label_rect, staging_words
from scenes.table_parts.outcomes import Changed, Outcomes, Play, Refuse, Say
from scenes.table_parts.view import TableView
from scenes.widgets import GOLD, INK_DIM, fit_size, text_image


class MeldAreas:
    def __init__(self) -> None:
        self.staging = Staging()  # cards set out for a meld move, not laid yet
        self.judgement: MeldJudgement | None = None  # the engine's view of the staged move, if any
        self.picked: int | None = None  # a meld picked up to combine with another of its rank
        self.layout: TableLayout | None = None
        self.shades: list[tuple[tuple[int, int, int, int], int]] = []  # (an area, the alpha of its dark shade)
        self.homes = Homes()
        self._labels: tuple[tuple, list[tuple]] | None = None
        self._tags: dict[tuple, list[tuple[str, int]]] = {}

    def place(self, layout: TableLayout, side: int) -> None:
        """The areas of `layout`; the player's `side` has the darker shade."""
        self.layout = layout
        self.shades = [(tuple(rect), 34 if s != side else 46) for s, rect in layout.meld_areas.items()]

    def on_event(self, e: ev.Event) -> None:
        """A new hand or a new turn: nothing is staged."""
        if isinstance(e, ev.HandDealt | ev.TurnStarted):
            self.staging.clear()

    def keep_only(self, view: TableView) -> None:
        """What the game took away under the staging goes from it (a card no longer in hand, a meld gone)."""
        st = view.state
        self.staging.keep_only(set(st.hands[view.seat]), {m.id for m in st.melds[view.side]})

    def arrange(self, homes: Homes) -> None:
        self.homes = homes
        if self.picked is not None and self.picked not in homes.meld_rects:
            self.picked = None

    # ----- input ------------------------------------------------------------------------------------

    def meld_at(self, view: TableView, pos: tuple[int, int]) -> int | None:
        """The player's side's meld under a point; a lower row is drawn over the row above it."""
        hits = [(rect[1], rect[0], meld_id) for meld_id, rect in self.homes.meld_rects.items()
                if self.homes.meld_side[meld_id] == view.side and contains_point(rect, pos)]
        return max(hits)[2] if hits else None

    def staged_meld_at(self, pos: tuple[int, int]) -> int | None:
        """Which staged new meld (its index) lies under a point."""
        return next((i for i, rect in enumerate(self.homes.staged_rects) if contains_point(rect, pos)), None)

    def staged_card_at(self, pos: tuple[int, int]) -> int | None:
        """A card staged onto a meld, under a point."""
        return next((c for c, r in self.homes.staged_on_melds.items() if contains_point(r, pos)), None)

    def click_at(self, view: TableView, pos: tuple[int, int], chosen: tuple[int, ...]) -> Outcomes:
        """A click in the meld areas: a staged meld or card taken back (or, with cards selected, more for
        a staged meld), a meld of the side played onto, or with cards selected the empty area: a new meld.
        None: the click was on none of them."""
        mine = view.my_turn()
        index = self.staged_meld_at(pos)
        if index is not None:
            if chosen and index < len(self.staging.new) and mine:
                return self.grow(view, index, chosen)  # more cards for a meld being set out
            self.staging.take_back(index)  # a staged group clicked goes back to the hand
            return Changed()
        staged = self.staged_card_at(pos)
        if staged is not None and not chosen:
            self.staging.take_back_card(staged)  # a card staged onto a meld, clicked: back to the hand
            return Changed()
        meld_id = self.meld_at(view, pos)
        if meld_id is not None and mine:
            return self.meld_clicked(view, meld_id, chosen)
        if chosen and mine and view.state.phase == Phase.MELD and contains_point(self.homes.new_meld_zone, pos):
            return self.stage(view, chosen)  # selected cards, then a click on the empty meld area: a new meld
        return None

    def drop_at(self, view: TableView, pos: tuple[int, int], chosen: tuple[int, ...]) -> Outcomes:
        """Dragged cards let go over the meld areas: onto a staged meld, a meld, or the empty area."""
        if not view.my_turn():
            return Refuse(_("Wait for your turn."), frozenset(chosen))
        index = self.staged_meld_at(pos)
        if index is not None and index < len(self.staging.new):
            return self.grow(view, index, chosen)
        meld_id = self.meld_at(view, pos)
        if meld_id is not None:
            return self.meld_clicked(view, meld_id, chosen)
        if contains_point(self.homes.new_meld_zone, pos):
            return self.stage(view, chosen)
        return None

    # ----- intents ----------------------------------------------------------------------------------

    def stage(self, view: TableView, chosen: tuple[int, ...]) -> Outcomes:
        """The selected cards become a new meld in the staging (laid with the rest by L); cards that are no
        meld of their own but go onto exactly one of the side's melds are staged onto it (two 4s selected
        beside the side's fours), as a player pressing M means."""
        if not chosen:
            return Refuse(_("Select the cards to meld first."))
        why = self.stage_new(view, chosen)
        if why is not None and view.state.phase == Phase.MELD:
            homes = self.melds_taking(view, chosen)
            if len(homes) == 1:
                return self._staged(chosen, self.stage_add(view, homes[0], chosen))
            if len(homes) > 1:
                why = ngettext("This card goes onto more than one of your melds: click the one to add it to.",
                               "These cards go onto more than one of your melds: click the one to add them to.",
                               len(chosen))
        return self._staged(chosen, why)

    def melds_taking(self, view: TableView, cards: tuple[int, ...]) -> list[int]:
        """The side's melds the engine would let these cards join now, with what is staged already."""
        out = []
        for m in view.state.melds[view.side]:
            if self.stage_add(view, m.id, cards) is None:
                self.staging.undo_step()  # only asked: the staging stays as it was
                out.append(m.id)
        return out

    def meld_clicked(self, view: TableView, meld_id: int, chosen: tuple[int, ...]) -> Outcomes:
        """Cards selected and a meld clicked: they are staged onto it (with none, the meld is picked up
        to combine, or in the draw the top card goes onto it: onto a run, or where the house allows it,
        onto a meld of its rank, taking the pile)."""
        st = view.state
        if st.phase == Phase.DRAW and not chosen:
            if st.rules.take_onto_meld or not st.rules.runs:
                # Onto a meld of its rank, taking the pile (a house rule): the engine judges it, and says why not.
                return Play(TakePile((), onto=meld_id))
            return Play(TakeTop(meld_id))
        if not chosen:
            return self.pick(view, meld_id)
        if st.phase == Phase.DRAW:
            return Refuse(st.rules.draw_first(st.players), frozenset(chosen))
        return self._staged(chosen, self.stage_add(view, meld_id, chosen))

    def grow(self, view: TableView, index: int, chosen: tuple[int, ...]) -> Outcomes:
        """Selected cards onto a staged new meld: it is set out again with them, if they fit."""
        return self._staged(chosen, self.grow_staged(view, index, chosen))

    @staticmethod
    def _staged(chosen: tuple[int, ...], refusal: str | None) -> Outcomes:
        """A step staged, or refused with the engine's reason (the staging is as it was then)."""
        if refusal is not None:
            return Refuse(refusal, frozenset(chosen), relayout=True)
        return Changed(unselect=True, staged=True)  # the engine judges the staged move again

    def lay(self) -> Outcomes:
        """Lay everything staged as one meld move, judged by the engine as a whole."""
        action = self.staging.action()
        if action is None:
            return Refuse(_("Stage melds with M, or select cards and click a meld; then lay them all with L."))
        return Play(action, frozenset(self.staging.cards()), unstage=True)

    def take_back(self) -> Outcomes:
        """The staged cards go back to the hand; nothing on the table changes."""
        if not self.staging:
            return None
        self.staging.clear()
        return Changed()

    def undo_step(self) -> Outcomes:
        """Z: the last step staged goes back, one at a time (None: nothing is staged)."""
        if not self.staging:
            return None
        self.staging.undo_step()
        return Changed(unselect=True)

    def pick(self, view: TableView, meld_id: int) -> Outcomes:
        """With no card selected, a meld is picked up; a second meld of its rank takes it in (combine)."""
        if self.picked is None or self.picked == meld_id:
            self.picked = None if self.picked == meld_id else meld_id
            if self.picked is not None and view.state.rules.one_meld_per_rank:
                self.picked = None  # one meld of a rank: nothing to combine, only cards to add
                return Say("picked", _("Select cards in your hand first, then click the meld to add them."))
            if self.picked is not None:
                return Say("picked", _("Meld picked: click another meld of its rank to combine them, or select "
                                       "cards to add."))
            return Say("picked", None)
        first, self.picked = self.picked, None
        return [Say("picked", None), Play(Combine(first, meld_id))]

    def judge(self, view: TableView) -> str | None:
        """What the staged move would do, judged by the engine once per change (not per frame); why the
        engine would refuse it as it stands, if it would."""
        st = view.state
        self.judgement = (st.judge_meld(self.staging.move()) if self.staging and view.my_turn()
                          and st.phase == Phase.MELD else None)
        j = self.judgement
        return j.reason if j is not None and not j.legal and j.reason else None

    # ----- staging, step by step -------------------------------------------------------------------

    def stage_new(self, view: TableView, cards: tuple[int, ...]) -> str | None:
        """The cards set out as a new meld; the engine's reason instead when they are not one."""
        self.staging.save()
        try:
            self.staging.stage_new(cards, view.state.rules)
        except IllegalAction as why:
            self.staging.undo_step()
            return str(why)
        return self._judge_step(view)

    def stage_add(self, view: TableView, meld_id: int, cards: tuple[int, ...]) -> str | None:
        """The cards set out onto one of the side's melds, or why the engine would refuse them there."""
        meld = next(m for m in view.state.melds[view.side] if m.id == meld_id)
        self.staging.save()
        self.staging.stage_add(meld_id, meld.kind, cards)
        return self._judge_step(view)

    def grow_staged(self, view: TableView, index: int, cards: tuple[int, ...]) -> str | None:
        """More cards for a staged new meld: it is set out again with them, if they fit."""
        grown = self.staging.new[index] + cards
        try:
            shape = classify(grown, view.state.rules)
        except IllegalAction as why:
            return str(why)
        self.staging.save()
        self.staging.new[index] = order_cards(shape.kind, grown)
        return self._judge_step(view)

    def _judge_step(self, view: TableView) -> str | None:
        """A step just staged is judged by the engine at once: one it would refuse goes back, with why."""
        st = view.state
        why = step_refusal(self.staging.move(), st.hands[view.seat], st.melds[view.side], st.rules)
        if why is not None:
            self.staging.undo_step()
        return why

    # ----- words ------------------------------------------------------------------------------------

    def staging_lines(self, view: TableView) -> list[tuple[str, tuple[int, int, int]]]:
        """The staging's total (and, while the engine would refuse it, why), and their colours."""
        return staging_words(view.state, view.side, self.judgement, self.staging.points())

    def under_items(self, view: TableView, version: int, u: int) -> list[tuple]:
        """What lies under the cards as layer items: the areas' shades (the first things drawn on the felt),
        then the label strips' words, worked out once per change of the game or the staging (`version`
        counts the table's relayouts): the labels ask the engine whether each side may go out."""
        items = [(("shade", i), shade, shade[0], draw_shade, shade) for i, shade in enumerate(self.shades)]
        key = (version, u)
        if self._labels is None or self._labels[0] != key:
            labels = [(("label", i), label, label_rect(label), draw_label, label)
                      for i, label in enumerate(self.area_labels(view))]
            self._labels = (key, labels)
        return items + self._labels[1]

    def area_labels(self, view: TableView) -> list[tuple]:
        """What is written in the label strips, as draw_text's arguments (their shades are in the
        background). The strips hold no card, so no card ever covers a label."""
        assert self.layout is not None
        st = view.state
        size = self.layout.label_px
        labels = []
        for side, band in self.layout.meld_bands.items():
            x, y, w, h = band
            threes = self.layout.three_rooms[side]
            right_text = None
            if side == view.side and self.staging:
                right_text = self.staging_lines(view)[0]  # the staged move's total, judged by the engine
            if st.melds[side]:
                # What the side has on the table this hand: card points and canasta bonuses.
                table = sum(m.points() + m.bonus(st.rules) for m in st.melds[side])
                text = _("{side} · On the table: {n}").format(side=view.side_names[side], n=number(table))
            else:
                text = _("{side}: no melds yet").format(side=view.side_names[side])
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
                canastas = [m.canasta(st.rules) for m in st.melds[side]]
                plus = st.rules.red_threes_count_for(bool(st.melds[side]), canastas)
                sign = "+" if plus else "−"
                labels.append((f"×{n} {sign}", size, GOLD if plus else (230, 120, 110),
                               (threes[0] + threes[2] // 2, y + h // 2), "center", True))
        return labels

    # ----- marks ------------------------------------------------------------------------------------

    def draw_marks(self, surface: pygame.Surface | DrawList, view: TableView) -> None:
        """Canasta ribbons and tags, the picked meld, the staged melds and the staged additions."""
        st, homes = view.state, self.homes
        for side in range(st.sides):
            for m in st.melds[side]:
                can = st.rules.canasta_key(m.canasta(st.rules))  # Samba's run: a samba
                rect = homes.meld_rects.get(m.id)
                if can and rect:
                    r = pygame.Rect(rect)
                    color = CANASTA_COLORS[can]
                    draw_list.rect(surface, color, r.inflate(4, 4), width=3, border_radius=8)
                    for tag, img in self.canasta_tags(m, can, r):
                        draw_list.rect(surface, color, tag, border_radius=4)
                        surface.blit(img, img.get_rect(center=tag.center))
        if self.picked is not None and self.picked in homes.meld_rects:
            picked = pygame.Rect(homes.meld_rects[self.picked]).inflate(10, 10)
            # Dashes, not a whole frame: the hint's yellow frame is as light as white in greys.
            cues.dashed_frame(surface, picked, 4, max(8, min(picked.w, picked.h) // 8))
        for rect in homes.staged_rects:
            draw_list.rect(surface, GOLD, self._frame(rect, view.side), width=3, border_radius=6)
        for meld_id in self.staging.adds:  # the melds that staged additions go onto
            rect = homes.meld_rects.get(meld_id)
            if rect:
                draw_list.rect(surface, GOLD, self._frame(rect, view.side), width=2, border_radius=6)
        # Each card staged onto a meld lies in it, marked: a gold frame round the part of it that shows
        # (where the next card of its row covers the rest) and a gold bar inside it at its foot, where a
        # meld's card shows nothing (over it, the bar would run into the label strip above the melds).
        for card, r in homes.staged_on_melds.items():
            covering = [s.x for c, s in homes.spots.items() if c != card and abs(s.y - r[1]) < 1 and
                        0 < s.x - r[0] < r[2]]
            shown_w = max(8, round(min(covering, default=r[0] + r[2]) - r[0]))
            draw_list.rect(surface, GOLD, pygame.Rect(r[0], r[1], shown_w, r[3]).inflate(2, 2), width=3,
                           border_radius=6)
            bar = max(4, r[2] // 14)
            draw_list.rect(surface, GOLD, (r[0] + 4, r[1] + r[3] - bar - 5, max(4, shown_w - 8), bar),
                           border_radius=2)

    def _frame(self, cards: tuple[int, int, int, int], side: int) -> pygame.Rect:
        """A frame round staged cards: wider than they are, but hardly taller, so that it stays clear of the
        label strip above the melds and of a selected hand card lifted up under them; and kept off the
        strip whatever the size."""
        rect = pygame.Rect(cards).inflate(8, 2)
        band = self.layout.meld_bands.get(side) if self.layout is not None else None
        if band is not None and rect.top < band[1] + band[3] <= rect.centery:
            rect.height -= band[1] + band[3] - rect.top
            rect.top = band[1] + band[3]
        return rect

    def canasta_tags(self, m, can: str, r: pygame.Rect) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """The labels on a squared-up canasta, bottom up from its foot, below its top card's index: its kind,
        then how many cards and how many of them wild ("9 cards · 2 wild"), on one line when it fits the
        pile's width, else two (see `fit_tags`)."""
        assert self.layout is not None
        size = self.layout.label_px - 2
        room = r.w - 4
        wild = sum(1 for c in m.cards if WILD[c])
        count = ngettext("{n} card", "{n} cards", m.size).format(n=m.size)
        wilds = ngettext("{n} wild", "{n} wild", wild).format(n=wild) if wild else ""
        both = _("{cards} · {wild}").format(cards=count, wild=wilds) if wild else count
        kind = CANASTA_TAGS[can]()
        # Below the top card's index, each line as large as it fits, down to 13 px; with less room the counts
        # go first (the wild cards', then the cards'), and only then the size, to 9 px: never the kind.
        room_h = r.h - index_strip(self.homes.meld_card_w.get(self.homes.meld_side.get(m.id, 0), r.w))[1] - 4
        # Worked out once per look: the search renders many trial lines, too many for every frame.
        key = (kind, both, size, room, room_h)
        if key not in self._tags:
            self._tags[key] = fit_tags(kind, count, wilds, both, size, room, room_h)
        out = []
        y = r.bottom - 3
        for text, px in reversed(self._tags[key] or [(kind, 9)]):  # the kind, even where nothing else fits
            img = text_image(text, px, (255, 255, 255), True)
            if img.get_width() > r.w - 2:  # narrower than the word at its smallest: its start still tells it
                img = img.subsurface((0, 0, r.w - 2, img.get_height()))
            # One block of lines, the lowest with a pixel more at the foot.
            tag = pygame.Rect(0, 0, r.w - 2, img.get_height() + (3 if not out else 1))
            tag.midbottom = (r.centerx, y)
            out.append((tag, img))
            y = tag.top
        return out


def draw_shade(surface: pygame.Surface, shade: tuple) -> None:
    """A meld area's darker felt: as a black layer `alpha` opaque would, darkened in place."""
    rect, alpha = shade
    keep = 255 - alpha
    surface.fill((keep, keep, keep), rect, pygame.BLEND_RGB_MULT)
