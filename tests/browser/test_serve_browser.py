"""`yaniv serve` in a real browser: headless Chromium (Debian's `chromium`) driven by Playwright, against a
`yaniv serve` and a headless `yaniv host` on 127.0.0.1. The first browser types the join form without a click
(the page focuses its terminal), joins and plays a move; a second browser (its own cookies: another person)
typing the same code and the same name in other case cannot take the seat or see its hand; the first one's
reload puts its join screen's fields back and rejoins its seat with nothing typed. Skipped, with its reason,
where Chromium or Playwright is missing.

What a page shows is read from what `yaniv serve` sends it (the terminal's bytes, escapes stripped); what was
played, from the host's save. Screenshots are kept in the test's temporary folder. Every wait is bounded."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pages
import pytest
from pages import CHROMIUM, launched_chromium, stop, wait_for_port

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="no Chromium (Debian: apt-get install chromium)"
)

#: `yaniv serve`'s port (the host's is any free one it prints).
SERVE_PORT = 18250
#: What `yaniv host` prints for friends to type.
JOIN_LINE = re.compile(r"^yaniv join \S+:(?P<port>\d+) (?P<code>[A-Z0-9]{4})$")


class Page(pages.Page):
    """A browser page on `yaniv serve`, and the text it has been sent: it opens on the join screen."""

    def __init__(self, page: Any) -> None:
        super().__init__(page, SERVE_PORT, "room code")

    def type_join_form(self, port: int, code: str, name: str) -> None:
        """Address, Tab, code, Tab, name, Enter: no click first. Like a person, it looks at the screen before
        going on (the app takes a Tab typed in the same burst as the next letters after them: the page does
        not, a terminal does too), so each Tab waits for the next field to be drawn focused."""
        keyboard = self.page.keyboard
        keyboard.type(f"127.0.0.1:{port}")
        self.wait_for_text(f"127.0.0.1:{port}")
        for typed, placeholder in ((code, "letters and digits"), (name, "optional")):
            seen = len(self.text())
            keyboard.press("Tab")
            drawn = lambda shown=placeholder, since=seen: shown in self.text()[since:]  # noqa: E731
            self.wait_until(f"the field of {placeholder!r} focused", drawn)
            keyboard.type(typed)
            self.wait_for_text(typed)
        keyboard.press("Enter")


def _environment(folder: Path) -> dict[str, str]:
    env = {**os.environ, "YANIV_DATA_DIR": str(folder / "data"), "YANIV_CONFIG_DIR": str(folder / "config")}
    env.pop("YANIV_TOKENS_DIR", None)
    return {**env, "PYTHONUNBUFFERED": "1"}


def _first_line(process: subprocess.Popen[bytes]) -> str:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 60)
    assert ready, "the host printed nothing"
    return process.stdout.readline().decode("utf-8", "replace").strip()


def _host(folder: Path, seed: int) -> tuple[subprocess.Popen[bytes], int, str]:
    """A headless host (a remote seat and an easy bot) with its data in `folder`: it, its port and its code."""
    command = [sys.executable, "-m", "yaniv_tui", "host", "--headless"]
    host = subprocess.Popen(
        [*command, "--players", "remote,bot:easy", "--port", "0", "--seed", str(seed)],
        env=_environment(folder),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        line = _first_line(host)
        match = JOIN_LINE.match(line)
        assert match is not None, f"no join line from the host: {line!r}"
    except BaseException:
        stop(host)
        raise
    return host, int(match["port"]), match["code"]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[None]:
    """`yaniv serve` on SERVE_PORT, its data in the test's folder; a test waits for it to listen (`_wait_for_port`),
    so that what else it starts meanwhile starts beside it."""
    serve = subprocess.Popen(
        [sys.executable, "-m", "yaniv_tui", "serve", "--port", str(SERVE_PORT)],
        env=_environment(tmp_path / "serve"),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield
    finally:
        stop(serve)


@pytest.fixture
def table(served: None, tmp_path: Path) -> Iterator[tuple[int, str, Path]]:
    """A headless host (`_host`) and `yaniv serve`: the host's port, its code, and its data folder."""
    host_folder = tmp_path / "host"
    host, port, code = _host(host_folder, 7)
    try:
        wait_for_port(SERVE_PORT)
        yield port, code, host_folder / "data"
    finally:
        stop(host)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """One headless Chromium for this module's tests, launched once (each test is still its own people: `browser`)."""
    with launched_chromium() as launched:
        yield launched


class Browser:
    """The module's Chromium as one test uses it: each context it opens is a person (cookies of their own), and is
    closed once the test is over, its pages' `yaniv join` sessions with it, before its server stops."""

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium
        self.contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        context = self.chromium.new_context(**options)
        self.contexts.append(context)
        return context


@pytest.fixture
def browser(chromium: Any) -> Iterator[Browser]:
    opened = Browser(chromium)
    try:
        yield opened
    finally:
        for context in opened.contexts:
            context.close()


def _turns(host_data: Path) -> list[dict[str, Any]]:
    """The turns of the round so far, from the host's save."""
    saves = list((host_data / "saves").glob("*.json"))
    if len(saves) != 1:
        return []
    try:
        game = json.loads(saves[0].read_text())["game"]
    except (OSError, ValueError):
        return []  # being written
    log: list[dict[str, Any]] = game["log"]
    return log


def test_a_browser_joins_plays_and_keeps_its_seat_from_another_browser(
    table: tuple[int, str, Path], browser: Browser, tmp_path: Path
) -> None:
    port, code, host_data = table
    size = {"width": 1100, "height": 700}
    web = Page(browser.new_context(viewport=size).new_page())
    web.open()
    web.type_join_form(port, code, "Web")
    web.wait_for_text("Your hand")
    web.page.screenshot(path=tmp_path / "1-joined.png")

    web.wait_for_text("Your turn")
    before = len(_turns(host_data))
    web.page.keyboard.press("1")  # the first card
    web.page.keyboard.press("Enter")  # dropped
    web.page.keyboard.press("d")  # and the deck's card taken
    web.wait_until(
        "its move in the host's save",
        lambda: any(turn["seat"] == 0 for turn in _turns(host_data)[before:]),
    )
    web.page.screenshot(path=tmp_path / "2-played.png")

    other = Page(browser.new_context(viewport=size).new_page())  # another person: no cookie of Web's
    other.open()
    other.type_join_form(port, code, "web")
    other.wait_until("a refusal", lambda: "table is full" in other.text() or "already at" in other.text())
    other.page.screenshot(path=tmp_path / "3-refused.png")
    assert "Your hand" not in other.text()
    assert "-closed" not in (web.page.evaluate("document.body.className") or "")

    web.open()  # a reload: the same browser, its table and its seat token in its own folder
    web.wait_for_text("Your hand")  # its fields put back, it rejoins its seat at once: nothing typed
    web.page.screenshot(path=tmp_path / "4-rejoined.png")


def test_a_phone_sized_page_fits_the_game_in_its_width(
    table: tuple[int, str, Path], browser: Browser, tmp_path: Path
) -> None:
    """A phone held upright (390x844 CSS pixels) is 40 columns wide at the page's usual font: the app asked to
    enlarge a window that cannot be. The page picks a smaller font so that the game's least size fits; a font size
    the page's address asks for (`?fontsize=`) is kept."""
    port, code, _ = table
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(_SIZES_SCRIPT)
    phone = Page(context.new_page())
    phone.page.goto(f"http://127.0.0.1:{SERVE_PORT}/")
    phone.wait_until("a screen", lambda: "room code" in phone.text() or "too small" in phone.text())
    phone.page.screenshot(path=tmp_path / "phone.png")
    assert "too small" not in phone.text()
    phone.type_join_form(port, code, "Phone")
    phone.wait_for_text("Your hand")
    phone.page.screenshot(path=tmp_path / "phone-table.png")
    assert "too small" not in phone.text()
    # The font is the width's (80 columns); the height held 105 rows at it, four screens of the game, which
    # drew the table in the top part and left the rest blank. Its rows are spread out (up to twice as tall),
    # so the game is drawn over the whole height.
    size = _last_size(phone.page)
    assert size is not None and size[0] >= 80 and 24 <= size[1] <= 2 * 24 + 8, size
    drawn = phone.page.evaluate("document.querySelector('#terminal .xterm-screen').clientHeight")
    assert drawn >= 0.95 * 844, drawn

    asked = Page(browser.new_context(viewport={"width": 390, "height": 844}).new_page())
    asked.page.goto(f"http://127.0.0.1:{SERVE_PORT}/?fontsize=16")
    asked.wait_until("a screen", lambda: "room code" in asked.text() or "too small" in asked.text())
    assert "too small" in asked.text()  # what was asked for, too big for the game


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)], ids=["upright", "sideways"])
def test_a_phones_browser_lays_the_page_out_at_the_phones_width(
    width: int, height: int, table: tuple[int, str, Path], browser: Browser, tmp_path: Path
) -> None:
    """A phone's browser (a mobile one: it honours a page's viewport) laid a page with no viewport of its own out
    980 pixels wide, as for a desktop site: the page fitted its font to 980 pixels, and the phone showed the
    terminal cut off at its right edge (the join screen's fields, the table's right half), or shrunk to be
    unreadable. The page says its width is the device's, so the font is fitted to the phone's own width."""
    size = {"width": width, "height": height}
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True, device_scale_factor=3)
    context.add_init_script(_SIZES_SCRIPT)
    phone = Page(context.new_page())
    phone.open()
    phone.wait_until("a size sent", lambda: _last_size(phone.page) is not None)
    phone.page.screenshot(path=tmp_path / f"phone-{width}x{height}.png")
    laid_out = phone.page.evaluate("document.documentElement.clientWidth")
    drawn = phone.page.evaluate("document.querySelector('#terminal .xterm-screen').getBoundingClientRect().right")
    assert laid_out == width and drawn <= width, (laid_out, drawn)
    # Drawn at the phone's pixel ratio on canvases of as many pixels: under Chromium's device emulation xterm.js
    # sized them in CSS pixels and the page showed the terminal's top-left corner, three times too big.
    canvases = phone.page.evaluate(
        "[...document.querySelectorAll('#terminal canvas')].map(c => [c.width, c.getBoundingClientRect().width])"
    )
    assert canvases and all(pixels >= css * 3 - 3 for pixels, css in canvases), canvases
    sent = _last_size(phone.page)
    assert sent is not None and sent[0] >= 80 and sent[1] >= 24, sent
    assert "too small" not in phone.text()


def _last_size(page: Any) -> tuple[int, int] | None:
    """The terminal size the page last told the server (its `resize` frames), or None."""
    sizes = page.evaluate("window.__sizes || []")
    return (sizes[-1]["width"], sizes[-1]["height"]) if sizes else None


#: Keeps each `resize` frame a page sends (Playwright sees frames sent only by the socket's own listeners).
_SIZES_SCRIPT = """
window.__sizes = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const frame = JSON.parse(data);
    if (frame[0] === "resize") { window.__sizes.push(frame[1]); }
  } catch (error) {}
  return send.call(this, data);
};
"""


def test_a_page_resized_or_turned_refits_its_font(served: None, browser: Browser, tmp_path: Path) -> None:
    """The page's font was chosen once, at load: a window made narrow, or a phone turned upright, kept a font at
    which the game's least size (80x24) no longer fit, and the app asked to enlarge a window that cannot be; made
    large again, it kept the small font. Now each resize refits it (up to the usual 16 px, no further). It needs no
    table: a page of `yaniv serve` alone."""
    wait_for_port(SERVE_PORT)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(_SIZES_SCRIPT)
    web = Page(context.new_page())
    web.open()
    web.wait_until("a size sent", lambda: _last_size(web.page) is not None)
    wide = _last_size(web.page)
    assert wide is not None and wide[0] < 200  # the usual 16 px: about 133 columns
    for width, height in ((390, 844), (844, 390), (1280, 800), (390, 844)):
        seen = len(web.text())
        web.page.set_viewport_size({"width": width, "height": height})
        web.page.wait_for_timeout(1500)
        web.page.screenshot(path=tmp_path / f"resized-{width}x{height}.png")
        size = _last_size(web.page)
        assert size is not None and size[0] >= 80 and size[1] >= 24, (width, height, size)
        assert "too small" not in web.text()[seen:], (width, height)
        if (width, height) == (1280, 800):
            assert size == wide  # back at the usual font, not the phone's
    frames = len(web.page.evaluate("window.__sizes"))
    web.page.wait_for_timeout(2000)
    assert len(web.page.evaluate("window.__sizes")) == frames  # no loop of resizes


def _hand(host_data: Path, seat: int) -> list[str] | None:
    """The hand of `seat` in the host's save, as the save writes its cards; None while there is none to read."""
    saves = list((host_data / "saves").glob("*.json"))
    if len(saves) != 1:
        return None
    try:
        game = json.loads(saves[0].read_text())["game"]
        return [str(card) for card in game["hands"][seat]]
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return None


def _moved(host_data: Path, before: int) -> Callable[[], bool]:
    """Whether the host's save has more turns than `before`."""
    return lambda: len(_turns(host_data)) > before


@pytest.fixture
def second_table(tmp_path: Path) -> Iterator[tuple[int, str, Path]]:
    """A second headless host beside `table`'s: its port, code and data folder."""
    host, port, code = _host(tmp_path / "host-2", 8)
    try:
        yield port, code, tmp_path / "host-2" / "data"
    finally:
        stop(host)


def test_two_browsers_on_one_server_each_keep_their_own_game(
    table: tuple[int, str, Path], second_table: tuple[int, str, Path], browser: Browser, tmp_path: Path
) -> None:
    """Two people on one `yaniv serve`, each at a table of their own: each page shows its own hand and names only
    its own table's players; one closing its page mid-game leaves the other's game going, and opening the page
    again (the same browser) puts it back at its seat with the hand it had."""
    size = {"width": 1100, "height": 700}
    ann_browser, bee_browser = browser.new_context(viewport=size), browser.new_context(viewport=size)
    ann, bee = Page(ann_browser.new_page()), Page(bee_browser.new_page())
    for page, (port, code, _), name in ((ann, table, "Annette"), (bee, second_table, "Beatrice")):
        page.open()
        page.type_join_form(port, code, name)
        page.wait_for_text("Your hand")
    for page, data in ((ann, table[2]), (bee, second_table[2])):
        page.wait_for_text("Your turn")
        before = len(_turns(data))
        page.page.keyboard.press("1")
        page.page.keyboard.press("Enter")
        page.page.keyboard.press("d")
        page.wait_until("its move", _moved(data, before))
    assert "Beatrice" not in ann.text() and "Annette" not in bee.text()
    ann.page.screenshot(path=tmp_path / "two-ann.png")
    bee.page.screenshot(path=tmp_path / "two-bee.png")

    ann.wait_for_text("Your turn")
    held = _hand(table[2], 0)
    assert held is not None
    ann.page.close()  # closed mid-game, at its turn
    bee.wait_for_text("Your turn")  # the other game goes on
    bee.page.keyboard.press("1")
    bee.page.keyboard.press("Enter")
    bee.page.keyboard.press("d")
    back = Page(ann_browser.new_page())  # the same browser, its page opened again
    back.open()
    back.wait_for_text("Your hand")
    back.wait_for_text("Your turn")
    back.page.screenshot(path=tmp_path / "two-ann-back.png")
    assert _hand(table[2], 0) == held
    assert "Beatrice" not in back.text()
