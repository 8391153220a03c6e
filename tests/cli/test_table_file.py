"""`yaniv host --resume` with a damaged table file (its room code and seat tokens): one line, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import SaveMeta, Seat, save_game
from yaniv_tui.store.tables import TableFileError, load_table, save_table, table_path


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def a_hosted_game() -> SaveMeta:
    """A saved game of a remote seat (0) and a bot (1), as `yaniv host` leaves one."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Avi"], seed=3)
    meta = SaveMeta((Seat.remote("Ann"), Seat.bot("easy", "Avi")))
    save_game(game, meta)
    return meta


@pytest.mark.parametrize(
    ("tokens", "why"),
    [
        ({"1": "a-token"}, "tokens.1: seat 2 is not played from another machine"),
        ({"5": "a-token"}, "tokens.5: seat 6 is not played from another machine"),
        ({"\u0663": "a-token"}, "is not a seat"),  # ARABIC-INDIC DIGIT THREE: a digit, not a seat's number
    ],
    ids=["a bot's seat", "no seat", "not a seat number"],
)
def test_tokens_for_seats_no_player_takes_are_one_line(
    tokens: dict[str, str], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    meta = a_hosted_game()
    path = table_path(meta.game_id)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "yaniv-tui-table", "code": "ABCD", "tokens": tokens}))
    assert main(["host", "--headless", "--resume", "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("yaniv host: the table's room code and tokens cannot be read:") and why in err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert path.exists()  # kept as it is, for its player to look at


def test_a_table_files_tokens_are_checked_against_the_seats_played_from_another_machine() -> None:
    meta = a_hosted_game()
    save_table(meta.game_id, "ABCD", {0: "a-token"})
    kept = load_table(meta.game_id, remote={0})
    assert kept is not None and kept.tokens == {0: "a-token"}
    save_table(meta.game_id, "ABCD", {1: "a-token"})
    with pytest.raises(TableFileError, match=r"tokens\.1: seat 2 is not played from another machine"):
        load_table(meta.game_id, remote={0})
