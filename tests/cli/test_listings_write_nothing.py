"""A listing reads and writes nothing: `yaniv stats`, `yaniv stats --games` and `yaniv saves` on a first run make no
data folder and no database just to say there is nothing to list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from yaniv_tui.cli import main

pytestmark = pytest.mark.usefixtures("data_dir")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["stats"], "No games finished yet"),
        (["stats", "--games"], "No games finished yet"),
        (["stats", "--ruleset", "israeli"], "No games of the ruleset 'israeli' in the history: it has no games yet."),
        (["saves"], "No games in progress"),
    ],
)
def test_a_listing_on_a_first_run_makes_no_folder_and_no_database(
    argv: list[str], line: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: `yaniv stats` made the data folder and an empty history database to list nothing.
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert line in captured.out and captured.err == ""
    assert not data_dir.exists()


def test_a_listing_in_an_empty_data_folder_makes_no_database(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir.mkdir()
    assert main(["stats"]) == 0
    assert "No games finished yet" in capsys.readouterr().out
    assert list(data_dir.iterdir()) == []


def test_a_file_where_the_data_folder_should_be_is_still_said(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir.write_text("not a folder")
    assert main(["stats"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{data_dir} is not a folder" in err[0]
    assert data_dir.read_text() == "not a folder"


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["export", "abc"],
            "yaniv export: no finished game in the history has an id starting with 'abc': it has none yet",
        ),
        (["replay"], "yaniv replay: no finished game in the history has a record yet: finish a game, or give a FILE"),
        (["review"], "yaniv review: no finished game in the history has a record yet: finish a game, or give a FILE"),
    ],
)
def test_reading_a_record_on_a_first_run_makes_nothing(
    argv: list[str], line: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: each made the data folder and an empty history database to find nothing in it.
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.err.strip() == line and captured.out == ""
    assert not data_dir.exists()


def test_yaniv_rulesets_says_when_a_file_is_where_its_folder_should_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Before: "Your own rulesets go in <file>/rulesets", a folder that cannot be made there.
    blocker = tmp_path / "config"
    blocker.write_text("not a folder")
    monkeypatch.setenv("COLUMNS", "400")  # the line on one line, for the test to read
    assert main(["rulesets"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (
        f"Your own rulesets would go in {blocker}/rulesets, but {blocker} is not a folder: move it away, or set "
        "YANIV_CONFIG_DIR to another folder."
    )


@pytest.mark.parametrize(
    "argv", [["export", "abc"], ["export", "-"], ["replay"], ["review", "abc"], ["stats"], ["saves"]]
)
@pytest.mark.parametrize("kind", ["a file", "a link to nothing", "a link to itself"])
def test_a_data_folder_that_cannot_be_one_is_one_line_for_every_reader(
    argv: list[str], kind: str, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, `yaniv export`, `replay` and `review` said it twice: once for the saves folder, once for the history;
    and a link to nothing was "not a folder", as a file is. `yaniv saves` said the saves folder's problem, then "No
    games in progress" with exit status 0."""
    data_dir.parent.mkdir(parents=True, exist_ok=True)
    if kind == "a file":
        data_dir.write_text("not a folder")
    else:
        data_dir.symlink_to(data_dir.parent / "gone" if kind == "a link to nothing" else data_dir)
    status = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 1 and len(err) == 1, err
    said = {"a file": "is not a folder", "a link to nothing": "is a link to", "a link to itself": "is a link to"}[kind]
    assert f"the data folder {data_dir} cannot be used: {data_dir} {said}" in err[0], err
    assert err[0].endswith("(move it away, or set YANIV_DATA_DIR to another folder)"), err
    assert os.path.lexists(data_dir) and not (data_dir.parent / "gone").exists()
