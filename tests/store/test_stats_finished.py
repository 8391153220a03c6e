"""`yaniv stats` counts finished games only (issue 28, item 13): the rounds of a game still in progress are in the
history, but no figure takes them until the game ends, so no player shows 0 games with rounds and calls counted."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from yaniv_tui.cli.listings import print_stats
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import Seat

from .helpers import new_game, play

SEATS = (Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("hard", "Player 3"))


def test_a_game_in_progress_adds_to_no_figure(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    finished = play(new_game(players=3, seed=2))
    going = play(new_game(players=3, seed=5), rounds=3)
    assert finished.is_over and not going.is_over
    with History(path) as history:
        assert history.record(finished, SaveMeta(SEATS, game_id="done"))
        before = {(s.name, s.playing_as): s for s in history.stats()}
        assert history.record(going, SaveMeta(SEATS, game_id="going"))
        after = {(s.name, s.playing_as): s for s in history.stats()}
        versus = history.versus()
    assert after == before  # the game in progress changes nothing
    for seat, name in enumerate(finished.players):
        (player,) = (s for (who, _), s in after.items() if who == name)
        played = sum(score.hands[seat] is not None for score in finished.history)
        calls = sum(score.caller == seat for score in finished.history)
        assert (player.games, player.rounds, player.calls) == (1, played, calls)
    person = sum(score.hands[0] is not None for score in finished.history)
    assert [(v.games, v.rounds) for v in versus] == [(1, person), (1, person)]


def test_only_games_in_progress_is_no_finished_game(tmp_path: Path) -> None:
    path = tmp_path / "h.sqlite3"
    with History(path) as history:
        assert history.record(play(new_game(players=3, seed=5), rounds=2), SaveMeta(SEATS, game_id="going"))
        assert history.stats() == [] and history.rulesets() == []
    out = io.StringIO()
    assert print_stats(path, Console(file=out, width=150)) == 0
    assert out.getvalue().strip() == "No games finished yet: the history counts a game once it ends."
