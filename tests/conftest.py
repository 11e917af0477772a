"""Test set-up: pygame runs headless (no window, no sound card) in every test."""

import os
import tempfile

# Before any pygame import: SDL reads these when the display and mixer start.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English labels whatever language the machine speaks.
os.environ["LANGUAGE"] = "en"
# Saves and settings of every test go to a throw-away folder, never the player's own.
os.environ["BOLIVIA_HOME"] = tempfile.mkdtemp(prefix="bolivia-tests-")
