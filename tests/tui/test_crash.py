"""A crash is loud, reported and recoverable: a non-zero exit, one line saying where the report is, the save kept.

The error is injected by monkeypatching one of the table's methods to raise, as a bug would.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.worker import WorkerFailed
from tui_helpers import SIZE, game_of, make_app, play_turn, settle

from yaniv_tui import __version__
from yaniv_tui.cli.play import main
from yaniv_tui.store import scan_saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.table import TableScreen


class Injected(RuntimeError):
    """The bug this test plants."""


def boom(*_: object) -> None:
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


async def test_a_bot_that_crashes_in_its_thread_is_reported_too(
    monkeypatch: pytest.MonkeyPatch, private_folders: tuple[Path, Path]
) -> None:
    data, _ = private_folders
    from yaniv_tui.bots.medium import MediumBot

    monkeypatch.setattr(MediumBot, "choose", boom)
    app = make_app("israeli", "bot:medium,bot:medium", seed=4)
    with pytest.raises(WorkerFailed):  # Textual wraps the error of a worker
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(50):
                await pilot.pause()
    assert app.return_code == 1
    (report,) = reports(data)
    assert "Injected: a bug planted by the test" in report.read_text()
    assert "in boom" in report.read_text()  # the bot's own traceback, not only the worker's wrapper


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
