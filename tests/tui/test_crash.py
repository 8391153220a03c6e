"""A crash is loud, reported and recoverable: a non-zero exit, one line saying where the report is, the save kept.

The error is injected by monkeypatching one of the table's methods to raise, as a bug would.
"""

from __future__ import annotations

import ast
import inspect
import io
from pathlib import Path
from typing import Any, ClassVar

import pytest
import textual
from rich.console import Console
from textual.app import App
from textual.binding import BindingType
from textual.pilot import Pilot
from textual.worker import WorkerFailed
from tui_helpers import SIZE, game_of, make_app, play_turn, settle

import yaniv_tui
from yaniv_tui import __version__
from yaniv_tui.cli.play import main
from yaniv_tui.store import scan_saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.table import TableScreen


class Injected(RuntimeError):
    """The bug this test plants."""


def boom(*_: object, **__: object) -> None:
    raise Injected("a bug planted by the test")


def reports(data: Path) -> list[Path]:
    return sorted((data / "crashes").glob("crash-*.txt"))


async def test_an_error_mid_game_writes_a_report_exits_non_zero_and_keeps_the_save(
    monkeypatch: pytest.MonkeyPatch, private_folders: tuple[Path, Path]
) -> None:
    data, _ = private_folders
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    with pytest.raises(Injected):  # under Pilot, Textual raises the app's error again for the test to see
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await play_turn(pilot)
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            game_id = table.session.meta.game_id
            saved = scan_saves().newest
            assert saved is not None and saved.game.turns == game_of(table).turns > 0
            before = game_to_dict(saved.game)
            with monkeypatch.context() as bug:  # the bug only for this key; the private folders stay
                bug.setattr(TableScreen, "action_scores", boom)
                await pilot.press("s")
                await pilot.pause()
    assert app.return_code == 1
    assert app.crash_report is not None and reports(data) == [app.crash_report]
    text = app.crash_report.read_text()
    assert "Injected: a bug planted by the test" in text and "Traceback (most recent call last)" in text
    assert f"version: {__version__}" in text and f"game: {game_id}" in text and "time: 20" in text
    assert app.crash_line is not None
    assert f"yaniv --resume {game_id[:8]}" in app.crash_line and str(app.crash_report) in app.crash_line
    # The game is as it was saved after its last move, and it loads and plays on.
    saved = scan_saves().newest
    assert saved is not None and game_to_dict(saved.game) == before
    again = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, TableScreen) and game_of(again.screen).turns == saved.game.turns
        await play_turn(pilot)


async def test_an_error_in_the_hints_thread_is_reported_too(
    monkeypatch: pytest.MonkeyPatch, private_folders: tuple[Path, Path]
) -> None:
    data, _ = private_folders
    from yaniv_tui.bots import hint

    monkeypatch.setattr(hint, "suggest", boom)
    app = make_app("israeli", "Ann,bot:medium", seed=4)
    with pytest.raises(WorkerFailed):  # Textual wraps the error of a worker
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await pilot.press("h")
            for _ in range(20):
                await pilot.pause()
    assert app.return_code == 1
    (report,) = reports(data)
    assert "Injected: a bug planted by the test" in report.read_text()
    assert "in boom" in report.read_text()  # the error's own traceback, from its thread, not only the worker's


async def test_bots_that_raise_are_said_and_played_for_and_the_app_quits_cleanly(
    monkeypatch: pytest.MonkeyPatch, private_folders: tuple[Path, Path]
) -> None:
    """A bot that raises instead of choosing is a bug, but not the player's: the table says so in a line, plays the
    seat's first legal move (table/runner.py) and goes on; quitting mid-game then is a clean quit."""
    data, _ = private_folders
    from yaniv_tui.bots.medium import MediumBot

    monkeypatch.setattr(MediumBot, "choose", boom)
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=4)
    said: list[str] = []
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        notify = app.notify

        def heard(message: str, **kwargs: Any) -> None:
            said.append(message)
            notify(message, **kwargs)

        monkeypatch.setattr(app, "notify", heard)
        for _ in range(10):
            await settle(pilot)
            await play_turn(pilot)
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and game_of(table).turns >= 20
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code in (0, None) and reports(data) == []
    assert any("could not choose a move (Injected)" in line for line in said), said


def test_yaniv_exits_non_zero_with_one_line_and_no_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], private_folders: tuple[Path, Path]
) -> None:
    data, _ = private_folders

    async def play_then_break(pilot: Pilot[Any]) -> None:  # Any: App.run's auto_pilot takes a Pilot[object]
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        monkeypatch.setattr(TableScreen, "action_scores", boom)
        await pilot.press("s")
        for _ in range(20):
            await pilot.pause()
        if pilot.app.return_code is None:  # no crash after all: end the run so the test fails, not hangs
            pilot.app.exit()

    def headless_run(self: App[None]) -> None:  # no terminal here: the same app, headless, driven by keys
        App.run(self, headless=True, size=SIZE, auto_pilot=play_then_break)

    monkeypatch.setattr(YanivApp, "run", headless_run)
    code = main(["--players", "Ann,bot:medium", "--seed", "3", "--bot-delay", "0"])
    out, err = capsys.readouterr()
    assert code == 1
    (report,) = reports(data)
    assert err.splitlines() == [err.strip()] and str(report) in err and "yaniv --resume" in err
    assert "Traceback" not in out + err and "Injected" not in out
    saved = scan_saves().newest
    assert saved is not None and saved.game.turns > 0


async def test_when_no_report_can_be_written_the_line_says_so(
    monkeypatch: pytest.MonkeyPatch, private_folders: tuple[Path, Path]
) -> None:
    data, _ = private_folders
    data.mkdir(parents=True, exist_ok=True)
    (data / "crashes").write_text("a file where the folder should be")
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=21)
    with pytest.raises(Injected):
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            monkeypatch.setattr(TableScreen, "action_scores", boom)
            await pilot.press("s")
            await pilot.pause()
    assert app.return_code == 1 and app.crash_report is None
    assert app.crash_line is not None and "(Injected); no report could be written" in app.crash_line


# -- the one private name of Textual's the report relies on ------------------------------------------------------

#: Textual has no public hook that sees an error of a handler, a worker or a timer while the game is still on
#: screen (App.return_code only says that there was one, and the screens are gone by the app's Unmount): crash
#: reporting overrides this one, and nothing else private of Textual's App is touched (see YanivApp).
CRASH_HOOK = "_handle_exception"


def private_names_of_textuals_app() -> set[str]:
    """The private members of Textual's App: its methods and what an App sets on itself."""
    names = set(dir(App)) | set(vars(App()))
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def imports_textual(tree: ast.Module) -> bool:
    """Whether a module imports Textual (elsewhere a private name of the same spelling is the game's own)."""
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    modules += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    return any(module.split(".")[0] == "textual" for module in modules)


def test_the_game_touches_one_private_name_of_textuals_app_the_crash_hook() -> None:
    private = private_names_of_textuals_app()
    package = Path(yaniv_tui.__file__).parent
    used: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not imports_textual(tree):
            continue
        for node in ast.walk(tree):
            name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "name", None)
            if isinstance(node, ast.Attribute | ast.FunctionDef | ast.AsyncFunctionDef) and name in private:
                used.setdefault(str(name), []).append(f"{path.relative_to(package)}:{node.lineno}")
    assert set(used) == {CRASH_HOOK}, f"private names of Textual's App used beyond {CRASH_HOOK}: {used}"


def test_textual_still_hands_each_unhandled_error_to_the_crash_hook() -> None:
    """Fails, naming the hook, if Textual renames it, changes what it is given, or stops calling it."""
    hook = getattr(App, CRASH_HOOK, None)
    assert callable(hook), (
        f"Textual {textual.__version__} has no App.{CRASH_HOOK}: YanivApp.{CRASH_HOOK} (tui/app.py) reports crashes "
        "through it, and needs the hook this Textual has for an error nothing else caught"
    )
    assert list(inspect.signature(hook).parameters) == ["self", "error"], (
        f"App.{CRASH_HOOK} of Textual {textual.__version__} takes {inspect.signature(hook)}, not (self, error): "
        f"YanivApp.{CRASH_HOOK} (tui/app.py) must follow it"
    )


class Seen(App[None]):
    """A bare app that records what reaches the crash hook, and what Textual prints on its way out."""

    BINDINGS: ClassVar[list[BindingType]] = [("b", "boom", "boom"), ("w", "worker", "worker")]

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[BaseException] = []
        self.error_console = Console(file=io.StringIO(), width=80)

    def _handle_exception(self, error: Exception) -> None:
        self.seen.append(error)
        super()._handle_exception(error)

    def action_boom(self) -> None:
        boom()

    def action_worker(self) -> None:
        self.run_worker(boom, thread=True)

    def printed(self) -> str:
        file = self.error_console.file
        assert isinstance(file, io.StringIO)
        return file.getvalue()


@pytest.mark.parametrize(("key", "raised"), [("b", Injected), ("w", WorkerFailed)])
async def test_textual_gives_the_hook_the_error_sets_status_1_and_prints_through_error_console(
    key: str, raised: type[Exception]
) -> None:
    app = Seen()
    with pytest.raises(raised):
        async with app.run_test() as pilot:
            await pilot.press(key)
            for _ in range(20):
                if app.return_code is not None:
                    break
                await pilot.pause()
    assert [type(error) for error in app.seen] == [raised], f"App.{CRASH_HOOK} was not given the error"
    assert app.return_code == 1
    # YanivApp keeps the terminal to its one line by quieting this console: Textual must print through it.
    assert "a bug planted by the test" in app.printed(), "Textual no longer prints an app's error on error_console"
