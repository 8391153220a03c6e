"""`yaniv stats --games`: the finished games of the history, newest first, each with the id `yaniv replay`, `review`
and `export` take (the fewest first letters that name it); an old game without a record says so, a damaged record
is moved aside in one line, and no games is one line."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, history_path, short_ids
from yaniv_tui.store.meta import SaveMeta

SEATS = (Seat.person("Ann"), Seat.bot("medium", "田中さくら"))


@pytest.fixture(autouse=True)
def wide(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")  # one row a game, for the test to read


def finish(seed: int, *, when: str, with_record: bool = True) -> str:
    """A finished game of Ann and a medium bot in the history, finished at `when`; its id."""
    game = Game.new(load_ruleset("israeli"), [seat.name or "" for seat in SEATS], seed=seed)
    record = play_recorded(game, SEATS)
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record if with_record else None)
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE games SET finished_at = ? WHERE game_key = ?", (when, meta.game_id))
    return meta.game_id


def test_no_games_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--games"]) == 0
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1 and "no games finished yet" in out.lower()


def test_the_games_newest_first_with_ids_that_export_takes(capsys: pytest.CaptureFixture[str]) -> None:
    old = finish(4, when="2026-11-01T10:00:00+00:00", with_record=False)
    new = finish(5, when="2026-12-01T10:00:00+00:00")
    assert main(["stats", "--games"]) == 0
    out = capsys.readouterr().out
    shown = short_ids([old, new])
    lines = out.splitlines()
    (new_row,) = [line for line in lines if line.lstrip("│ ").startswith(shown[new])]
    (old_row,) = [line for line in lines if line.lstrip("│ ").startswith(shown[old])]
    assert lines.index(new_row) < lines.index(old_row)  # newest first
    assert "2026-12-01 10:00" in new_row and "Israeli" in new_row and "replay" in new_row
    assert "田中さくら" in new_row and "★" in new_row
    assert "no record" in old_row
    assert "yaniv replay ID" in out
    assert main(["export", shown[new], "-"]) == 0  # the id shown is one the other commands take
    assert capsys.readouterr().out.startswith("{")
    assert main(["stats", "--games", "--ruleset", "no-such-rules"]) == 0
    assert "no-such-rules" in capsys.readouterr().out


def test_a_damaged_record_is_moved_aside_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    game_id = finish(6, when="2026-12-02T10:00:00+00:00")
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", ("not a record\n",))
    assert main(["stats", "--games"]) == 0
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert line.startswith("yaniv: ") and "damaged" in line and "moved to" in line
    (aside,) = Path(history_path()).parent.glob(f"record-{game_id}.jsonl.damaged-*")
    assert aside.read_text(encoding="utf-8") == "not a record\n"
    assert "no record" in captured.out  # still listed, still counted


@pytest.mark.parametrize("then", ["export", "review", "replay"])
def test_a_record_moved_aside_is_named_by_the_commands_after(then: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: once `yaniv export` had moved a damaged record aside, `yaniv review` (and `replay`, `export` again)
    said the game "finished before games were recorded", of a game finished with a record a minute before."""
    game_id = finish(6, when="2026-12-02T10:00:00+00:00")
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = ?", ("not a record\n",))
    assert main(["export", game_id[:8], "-"]) == 1
    capsys.readouterr()
    (aside,) = Path(history_path()).parent.glob(f"record-{game_id}.jsonl.damaged-*")
    assert main([then, game_id[:8]]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"yaniv {then}: the game {game_id[:8]}'s record was found damaged and moved to {aside}: "
        f"it has no record to {then}\n"
    )


def test_stats_takes_games_and_nothing_else(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--games", "extra"]) == 2
    err = capsys.readouterr().err
    assert "--games" in err and len(err.strip().splitlines()) == 1


def test_an_id_with_terminal_escapes_in_a_hand_edited_history_reaches_no_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A history whose game's id was edited to hold an escape sequence (a hand at the database; the game writes only
    ids of letters, digits, - and _) printed it raw in `yaniv stats --games`, `review` and `export`: `\\x1b[2J`
    cleared the player's screen. Such a game's id is shown escaped, and the commands that take an id name it so."""
    game_id = finish(4, when="2026-11-01T10:00:00+00:00")
    hostile = "abc\x1b[2J\x07\x9b31m"
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE games SET game_key = ? WHERE game_key = ?", (hostile, game_id))
    for argv in (["stats", "--games"], ["review", "abc"], ["export", "abc", "-"], ["review"]):
        main(argv)
        seen = capsys.readouterr()
        for text in (seen.out, seen.err):
            assert not any(c in text for c in "\x1b\x07\x9b"), (argv, text)
