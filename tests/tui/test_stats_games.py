"""The stats screen's list of finished games (tui/screens/stats.py): newest first, an old game without a record
listed as such; enter or r replays the game chosen, v replays it with the expert's review, whose marks are
`yaniv review`'s; a game with no record, or a damaged record (moved aside), says so in one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playing import drop, scripted
from test_replay import short_game
from textual.pilot import Pilot
from textual.widgets import DataTable
from tui_helpers import SIZE, footer_keys, notices, screen_text, worked

from yaniv_tui.bots import review as reviewing
from yaniv_tui.bots.review import people_seats, review_seat
from yaniv_tui.cli import main
from yaniv_tui.codec.record import GameRecord, record_text, replay
from yaniv_tui.engine import Action, CallYaniv, Card, Seat
from yaniv_tui.store import History, history_path
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.replay import ReplayScreen
from yaniv_tui.tui.screens.stats import StatsScreen


def poor_game() -> GameRecord:
    """P0 drops an ace and keeps a king while P1 may call next turn (tests/bots/test_review.py): a blunder."""
    moves: list[Action] = [drop("5H 6H 7H 8H", "2C"), drop("AH"), CallYaniv()]
    return scripted(["KS AH 5D 9C 8S", "5H 6H 7H 8H AS"], "2C", "QD 3S", moves, first=1)


def two_decisions() -> GameRecord:
    """P0 does not call at 7 when the call wins in every guess (marked), then calls (not marked)."""
    return scripted(["AC AD AH 2C 2S", "KH KS QH QS JH"], "9D", "AS 10C QC", [drop("2S"), drop("KH KS"), CallYaniv()])


def keep(record: GameRecord, *, with_record: bool = True, when: str = "") -> str:
    """Put the finished game `record` holds in the history (finished at `when`); its id."""
    game = replay(record, finished=True)
    meta = SaveMeta((Seat.person("P0"), *(Seat.bot("hard", f"P{s}") for s in range(1, len(game.players)))))
    with History() as history:
        assert history.record(game, meta, record if with_record else None)
    if when:
        with sqlite3.connect(history_path()) as db:
            db.execute("UPDATE games SET finished_at = ? WHERE game_key = ?", (when, meta.game_id))
    return meta.game_id


@pytest.fixture(autouse=True)
def few_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Few guesses, so the review is quick; `yaniv review` reads the same setting, so both see the same."""
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 8)


async def on_games(pilot: Pilot[None]) -> StatsScreen:
    await pilot.pause()
    await pilot.press("ctrl+t")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    await pilot.press("g")
    await pilot.pause()
    return screen


async def until_reviewed(pilot: Pilot[None], screen: ReplayScreen) -> None:
    await worked(pilot, "review")
    assert screen.reviews is not None, "the review never finished"


async def test_the_list_is_newest_first_and_enter_replays_the_game_chosen() -> None:
    old = keep(poor_game(), with_record=False, when="2026-11-01T10:00:00")
    new = keep(two_decisions(), when="2026-12-02T09:30:00")
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        stats = await on_games(pilot)
        assert [game.game_id for game in stats.games] == [new, old]
        lines = [line for line in screen_text(app).splitlines() if "2026-" in line]
        assert "2026-12-02 09:30" in lines[0] and "replay" in lines[0]
        assert "2026-11-01 10:00" in lines[1] and "no record" in lines[1]
        await pilot.press("enter")
        await pilot.pause()
        replayed = app.screen
        assert isinstance(replayed, ReplayScreen)
        assert replayed.record.events == two_decisions().events
        assert f"game {new[:8]}" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is stats


async def test_a_game_without_a_record_says_so_in_one_line() -> None:
    old = keep(poor_game(), with_record=False)
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        stats = await on_games(pilot)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is stats
        (line,) = notices(app)
        assert f"the game {old[:8]} finished before games were recorded" in line and "\n" not in line


async def test_a_damaged_record_is_moved_aside_and_said_in_one_line() -> None:
    game_id = keep(poor_game())
    damaged = record_text(poor_game()).replace('"event": "end"', '"event": "ended"')
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", (damaged,))
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        stats = await on_games(pilot)
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is stats
        (line,) = notices(app)
        assert "damaged" in line and "moved to" in line and "\n" not in line
        (aside,) = Path(history_path()).parent.glob(f"record-{game_id}.jsonl.damaged-*")
        assert aside.read_text(encoding="utf-8") == damaged
        assert "no record" in screen_text(app)
        assert stats.games and not stats.games[0].has_record


async def test_v_replays_with_the_review_whose_marks_are_yaniv_reviews(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = two_decisions()
    keep(record)
    expected = [
        review_seat(record, seat, guesses=reviewing.REVIEW_GUESSES, face=Card.face) for seat in people_seats(record)
    ]
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await on_games(pilot)
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await until_reviewed(pilot, screen)
        assert screen.reviews == expected
        (marked,) = [d for review in expected for d in review.decisions if d.mark is not None]
        screen.go_to(next(i for i, step in enumerate(screen.steps) if step.turn == marked.turn))
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert f"review: {marked.mark}" in text
        assert f"expert: {marked.reason}"[:60] in text
        screen.go_to(next(i for i, step in enumerate(screen.steps) if step.turn == 2))  # the call: reviewed, no mark
        await pilot.pause()
        assert "review: no mark" in screen_text(app)
        # The round's log, at its end: the marked move's line ends with its mark, the others with none.
        log = [line for line in screen_text(app).splitlines() if "dropped" in line]
        assert [line.strip(" │").endswith(f"◀ {marked.mark}") for line in log] == [True, False]
    file = tmp_path / "game.jsonl"
    file.write_text(record_text(record), encoding="utf-8")
    assert main(["review", str(file)]) == 0
    printed = " ".join(capsys.readouterr().out.split())
    assert f"{marked.mark} " in printed and f"expert: {marked.reason}"[:60] in printed


async def test_v_in_the_replay_reviews_with_a_progress_bar_then_a_summary() -> None:
    app = YanivApp(replay=(poor_game(), "game"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.reviews is None and footer_keys(app).get("v") == "review"
        screen.action_review()  # what v does
        assert screen.reviewing and screen.query_one("#replay-progress").display
        assert not screen.check_action("review", ())
        await until_reviewed(pilot, screen)
        assert not screen.query_one("#replay-progress").display
        assert "P0: 1 decision, 1 marked" in screen_text(app)
        assert not screen.check_action("review", ())


async def test_leaving_the_replay_while_the_expert_thinks_stops_the_review(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 40)  # a game of three rounds: long enough to leave meanwhile
    keep(short_game())
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        stats = await on_games(pilot)
        await pilot.press("v")
        for _ in range(100):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, ReplayScreen) and screen.reviewing:
                break
        assert isinstance(screen, ReplayScreen) and screen.reviewing and screen.reviews is None
        await pilot.press("escape")
        assert app.screen is stats
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.reviews is None
        assert not any(worker.is_running for worker in app.workers)


async def test_the_games_tab_keys_apply_only_there() -> None:
    keep(poor_game())
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        assert not stats.check_action("replay", ())
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is stats
        await pilot.press("g")
        await pilot.pause()
        assert stats.check_action("replay", ()) and isinstance(stats.focused, DataTable)
        assert stats.focused.id == "games-table"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(stats.focused, DataTable) and stats.focused.id == "stats-table"


async def test_a_record_found_damaged_while_listing_is_moved_aside_in_one_line() -> None:
    game_id = keep(poor_game())
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", ("garbage\n",))
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        stats = await on_games(pilot)
        (line,) = notices(app)
        assert f"the game {game_id[:8]}'s record is damaged" in line and "\n" not in line
        assert stats.games and not stats.games[0].has_record
        assert "no record" in screen_text(app)
    assert list(Path(history_path()).parent.glob(f"record-{game_id}.jsonl.damaged-*"))


async def test_the_games_tab_is_titled_as_the_games_list() -> None:
    """Before, the games tab kept the players tab's title, "Each player's record (a bot's by level)", over the list
    of finished games."""
    keep(two_decisions())
    app = YanivApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert "Each player's record" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        assert "Finished games, newest first" in text and "Each player's record" not in text, text
        await pilot.press("p")
        await pilot.pause()
        assert "Each player's record" in screen_text(app)
