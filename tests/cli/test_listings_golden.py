"""`yaniv stats`, `yaniv saves` and `yaniv rulesets` print exactly what they printed before the store stopped
printing: the tables are pinned for a fixed history, saves folder and rulesets folder."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playing import play

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import saves
from yaniv_tui.store.history import History
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.saves import save_game

GOLDEN = Path(__file__).parent / "golden"

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Ben"), Seat.bot("hard", "Dan"))


@pytest.fixture
def folders(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    # Under /tmp with a name of fixed length, not pytest's tmp_path: `yaniv rulesets` names the folder in a line
    # that Rich wraps by its length.
    folder = Path(tempfile.mkdtemp(prefix="yaniv-golden-", dir="/tmp"))
    try:
        yield fill(folder, monkeypatch)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def fill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two finished games in the history (one a game of hints), one game in progress, one user ruleset (a bad one's
    error names its path, whose length would move the table's lines: `tests/store/test_userrules.py` has it)."""
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setattr(saves, "now_iso", lambda: "2026-12-03T12:00:00")
    with History() as history:
        for preset, seed, hints in (("israeli", 3, (2, 0, 0)), ("sursis", 5, ())):
            game = play(Game.new(load_ruleset(preset), [seat.name for seat in SEATS], seed=seed))
            assert history.record(game, SaveMeta(SEATS, game_id=f"{preset}0001", hints=hints))
    game = play(Game.new(load_ruleset("yanivo"), ["Ann", "Ben", "Noa"], seed=9), 30)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Ben"), Seat.remote("Noa"))
    save_game(game, SaveMeta(seats, screen_seat=0, game_id="inprog0001"))
    rulesets = tmp_path / "config" / "rulesets"
    rulesets.mkdir(parents=True)
    rulesets.joinpath("quick.toml").write_text(
        'name = "Quick"\ndescription = "A short game [bold]as typed[/bold]"\n[end]\nlimit = 50\nlimit_choices = [50]\n',
        encoding="utf-8",
    )
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "golden"),
    [
        (["stats"], "stats.txt"),
        (["stats", "--ruleset", "sursis"], "stats-sursis.txt"),
        (["stats", "--ruleset", "nope"], "stats-nope.txt"),
        (["saves"], "saves.txt"),
        (["rulesets"], "rulesets.txt"),
    ],
)
def test_a_listing_prints_the_pinned_table(
    folders: Path, capsys: pytest.CaptureFixture[str], argv: list[str], golden: str
) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out.replace(str(folders), "<folders>")
    assert out == GOLDEN.joinpath(golden).read_text(encoding="utf-8")
