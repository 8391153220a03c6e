"""After a person concedes: the history keeps their own rounds only, the game's end says whose win it was, and
the table shows who plays their seat now (before and after a resume, in a box or on a compact line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from records_helpers import GameEndApp, finished_session
from tui_helpers import SIZE, TableApp, make_options, screen_text, settle

from yaniv_tui.engine import PlayerView
from yaniv_tui.store import History, read_save, save_path
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens import game_end
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.pass_turn import PassScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_view import seat_infos
from yaniv_tui.tui.widgets.table import SeatPanel, compact_line


@pytest.fixture(autouse=True)
def own_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))


async def test_the_rounds_a_bot_played_after_a_person_conceded_are_not_theirs(tmp_path: Path) -> None:
    """Before: every round of Ann's seat, the medium bot's calls and points too, went into Ann's record."""
    session = Session(make_options("israeli", "Ann,bot:easy:Ben", seed=2))
    game = session.game
    while game.round_no == 1:
        game.apply(game.legal_actions()[0])
    session.concede(0)  # in round 2: round 1 was Ann's
    while not game.is_over:
        game.apply(await session.ask(game.current))
    assert len(game.history) > 2 and sum(r.caller == 0 for r in game.history[1:]) > 0
    with History(tmp_path / "h.sqlite3") as history:
        assert session.record(history) is None
        ann = next(s for s in history.stats() if s.name == "Ann")
        first = game.history[0]
        assert (ann.games, ann.wins, ann.rounds, ann.points) == (1, 0, 1, first.added[0])
        assert ann.calls == int(first.caller == 0)
        assert [(v.level, v.rounds) for v in history.versus()] == [("easy", 1)]


def conceded_winner(players: str) -> Session:
    """A finished game (israeli, seed 2) won by seat 1, whose person conceded and whose seat a bot played out."""
    session = finished_session(players=players)
    assert session.game.winners == (1,)
    session.concede(1)
    return session


@pytest.mark.parametrize(
    ("players", "title", "note"),
    [
        (
            "bot:medium:Ann,Avi,bot:hard:Bea",
            "Avi's seat wins, played by a medium bot after Avi conceded.",
            "bot's win",
        ),
        (
            "bot:medium:Ann,You,bot:hard:Bea",
            "Your seat wins, played by a medium bot after you conceded.",
            "bot's win",
        ),
    ],
)
async def test_the_game_end_says_a_conceded_seat_won_by_the_bot_not_by_its_person(
    players: str, title: str, note: str
) -> None:
    """Before: "Avi wins!" with "winner" in the standings, while the history counted Avi's game as lost."""
    session = conceded_winner(players)
    app = GameEndApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)
        text = screen_text(app)
        assert title in text and note in text
        assert "winner" not in text and " wins!" not in text


def test_a_shared_win_names_the_person_who_won_and_the_seat_a_bot_won(monkeypatch: pytest.MonkeyPatch) -> None:
    session = finished_session(players="bot:medium:Ann,Avi,bot:hard:Bea")
    # The game's end reads the winners from the rounds' public record, as every seat sees it (PlayerView).
    monkeypatch.setattr(PlayerView, "winners", property(lambda view: (0, 1)))
    session.concede(1)
    assert (
        game_end.winners_line(session) == "Ann wins! Avi's seat also wins, played by a medium bot after Avi conceded."
    )


async def test_a_conceded_seat_shows_the_bot_playing_it_before_and_after_a_resume() -> None:
    """Before: Ben's box kept "human" while a medium bot played it, and so did his compact line."""
    session = Session(make_options("israeli", "Ann,Ben,bot:easy:Cy", seed=4))
    session.concede(1)
    infos = seat_infos(session.view(0), session, 0, None)
    assert [info.kind for info in infos] == ["you", "conceded · bot", "easy bot"]  # seat 0 is the viewer's own
    assert compact_line(infos[1], False, 4).plain.endswith(" pts  conceded")
    await shows_ben_conceded(session)
    resumed = Session.resumed(read_save(save_path(session.meta.game_id)), bot_delay=0.0)
    await shows_ben_conceded(resumed)
    resumed.close()


async def shows_ben_conceded(session: Session) -> None:
    """Open the table on Ann's turn: Ben's box says who plays his seat; quit (the game is saved)."""
    app = TableApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.viewer == 0
        ben = next(panel for panel in app.screen.query(SeatPanel) if "Ben" in str(panel.border_title))
        assert str(ben.border_subtitle) == "conceded · bot"
        assert "conceded · bot" in screen_text(app)
        await pilot.press("ctrl+q")
        await pilot.pause()


async def test_a_conceded_seats_box_says_so_whole_at_80_columns_with_four_seats() -> None:
    """Four boxes across 80 columns: Ann's conceded seat's box ended "conceded · b…", cut. It says "conceded" whole
    where "conceded · bot" does not fit (the concede's notice and the help say a bot plays the seat out)."""
    session = Session(make_options("israeli", "Ann,Ben,Cat,bot:easy:Cy", seed=4))
    session.concede(0)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        ann = app.screen.query_one("#seat-0", SeatPanel)  # the narrower boxes are the first ones
        assert not ann.has_class("-compact")
        bottom = next(line for line in screen_text(app).splitlines() if "conceded" in line)
        assert "conceded · b…" not in bottom and "…" not in bottom, screen_text(app)
        assert str(ann.border_subtitle) in ("conceded", "conceded · bot"), ann.border_subtitle
    async with TableApp(session).run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        if isinstance(pilot.app.screen, PassScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert "conceded · bot" in screen_text(pilot.app)  # whole where it fits


async def test_the_help_over_the_games_end_says_the_rules_just_played() -> None:
    """`?` on the game's end said "Choose the house rules on the setup screen": the table (whose rules the help
    reads) was gone. It says the rules of the game just played, as at the table."""
    from yaniv_tui.tui.screens.help import HelpScreen

    session = finished_session("sursis")
    app = GameEndApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameEndScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "setup screen" not in text, text
        assert f"The rules: {session.options.rules.name}" in text, text


async def test_the_charts_title_is_one_line_at_80x24() -> None:
    """At 80x24, with a conceded seat's note in the standings beside it, the chart's title wrapped, "(low is" on
    one line and "good)" alone under it at the left."""
    from textual.widgets import Static

    session = finished_session(players="bot:medium:Ann,You,bot:hard:Bea")
    session.concede(1)
    app = GameEndApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = app.screen.query_one("#chart-title", Static)
        assert title.size.height == 1, (title.size, str(title.content))
        assert "low is good" in str(title.content)
