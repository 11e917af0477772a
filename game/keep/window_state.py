"""The window as the player left it, as the settings file keeps it (the placement maths is the shell's,
game/shell/window.py)."""

from __future__ import annotations

from dataclasses import dataclass

MIN_SIZE = (1024, 600)  # below this the table's text and cards get too small to read
DEFAULT_SIZE = (1280, 800)  # the first size on a screen with room for it


@dataclass(frozen=True)
class WindowState:
    """The window as the player left it: its size (the windowed size, also when it was left full
    screen or maximised), where it was, whether it was full screen and whether it was maximised."""

    size: tuple[int, int] = DEFAULT_SIZE
    pos: tuple[int, int] | None = None
    fullscreen: bool = False
    maximized: bool = False

    def to_json(self) -> dict:
        data = {"size": list(self.size), "pos": list(self.pos) if self.pos is not None else None,
                "fullscreen": self.fullscreen}
        if self.maximized:  # only when it was: the files of earlier versions read back as they were
            data["maximized"] = True
        return data

    @staticmethod
    def from_json(data: object) -> WindowState | None:
        """Lenient: None when there is no usable size; a bad position or flag takes its default."""
        if not isinstance(data, dict):
            return None
        size = _pair(data.get("size"))
        if size is None or size[0] <= 0 or size[1] <= 0:
            return None
        return WindowState(size, _pair(data.get("pos")), data.get("fullscreen") is True, data.get("maximized") is True)


def _pair(value: object) -> tuple[int, int] | None:
    if (isinstance(value, list | tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 100_000 for v in value)):
        return int(value[0]), int(value[1])
    return None
