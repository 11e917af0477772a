"""Write the game's sounds as WAV files, to listen to them or measure them (`sox NAME.wav -n stats`):
`python -m game.tools.sounds FOLDER`. The game itself never writes them: it renders them in memory."""

from __future__ import annotations

import sys
import wave
from pathlib import Path

from game.ui.sounds import RATE, SYNTHS, render, to_pcm


def write_all(folder: Path) -> list[Path]:
    """One mono 16-bit WAV a sound, named after it; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in SYNTHS:
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(to_pcm(render(name)))
        out.append(path)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.tools.sounds FOLDER", file=sys.stderr)
        return 2
    for path in write_all(Path(args[0])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
