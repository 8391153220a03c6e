"""`yaniv serve`'s web server: textual-serve's `Server` (its routes, static files and `AppService`, the process of
one page), with its page and its WebSocket handler replaced (textual-serve 1.1):

- each page's process keeps its seat tokens, its history and its settings in its browser's own folder
  (`browsers.browser_tokens_dir`), never in the server's; there it remembers the table it last joined, put back
  in the join screen at the browser's next page (`play.PAGE_ENV`, cli/join.py);
- the page's addresses are the ones the browser used (its Host), or `--public-url`, never `0.0.0.0`;
- of textual-serve's static folder, only the files the page loads (`PAGE_FILES`), and no listing of it (textual-serve
  listed its folders and files to anyone who reached the server);
- at most `max_sessions` processes at once, a bounded terminal size, and a frame that is not one of the page's
  is ignored;
- a page's process ends with its page, killed if it will not quit, and quits by itself when its input ends
  (tui/page_driver.py); a page that reads nothing (its output
  stuck) is dropped, its place freed;
- the page (templates/serve.html) focuses the terminal as soon as it is connected, and on a page too small for the
  game's least size at its font (a phone held upright) picks a font at which it fits;
- a WebSocket opened by a page of another site (its browser sends that site as its Origin) is refused in one
  line: another site's page cannot start a `yaniv join` in a visitor's name;
- served to this machine only (no `--public`, no `--public-url`), the page and its WebSocket answer only to this
  machine's names (`localhost`, 127.x.x.x, [::1]): a site whose name is made to point here (DNS rebinding)
  is refused in one line.

tests/cli/test_serve.py fails if textual-serve changes under these overrides."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import shutil
from collections import Counter
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from yaniv_tui.engine.ruleset_read import printable
from yaniv_tui.store.paths import CONFIG_ENV, DATA_ENV, TOKENS_ENV
from yaniv_tui.tui.launch import MIN_HEIGHT, MIN_WIDTH, given_size

from .browsers import (
    BROWSER_COOKIE,
    CONFIG_FOLDER,
    DATA_FOLDER,
    FULL_LINE,
    KEY_MAX_AGE,
    browser_key,
    browser_tokens_dir,
    hold_browser_folder,
    new_browser_key,
)
from .join import TRUST_CERT_ENV
from .play import PAGE_ENV

log = logging.getLogger("textual-serve")

#: A Host header that is a host name, an IPv4 or a bracketed IPv6 address, with an optional port.
#: The names this machine is reached by, with a port or none: all a server of this machine only answers to.
_THIS_MACHINE = re.compile(r"(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])(?::[0-9]{1,5})?", re.IGNORECASE)
_HOST = re.compile(r"(?:[A-Za-z0-9][A-Za-z0-9.-]{0,252}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
TEMPLATES = Path(__file__).with_name("templates")
TEMPLATE = "serve.html"
#: The files of textual-serve's static folder the page (templates/serve.html) loads: all it serves of it.
PAGE_FILES = ("css/xterm.css", "js/textual.js", "images/background.png")
#: The Textual driver of a page's `yaniv join` (module:class, as Textual reads TEXTUAL_DRIVER): named, not imported,
#: as the command line opens the app only through tui/launch.py.
PAGE_DRIVER = "yaniv_tui.tui.page_driver:PageDriver"
#: The page's usual font size, and the largest its `?fontsize=` may ask for.
FONT_SIZE, MAX_FONT_SIZE = 16, 64
#: The smallest font a page too small for the game's least size (MIN_WIDTH by MIN_HEIGHT) is given to fit it.
LEAST_FONT_SIZE = 6
#: How long a page's process may take to quit once told (its last output read), then to exit, in seconds.
PROCESS_GRACE = 10.0
#: What a page of `yaniv serve --play` whose browser sent no key (cookies refused, a cookie forged, or not a browser)
#: is told before its connection is closed: its saved game would be kept in a folder no browser could name again,
#: and lost. A reload gives its browser a key (`handle_index`).
NO_COOKIE_LINE = (
    "yaniv serve: this page keeps your games in your browser's own folder, named by the cookie this site gives it, "
    "which did not come back (or came back changed): allow cookies for this site and reload the page."
)
#: How often a new page looks whether its browser's last page's process has ended (`_after_its_last_page`), in seconds.
ENDING_LOOK = 0.05
#: Seconds between the server's pings to a page: one that answers none within half of it is dropped.
HEARTBEAT = 15.0


class Session(AppService):
    """One page's `yaniv join` process, with its browser's own folders (tokens, data, config) in its environment."""

    def __init__(
        self, command: str, tokens: Path, abort: Callable[[], None], *, trust: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(command, **kwargs)
        self.tokens = tokens
        #: `yaniv serve --trust CERT`: the certificate file the page's `yaniv join` trusts (join.TRUST_CERT_ENV).
        self.trust = trust
        #: Cuts the page's connection off (its unsent output dropped).
        self.abort = abort

    def _build_environment(self, width: int = MIN_WIDTH, height: int = MIN_HEIGHT) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment[TOKENS_ENV] = str(self.tokens)
        # The browser's history and settings beside its tokens: nothing a page does lands in the server's.
        environment[DATA_ENV] = str(self.tokens / DATA_FOLDER)
        environment[CONFIG_ENV] = str(self.tokens / CONFIG_FOLDER)
        environment["TEXTUAL_DRIVER"] = PAGE_DRIVER  # quits when its input ends: no process outlives its page
        environment[PAGE_ENV] = "1"  # remembers the table it joins, in this browser's config folder
        if self.trust is not None:  # beside the system's trust: what a browser's guest cannot give
            environment[TRUST_CERT_ENV] = self.trust
        return environment

    async def stop(self) -> None:
        """Stop the process, and wait for it (textual-serve does not), killing it if it outlives its output. The
        page's connection is cut off if the process's output is stuck on it (a page that reads nothing: its output
        would wait for it forever, the place taken), or the output does not end within PROCESS_GRACE."""
        try:
            await asyncio.wait_for(super().stop(), PROCESS_GRACE)
        except TimeoutError:
            self.abort()
        except Exception as error:  # the page's connection lost as its last output was written
            log.info("yaniv serve: a page's session ended: %s", error)
        process = self._process
        if process is not None and process.returncode is None:
            try:
                await asyncio.wait_for(_ended(process), PROCESS_GRACE)
            except TimeoutError:
                process.kill()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(_ended(process), PROCESS_GRACE)


async def _ended(process: asyncio.subprocess.Process) -> None:
    """Once `process` has exited, its output read to its end and dropped: asyncio's `wait()` waits for its pipes to
    close too, which it sees only while something reads them (the session no longer does)."""
    if process.stdout is not None:
        while await process.stdout.read(65536):
            pass
    await process.wait()


class YanivServer(Server):
    """textual-serve's server for `yaniv join`, one private tokens folder a browser, at most `max_sessions`
    pages at once."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        public_url: str | None,
        max_sessions: int,
        trust: str | None = None,
        play: bool = False,
    ) -> None:
        # `exec`: the shell textual-serve runs a page's command with becomes the command, so the process a session
        # stops (or kills) is the app itself, never a shell that leaves the app running on its own.
        super().__init__(f"exec {command}", host=host, port=port, title="Yaniv", templates_path=TEMPLATES)
        self.given_url = public_url.rstrip("/") if public_url else None
        #: Served to this machine only: its names are the only Hosts answered (behind a proxy, --public-url's).
        self.this_machine_only = host in ("localhost", "127.0.0.1", "::1") and self.given_url is None
        self.max_sessions = max_sessions
        #: `--trust CERT`: the certificate file each page's `yaniv join` trusts, or None.
        self.trust = trust
        #: `--play`: each page is the game itself, whose saves only a browser's own folder keeps (NO_COOKIE_LINE).
        self.play = play
        self.sessions = 0
        #: The browsers' folders whose pages have gone and whose processes are still ending, by how many.
        self.ending: Counter[Path] = Counter()

    async def _after_its_last_page(self, tokens: Path) -> None:
        """Once the processes of the browser's pages that have gone (a reload, a tab closed) have ended, within
        twice PROCESS_GRACE (a stubborn one is killed by then): a page reloaded started its yaniv while the last one
        was still saving and quitting, its game's lock still held, and its Continue said the game was open in
        another yaniv. Pages still open (another tab) are not waited for: two tabs are two terminals."""
        for _ in range(int(2 * PROCESS_GRACE / ENDING_LOOK) + 1):
            if not self.ending[tokens]:
                return
            await asyncio.sleep(ENDING_LOOK)

    async def _make_app(self) -> web.Application:
        """textual-serve's routes (1.1), its static folder's listing and the files the page does not load left out."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_websocket, name="websocket"),
                web.get("/download/{key}", self.handle_download, name="download"),
                *(web.get(f"/static/{name}", self.handle_page_file) for name in PAGE_FILES),
            ]
        )
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def handle_page_file(self, request: web.Request) -> web.FileResponse:
        """One of PAGE_FILES (its route names it: nothing else of the folder is reached)."""
        return web.FileResponse(self.statics_path / request.path.removeprefix("/static/"))

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: `yaniv serve` has said where it serves (textual-serve's banner would name 0.0.0.0)."""

    def page_url(self, request: web.Request) -> str:
        """Where the browser reached the page: `--public-url`, else the Host it used (else this machine)."""
        if self.given_url:
            return self.given_url
        host = request.headers.get("Host", "")
        return f"http://{host}" if _HOST.fullmatch(host) else f"http://localhost:{self.port}"

    def foreign_host(self, request: web.Request) -> str | None:
        """Why a request is refused for the name it asked for (one line), or None: served to this machine only, a
        Host that is not one of its names is a site made to point here."""
        host = request.headers.get("Host", "")
        if not self.this_machine_only or _THIS_MACHINE.fullmatch(host):
            return None
        shown = printable(host)[:80]
        return f"yaniv serve: this server serves this machine only, not {shown!r}: open http://localhost:{self.port}/"

    def foreign_origin(self, request: web.Request) -> str | None:
        """Why a WebSocket asked for from `request` is refused (one line), or None: a browser's request names the
        page that opened it (Origin), which must be this server's page (`page_url`). A client that is not a
        browser sends no Origin and has nothing to forge."""
        origin = request.headers.get("Origin")
        if origin is None:
            return None
        url = self.page_url(request)
        if _origin(origin) is not None and _origin(origin) == _origin(url):
            return None
        return f"yaniv serve: a page of {origin[:80]!r} may not open a game here: open {url}/ to play"

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, and the browser's key in its cookie (the one it has, or a new one); a request for another
        name than this machine's, from a server of this machine only, one line (`foreign_host`)."""
        refusal = self.foreign_host(request)
        if refusal is not None:
            raise web.HTTPForbidden(text=refusal + "\n")
        url = self.page_url(request)
        scheme, rest = url.split(":", 1)
        context = {
            "title": self.title,
            "font_size": _font_size(request.query.get("fontsize", "")),
            # A page too small for the game at its font gets a smaller one, down to LEAST_FONT_SIZE (serve.html).
            "min_columns": MIN_WIDTH,
            "min_rows": MIN_HEIGHT,
            "least_font_size": LEAST_FONT_SIZE,
            "static_url": f"{url}/static/",
            "websocket_url": f"{'wss' if scheme == 'https' else 'ws'}:{rest}/ws",
            "full_line": FULL_LINE.format(self.max_sessions) if self.sessions >= self.max_sessions else None,
        }
        response = aiohttp_jinja2.render_template(TEMPLATE, request, context)
        key = browser_key(request.cookies.get(BROWSER_COOKIE)) or new_browser_key()
        response.set_cookie(
            BROWSER_COOKIE,
            key,
            max_age=KEY_MAX_AGE,
            path="/",
            httponly=True,
            samesite="Lax",
            secure=scheme == "https",
        )
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run a page's `yaniv join` while its WebSocket is open; past the cap, one line and close. Another
        site's page is refused before anything starts (`foreign_origin`)."""
        refusal = self.foreign_host(request) or self.foreign_origin(request)
        if refusal is not None:
            raise web.HTTPForbidden(text=refusal + "\n")
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT)
        await websocket.prepare(request)
        if self.sessions >= self.max_sessions:
            await websocket.send_bytes(FULL_LINE.format(self.max_sessions).encode("utf-8") + b"\r\n")
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"every place is taken")
            return websocket
        key = browser_key(request.cookies.get(BROWSER_COOKIE))
        if key is None and self.play:  # its game would be lost with the folder no browser can name again
            await websocket.send_bytes(NO_COOKIE_LINE.encode("utf-8") + b"\r\n")
            await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=b"no browser cookie")
            return websocket
        self.sessions += 1
        try:
            tokens = browser_tokens_dir(key or new_browser_key())  # without a key: this session's only
        except OSError as error:
            self.sessions -= 1
            log.error("yaniv serve: cannot make a browser's tokens folder: %s", error.strerror or error)
            await websocket.close(code=WSCloseCode.INTERNAL_ERROR, message=b"cannot keep seat tokens")
            return websocket
        session = Session(
            self.command,
            tokens,
            lambda: request.transport.abort() if request.transport is not None else None,
            trust=self.trust,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            with hold_browser_folder(tokens):  # no new browser's folder takes its place while it is open
                try:
                    await self._after_its_last_page(tokens)
                    await session.start(*given_size(request.query.get("width"), request.query.get("height")))
                    await _relay(websocket, session)
                except asyncio.CancelledError:
                    await websocket.close()
                except Exception as error:
                    log.error("yaniv serve: a page's session failed: %s", error)
                finally:
                    self.ending[tokens] += 1
                    try:
                        await _to_its_end(session.stop())
                    finally:
                        self.ending[tokens] -= 1
                        if not self.ending[tokens]:
                            del self.ending[tokens]
        except OSError as error:
            log.error("yaniv serve: cannot hold a browser's tokens folder: %s", error.strerror or error)
        finally:
            self.sessions -= 1
            if key is None:
                shutil.rmtree(tokens, ignore_errors=True)
        return websocket


async def _relay(websocket: web.WebSocketResponse, session: AppService) -> None:
    """The page's frames to its process: keys, its size (bounded), focus; anything else is ignored."""
    async for message in websocket:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(message.data)
        except (ValueError, RecursionError):  # RecursionError: arrays nested past Python's limit
            continue
        if not isinstance(envelope, list) or not envelope:
            continue
        kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            await session.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict) and all(_whole(data.get(k)) for k in ("width", "height")):
            await session.set_terminal_size(*given_size(data["width"], data["height"]))
        elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
            await websocket.send_json(["pong", data])
        elif kind == "blur":
            await session.blur()
        elif kind == "focus":
            await session.focus()


async def _to_its_end(stopping: Coroutine[Any, Any, None]) -> None:
    """Run `stopping` to its end even if the handler awaiting it is cancelled (aiohttp cancels a page's handler
    when its connection is lost): a session's stop cut short left its process running, its place given back."""
    task = asyncio.ensure_future(stopping)
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        await task
        raise


def _origin(url: str) -> tuple[str, str, int] | None:
    """A web origin's scheme, host and port (the scheme's own port where none is written); None if `url` has none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)


def _font_size(asked: str) -> int:
    """The font size a page's `?fontsize=` asks for, from 1 to MAX_FONT_SIZE; FONT_SIZE if it asks for none."""
    return max(1, min(MAX_FONT_SIZE, int(asked))) if re.fullmatch(r"-?[0-9]{1,12}", asked) else FONT_SIZE


def _whole(value: object) -> bool:
    """Whether a frame's value is a whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)
