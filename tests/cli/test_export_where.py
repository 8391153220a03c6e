"""`yaniv export ID FILE` where FILE is a folder, or a path through a file or a link to nothing: the record goes
into the folder as `cp` would put it, or one line naming what is in the way; nothing of the user's is touched."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_game_records_cli import finished_game, one_line

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")


def test_a_folder_given_as_the_file_gets_the_record_under_its_own_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: "records already exists: give another FILE", of a folder, where a record can well go."""
    _game, meta, _record = finished_game()
    folder = tmp_path / "records"
    folder.mkdir()
    assert main(["export", meta.game_id[:8], str(folder)]) == 0
    written = folder / f"yaniv-{meta.game_id}.jsonl"
    assert capsys.readouterr().err == f"yaniv export: the game {meta.game_id[:8]}'s record is in {written}\n"
    assert written.read_text(encoding="utf-8").startswith('{"event": "game"')
    line = one_line(capsys, main(["export", meta.game_id[:8], str(folder)]), 1, "yaniv export")
    assert line == f"yaniv export: {written} already exists: give another FILE (or - for the output)"


@pytest.mark.parametrize("through", ["a file", "a link to nothing"])
def test_a_path_through_a_file_names_it(tmp_path: Path, through: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: "cannot write notes.txt/game.jsonl: Not a directory", which named neither what is in the way nor why."""
    _game, meta, _record = finished_game()
    blocker = tmp_path / "notes.txt"
    if through == "a file":
        blocker.write_text("mine", encoding="utf-8")
        why = f"{blocker} is not a folder"
    else:
        blocker.symlink_to(tmp_path / "gone")
        why = f"{blocker} is a link to {tmp_path / 'gone'}, which is not there"
    target = blocker / "game.jsonl"
    line = one_line(capsys, main(["export", meta.game_id[:8], str(target)]), 1, "yaniv export")
    assert line == f"yaniv export: cannot write {target}: {why}", line
    assert blocker.is_symlink() or blocker.read_text(encoding="utf-8") == "mine"
