"""`yaniv serve`: each browser its own private seat-token folder (kept by a cookie only that browser holds), the
page's addresses from the address the browser used, a cap on sessions with one line when it is reached, a bounded
terminal size, and a --public-url that is an http(s) address. The server runs on 127.0.0.1 with a stand-in app
(tests/cli/fake_textual_app.py) in place of `yaniv join`; tests/browser/ drives the real thing."""

from __future__ import annotations

import asyncio
import base64
import io
import json
import os
import re
import shlex
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from textual_serve.download_manager import DownloadManager

from yaniv_tui.cli import browsers, main, serve, serve_web
from yaniv_tui.cli.browsers import (
    BROWSER_COOKIE,
    browser_key,
    browser_tokens_dir,
    new_browser_key,
)
from yaniv_tui.cli.join import join_argv
from yaniv_tui.cli.parser import DEFAULT_MAX_SESSIONS, parse
from yaniv_tui.cli.serve_web import YanivServer
from yaniv_tui.store import paths
from yaniv_tui.tui import least_size
from yaniv_tui.tui.least_size import MAX_HEIGHT as MAX_ROWS
from yaniv_tui.tui.least_size import MAX_WIDTH as MAX_COLUMNS

FAKE_APP = Path(__file__).with_name("fake_textual_app.py")
#: How many times a test looks again (a tenth of a second apart) for what a session process wrote.
LOOKS = 300


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.delenv(paths.TOKENS_ENV, raising=False)
    return tmp_path / "data"


@asynccontextmanager
async def serving(
    record: Path,
    port: int,
    *,
    public_url: str | None = None,
    max_sessions: int = 4,
    stubborn: bool = False,
    host: str = "0.0.0.0",
    play: bool = False,
) -> AsyncIterator[YanivServer]:
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAKE_APP))} {shlex.quote(str(record))}"
    command += " stubborn" if stubborn else ""
    server = YanivServer(command, host=host, port=port, public_url=public_url, max_sessions=max_sessions, play=play)
    test_server = TestServer(await server._make_app(), host="127.0.0.1", port=port)
    await test_server.start_server()
    try:
        yield server
    finally:
        await test_server.close()


async def records(record: Path, count: int) -> list[dict[str, Any]]:
    """The first `count` lines the stand-in app wrote (bounded: fails after LOOKS looks)."""
    for _ in range(LOOKS):
        lines = record.read_text().splitlines() if record.exists() else []
        if len(lines) >= count:
            return [json.loads(line) for line in lines[:count]]
        await asyncio.sleep(0.1)
    raise AssertionError(f"the session wrote {len(lines)} lines, not {count}")


async def page(port: int, headers: dict[str, str] | None = None) -> tuple[str, aiohttp.ClientResponse]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}/", headers=headers or {}) as response,
    ):
        return await response.text(), response


# -- item 1: a seat token belongs to the browser that joined with it -------------------------------------


def test_each_browser_has_its_own_private_tokens_folder_in_the_data_folder(data_folder: Path) -> None:
    one, two = new_browser_key(), new_browser_key()
    assert one != two and browser_key(one) == one
    first, second = browser_tokens_dir(one), browser_tokens_dir(two)
    assert first != second and first == browser_tokens_dir(one)
    for folder in (first, second):
        assert folder.is_dir() and folder.is_relative_to(data_folder)
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(folder.parent.stat().st_mode) == 0o700
        assert one not in str(folder)  # the key itself is kept by the browser only


@pytest.mark.parametrize(
    "value",
    [None, "", "../../../etc", "a" * 31, "a" * 33, "a" * 31 + "/", "a" * 31 + ".", "ä" * 32, "a" * 31 + "\n"],
)
def test_a_browser_key_that_is_not_one_of_ours_names_no_folder(value: str | None) -> None:
    assert browser_key(value) is None


async def test_the_page_gives_a_browser_a_key_and_keeps_the_one_it_has(tmp_path: Path) -> None:
    async with serving(tmp_path / "record", 18201):
        _, response = await page(18201)
        cookie = response.cookies[BROWSER_COOKIE]
        assert browser_key(cookie.value) == cookie.value
        assert cookie["httponly"] and cookie["samesite"] == "Lax"
        _, again = await page(18201, {"Cookie": f"{BROWSER_COOKIE}={cookie.value}"})
        assert again.cookies[BROWSER_COOKIE].value == cookie.value
        _, forged = await page(18201, {"Cookie": f"{BROWSER_COOKIE}=../../tokens"})
        assert browser_key(forged.cookies[BROWSER_COOKIE].value) not in (None, cookie.value)


async def test_each_browser_session_joins_with_its_own_tokens_folder(tmp_path: Path) -> None:
    record, key = tmp_path / "record", new_browser_key()
    async with serving(record, 18202), aiohttp.ClientSession() as http:
        url = "ws://127.0.0.1:18202/ws?width=100&height=30"
        async with http.ws_connect(url, headers={"Cookie": f"{BROWSER_COOKIE}={key}"}) as ws:
            assert b"join screen" in await ws.receive_bytes(timeout=30)
            [env] = await records(record, 1)
            assert env["YANIV_TOKENS_DIR"] == str(browser_tokens_dir(key))
            # Its history and settings too: nothing a page does lands in the server's (a host on this machine would
            # count a game's record again; a theme chosen in one browser would become everyone's).
            assert env["YANIV_DATA_DIR"] == str(browser_tokens_dir(key) / "data")
            assert env["YANIV_CONFIG_DIR"] == str(browser_tokens_dir(key) / "config")
            assert env["TEXTUAL_DRIVER"] and (env["COLUMNS"], env["ROWS"]) == ("100", "30")
        async with http.ws_connect(url) as ws:  # no key (cookies refused): a folder of its own, forgotten after
            await ws.receive_bytes(timeout=30)
            env = (await records(record, 3))[-1]
            folder = Path(env["YANIV_TOKENS_DIR"])
            assert folder.is_dir() and folder != browser_tokens_dir(key)
        for _ in range(LOOKS):
            if not folder.exists():
                break
            await asyncio.sleep(0.1)
        assert not folder.exists()
        assert browser_tokens_dir(key).is_dir()  # a browser's own folder stays, for its rejoin after a reload


async def test_under_play_a_page_with_no_browser_key_is_told_in_one_line_and_starts_nothing(tmp_path: Path) -> None:
    """`yaniv serve --play`: a page's game is saved in its browser's folder, which its key (the cookie) names. A page
    whose browser sent none (cookies refused) played in a folder removed at its end, and lost its saved game with
    it; now it is told why it cannot play, and what to do, in one line, and nothing starts. A browser with its key
    plays in its own folder."""
    record, key = tmp_path / "record", new_browser_key()
    async with serving(record, 18214, play=True) as server, aiohttp.ClientSession() as http:
        url = "ws://127.0.0.1:18214/ws?width=100&height=30"
        async with http.ws_connect(url) as ws:
            line = (await ws.receive_bytes(timeout=30)).decode()
            assert line.count("\n") == 1 and "allow cookies for this site and reload" in line
            assert (await ws.receive(timeout=30)).type == aiohttp.WSMsgType.CLOSE
        assert not record.exists() and server.sessions == 0
        for forged in ("../" + key[3:], key[:31] + "/"):  # a key of another shape names no folder: refused the same
            async with http.ws_connect(url, headers={"Cookie": f"{BROWSER_COOKIE}={forged}"}) as ws:
                assert "came back changed" in (await ws.receive_bytes(timeout=30)).decode()
        assert not record.exists() and server.sessions == 0
        async with http.ws_connect(url, headers={"Cookie": f"{BROWSER_COOKIE}={key}"}) as ws:
            await ws.receive_bytes(timeout=30)
            [env] = await records(record, 1)
            assert env["YANIV_DATA_DIR"] == str(browser_tokens_dir(key) / "data")


async def test_a_live_pages_folder_outlasts_a_flood_of_new_browsers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browsers, "MAX_BROWSER_FOLDERS", 2)
    record, key = tmp_path / "record", new_browser_key()
    async with serving(record, 18209), aiohttp.ClientSession() as http:
        url = "ws://127.0.0.1:18209/ws"
        async with http.ws_connect(url, headers={"Cookie": f"{BROWSER_COOKIE}={key}"}) as ws:
            await ws.receive_bytes(timeout=30)
            live = browser_tokens_dir(key)
            when = live.stat().st_mtime - 2 * browsers.KEY_MAX_AGE
            os.utime(live, (when, when))  # the oldest, and long expired: only being open keeps it
            for _ in range(4):
                flood = browser_tokens_dir(new_browser_key())
                os.utime(flood, (when, when + 1000))  # older than its end below, whatever the clock's grain
            assert live.is_dir() and len(list(live.parent.iterdir())) == 2
        for _ in range(LOOKS):  # once closed it is used now: the newest, kept
            if not browsers._in_use(live):
                break
            await asyncio.sleep(0.1)
        browser_tokens_dir(new_browser_key())
        assert live.is_dir()


# -- item 2: the page's addresses are the ones the browser used -----------------------------------------


async def test_under_public_the_page_points_at_the_address_the_browser_used(tmp_path: Path) -> None:
    async with serving(tmp_path / "record", 18203):
        html, _ = await page(18203, {"Host": "192.168.1.5:18203"})
        assert 'data-session-websocket-url="ws://192.168.1.5:18203/ws"' in html
        assert 'href="http://192.168.1.5:18203/static/css/xterm.css"' in html
        assert "0.0.0.0" not in html
        html, _ = await page(18203, {"Host": "yaniv.lan"})
        assert 'data-session-websocket-url="ws://yaniv.lan/ws"' in html
        html, _ = await page(18203, {"Host": '"><script>'})
        assert "<script>" not in html.split("</head>")[1].split("<script")[0] and "0.0.0.0" not in html
        assert 'data-session-websocket-url="ws://localhost:18203/ws"' in html


async def test_a_public_url_names_the_pages_addresses(tmp_path: Path) -> None:
    async with serving(tmp_path / "record", 18204, public_url="https://yaniv.example.org/play/"):
        html, _ = await page(18204, {"Host": "127.0.0.1:18204"})
        assert 'data-session-websocket-url="wss://yaniv.example.org/play/ws"' in html
        assert 'src="https://yaniv.example.org/play/static/js/textual.js"' in html


async def test_the_static_folder_serves_the_pages_files_and_lists_nothing(tmp_path: Path) -> None:
    """textual-serve lists its static folder (an "Index of" page of its folders and files) to anyone who reaches
    the server: only the files the page loads are served, and nothing is listed."""
    async with serving(tmp_path / "record", 42310), aiohttp.ClientSession() as http:
        for path in ("static", "static/", "static/js", "static/js/", "static/css/", "static/fonts/"):
            async with http.get(f"http://127.0.0.1:42310/{path}") as response:
                body = await response.text()
                assert response.status == 404 and "Index of" not in body and "textual.js" not in body, path
        html, _ = await page(42310)
        loaded = re.findall(r'(?:href|src)="http://127\.0\.0\.1:42310/static/([^"]+)"', html)
        loaded += re.findall(r'url\("http://127\.0\.0\.1:42310/static/([^"]+)"\)', html)
        assert sorted(loaded) == sorted(serve_web.PAGE_FILES)
        for name in loaded:
            async with http.get(f"http://127.0.0.1:42310/static/{name}") as response:
                assert response.status == 200 and await response.read(), name
        for name in ("fonts/RobotoMono-VariableFont_wght.ttf", "../server.py", "%2e%2e/server.py"):
            async with http.get(f"http://127.0.0.1:42310/static/{name}") as response:
                assert response.status == 404, name


# -- item 3: the terminal has the focus when the page loads ----------------------------------------------


async def test_the_page_focuses_the_terminal(tmp_path: Path) -> None:
    async with serving(tmp_path / "record", 18205):
        html, _ = await page(18205)
    assert re.search(r"\.xterm-helper-textarea.*\.focus\(\)", html, re.S)


# -- item 4: a cap on sessions, and a bounded terminal ---------------------------------------------------


def test_serve_takes_a_cap_on_sessions() -> None:
    assert parse(["serve"]).max_sessions == DEFAULT_MAX_SESSIONS
    assert parse(["serve", "--max-sessions", "2"]).max_sessions == 2


async def test_past_the_cap_a_browser_is_told_in_one_line_and_starts_nothing(tmp_path: Path) -> None:
    record = tmp_path / "record"
    async with serving(record, 18206, max_sessions=1) as server, aiohttp.ClientSession() as http:
        url = "ws://127.0.0.1:18206/ws"
        async with http.ws_connect(url) as first:
            await first.receive_bytes(timeout=30)
            html, _ = await page(18206)
            assert "every place is taken (1 at once)" in html and "data-session-websocket-url" not in html
            async with http.ws_connect(url) as second:
                line = await second.receive_bytes(timeout=30)
                assert b"every place is taken (1 at once)" in line
                assert (await second.receive(timeout=30)).type == aiohttp.WSMsgType.CLOSE
            assert len(await records(record, 1)) == 1 and server.sessions == 1
        for _ in range(LOOKS):
            if server.sessions == 0:
                break
            await asyncio.sleep(0.1)
        html, _ = await page(18206)
        assert "every place is taken" not in html and "data-session-websocket-url" in html


async def test_the_terminal_size_is_bounded_and_hostile_frames_are_ignored(tmp_path: Path) -> None:
    record = tmp_path / "record"
    url = "ws://127.0.0.1:18207/ws?width=100000000&height=-4"
    async with serving(record, 18207), aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
        await ws.receive_bytes(timeout=30)
        [env] = await records(record, 1)
        assert (env["COLUMNS"], env["ROWS"]) == (str(MAX_COLUMNS), "1")
        for hostile in ("not json", "{}", "[]", '["stdin", 7]', '["resize", "big"]', '["resize", {"width": "x"}]'):
            await ws.send_str(hostile)
        await ws.send_str("[" * 100_000 + "]" * 100_000)  # nested past Python's recursion limit: ignored too
        await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
        await ws.send_str(json.dumps(["stdin", "a"]))
        resize, typed = (await records(record, 3))[1:]
        assert resize == {"type": "resize", "width": MAX_COLUMNS, "height": MAX_ROWS}
        assert typed == {"stdin": "a"}


def test_the_least_and_the_most_size_a_page_or_ssh_client_is_given_have_one_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page's and the SSH client's cap on the terminal size lived in cli/browsers.py, and the size given when
    none is asked for wrote the least size (80 and 24) again in five places of cli/: both are tui/least_size.py's,
    which the command line reads through the app's door (tui/launch.py)."""
    from yaniv_tui.cli import serve_ssh
    from yaniv_tui.tui import launch

    assert not hasattr(browsers, "MAX_COLUMNS") and not hasattr(browsers, "bounded")
    assert launch.given_size is least_size.given_size
    least = (least_size.MIN_WIDTH, least_size.MIN_HEIGHT)
    most = (least_size.MAX_WIDTH, least_size.MAX_HEIGHT)
    assert least_size.given_size(None, "") == least == least_size.given_size("wide", 0)
    assert least_size.given_size(10**9, "100000") == most
    assert least_size.given_size(-4, "1") == (1, 1) and least_size.given_size("100", 30) == (100, 30)

    class Client:
        def __init__(self, width: int, height: int) -> None:
            self.size = (width, height, 0, 0)

        def get_terminal_size(self) -> tuple[int, int, int, int]:
            return self.size

    monkeypatch.setattr(least_size, "MIN_WIDTH", 81)  # read where it is kept, at each call
    assert serve_ssh._size(Client(0, 0)) == (81, least_size.MIN_HEIGHT)  # type: ignore[arg-type]
    assert serve_ssh._size(Client(10_000, 10_000)) == most  # type: ignore[arg-type]


# -- item 5: --public-url is an http(s) address, and nothing raw is printed -----------------------------


@pytest.mark.parametrize("url", ["\x1b[31mhttp://x.org", "ftp://x.org", "x.org", "http://", 'http://x.org/"><b>'])
def test_a_public_url_that_is_not_http_is_one_printable_line(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--public-url", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.isprintable() is False and err[:-1].isprintable()
    assert "--public-url" in err and "http://" in err and "\x1b" not in err


@pytest.mark.parametrize("url", ["http://x.org", "https://yaniv.example.org:8443/play", "http://[::1]:8000"])
def test_an_http_public_url_is_taken(url: str) -> None:
    assert parse(["serve", "--public-url", url]).public_url == url


# -- a page of another site cannot start a session (its browser sends its own Origin) -------------------


async def test_a_websocket_from_another_sites_page_is_refused_in_one_line_and_starts_nothing(tmp_path: Path) -> None:
    record = tmp_path / "record"
    url = "ws://127.0.0.1:18208/ws"
    async with serving(record, 18208) as server, aiohttp.ClientSession() as http:
        for origin in ("http://evil.example", "http://127.0.0.1:18209", "https://127.0.0.1:18208", "null"):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                async with http.ws_connect(url, headers={"Origin": origin}):
                    pass
            assert refused.value.status == 403
        async with http.get("http://127.0.0.1:18208/ws", headers={"Origin": "http://evil.example"}) as response:
            body = await response.text()
        assert response.status == 403 and body.count("\n") == 1 and "http://127.0.0.1:18208/" in body
        assert not record.exists() and server.sessions == 0
        async with http.ws_connect(url, headers={"Origin": "http://127.0.0.1:18208"}) as same_site:
            assert b"stand-in" in await same_site.receive_bytes(timeout=30)  # the page's own origin plays
        async with http.ws_connect(url) as no_origin:  # not a browser: nothing to forge
            assert b"stand-in" in await no_origin.receive_bytes(timeout=30)


async def test_serving_this_machine_only_a_page_asked_for_by_another_name_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a site whose name is made to point at 127.0.0.1 gets its page and its WebSocket from the
    visitor's own `yaniv serve` (its Origin and Host match), and could start a `yaniv join` on the visitor's
    machine. Served to this machine only, the page and the WebSocket answer only to this machine's names."""
    record = tmp_path / "record"
    async with serving(record, 18212, host="localhost") as server, aiohttp.ClientSession() as http:
        evil = {"Host": "evil.example:18212", "Origin": "http://evil.example:18212"}
        body, response = await page(18212, evil)
        assert response.status == 403 and body.count("\n") == 1 and "http://localhost:18212/" in body
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with http.ws_connect("ws://127.0.0.1:18212/ws", headers=evil):
                pass
        assert refused.value.status == 403 and not record.exists() and server.sessions == 0
        for name in ("localhost:18212", "127.0.0.1:18212", "[::1]:18212", "LOCALHOST:18212"):
            _, response = await page(18212, {"Host": name})
            assert response.status == 200, name
        origin = {"Host": "localhost:18212", "Origin": "http://localhost:18212"}
        async with http.ws_connect("ws://127.0.0.1:18212/ws", headers=origin) as page_ws:
            assert b"stand-in" in await page_ws.receive_bytes(timeout=30)


async def test_under_a_public_url_its_origin_is_the_pages(tmp_path: Path) -> None:
    record = tmp_path / "record"
    url = "ws://127.0.0.1:18209/ws"
    async with serving(record, 18209, public_url="https://yaniv.example.org/") as _, aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError):
            async with http.ws_connect(url, headers={"Origin": "https://evil.example"}):
                pass
        async with http.ws_connect(url, headers={"Origin": "https://yaniv.example.org"}) as page_ws:
            assert b"stand-in" in await page_ws.receive_bytes(timeout=30)


# -- a page's process ends with its page, and a page that reads nothing keeps no place ------------------


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def _until(check: Any, what: str) -> None:
    for _ in range(LOOKS):
        if check():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(what)


async def test_an_app_that_will_not_quit_is_killed_when_its_page_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_web, "PROCESS_GRACE", 1.0)
    record = tmp_path / "record"
    async with serving(record, 18210, stubborn=True) as server, aiohttp.ClientSession() as http:
        async with http.ws_connect("ws://127.0.0.1:18210/ws") as ws:
            await ws.receive_bytes(timeout=30)
            [env] = await records(record, 1)
        await _until(lambda: server.sessions == 0, "the session never ended")
        # the app itself, not only the shell textual-serve starts it with
        await _until(lambda: not _alive(env["pid"]), f"the app {env['pid']} outlived its page")


async def test_a_reloaded_pages_yaniv_starts_once_the_last_one_has_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reload closes the page's WebSocket and opens another: the new page's yaniv started while the last one was
    still quitting, the game's lock held, and its Continue said the game was open in another yaniv. The new page's
    process now starts once the browser's last page's has ended (here a stubborn one, killed after PROCESS_GRACE);
    another browser's page does not wait for it."""
    monkeypatch.setattr(serve_web, "PROCESS_GRACE", 1.0)
    record, key = tmp_path / "record", new_browser_key()
    cookie = {"Cookie": f"{BROWSER_COOKIE}={key}"}
    async with serving(record, 18215, stubborn=True), aiohttp.ClientSession() as http:
        url = "ws://127.0.0.1:18215/ws"
        async with http.ws_connect(url, headers=cookie) as ws:
            await ws.receive_bytes(timeout=30)
            [first] = await records(record, 1)
        async with http.ws_connect(url, headers={"Cookie": f"{BROWSER_COOKIE}={new_browser_key()}"}) as other:
            await other.receive_bytes(timeout=30)
            assert _alive(first["pid"])  # another browser's page started at once
        async with http.ws_connect(url, headers=cookie) as ws:
            await ws.receive_bytes(timeout=30)
            again = (await records(record, 3))[-1]
            assert again["YANIV_TOKENS_DIR"] == first["YANIV_TOKENS_DIR"]
            assert not _alive(first["pid"]), "the reloaded page's yaniv started beside the last one"


async def test_a_page_that_reads_nothing_is_dropped_and_its_place_freed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_web, "PROCESS_GRACE", 1.0)
    monkeypatch.setattr(serve_web, "HEARTBEAT", 1.0)
    record = tmp_path / "record"
    async with serving(record, 18211, stubborn=True, max_sessions=1) as server:
        _, writer = await asyncio.open_connection("127.0.0.1", 18211, limit=1024)
        try:
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(
                "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:18211\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            await writer.drain()
            transport = writer.transport
            assert isinstance(transport, asyncio.Transport)
            transport.pause_reading()  # connected, and reads nothing more, ever
            [env] = await records(record, 1)
            await _until(lambda: server.sessions == 0, "a page that reads nothing kept its place")
            await _until(lambda: not _alive(env["pid"]), "its app outlived it")
        finally:
            writer.transport.abort()


def test_a_pages_process_dies_with_the_server_killed(tmp_path: Path) -> None:
    """`yaniv serve` killed (no stop of its own): each page's `yaniv join` ends with it (Textual's web driver does
    not end at its input's end, and one was seen spinning on it), as an SSH session's does."""
    app = shlex.join(serve.die_with_server([sys.executable, "-c", "import time; time.sleep(60)"]))
    app = YanivServer(app, host="localhost", port=0, public_url=None, max_sessions=1).command  # as a page runs it
    server = (
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen({app!r}, shell=True)\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", server], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        pid = int(parent.stdout.readline())
        time.sleep(0.5)  # the app started (its wrapper has run)
        assert _alive(pid)
        parent.kill()
        parent.wait(timeout=30)
        for _ in range(LOOKS):
            if not _alive(pid):
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            raise AssertionError("the page's process outlived the server")
    finally:
        parent.kill()
        parent.wait(timeout=30)


async def _nothing(*_: object) -> None:
    """A page's end that is not there: the test reads the process itself."""


def page_process_environment(tokens: Path) -> dict[str, str]:
    """The environment `yaniv serve` gives a page's `yaniv join` (its tokens folder `tokens`, 80x24), from the page's
    own session, with no page at its end: the test runs the process itself."""
    session = serve_web.Session(
        serve.page_command(),
        tokens,
        lambda: None,
        write_bytes=_nothing,
        write_str=_nothing,
        close=_nothing,
        download_manager=DownloadManager(),
    )
    return session._build_environment(80, 24)


@contextmanager
def page_app(tokens: Path, *args: str, stderr: int = subprocess.DEVNULL) -> Iterator[subprocess.Popen[bytes]]:
    """A page's `yaniv join ARGS` in its own process, with the environment `yaniv serve` gives it (its tokens folder
    `tokens`) and no page at its end: the test writes its packets and reads its screens. Killed after 60 seconds at
    most (so every read is bounded), and at the end."""
    process = subprocess.Popen(
        [*join_argv(), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        env=page_process_environment(tokens),
    )
    bound = threading.Timer(60, process.kill)
    bound.start()
    try:
        yield process
    finally:
        bound.cancel()
        process.kill()
        process.wait(timeout=30)


def read_until(process: subprocess.Popen[bytes], sent: bytes, text: str) -> bytes:
    """`sent`, and what a page's app writes after it until it has drawn `text`."""
    assert isinstance(process.stdout, io.BufferedReader)
    while text not in _shown(sent):
        more = process.stdout.read1(65536)
        assert more, f"the app quit before showing {text!r}: {_shown(sent)[-600:]}"
        sent += more
    return sent


def test_a_pages_yaniv_join_quits_when_its_input_ends(tmp_path: Path) -> None:
    """A page's `yaniv join`, run with the environment a page's process gets, quits when its input ends (its page
    or its server gone): Textual's web driver only stopped reading, and the app ran on with no one to see it."""
    with page_app(tmp_path) as process:
        assert process.stdout is not None and process.stdin is not None
        assert process.stdout.readline() == b"__GANGLION__\n"  # the app is up, on a page's driver
        process.communicate(b"", timeout=60)  # its input ends, its screens read
        assert process.returncode == 0


def test_a_pages_last_line_is_shown_on_its_page(tmp_path: Path) -> None:
    """The line a `yaniv join` ends with (here: the table it was given cannot be reached) is shown on its page, as a
    terminal shows it: it went to the server's output, and the page showed "joining …" then "Session ended"."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # nothing listens on it once closed
    with page_app(tmp_path, f"127.0.0.1:{port}", "K7QF", stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        sent = process.stdout.read()  # to its end: the app has quit by itself, its input still open
        said = process.stderr.read()
        process.wait(timeout=30)
    assert process.returncode == 1, said
    screens = _packets(sent.split(b"__GANGLION__\n", 1)[1])
    exit_at = next(i for i, (kind, payload) in enumerate(screens) if kind == b"M" and b'"exit"' in payload)
    shown = b"".join(payload for kind, payload in screens[:exit_at] if kind == b"D").decode("utf-8", "replace")
    assert f"yaniv: cannot join 127.0.0.1:{port}: " in shown, shown[-600:]


def test_a_pages_bytes_not_utf8_are_dropped_and_its_app_goes_on(tmp_path: Path) -> None:
    """A page may send bytes that are not UTF-8 as its keys (a hostile one, or a paste): they are dropped and the
    rest typed (tui/input_bytes.py), the field showing no U+FFFD. Before: Textual's web driver stopped reading at the
    first, and the app quit as at its input's end."""
    with page_app(tmp_path) as process:
        assert process.stdout is not None and process.stdin is not None
        assert process.stdout.readline() == b"__GANGLION__\n"  # the app is up, on a page's driver
        sent = read_until(process, b"", "host or host:port")  # the join screen, its address field focused
        typed = b"loc\xffal\xe9ho\x80st"
        process.stdin.write(b"D" + len(typed).to_bytes(4, "big") + typed)
        process.stdin.flush()
        sent = read_until(process, sent, "localhost")
        process.stdin.close()  # its input ends: it quits
        sent += process.stdout.read()  # to its end, every packet whole
        process.wait(timeout=60)
    assert process.returncode == 0
    assert "\ufffd" not in _shown(sent)


#: Packets no page's server sends (textual-serve's: a kind byte, a 4-byte length, the payload), each with what the line
#: ending its session names.
BAD_PACKETS = [
    (b"M", b"not json", "a meta packet that is not JSON"),
    (b"M", b"[1, 2]", "a meta packet that is not a JSON object"),
    (b"M", b'{"type": 7}', "a meta packet with no type"),
    (b"M", b'{"type": "dance"}', "a meta packet of type 'dance'"),
    (b"M", b'{"type": "resize", "width": "wide", "height": 24}', "a resize with no whole width and height"),
    (b"M", b"[" * 100_000 + b"]" * 100_000, "a meta packet that is not JSON"),
    (b"X", b"{}", "a packet of kind 'X'"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "payload", "named"), BAD_PACKETS, ids=lambda value: str(value)[:24])
def test_a_pages_bad_packet_ends_its_session_in_one_line(
    tmp_path: Path, kind: bytes, payload: bytes, named: str
) -> None:
    """A packet that is not textual-serve's (tui/page_driver.py): its page's session ends, with one line saying what
    was wrong and what a page may send, on its page and on standard error (which textual-serve writes to the
    server's output), status 1, no traceback. Before: Textual's web driver swallowed the error, stopped reading, and
    the app quit as if its page had gone, status 0 and no word."""
    with page_app(tmp_path, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stdin is not None and process.stderr is not None
        assert process.stdout.readline() == b"__GANGLION__\n"  # the app is up, on a page's driver
        sent = read_until(process, b"", "host or host:port")  # the join screen
        process.stdin.write(kind + len(payload).to_bytes(4, "big") + payload)
        process.stdin.flush()
        sent += process.stdout.read()  # to its end: the app quits by itself, its input still open
        said = process.stderr.read().decode("utf-8", "replace")
        process.wait(timeout=30)
    assert process.returncode == 1, said
    assert said.count("\n") == 1 and said.startswith("yaniv: ") and "Traceback" not in said, said
    assert named in said and "a page sends" in said and len(said) < 240, said
    assert said.strip() in " ".join(_shown(sent).split()), _shown(sent)[-600:]  # on its page too


def _shown(sent: bytes) -> str:
    """What a page's app drew in `sent` (its stream, from its first screen)."""
    return b"".join(payload for kind, payload in _packets(sent) if kind == b"D").decode("utf-8", "replace")


def _packets(stream: bytes) -> list[tuple[bytes, bytes]]:
    """The web driver's packets: a kind byte, a 4-byte length, the payload."""
    found = []
    while stream:
        size = int.from_bytes(stream[1:5], "big")
        found.append((stream[:1], stream[5 : 5 + size]))
        stream = stream[5 + size :]
    return found


def test_the_page_driver_named_to_textual_is_the_apps_page_driver() -> None:
    """serve_web names the page's driver by its path (the command line imports nothing of the app): the path must
    lead to the driver, a subclass of Textual's web driver, as Textual itself loads it."""
    import importlib

    from textual.drivers.web_driver import WebDriver

    from yaniv_tui.cli.serve_web import PAGE_DRIVER
    from yaniv_tui.tui.page_driver import PageDriver

    module, _, name = PAGE_DRIVER.partition(":")
    driver = getattr(importlib.import_module(module), name)
    assert driver is PageDriver and issubclass(driver, WebDriver)


def test_every_packet_a_pages_server_sends_is_read_and_textual_still_hands_the_driver_each_but_keys() -> None:
    """What textual-serve's AppService sends a page's app (its keys aside) passes page_driver.packet_fault; and
    Textual's web driver's input loop still hands every packet but D to `_on_meta`, the one name of Textual's the
    page driver reaches (if it stops, a bad packet ends a session with no word again: the test above fails too)."""
    from textual.drivers.web_driver import WebDriver

    from yaniv_tui.tui.page_driver import META_TYPES, packet_fault

    sent: list[bytes] = []
    session = serve_web.Session(
        serve.page_command(), Path("."), lambda: None, write_bytes=_nothing, write_str=_nothing, close=_nothing,
        download_manager=DownloadManager(),
    )  # fmt: skip
    session._stdin = type("Pipe", (), {"write": sent.append, "drain": _nothing})()
    for step in (
        session.set_terminal_size(100, 30),
        session.focus(),
        session.blur(),
        session.send_meta({"type": "quit"}),
    ):
        asyncio.run(step)
    assert len(sent) == 4 and {packet[:1] for packet in sent} == {b"M"}
    assert [packet_fault("M", packet[5:]) for packet in sent] == [None] * 4
    assert set(META_TYPES) >= {"resize", "focus", "blur", "quit"}
    assert "_on_meta" in WebDriver.run_input_thread.__code__.co_names
