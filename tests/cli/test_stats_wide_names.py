"""`yaniv stats` keeps every figure whole beside the widest name a history holds: a name of 48 cells (24 of 田, what an
older yaniv-tui took from a joiner and its saves keep), folded onto a second line of its column, never crushing the
columns of figures."""

from __future__ import annotations

from pathlib import Path

import pytest
from playing import play
from rich.cells import cell_len

from yaniv_tui.cli import main
from yaniv_tui.engine import SAVED_NAME, Game, Seat, load_ruleset
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import save_game
from yaniv_tui.store.stats import STATS_COLUMNS

WIDE = "田" * (SAVED_NAME // 2)


@pytest.mark.parametrize("columns", [80, 100])
def test_a_name_as_wide_as_a_save_holds_leaves_every_figure_of_the_stats_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], columns: int
) -> None:
    """Before: the name's column took its whole width, unwrapped, and at 80 columns the figures' headings were cut to
    "…" and their numbers to "1…" (the calls won of "100%" read as "1…"); at 100, "games" read "ga…"."""
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", str(columns))
    seats = (Seat.person(WIDE), Seat.bot("medium", "Ben"))
    with History() as history:
        game = play(Game.new(load_ruleset("israeli"), [seat.name for seat in seats], seed=3))
        assert history.record(game, SaveMeta(seats, game_id="wide0001"))
    assert main(["stats"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(cell_len(line) <= columns for line in lines), lines
    assert "…" not in "".join(lines), "\n".join(lines)
    words = " ".join(lines).split()
    assert all(word in words for heading in STATS_COLUMNS for word in heading.split()), "\n".join(lines)
    for table in "\n".join(lines).split("Each person against each bot level"):  # both tables name the person whole
        assert "".join(line.split()[0] for line in table.splitlines() if line.startswith("田")) == WIDE


@pytest.mark.parametrize("columns", [80, 100])
def test_the_lists_of_games_show_a_name_as_wide_as_a_save_holds_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], columns: int
) -> None:
    """Before: `yaniv stats --games` and `yaniv saves` cut such a name with "…" (at 80 columns to 9 of its 24
    characters, and at 100 to 19), so two players whose names differ past there read as one."""
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", str(columns))
    seats = (Seat.person(WIDE), Seat.bot("medium", "Ben"))
    names = [seat.name for seat in seats]
    with History() as history:
        assert history.record(play(Game.new(load_ruleset("israeli"), names, seed=3)), SaveMeta(seats, game_id="w01"))
    save_game(play(Game.new(load_ruleset("israeli"), names, seed=4), 10), SaveMeta(seats, game_id="w02"))
    for argv, times in ((["stats", "--games"], 1), (["saves"], 2)):  # saves: in the seats and in the scores
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert all(cell_len(line) <= columns for line in out.splitlines()), out
        assert "…" not in out and out.count("田") == times * len(WIDE), out
