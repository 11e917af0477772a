"""The rules screen, from the main menu, the pause menu or a key at the table: the rules of the game
being played (as docs/RULES.md writes them out), in pages at a readable size. ← → turn the pages; Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.assets import font
from game.i18n import _, ngettext, number
from game.rules.cards import CLUBS, FACE_VALUE, JOKER_FACE, face_of
from game.rules.ruleset import BOLIVIA, RED_PLUS_MELDED, RED_PLUS_TWO, RuleSet
from scenes.house_words import house_summary
from scenes.scene import Host, Scene
from scenes.spoken_screens import page_lines, speak
from scenes.widgets import (
    GOLD,
    INK,
    INK_DIM,
    Button,
    draw_panel,
    draw_text,
    felt_background,
    ui_unit,
    wrap_text,
)


# The paragraphs Bolivia and Samba (its parent) word alike, written once for both. Every paragraph a house
# option changes is built from the rule set (game/rules/house.py sets its fields), so the pages say what the
# table plays: a Samba table with take_top=no once read "the top card alone can be taken" on page 2.
def _players_and_deck(rules: RuleSet) -> list[str]:
    return [
        _("Two, three or four players; at four, partners sit opposite and share their melds."),
        _("{cards} cards: three packs and six jokers. Each player is dealt {hand}; the next card starts the "
          "discard pile.").format(cards=rules.deck_size, hand=rules.hand_cards(4)),
    ]


def _turn_pile_and_melds(rules: RuleSet) -> list[str]:
    if rules.take_top:
        pile = _("The pile can be taken only when its top card is a natural 4 to ace and you hold a natural pair "
                 "of its rank: they start a new meld, and the rest of the pile goes to your hand. The top card "
                 "alone can be taken when it extends one of your side's runs.")
    else:
        pile = _("The pile can be taken only when its top card is a natural 4 to ace and you hold a natural pair "
                 "of its rank: they start a new meld, and the rest of the pile goes to your hand. The top card is "
                 "never taken alone, not even onto a run.")
    return [
        _("Each turn: draw two cards from the stock, or take the discard pile; meld; discard one."),
        pile,
        _wild_limit(rules) + " " + _("Twos and jokers are wild."),
    ]


def _wild_limit(rules: RuleSet) -> str:
    """What a meld of one rank is and how many wild cards it may hold, as the rule set allows."""
    if rules.max_wilds_in_rank_meld == 2:
        return _("A meld is three or more cards of one rank (4 to ace), with at most two wild cards and at least "
                 "twice as many natural cards as wild ones.")
    if rules.natural_margin:
        return _("A meld is three or more cards of one rank (4 to ace), with more natural cards than wild cards "
                 "and at most three wild cards.")
    return _("A meld is three or more cards of one rank (4 to ace), with at least as many natural cards as wild "
             "cards and at most three wild cards.")


def _first_meld_table(rules: RuleSet) -> str:
    """The first-meld minimums of the rule set's table, lowest score first."""
    steps = sorted(rules.min_meld_table)
    words = []
    for i, (lowest, minimum) in enumerate(steps):
        if i == 0:  # the lowest step has no floor: it holds below the next step's score
            above = steps[1][0] if len(steps) > 1 else 0
            words.append(_("{points} below zero").format(points=number(minimum)) if above == 0 else
                         _("{points} below {score}").format(points=number(minimum), score=number(above)))
        else:
            words.append(_("{points} from {score}").format(points=number(minimum), score=number(lowest)))
    return _("A side's first meld must reach a minimum set by its score: {steps}.").format(steps=", ".join(words))


def _red_threes(rules: RuleSet) -> str:
    laid = _("Red threes are laid out at once: {each} each, {all} for {all_of}.").format(
        each=number(rules.red_three), all=number(rules.all_red_threes), all_of=rules.all_red_threes_text())
    if rules.red_threes_plus == RED_PLUS_MELDED:
        plus = _("They count plus for a side that has melded by the end of the hand, minus for a side that has not.")
    elif rules.red_threes_plus == RED_PLUS_TWO or not rules.escalera_to_go_out:
        plus = _("They count plus for a side with two canastas at the end of the hand, minus for a side without.")
    else:
        plus = _("They count plus for a side that can go out at the end of the hand, minus for a side that can't.")
    return laid + " " + plus


def _black_threes(rules: RuleSet) -> str:
    return _("Black threes can be melded only when going out. A black three left in hand costs {cost}.").format(
        cost=number(rules.black_three_in_hand))


def _going_out(rules: RuleSet) -> str:
    """What going out needs and pays, as the rule set has it."""
    if rules.escalera_to_go_out:
        need = _("an escalera and one more canasta")
    elif min(rules.canastas_to_go_out_at) == 2:
        need = _("two canastas of any kind")
    else:
        need = _("one canasta (two at two players)")
    if rules.go_out == rules.go_out_concealed:
        bonus = _("{points} for going out, concealed or not").format(points=number(rules.go_out))
    elif rules.concealed_by_player:
        bonus = _("{points} for going out, {concealed} for going out concealed, melding your whole hand in one "
                  "turn without having melded before").format(points=number(rules.go_out),
                                                               concealed=number(rules.go_out_concealed))
    else:
        bonus = _("{points} for going out, {concealed} for going out concealed").format(
            points=number(rules.go_out), concealed=number(rules.go_out_concealed))
    return _("Your side may go out once it has {need}: {bonus}.").format(need=need, bonus=bonus)


def _keep_two_and_asking(rules: RuleSet) -> str:
    if rules.ask_required:
        return _("Until then, keep at least two cards in hand after melding. At four, you go out only after asking "
                 "your partner “May I go out?” and hearing yes; no forbids it this turn.")
    return _("Until then, keep at least two cards in hand after melding. At four, you may first ask your partner "
             "“May I go out?”: yes obliges you to go out this turn, no forbids it.")


def _card_values(black_three: bool) -> str:
    """The cards' values as game/rules/cards.py holds them (the same in every game); `black_three`: say a
    melded black three's too."""
    values = {"joker": FACE_VALUE[JOKER_FACE], "two": FACE_VALUE[face_of(CLUBS, 2)],
              "high": FACE_VALUE[face_of(CLUBS, 13)], "low": FACE_VALUE[face_of(CLUBS, 7)]}
    values = {name: number(v) for name, v in values.items()}
    if black_three:
        return _("Card values: joker {joker}; two and ace {two}; king down to eight {high}; seven down to four "
                 "{low}; a black three {three}.").format(three=number(FACE_VALUE[face_of(CLUBS, 3)]), **values)
    return _("Card values: joker {joker}; two and ace {two}; king down to eight {high}; seven down to four "
             "{low}.").format(**values)


def _game_end(target: int) -> str:
    return _("The game ends after the hand in which a side reaches {target} points. The highest total wins; a tie "
             "for the lead is a draw.").format(target=number(target))


def bolivia_rules(rules: RuleSet, target: int) -> list[str]:
    """Bolivia, one paragraph each (built at call time so the language applies)."""
    return [
        *_players_and_deck(rules),
        _card_values(black_three=False),
        *_turn_pile_and_melds(rules),
        _(
            "A run is 3 to 7 cards of one suit in order, from 4 up to ace, with no wild card. "
            "A run of seven cards is an escalera."
        ),
        _("Three to seven wild cards make a wild meld; seven of them are a bolivia."),
        _("Seven cards make a canasta: natural {natural}, mixed {mixed}, escalera {escalera}, and seven wild "
          "cards, a bolivia, {bolivia}.").format(natural=number(rules.natural_canasta),
                                                   mixed=number(rules.mixed_canasta),
                                                   escalera=number(rules.escalera), bolivia=number(rules.bolivia)),
        _first_meld_table(rules),
        _("Several melds may be laid together to reach it. When the pile is taken, only the top card and the "
          "cards melded with it count, not the rest of the pile."),
        _red_threes(rules),
        _black_threes(rules),
        _going_out(rules),
        _keep_two_and_asking(rules),
        _("A hand ends when a player goes out, or when the stock is empty and the player to draw cannot or will "
          "not take the pile or the top card; then nobody earns the going-out bonus."),
        _("Each side scores its melded cards, its canasta bonuses and its bonus for going out, minus the cards "
          "left in its players' hands."),
        _game_end(target),
        hand_limit(rules),
    ]


def hand_limit(rules: RuleSet) -> str:
    return ngettext("A game that reaches {n} hand stops there as a draw.",
                    "A game that reaches {n} hands stops there as a draw.", rules.max_hands).format(n=rules.max_hands)


def standard_rules(rules: RuleSet, target: int) -> list[str]:
    """Standard Canasta, one paragraph each (built at call time so the language applies)."""
    if rules.unfrozen_pair_only:
        take = _("The pile is taken whole, with two cards from your hand that meld with its top card: always a "
                 "natural pair, frozen or not. They make a new meld, or go onto your side's meld of that rank.")
    else:
        take = _("The pile is taken whole, with two cards from your hand that meld with its top card: a natural "
                 "pair while the pile is frozen, otherwise a natural card and a wild card will do. They make a new "
                 "meld, or go onto your side's meld of that rank.")
    if rules.take_onto_meld:
        take += " " + _("While the pile is not frozen for your side, its top card may instead go alone onto your "
                        "side's meld of its rank, and the rest of the pile is yours.")
    return [
        _("Two, three or four players; at four, partners sit opposite and share their melds."),
        _("{cards} cards: two packs and four jokers. Each player is dealt 11 cards at four players, 13 at three, "
          "15 at two; the next card starts the discard pile.").format(cards=rules.deck_size),
        _card_values(black_three=True),
        _("Each turn: draw one card from the stock at four players, two at two or three, or take the discard "
          "pile; meld; discard one card."),
        _wild_limit(rules) + " " + _("Twos and jokers are wild. A side has at most one meld of each rank."),
        take,
        _("The pile is frozen for a side until it has melded, and for everyone once a wild card is discarded "
          "(it lies crosswise) until someone takes the pile. A black three or a wild card on top blocks it: a "
          "discarded black three blocks only the next player."),
        _("Seven cards make a canasta: natural {natural}, mixed {mixed}.").format(
            natural=number(rules.natural_canasta), mixed=number(rules.mixed_canasta)),
        _first_meld_table(rules),
        _red_threes(rules),
        _("Black threes, three or four of them, can be melded only when going out."),
        _going_out(rules),
        _keep_two_and_asking(rules),
        _game_end(target),
        hand_limit(rules),
    ]


def game_name(name: str) -> str:
    """A game's name as players call it."""
    return {"bolivia": _("Bolivia"), "standard": _("Standard Canasta"), "samba": _("Samba")}.get(name, name)


def game_blurb(name: str, rules: RuleSet | None = None) -> str:
    """A game in one sentence, as the setup says it under the game's line; `rules`: the game with the table's
    house rules, whose going out it names (Bolivia with go_out_needs=two needs any two canastas)."""
    if name == "bolivia" and rules is not None and not rules.escalera_to_go_out:
        return _("Bolivia: three packs, runs and escaleras, wild melds; any two canastas to go out.")
    if name == "standard" and rules is not None and min(rules.canastas_to_go_out_at) == 2:
        return _("Standard Canasta: two packs, melds of one rank, the frozen pile; two canastas to go out.")
    return {
        "bolivia": lambda: _("Bolivia: three packs, runs and escaleras, wild melds; an escalera and another "
                             "canasta to go out."),
        "standard": lambda: _("Standard Canasta: two packs, melds of one rank, the frozen pile; one canasta to go "
                              "out, two at two players."),
        "samba": lambda: _("Samba: Bolivia's parent. Three packs and runs, no wild melds; any two canastas to "
                           "go out."),
    }.get(name, lambda: "")()


def samba_rules(rules: RuleSet, target: int) -> list[str]:
    """Samba, one paragraph each (built at call time so the language applies)."""
    return [
        *_players_and_deck(rules),
        _card_values(black_three=True),
        *_turn_pile_and_melds(rules),
        _("A run is 3 to 7 cards of one suit in order, from 4 up to ace, with no wild card. A run of seven "
          "cards is a samba. Wild cards are never melded on their own."),
        _("Seven cards make a canasta: natural {natural}, mixed {mixed}, samba {samba}.").format(
            natural=number(rules.natural_canasta), mixed=number(rules.mixed_canasta), samba=number(rules.escalera)),
        _first_meld_table(rules),
        _red_threes(rules),
        _black_threes(rules),
        _going_out(rules),
        _keep_two_and_asking(rules),
        _game_end(target),
        hand_limit(rules),
    ]


# The rules text of each game, by rule set name: a new game adds its own.
RULES_TEXT: dict[str, Callable[[RuleSet, int], list[str]]] = {"bolivia": bolivia_rules, "standard": standard_rules,
                                                               "samba": samba_rules}


def rules_text(rules: RuleSet = BOLIVIA, target: int | None = None) -> list[str]:
    """The paragraphs of the rules of the game `rules` plays, to `target` points."""
    text = RULES_TEXT.get(rules.name, bolivia_rules)
    paragraphs = text(rules, rules.default_target(4) if target is None else target)
    paragraphs.append(what_a_computer_knows())
    if rules.house:  # the paragraphs above already say what they make true; this names them
        paragraphs.append(_("House rules at this table, told in the rules above: {rules}.").format(
            rules=house_summary(rules)))
    return paragraphs


class RulesScene(Scene):
    """`on_back()` leaves (back to the menu, or to the game that opened it)."""

    def __init__(self, on_back: Callable[[], None] | None = None, rules: RuleSet = BOLIVIA,
                 target: int | None = None) -> None:
        super().__init__()
        self.on_back = on_back
        self.rules = rules
        self.target = rules.default_target(4) if target is None else target
        self.back_button = Button(_("Back"), self.back)
        self.next_button = Button(_("Next page"), lambda: self.turn_page(1))
        self.prev_button = Button(_("Previous"), lambda: self.turn_page(-1))
        self.page = 0
        self.closed = False
        self._pages: list[list[list[str]]] = []  # pages of paragraphs of wrapped lines
        self._text_size = 16
        self._unit = ui_unit(self.size)
        self._panel = pygame.Rect(0, 0, 0, 0)

    @property
    def pages(self) -> int:
        return len(self._pages)

    def back(self) -> None:
        if not self.closed:
            self.closed = True
            if self.on_back is not None:
                self.on_back()

    def enter(self, app: Host) -> None:
        super().enter(app)
        self.closed = False

    def turn_page(self, delta: int) -> None:
        before = self.page
        self.page = max(0, min(len(self._pages) - 1, self.page + delta))
        if self.page != before:
            self.announce()
        self.dirty = True

    def announce(self) -> None:
        """The page said aloud, paragraph by paragraph (each paragraph a line of its own)."""
        paragraphs = [" ".join(block).removeprefix("• ") for block in self._pages[self.page]] if self._pages else []
        speak(page_lines(_("Rules of {game}").format(game=game_name(self.rules.name)), paragraphs, self.page,
                         len(self._pages)))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        u = self._unit = ui_unit(size)
        self._panel = pygame.Rect(0, 0, min(w - 2 * u, u * 34), h - 2 * u)
        self._panel.center = (w // 2, h // 2)
        bw = min(u * 7, (self._panel.w - 2 * u) // 3)
        self.back_button.rect = pygame.Rect(0, 0, bw, round(u * 2))
        self.back_button.rect.midbottom = (w // 2, self._panel.bottom - u // 2)
        self.prev_button.rect = self.back_button.rect.move(-(bw + u // 2), 0)
        self.next_button.rect = self.back_button.rect.move(bw + u // 2, 0)
        self._paginate()

    def _paginate(self) -> None:
        """The rules at the largest size that fits one page; below a readable size, several pages."""
        panel = self._panel
        u = self._unit
        top = panel.top + round(u * 3.2)
        room = self.back_button.rect.top - u // 2 - top
        width = panel.w - 3 * u
        readable = max(16, round(u * 0.82))
        size = u
        paragraphs = rules_text(self.rules, self.target)
        while True:
            fnt = font(size)
            blocks = [wrap_text("• " + p, fnt, width) for p in paragraphs]
            line_h = round(size * 1.25)
            needed = sum(len(b) * line_h for b in blocks) + (len(blocks) - 1) * (size // 2)
            if needed <= room or size <= readable:
                break
            size -= 1
        pages: list[list[list[str]]] = [[]]
        used = 0
        for block in blocks:
            h = len(block) * line_h + size // 2
            if pages[-1] and used + h > room:
                pages.append([])
                used = 0
            pages[-1].append(block)
            used += h
        self._pages = pages
        self._text_size = size
        self.page = min(self.page, len(pages) - 1)

    def _buttons(self) -> list[Button]:
        out = [self.back_button]
        if self.page > 0:
            out.append(self.prev_button)
        if self.page < len(self._pages) - 1:
            out.append(self.next_button)
        return out

    def handle_event(self, event: pygame.event.Event) -> None:
        """← → (or Page Up / Down, Space) turn the page, Enter reads on then closes, Esc or Backspace
        closes; the mouse uses the buttons."""
        if event.type == pygame.KEYDOWN:
            last = self.page >= len(self._pages) - 1
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
            elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_DOWN, pygame.K_SPACE):
                self.turn_page(1)
            elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_UP):
                self.turn_page(-1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if last:
                    self.back()
                else:
                    self.turn_page(1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self._buttons():
                b.pressed = b.rect.collidepoint(event.pos)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((b for b in self._buttons() if b.pressed and b.rect.collidepoint(event.pos)), None)
            for b in self._buttons():
                b.pressed = False
            self.dirty = True
            if hit is not None:
                hit.activate()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))  # made once a size, in widgets
        panel = self._panel
        u = self._unit
        draw_panel(surface, panel, max(8, u // 2))
        title = _("Rules of {game}").format(game=game_name(self.rules.name))
        draw_text(surface, title, round(u * 1.4), GOLD, (panel.centerx, panel.top + u), "midtop", True)
        size = self._text_size
        fnt = font(size)
        line_h = round(size * 1.25)
        y = panel.top + round(u * 3.2)
        for block in self._pages[self.page] if self._pages else []:
            for j, line in enumerate(block):
                x = panel.left + round(u * 1.5) + (fnt.size("• ")[0] if j else 0)
                surface.blit(fnt.render(line, True, INK), (x, y))
                y += line_h
            y += size // 2
        if len(self._pages) > 1:
            text = _("Page {n} of {total}").format(n=self.page + 1, total=len(self._pages))
            draw_text(surface, text, max(14, u * 2 // 3), INK_DIM, (panel.right - u, panel.top + u // 2), "topright")
        self.next_button.focused = self.page < len(self._pages) - 1
        self.back_button.focused = not self.next_button.focused
        for b in self._buttons():
            b.draw(surface)


def what_a_computer_knows() -> str:
    """What a computer player plays from: its seat's view, nothing more (the replay shows it, move by move)."""
    return _("A computer player knows what its seat knows: its own hand, what lies on the table, and every card "
             "the players saw taken and discarded; never another player's cards nor the stock. The replay "
             "after a hand shows each of its moves as it saw the table (H).")
