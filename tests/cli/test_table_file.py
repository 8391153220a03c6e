"""`yaniv host --resume` with a damaged table file (its room code and seat tokens): one line, never a traceback."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from unittest.mock import Mock

import pytest

from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.net.secrets_gate import new_token
from yaniv_tui.store import SaveMeta, Seat, save_game, tables
from yaniv_tui.store.tables import TableFileError, load_table, save_table, table_path

#: A seat's token as the host makes one (net/secrets_gate.new_token).
TOKEN = new_token()


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
        ({"1": TOKEN}, "tokens.1: seat 2 is not played from another machine"),
        ({"5": TOKEN}, "tokens.5: seat 6 is not played from another machine"),
        ({"\u0663": TOKEN}, "is not a seat"),  # ARABIC-INDIC DIGIT THREE: a digit, not a seat's number
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
    save_table(meta.game_id, "ABCD", {0: TOKEN})
    kept = load_table(meta.game_id, remote={0})
    assert kept is not None and kept.tokens == {0: TOKEN}
    save_table(meta.game_id, "ABCD", {1: TOKEN})
    with pytest.raises(TableFileError, match=r"tokens\.1: seat 2 is not played from another machine"):
        load_table(meta.game_id, remote={0})


@pytest.mark.parametrize(
    ("named", "why"),
    [
        ([1], "named: seat 2 is not played from another machine"),
        ("1", "named: must be a list of seat numbers, counted from 0"),
        ([-1], "named: must be a list of seat numbers, counted from 0"),
        ([True], "named: must be a list of seat numbers, counted from 0"),
    ],
    ids=["a bot's seat", "not a list", "no seat", "not a number"],
)
def test_the_seats_a_table_file_says_its_host_named_are_checked(
    named: object, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seats its host named (`--players remote:NAME`), each kept for a joiner of that name, are kept beside the
    tokens: a damaged list is one line, and the file is left as it is."""
    meta = a_hosted_game()
    save_table(meta.game_id, "ABCD", {}, named=[0])
    kept = load_table(meta.game_id, remote={0})
    assert kept is not None and kept.named == (0,)
    path = table_path(meta.game_id)
    path.write_text(json.dumps({"format": "yaniv-tui-table", "code": "ABCD", "tokens": {}, "named": named}))
    assert main(["host", "--headless", "--resume", "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("yaniv host: the table's room code and tokens cannot be read:") and why in err, err
    assert path.exists()


def _folder(path: Path) -> None:
    path.mkdir()


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _huge(path: Path) -> None:
    path.write_bytes(b" " * (64 * 1024 + 1))


def _unreadable(path: Path) -> None:
    path.write_text("{}")
    path.chmod(0)


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (_folder, "is a folder, not a table file"),
        (_fifo, "is a FIFO, not a table file"),
        (_huge, "is bigger than 64 KiB, more than a table file holds"),
        (_unreadable, "cannot be read (Permission denied)"),
    ],
    ids=["a folder", "a FIFO", "too big", "no permission"],
)
def test_a_table_file_that_cannot_be_read_says_why(
    make: Callable[[Path], None], why: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: "cannot be read as a table file" for each, which named none of them."""
    meta = a_hosted_game()
    path = table_path(meta.game_id)
    path.parent.mkdir(parents=True)
    make(path)
    if make is _unreadable and os.access(path, os.R_OK):  # root reads it anyway: the system's refusal, as it says it
        refuse = PermissionError(errno.EACCES, "Permission denied", str(path))
        monkeypatch.setattr(tables, "read_regular", Mock(side_effect=refuse))
    assert main(["host", "--headless", "--resume", "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err == f"yaniv host: the table's room code and tokens cannot be read: {path}: {why}\n"
    assert path.exists() or path.is_symlink()  # kept as it is, for its player to look at


@pytest.mark.parametrize("code", ["a b!" * 30, "k7qf", "K7 QF", "K7QF\u00e9", "K" * 65])
def test_a_table_file_whose_room_code_no_one_can_type_is_one_line(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the host opened the table with the file's code, and printed 'yaniv join ... a b!a b!...', a command
    no friend could join with (`yaniv join` takes letters and digits, and sends them in capitals)."""
    meta = a_hosted_game()
    save_table(meta.game_id, code, {0: TOKEN})
    assert main(["host", "--headless", "--resume", "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err.startswith("yaniv host: the table's room code and tokens cannot be read: ")
    assert err.endswith(": code: must be a room code: capital letters and digits (at most 64), like K7QF\n"), err


@pytest.mark.parametrize(
    ("tokens", "why"),
    [
        ({"0": "short"}, "tokens.0: must be a seat token: 16 to 64 letters, digits, - and _"),
        ({"0": "a token with spaces in it"}, "tokens.0: must be a seat token"),
        ({"0": "\u05d0" * 24}, "tokens.0: must be a seat token"),  # printable, short, and no token the host makes
        ({"0": "x" * 65}, "tokens.0: must be a seat token"),
        ({"0": 12345678901234567890}, "tokens.0: must be a seat token"),
        ({"0": TOKEN, "2": TOKEN}, "tokens.2: the same token as seat 1's: each seat has its own"),
    ],
    ids=["short", "spaces", "hebrew", "long", "a number", "one token twice"],
)
def test_a_table_files_tokens_are_what_the_host_makes(
    tokens: dict[str, object], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: a token was checked only as "short printable text": a file with "short", spaces or Hebrew letters
    opened the table with a token no `yaniv join` keeps (a client refuses a welcome whose token is not a token's
    shape, net/protocol.py), and one token for two seats let the player of one take the other's seat back."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Avi", "Bea"], seed=3)
    meta = SaveMeta((Seat.remote("Ann"), Seat.bot("easy", "Avi"), Seat.remote("Bea")))
    save_game(game, meta)
    path = table_path(meta.game_id)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": "yaniv-tui-table", "code": "ABCD", "tokens": tokens}))
    with pytest.raises(TableFileError) as refused:  # before the command below: it would open the table, and wait
        load_table(meta.game_id, remote={0, 2})
    assert str(refused.value).startswith(f"{path}: {why}"), str(refused.value)
    assert main(["host", "--headless", "--resume", "--port", "0"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert err == f"yaniv host: the table's room code and tokens cannot be read: {refused.value}\n", err
    assert TOKEN not in err  # a secret is never printed


def test_a_joiners_token_file_holds_a_token_or_none(tmp_path: Path) -> None:
    """The same check for a joiner's kept token (store/tables.read_token). Before: any short printable line was
    offered to the host as the seat's token, which no host ever gave."""
    from yaniv_tui.store.tables import read_token, write_token

    kept = tmp_path / "kept.token"
    for text in ("short", "a token with spaces in it", "\u05d0" * 24):
        write_token(kept, text)
        assert read_token(kept) is None, text
    write_token(kept, TOKEN)
    assert read_token(kept) == TOKEN
