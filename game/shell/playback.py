"""Hands played back: a hand's replay (from the scoring screen, the game-over screen or the table's score
sheet) and its review, where the player's moves cost most. Each goes back to the scene it came from.
A mixin of `Flow` (game/shell/flow.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai.review import Moment
    from game.keep.settings import Settings
    from game.rules.record import GameRecord
    from game.shell.app import App
    from scenes.scene import Scene
    from scenes.table import TableScene


class Playback:
    """Set up by `Flow`: these are its attributes this part reads."""

    app: App
    table: TableScene | None
    settings: Settings

    def _replay_from_sheet(self, hand: int) -> None:
        """A hand chosen on the table's score sheet (G), played back; Esc comes back to the sheet."""
        table = self.table
        if table is not None and table.controller.record.hand(hand) is not None:
            self.open_replay(table.controller.record, hand, table)

    def open_replay(self, record: GameRecord, hand: int, back: Scene, names: list[str] | None = None) -> None:
        """A hand of `record` played back (the scene it came from comes back after it). `names`: the seats'
        (the people's at a table with friends)."""
        from scenes.replay import ReplayScene  # when first asked, not at start-up

        self.app.scenes.request(ReplayScene(record, hand, on_back=lambda: self.app.scenes.request(back),
                                            sort_order=self.settings.sort_order,
                                            four_colour=self.settings.four_colour, names=names))

    def open_review(self, record: GameRecord, hand: int, back: Scene, names: list[str] | None = None) -> None:
        """Where the player's moves of the hand cost most; a moment chosen opens the replay at its move, and
        the review comes back after it (worked out once), then the scene it came from."""
        from scenes.replay import ReplayScene
        from scenes.review import ReviewScene

        review = ReviewScene(record, hand, seat=0, on_back=lambda: self.app.scenes.request(back), names=names)

        def replay_at(moment: Moment) -> None:
            self.app.scenes.request(ReplayScene(record, moment.hand, on_back=lambda: self.app.scenes.request(review),
                                                sort_order=self.settings.sort_order,
                                                four_colour=self.settings.four_colour,
                                                at=moment.move + 1, note=lambda: review.note(moment), names=names))

        review.on_replay = replay_at
        self.app.scenes.request(review)
