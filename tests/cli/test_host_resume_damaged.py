"""`yaniv host --resume` (and `yaniv --resume`) after its save was found damaged: the first run moves the save aside
and says so; every run after says the same true thing (the game was damaged, and where its copy is kept), never "no
save" as if there had never been one; the copy is kept, byte for byte, for its player."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.store.paths import saves_dir


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def a_damaged_table() -> tuple[str, bytes]:
    """A saved table (a remote seat and a bot) whose save was cut short: its id and the bytes left of it."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Avi"], seed=3)
    meta = SaveMeta((Seat.remote("Ann"), Seat.bot("easy", "Avi")))
    save_game(game, meta)
    path = saves_dir() / f"{meta.game_id}.json"
    cut = path.read_bytes()[:200]
    path.write_bytes(cut)
    return meta.game_id, cut


@pytest.mark.parametrize("by_id", [False, True], ids=["newest", "by its id"])
@pytest.mark.parametrize("command", [["host", "--headless", "--port", "0"], []], ids=["yaniv host", "yaniv"])
def test_resuming_a_damaged_save_says_so_every_time_and_keeps_its_copy(
    by_id: bool, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, cut = a_damaged_table()
    argv = [*command, "--resume", *([game_id[:8]] if by_id else [])]
    said = []
    for _ in range(2):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and "Traceback" not in err
        said.append(err.splitlines())
    first, second = said
    assert any("damaged" in line and "moved to" in line for line in first[:-1]), first  # the first run finds it
    (kept,) = saves_dir().glob(f"{game_id}.json.damaged-*")
    assert kept.read_bytes() == cut  # nothing lost: the copy is the save as it was found
    assert second == [first[-1]], (first, second)  # the same line both times, and no other
    line = second[0]
    assert game_id[:8] in line and "damaged" in line and str(kept) in line, line
    assert "no saved game to resume (none in" not in line and "no saved game has an id" not in line, line
