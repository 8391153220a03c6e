"""Leaving a joined table (ctrl+q) says on the terminal how to take the seat back, as quitting a local game says how
to resume it; a watcher, who has no seat, is told nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_net import ActionRefused, FakeClient
from tui_helpers import SIZE, until

from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store.paths import TOKENS_ENV
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.table import TableScreen


def joined_app(name: str) -> YanivApp:
    client = FakeClient(Game.new(load_ruleset("israeli"), ["Ann", "Noa O'Hara", "Dana"], seed=5), seat=1)

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        return client

    request = JoinRequest(joiner, refused=(ActionRefused,), address="127.0.0.1:7811", code="K7QF", name=name)
    return YanivApp(joining=request)


async def test_quitting_a_joined_table_says_how_to_take_the_seat_back() -> None:
    """Before, `yaniv join` quit mid-game without a word: nothing said the seat could be taken back, nor how."""
    app = joined_app("Noa O'Hara")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_line is not None
    assert "yaniv join 127.0.0.1:7811 K7QF --name 'Noa O'\"'\"'Hara'" in app.exit_line, app.exit_line
    assert "takes your seat back" in app.exit_line, app.exit_line


async def test_a_served_page_or_ssh_session_is_not_told_a_command_it_never_typed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`yaniv serve` and `--ssh` run `yaniv join` for each page or session, with a tokens folder of its own: its
    player rejoins by the page or by ssh, not with `yaniv join`."""
    monkeypatch.setenv(TOKENS_ENV, str(tmp_path))
    app = joined_app("Noa O'Hara")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.exit_line is None


async def test_ctrl_q_at_a_browser_pages_table_asks_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A browser's page (`yaniv serve`) at a table quit at ctrl+q with no question: its session ended ("Session
    ended."), the hand gone from the page, where esc on its join screen asks before it quits. Now it asks what
    quitting does there; n or esc stay at the table, y (or ctrl+q again) quits. It said "reload the page to come back"
    and "joining again takes your seat back", of a page that shows "Session ended." and a Restart button, which
    rejoins the seat by itself: now what the page shows and what its Restart does."""
    from yaniv_tui.tui.screens.saved_games import ConfirmScreen

    monkeypatch.setenv(TOKENS_ENV, str(tmp_path))
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: True))
    app = joined_app("Noa")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        for stay in ("n", "escape"):
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            question = " ".join(str(app.screen.query_one("#confirm-question").render()).split())
            assert question == (
                'Quit yaniv? The game goes on without you; the page then says "Session ended.", and its Restart button '
                "takes your seat back."
            ), question
            await pilot.press(stay)
            await until(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.is_running and not app.quitting
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)
    assert app.exit_line is None


async def test_a_browser_page_quits_at_once_where_nothing_is_at_stake(monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked only at a table: its join screen (a table not joined yet) quits at ctrl+q as before."""
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: True))

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    app = YanivApp(joining=JoinRequest(joiner, address="", code="", name=""))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)


async def test_ctrl_q_at_a_browser_pages_watched_table_says_restart_watches_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A watcher's page has no seat to take back: its Restart watches the table again (the page keeps it)."""
    from yaniv_tui.tui.screens.saved_games import ConfirmScreen

    monkeypatch.setenv(TOKENS_ENV, str(tmp_path))
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: True))
    client = FakeClient(Game.new(load_ruleset("israeli"), ["Ann", "Noa", "Dana"], seed=5), seat=1)
    client.seat = None

    async def watcher(address: str, code: str) -> FakeClient:
        return client

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise AssertionError("a watcher joins no seat")

    request = JoinRequest(joiner, address="127.0.0.1:7811", code="K7QF", name="", watcher=watcher, watch=True)
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = " ".join(str(app.screen.query_one("#confirm-question").render()).split())
        assert question.endswith("its Restart button watches it again."), question
        assert "seat" not in question, question


async def test_a_round_that_ends_while_the_quit_question_is_asked_waits_under_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Before: a watcher's page asked "Quit yaniv?", the watched round ended meanwhile and its round end covered the
    question, which the player then answered blind (enter on the round end) or saw come back later. Now the round
    end waits until the question is answered, and shows then."""
    from yaniv_tui.tui.screens.round_end import RoundEndScreen
    from yaniv_tui.tui.screens.saved_games import ConfirmScreen

    monkeypatch.setenv(TOKENS_ENV, str(tmp_path))
    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: True))
    client = FakeClient(Game.new(load_ruleset("israeli"), ["Ann", "Noa", "Dana"], seed=5), seat=1)
    client.seat = None

    async def watcher(address: str, code: str) -> FakeClient:
        return client

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise AssertionError("a watcher joins no seat")

    request = JoinRequest(joiner, address="127.0.0.1:7811", code="K7QF", name="", watcher=watcher, watch=True)
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await until(pilot, lambda: bool(client.real.history))  # the watched round has ended meanwhile
        for _ in range(20):
            await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), app.screen_stack
        assert not any(isinstance(screen, RoundEndScreen) for screen in app.screen_stack), app.screen_stack
        await pilot.press("n")  # stay
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen))
