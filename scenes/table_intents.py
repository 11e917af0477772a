"""What the table scene decides itself, beside its parts' intents: the screens it opens, the hint and its
Do it, undo, and the summaries said aloud. Functions of the scene (scenes/table.py), which hands the map
to its switchboard (scenes/table_router.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.i18n import _
from game.rules.state import Phase
from game.ui.input_map import Intent
from game.ui.narrate import took_back
from scenes.scene import Scene
from scenes.table_parts.outcomes import Outcomes, Refuse

# The table scene (scenes/table.py): named by its base here, as the table imports this module.
TableScene = Scene


def own_intents(scene: TableScene) -> dict[str, tuple[Callable[[Intent], Outcomes], bool]]:
    """What the scene decides itself: the screens it opens, sound, the hint, undo, going out."""
    return {
        "pause": (lambda i: scene.dialogs.pause_menu(scene.on_settings, scene.on_rules, scene.on_menu,
                                                    lambda: scene.app.quit() if scene.app else None,
                                                    scene.size), False),
        "rules": (lambda i: scene.on_rules() if scene.on_rules is not None else None, False),
        "hint": (lambda i: scene.show_hint(), False),
        "do_hint": (lambda i: scene.router.do_hint(scene.hints.to_do(), scene.hints.cards), True),  # E, Do it
        "undo": (lambda i: undo(scene), True),
        "tell": (lambda i: scene.voice.tell(i.arg, scene.view), False),  # 3 to 8: a summary said aloud
    }


def undo(scene: TableScene) -> Outcomes:
    """Staged cards first, a step at a time; then the player's meld moves of this turn, one at a time."""
    if scene.melds.staging:
        return scene.melds.undo_step()
    held = set(scene.state.hands[scene.seat])
    if not scene.controller.undo():
        return Refuse(_("Nothing to undo: the draw showed new cards, so it stays.")
                      if scene.state.phase == Phase.MELD else _("Nothing to undo."))
    scene.hand.selected.clear()
    scene.melds.picked = None
    scene.drop_hint()
    scene.log_panel.add(took_back([c for c in scene.state.hands[scene.seat] if c not in held]))
    scene.apply_events([])
    return None
