"""`yaniv serve --play` in a real browser: headless Chromium (Debian's `chromium`) driven by Playwright, against
`yaniv serve --play` on 127.0.0.1. A page is the whole game, as `yaniv` in a terminal: a game against bots started
from the setup screen, its first turns played, the page reloaded and the same game Continued; the tab closed, its
save's lock let go; a second browser (no cookie of the first's) is offered none of the first's saved games. Skipped,
with its reason, where Chromium or Playwright is missing.

What a page shows is read from what the server sends it (the terminal's bytes, escapes stripped); what was played,
from the browser's own save in the server's data folder. Screenshots are kept in the test's temporary folder. Every
wait is bounded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pages
import pytest
from pages import CHROMIUM, LOOKS, launched_chromium, stop, wait_for_port

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

try:
    import fcntl
except ImportError:  # Windows: no flock to look at
    fcntl = None  # type: ignore[assignment]

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="no Chromium (Debian: apt-get install chromium)"
)

#: `yaniv serve --play`'s port.
SERVE_PORT = 42101


class Page(pages.Page):
    """A browser page on `yaniv serve --play`, and the text it has been sent: it opens on the setup screen."""

    def __init__(self, page: Any) -> None:
        super().__init__(page, SERVE_PORT, "a new game")  # the setup screen's title

    def drop_and_take(self, since: int = 0) -> None:
        """At its turn (said after the first `since` characters of its text): the first card dropped, the deck's card
        taken."""
        self.wait_until("your turn", lambda: "Your turn" in self.text()[since:])
        for key in ("1", "Enter", "d"):
            self.page.keyboard.press(key)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Path]:
    """`yaniv serve --play` on SERVE_PORT, listening; its data folder (each browser's folder in its `browsers/`)."""
    data = tmp_path / "data"
    env = {**os.environ, "YANIV_DATA_DIR": str(data), "YANIV_CONFIG_DIR": str(tmp_path / "config")}
    env.pop("YANIV_TOKENS_DIR", None)
    serve = subprocess.Popen(
        [sys.executable, "-m", "yaniv_tui", "serve", "--play", "--port", str(SERVE_PORT)],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(SERVE_PORT)
        yield data
    finally:
        stop(serve)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for this module's tests; each context it opens is a person (cookies of their own)."""
    with launched_chromium() as launched:
        yield launched


def _saves(data: Path) -> list[Path]:
    """Every browser's saved games in the server's data folder."""
    return sorted((data / "browsers").glob("*/data/saves/*.json"))


def _log(save: Path) -> list[dict[str, Any]]:
    """The turns of the saved game's round so far ([] while it is being written)."""
    try:
        log: list[dict[str, Any]] = json.loads(save.read_text())["game"]["log"]
    except (OSError, ValueError, KeyError):
        return []
    return log


def _yours(save: Path) -> bool:
    """Whether the saved game waits for seat 0's turn."""
    try:
        game = json.loads(save.read_text())["game"]
    except (OSError, ValueError, KeyError):
        return False
    return bool(game["current"] == 0 and game["phase"] == "turn")


def _played_by_you(save: Path) -> int:
    return sum(1 for turn in _log(save) if turn["seat"] == 0)


def _locked(save: Path) -> bool:
    """Whether a yaniv holds the saved game's lock (its lock file, beside it)."""
    assert fcntl is not None
    try:
        fd = os.open(save.with_suffix(".lock"), os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


@pytest.mark.skipif(fcntl is None, reason="no flock here: a save's lock cannot be looked at")
def test_a_page_plays_against_bots_reloads_and_continues_the_same_game(
    served: Path, chromium: Any, tmp_path: Path
) -> None:
    data = served
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        web = Page(context.new_page())
        web.open()
        assert "Continue" not in web.text()  # a new browser: nothing to continue
        web.page.screenshot(path=tmp_path / "1-setup.png")
        web.page.keyboard.press("Enter")  # starts: you and two bots
        web.wait_for_text("Your hand")
        web.drop_and_take()
        web.wait_until("a save of its own", lambda: len(_saves(data)) == 1)
        (save,) = _saves(data)
        web.wait_until("its move saved", lambda: _played_by_you(save) >= 1)
        # Its next turn is looked for in what the page is sent after its move: the page may say it before the save
        # the bots' turns wait on is read.
        after_its_move = len(web.text())
        web.wait_until("the bots' turns saved", lambda: _yours(save))
        web.drop_and_take(after_its_move)
        web.wait_until("its second move saved", lambda: _played_by_you(save) >= 2)
        web.page.screenshot(path=tmp_path / "2-played.png")
        played = _log(save)
        assert _locked(save)  # open in this page's yaniv

        web.open()  # a reload: that page's yaniv ends, a new one starts in the same browser's folder
        web.wait_for_text("Continue")
        web.page.screenshot(path=tmp_path / "3-reloaded.png")
        continued = len(web.text())
        web.page.keyboard.press("Control+r")  # Continue
        web.wait_for_text("Your hand")
        assert _saves(data) == [save]  # the same game, no new one
        assert _log(save)[: len(played)] == played
        web.drop_and_take(continued)  # the continued game's screen, drawn anew
        web.wait_until("a move of the continued game saved", lambda: _played_by_you(save) >= 3)
        web.page.screenshot(path=tmp_path / "4-continued.png")

        web.page.close()  # the tab closed mid-game: its yaniv ends, the game saved, its lock let go
        for _ in range(LOOKS):
            if not _locked(save):
                break
            time.sleep(0.1)
        assert not _locked(save)
        assert _played_by_you(save) >= 3
    finally:
        context.close()


def test_a_second_browser_sees_no_saved_game_of_the_first(served: Path, chromium: Any, tmp_path: Path) -> None:
    data = served
    first, second = (chromium.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2))
    try:
        web = Page(first.new_page())
        web.open()
        web.page.keyboard.press("Enter")
        web.drop_and_take()
        web.wait_until("a save", lambda: len(_saves(data)) == 1 and _played_by_you(_saves(data)[0]) >= 1)
        web.open()
        web.wait_for_text("Continue")  # the first browser has one
        web.wait_for_text("Saved games")

        other = Page(second.new_page())  # another person: no cookie of the first's
        other.open()
        other.page.wait_for_timeout(1000)
        other.page.screenshot(path=tmp_path / "other.png")
        assert "Continue" not in other.text() and "Saved games" not in other.text()
        assert len(_saves(data)) == 1  # nothing made or taken for the second
    finally:
        first.close()
        second.close()


def test_the_page_offers_stats_on_a_key_the_browser_hands_it(served: Path, chromium: Any, tmp_path: Path) -> None:
    """The setup screen's footer said `^t stats`: a browser keeps ctrl+t for a new tab and never hands it to the page,
    so the key opened a tab, never the stats. A page's footer offers ctrl+g, which opens them (a terminal's keeps
    ctrl+t)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        web = Page(context.new_page())
        web.open()
        web.wait_for_text("stats")
        footer = web.text().rsplit("\n", 1)[-1]
        assert "^g stats" in footer and "^t" not in footer, footer
        web.page.keyboard.press("Control+g")
        web.wait_for_text("p players")  # the stats screen's keys
        web.page.screenshot(path=tmp_path / "stats.png")
    finally:
        context.close()


def test_two_tabs_of_one_browser_are_two_terminals(served: Path, chromium: Any, tmp_path: Path) -> None:
    """Two tabs of one browser share its folder as two terminals share a data folder: a game open in one is said
    open in another yaniv in the other, which cannot take it; the first tab plays on."""
    data = served
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        first = Page(context.new_page())
        first.open()
        first.page.keyboard.press("Enter")
        first.drop_and_take()
        first.wait_until("a save", lambda: len(_saves(data)) == 1 and _played_by_you(_saves(data)[0]) >= 1)
        (save,) = _saves(data)

        second = Page(context.new_page())  # the same browser: its cookie, its folder
        second.open()
        second.wait_for_text("open in another yaniv")
        second.page.keyboard.press("Control+r")  # Continue, as a person would try
        second.page.wait_for_timeout(1500)
        second.page.screenshot(path=tmp_path / "second-tab.png")
        assert "Your hand" not in second.text()
        assert _saves(data) == [save] and _locked(save)

        first.page.bring_to_front()  # as a person goes back to it
        first.wait_until("the bots' turns saved", lambda: _yours(save))
        first.drop_and_take()  # the turn the save waits for (the screen may have said it before the second tab)
        first.wait_until("the first tab's next move saved", lambda: _played_by_you(save) >= 2)
    finally:
        context.close()


def test_quitting_a_game_in_a_page_says_how_to_come_back_from_the_page(
    served: Path, chromium: Any, tmp_path: Path
) -> None:
    """Quitting a game in a page (ctrl+q, then Quit) ends its yaniv, and its last line is shown on the page above
    "Session ended": it said "'yaniv --resume 1a2b3c4d' goes back to it", a command a browser's player has nowhere to
    type. It says Restart (or a reload), then Continue."""
    data = served
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        web = Page(context.new_page())
        web.open()
        web.page.keyboard.press("Enter")
        web.drop_and_take()
        web.wait_until("a save", lambda: len(_saves(data)) == 1 and _played_by_you(_saves(data)[0]) >= 1)
        web.page.keyboard.press("Control+q")
        web.wait_for_text("Quit yaniv?")
        web.page.keyboard.press("y")
        web.wait_for_text("yaniv: the game is saved")  # its last line (tui/launch.LAST_LINE), on the page
        web.wait_until("the session ended", lambda: "-closed" in (web.page.evaluate("document.body.className") or ""))
        web.page.screenshot(path=tmp_path / "quit.png")
        said = web.text()[web.text().index("yaniv: the game is saved") :]
        assert "yaniv --resume" not in said and "Continue" in said, said
    finally:
        context.close()
