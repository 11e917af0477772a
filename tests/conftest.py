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

import logging  # noqa: E402

import pytest  # noqa: E402


class _Failures(logging.Handler):
    """What the game logged as a computer player's or the engine's failure (game/shell/controller.py)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


_FAILURES = _Failures()
logging.getLogger("bolivia.players").addHandler(_FAILURES)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "player_failures: the test makes a computer player fail on purpose")


@pytest.fixture(autouse=True)
def _no_player_failures(request: pytest.FixtureRequest):
    """A game a test plays must not have a computer player or the engine fail: the shipped game would
    only log it and play on, so the test fails here instead (unless it makes one fail on purpose)."""
    _FAILURES.records.clear()
    yield
    if _FAILURES.records and request.node.get_closest_marker("player_failures") is None:
        first = _FAILURES.records[0]
        pytest.fail(f"a computer player or the engine failed during the test: {first.getMessage()[:2000]}")


@pytest.fixture(autouse=True)
def _quiet_speaker():
    """Each test speaks to a fresh speaker with no screen reader behind it (never the machine's own voice);
    a test that listens reads `speaker().pending` or hands in its own."""
    from game.ui.speech import Speaker, use

    old = use(Speaker(make_backend=None))
    yield
    use(old)


@pytest.fixture(autouse=True)
def _usual_looks():
    """Each test draws at the usual text size and colours, whatever a test before chose."""
    yield
    from game.ui.looks import set_looks

    if set_looks("normal", False):
        from scenes.widgets import looks_changed

        looks_changed()
