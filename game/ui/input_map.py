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
    pygame.K_r: Intent("sort_rank"),
    pygame.K_s: Intent("sort_suit"),
    pygame.K_q: Intent("ask"),
    pygame.K_h: Intent("hint"),
    pygame.K_z: Intent("undo"),
    pygame.K_F1: Intent("help"),
    pygame.K_ESCAPE: Intent("pause"),
    pygame.K_RETURN: Intent("enter"),
    pygame.K_KP_ENTER: Intent("enter"),
    pygame.K_BACKSPACE: Intent("clear"),
    pygame.K_UP: Intent("target", -1),
    pygame.K_DOWN: Intent("target", 1),
}


def key_intent(key: int, mod: int = 0, text: str = "") -> Intent | None:
    """The intent of a key press; Tab and Shift+Tab move the target too, and "?" (whatever key types it
    on the keyboard's layout) shows the keys like F1. Z and Ctrl+Z both undo."""
    if key == pygame.K_TAB:
        return Intent("target", -1 if mod & pygame.KMOD_SHIFT else 1)
    if text == "?" or (key == pygame.K_SLASH and mod & pygame.KMOD_SHIFT):
        return Intent("help")
    return KEYS.get(key)
