"""Plays the table as a person would: only synthetic mouse clicks and key presses.

`perform(app, scene, action)` turns an engine action into the clicks and keys a player would
use, posts them to pygame's event queue and runs frames until the table has taken them.
"""

from __future__ import annotations

import pygame

from game.rules.actions import (
    Action,
    AddToMeld,
    Answer,
    AskPartner,
    Combine,
    Discard,
    DrawStock,
    LayMelds,
    MeldMove,
    TakePile,
    TakeTop,
)
from game.shell.app import App
from scenes.table import TableScene


def centre(rect: tuple[int, int, int, int]) -> tuple[int, int]:
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2


def corner(rect: tuple[int, int, int, int]) -> tuple[int, int]:
    """A point near a meld's top-left: visible even when a lower row overlaps the meld."""
    return rect[0] + 6, rect[1] + 6


def run_frames(app: App, n: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step(dt)


def settle(app: App, scene: TableScene, limit: int = 2000) -> None:
    """Run frames until nothing moves."""
    for _ in range(limit):
        app.step(1 / 60)
        if scene.tweener.idle:
            return
    raise AssertionError("the table never settled")


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    run_frames(app, 1)


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=""))
    run_frames(app, 1)


def card_spot(scene: TableScene, card: int) -> tuple[int, int]:
    """A point on the visible index corner of a card in the player's hand."""
    x, y, w, h = scene.homes.hand_rects[card]
    return x + max(3, w // 8), y + max(3, h // 8)


def select(app: App, scene: TableScene, cards: tuple[int, ...]) -> None:
    for c in cards:
        if c not in scene.selected:
            settle(app, scene)
            click(app, card_spot(scene, c))
    assert set(cards) <= scene.selected, "the clicks did not select the cards"


def select_by_keys(app: App, scene: TableScene, cards: tuple[int, ...]) -> None:
    """Select with the arrow keys and Space only."""
    for c in cards:
        target = scene.homes.hand.index(c)
        while scene.focus != target:
            key(app, pygame.K_RIGHT if scene.focus < target else pygame.K_LEFT)
        key(app, pygame.K_SPACE)
    assert set(cards) <= scene.selected


def perform(app: App, scene: TableScene, action: Action, keyboard: bool = False) -> None:
    """Carry out an action through the table's input alone (mouse, or keyboard when asked)."""
    settle(app, scene)
    layout = scene.layout
    assert layout is not None
    choose = select_by_keys if keyboard else select
    if isinstance(action, DrawStock):
        key(app, pygame.K_d) if keyboard else click(app, centre(layout.stock))
    elif isinstance(action, Discard):
        choose(app, scene, (action.card,))
        key(app, pygame.K_x) if keyboard else click(app, centre(layout.discard))
        if scene.dialog is not None:  # the discard warning: the policy chose this card, so confirm it
            key(app, pygame.K_y)
    elif isinstance(action, LayMelds):
        # Every meld is staged first (M), then all are laid together (L, or the Lay all button).
        for meld in action.melds:
            choose(app, scene, meld)
            key(app, pygame.K_m)
        key(app, pygame.K_l) if keyboard else click(app, scene.buttons["lay"].rect.center)
    elif isinstance(action, AddToMeld):
        choose(app, scene, action.cards)
        if keyboard:
            targets = scene.aim.targets(scene.view)
            while targets[scene.target % len(targets)] != action.meld:
                key(app, pygame.K_TAB)
            key(app, pygame.K_a)
            key(app, pygame.K_l)
        else:
            click(app, corner(scene.homes.meld_rects[action.meld]))
            click(app, scene.buttons["lay"].rect.center)
    elif isinstance(action, MeldMove):
        assert not action.combine, "the table combines two melds with two clicks, as a move of its own"
        for meld in action.new:
            choose(app, scene, meld)
            key(app, pygame.K_m)
        for meld_id, cards in action.add:
            choose(app, scene, cards)
            click(app, corner(scene.homes.meld_rects[meld_id]))
        key(app, pygame.K_l) if keyboard else click(app, scene.buttons["lay"].rect.center)
    elif isinstance(action, TakePile):
        for meld in action.melds:  # extra melds of a first meld are staged first
            choose(app, scene, meld)
            key(app, pygame.K_m)
        choose(app, scene, action.cards)
        key(app, pygame.K_p) if keyboard else click(app, centre(layout.discard))
    elif isinstance(action, TakeTop):
        if keyboard:
            key(app, pygame.K_t)
        else:
            click(app, corner(scene.homes.meld_rects[action.meld]))
    elif isinstance(action, AskPartner):
        key(app, pygame.K_q)
    elif isinstance(action, Answer):
        key(app, pygame.K_y if action.yes else pygame.K_n)
    elif isinstance(action, Combine):
        click(app, corner(scene.homes.meld_rects[action.meld]))
        click(app, corner(scene.homes.meld_rects[action.into]))
    run_frames(app, 2)
