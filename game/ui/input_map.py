"""Keys to intents: what the player means, before the table turns it into an engine action.
Kept apart from the scene so the mapping is tested without a window."""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Intent:
    kind: str
    arg: int = 0


KEYS: dict[int, Intent] = {
    pygame.K_LEFT: Intent("focus", -1),
    pygame.K_RIGHT: Intent("focus", 1),
    pygame.K_SPACE: Intent("select"),
    pygame.K_d: Intent("draw"),
    pygame.K_p: Intent("pile"),
    pygame.K_t: Intent("top"),
    pygame.K_m: Intent("meld"),
    pygame.K_l: Intent("lay"),
    pygame.K_c: Intent("cancel"),
    pygame.K_k: Intent("combine"),
    pygame.K_x: Intent("discard"),
    pygame.K_a: Intent("add"),
    pygame.K_1: Intent("sort_rank"),  # digits: the same keys in every language (R is the rules)
    pygame.K_KP1: Intent("sort_rank"),
    pygame.K_2: Intent("sort_suit"),
    pygame.K_KP2: Intent("sort_suit"),
    pygame.K_s: Intent("sort_suit"),  # S sorted before: it still does, by suit
    pygame.K_q: Intent("ask"),
    pygame.K_h: Intent("help"),
    pygame.K_i: Intent("hint"),  # idea, indice, idé
    pygame.K_e: Intent("do_hint"),  # execute, exécuter, utför: the hint showing carried out
    pygame.K_z: Intent("undo"),
    pygame.K_w: Intent("log"),  # what happened this hand
    pygame.K_g: Intent("sheet"),  # the game's score sheet
    pygame.K_r: Intent("rules"),  # Rules, Règles, Regler
    pygame.K_v: Intent("mute"),  # volume, volume, volym
    pygame.K_F1: Intent("help"),
    pygame.K_ESCAPE: Intent("pause"),
    pygame.K_RETURN: Intent("enter"),
    pygame.K_KP_ENTER: Intent("enter"),
    pygame.K_BACKSPACE: Intent("clear"),
    pygame.K_UP: Intent("target", -1),
    pygame.K_DOWN: Intent("target", 1),
    # 3 to 8: a summary said aloud (game/ui/spoken_table.py TELLS): hand, our melds, theirs, piles, scores, turn
    **{pygame.K_3 + i: Intent("tell", i) for i in range(6)},
}


# Yes / no in each language's own letters (oui / non, ja / nej); Y and N always work as well.
YES_KEYS: dict[str, tuple[int, ...]] = {"en": (pygame.K_y,), "fr": (pygame.K_o, pygame.K_y),
                                        "sv": (pygame.K_j, pygame.K_y)}
NO_KEYS: dict[str, tuple[int, ...]] = {"en": (pygame.K_n,), "fr": (pygame.K_n,), "sv": (pygame.K_n,)}
YES_NO_LETTERS = {"en": ("Y", "N"), "fr": ("O", "N"), "sv": ("J", "N")}


def answer_key(key: int, lang: str = "en") -> bool | None:
    """True for a yes key, False for a no key (in `lang`, or the English ones), else None."""
    if key in YES_KEYS.get(lang, YES_KEYS["en"]) or key in YES_KEYS["en"]:
        return True
    if key in NO_KEYS.get(lang, NO_KEYS["en"]) or key in NO_KEYS["en"]:
        return False
    return None


def yes_no_letters(lang: str = "en") -> tuple[str, str]:
    """The letters the key help shows for yes and no."""
    return YES_NO_LETTERS.get(lang, YES_NO_LETTERS["en"])


def key_intent(key: int, mod: int = 0, text: str = "") -> Intent | None:
    """The intent of a key press; Tab and Shift+Tab move the target too, and "?" (whatever key types it
    on the keyboard's layout) shows the keys like F1 and H. Z and Ctrl+Z both undo."""
    if key == pygame.K_TAB:
        return Intent("target", -1 if mod & pygame.KMOD_SHIFT else 1)
    if text == "?" or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
        return Intent("help")
    return KEYS.get(key)
