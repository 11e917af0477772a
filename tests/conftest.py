"""Test set-up: pygame runs headless (no window, no sound card) in every test."""

import os

# Before any pygame import: SDL reads these when the display and mixer start.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
