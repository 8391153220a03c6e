"""`yaniv saves` lists the games in progress; `yaniv stats` and `yaniv saves` first record finished games missed."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from locks_refused import refuse_opening

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History, SaveMeta, Seat, history_path, is_open_elsewhere, save_game, save_path, saves_dir
from yaniv_tui.store.paths import lock_path
from yaniv_tui.store.saves import load_save


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path


def a_game(ruleset: str, names: list[str], seed: int, actions: int | None, game_id: str) -> Game:
    """A game played by plain bots for `actions` actions (None: to its end), saved under `game_id`."""
    game = Game.new(load_ruleset(ruleset), names, seed=seed)
    bot = MediumBot()
    done = 0
    while not game.is_over and (actions is None or done < actions):
        game.apply(bot.choose(game.view(game.current)))
        done += 1
    seats = (Seat.person(), *(Seat.bot("hard") for _ in names[1:]))
    save_game(game, SaveMeta(seats, game_id=game_id))
    return game


def test_saves_with_none_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == "No games in progress: start one with 'yaniv'." and err == ""


def test_saves_lists_the_games_in_progress_newest_first(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("israeli", ["Ann", "Bob"], 1, 30, "aaaa1111")
    time.sleep(0.01)
    a_game("sursis", ["Cy", "Dee", "Eli"], 2, 5, "bbbb2222")
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for heading in ("id", "seats", "ruleset", "round", "scores", "last played"):
        assert heading in out
    assert out.index("bbbb22") < out.index("aaaa11")
    assert "Dee (hard bot)" in out and "Sursis" in out and "Israeli" in out
    assert "yaniv --resume ID" in out


def test_a_damaged_save_is_one_line_and_the_rest_still_listed(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("israeli", ["Ann", "Bob"], 1, 10, "good1234")
    a_game("israeli", ["Ann", "Bob"], 2, 10, "bad12345")
    save_path("bad12345").write_text("{")
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "good12" in out and "bad123" not in out
    assert err.count("\n") == 1 and "damaged" in err and "moved to" in err
    assert list(saves_dir().glob("bad12345.json.damaged-*"))


def test_stats_records_a_finished_game_the_history_missed(capsys: pytest.CaptureFixture[str]) -> None:
    game = a_game("seven-cards", ["Ann", "Bob"], 3, None, "done1234")
    History().close()
    holder = sqlite3.connect(history_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert main(["saves"]) == 0  # still locked: kept, said in one line
        out, err = capsys.readouterr()
        assert err.count("\n") == 1 and "still waits for the history" in err and "perhaps another yaniv" in err
        assert "No games in progress" in out  # a finished game is never offered for resume
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "recorded in it now" in err
    assert "Ann" in out and "Bob" in out
    assert not save_path("done1234").exists()
    with History() as history:
        assert history.games_played() == 1
        assert sum(s.calls for s in history.stats()) == len(game.history)


def test_saves_takes_no_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves", "--all"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("yaniv: ")


def test_saves_print_names_as_typed_never_as_markup(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("israeli", ["[red]Ann", "Bob[/]"], 1, 10, "mark1234")
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "[red]Ann" in out and "Bob[/]" in out


def test_a_save_whose_name_would_drive_the_terminal_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    a_game("israeli", ["Ann", "Bob"], 1, 10, "esc12345")
    path = save_path("esc12345")
    path.write_text(path.read_text().replace('"Ann"', '"\\u001b[2J\\u001b[31mAnn"'))
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "esc123" not in out
    assert err.count("\n") == 1 and "control character" in err and "moved to" in err


@pytest.mark.parametrize(
    "damage",
    ["DELETE FROM schema_version", "UPDATE schema_version SET version = -1", "DROP TABLE schema_version"],
)
def test_a_finished_game_waiting_on_a_damaged_history_is_recorded_in_a_new_one(
    capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    game = a_game("seven-cards", ["Ann", "Bob"], 3, None, "done1234")
    History().close()
    with sqlite3.connect(history_path()) as db:
        db.execute(damage)
    before = history_path().read_bytes()
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert any("recorded in it now" in line for line in lines)
    assert any("damaged" in line and "moved to" in line and "new one started" in line for line in lines)
    assert "Ann" in out and "Bob" in out
    assert not save_path("done1234").exists()
    moved = list(history_path().parent.glob("history.sqlite3.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == before
    with History() as history:
        assert history.games_played() == 1 and sum(s.calls for s in history.stats()) == len(game.history)


def test_a_finished_game_waiting_on_a_newer_history_stays_pending(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("seven-cards", ["Ann", "Bob"], 3, None, "done1234")
    History().close()
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE schema_version SET version = 99")
    before = history_path().read_bytes()
    assert main(["stats"]) == 1
    err = capsys.readouterr().err
    assert "newer yaniv-tui" in err and "still waits for the history" in err and "Traceback" not in err
    assert save_path("done1234").exists()  # kept, for a yaniv-tui that can read that history
    assert history_path().read_bytes() == before
    assert not list(history_path().parent.glob("history.sqlite3.damaged-*"))


def test_host_resume_without_an_id_takes_the_newest_table_not_a_newer_local_game() -> None:
    """Issue 28, item 5 (the command line's half): under `yaniv host`, `--resume` goes back to a table anyone
    can join, never to a game of one screen that happens to be newer."""
    from yaniv_tui.cli.play import saved_game

    table = Game.new(load_ruleset("israeli"), ["Ann", "Web"], seed=3)
    save_game(table, SaveMeta((Seat.person(), Seat.remote()), game_id="tabl1111"))
    time.sleep(0.01)
    a_game("israeli", ["Ann", "Bob"], 1, 5, "locl2222")
    saved, lock = saved_game(None, hosted=True)
    try:
        assert saved.game_id == "tabl1111"
    finally:
        assert lock is not None
        lock.release()
    assert saved_game(None).saved.game_id == "locl2222"


def test_host_resume_with_only_local_games_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("israeli", ["Ann", "Bob"], 1, 5, "locl2222")
    assert main(["host", "--resume", "--headless"]) == 2
    _out, err = capsys.readouterr()
    assert "no saved game has a remote seat" in err and len(err.strip().splitlines()) == 1


def test_host_resume_with_an_unknown_id_is_one_line_of_yaniv_host(capsys: pytest.CaptureFixture[str]) -> None:
    a_game("israeli", ["Ann", "Bob"], 1, 5, "locl2222")
    assert main(["host", "--resume", "zzzz", "--headless"]) == 2
    _out, err = capsys.readouterr()
    assert err.startswith("yaniv host: no saved game has an id starting with 'zzzz'"), err
    assert len(err.strip().splitlines()) == 1


def test_a_save_of_a_newer_yaniv_is_told_once_by_yaniv_saves(capsys: pytest.CaptureFixture[str]) -> None:
    """It stays where it is (a newer yaniv-tui plays it), so both looks `yaniv saves` takes find it: one line."""
    a_game("israeli", ["Ann", "Avi"], seed=2, actions=4, game_id="a" * 32)
    path = save_path("a" * 32)
    path.write_text(path.read_text().replace('"version":2', '"version":3', 1))
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "No games in progress" in out
    assert err.count("newer yaniv-tui") == 1 and len(err.splitlines()) == 1, err
    assert path.exists()


def test_a_save_of_a_newer_yaniv_is_told_once_by_resume(capsys: pytest.CaptureFixture[str]) -> None:
    """`--resume` looks at the saves twice too (the finished games first, then the one to resume): one line."""
    a_game("israeli", ["Ann", "Avi"], seed=2, actions=4, game_id="a" * 32)
    a_game("israeli", ["Ann", "Avi"], seed=3, actions=4, game_id="b" * 32)
    path = save_path("a" * 32)
    path.write_text(path.read_text().replace('"version":2', '"version":3', 1))
    assert main(["host", "--headless", "--resume"]) == 2  # the game left has no remote seat
    err = capsys.readouterr().err
    assert (
        err.count("newer yaniv-tui") == 1 and "no saved game has a remote seat" in err and len(err.splitlines()) == 2
    ), err


@pytest.mark.parametrize("argv", [["--resume"], ["host", "--resume"]])
def test_resuming_a_game_whose_lock_file_cannot_be_opened_says_it_is_unprotected(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lock file a `sudo yaniv` left (root's): before, the game was played unlocked without a word. Now one line,
    on the terminal and at the table. As root, permissions cannot refuse it: the open of the lock's path raises."""
    if argv[0] == "host":
        table = Game.new(load_ruleset("israeli"), ["Ann", "Web"], seed=3)
        save_game(table, SaveMeta((Seat.person(), Seat.remote()), game_id="lock1234"))
    else:
        a_game("israeli", ["Ann", "Bob"], 1, 5, "lock1234")
    path = lock_path("lock1234")
    refuse_opening(path, monkeypatch)  # the file the other yaniv left
    opened: list[tuple[str, ...]] = []

    def run_app(options: Any, launch: Any, claimed: Any = None, **kwargs: Any) -> int:
        assert claimed is not None and claimed.saved.game_id == "lock1234"
        opened.append((*launch.notices, claimed.lock.unprotected))  # the table says its lock's line
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("yaniv: the game lock1234 is played unlocked, as its lock file "), err
    assert err[0].endswith("it is not protected from a second terminal playing it at the same time"), err
    # The terminal's line, and the table's, once each; a host is also told its table's turn clock.
    clock = ("the table resumes with no turn clock (--turn-seconds N gives one)",) if argv[0] == "host" else ()
    assert opened == [(*clock, err[0].removeprefix("yaniv: "))]


def test_saves_lists_a_game_whose_record_alone_is_damaged_and_says_it_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the whole save was moved aside for its record, and the sound game could not be continued."""
    a_game("israeli", ["Ann", "Bob"], 2, 10, "recd1234")
    path = save_path("recd1234")
    document = json.loads(path.read_text())
    document["record"] = "not a record"
    path.write_text(json.dumps(document))
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "recd12" in out
    (line,) = err.splitlines()
    assert line.startswith("yaniv: the saved game recd1234.json had a damaged record (record: "), line
    assert "a copy of the save was kept in" in line and line.endswith("its record started again from round 1"), line
    assert len(list(saves_dir().glob("recd1234.json.damaged-*"))) == 1


@pytest.mark.parametrize("argv", [["--resume"], ["--resume", "recd1234"], ["host", "--resume", "recd1234"]])
def test_resuming_a_game_whose_damaged_record_is_met_first_by_the_claim_says_it_once(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The listings leave a game another yaniv has open as it is; that yaniv quits, and `--resume` claims the game and
    meets its damaged record first. Before: the save was written without its record, a copy kept aside, and not a word
    said anywhere; now its one line, on the terminal and at the table, as the listing says it."""
    from yaniv_tui import store
    from yaniv_tui.store import library
    from yaniv_tui.store.locks import lock_game

    if argv[0] == "host":
        table = Game.new(load_ruleset("israeli"), ["Ann", "Web"], seed=3)
        save_game(table, SaveMeta((Seat.person(), Seat.remote()), game_id="recd1234"))
    else:
        a_game("israeli", ["Ann", "Bob"], 2, 10, "recd1234")
    path = save_path("recd1234")
    document = json.loads(path.read_text())
    document["record"] = "not a record"
    path.write_text(json.dumps(document))
    listing = store.scan_saves

    def scan_while_open_elsewhere() -> Any:
        other = lock_game("recd1234")  # another yaniv plays it while this one lists the saves
        try:
            return listing()
        finally:
            other.release()

    monkeypatch.setattr(store, "scan_saves", scan_while_open_elsewhere)  # the one to resume from
    monkeypatch.setattr(library, "scan_saves", scan_while_open_elsewhere)  # the finished games' first
    opened: list[tuple[str, ...]] = []

    def run_app(options: Any, launch: Any, claimed: Any = None, **kwargs: Any) -> int:
        assert claimed is not None and claimed.saved.game_id == "recd1234" and claimed.saved.record is None
        opened.append(tuple(launch.notices))
        claimed.lock.release()
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    if argv[0] == "host":
        monkeypatch.setattr("yaniv_tui.cli.host.run_app", run_app, raising=False)
    assert main(argv) == 0
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("yaniv: the saved game recd1234.json had a damaged record (record: "), line
    assert "a copy of the save was kept in" in line and "its record started again from round" in line, line
    assert len(list(saves_dir().glob("recd1234.json.damaged-*"))) == 1
    # At the table too, a hosted one's as a local one's (a host is also told its table's turn clock).
    clock = ("the table resumes with no turn clock (--turn-seconds N gives one)",) if argv[0] == "host" else ()
    assert opened == [(line.removeprefix("yaniv: "), *clock)]


def test_resume_without_an_id_goes_on_past_the_newest_game_deleted_during_the_claim(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another yaniv deleted (or finished) the newest game between this one's listing and its claim. Before, `yaniv
    --resume` stopped with "the game ... is no longer saved"; now it goes on to the next, saying nothing of it."""
    from yaniv_tui.cli.play import saved_game
    from yaniv_tui.store import library

    a_game("israeli", ["Ann", "Bob"], 1, 5, "oldr1111")
    time.sleep(0.01)
    a_game("israeli", ["Ann", "Bob"], 2, 5, "newr2222")

    def deleted_first(path: Path) -> Any:
        if path.stem == "newr2222" and path.exists():
            path.unlink()
        return load_save(path)

    monkeypatch.setattr(library, "load_save", deleted_first)
    saved, lock = saved_game(None)
    try:
        assert saved.game_id == "oldr1111"
    finally:
        assert lock is not None
        lock.release()
    assert capsys.readouterr().err == ""


def test_resume_without_an_id_counts_only_the_games_still_saved_as_open_elsewhere(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The newest game deleted during the claim, the other open in another yaniv: one game is open there, not two."""
    from yaniv_tui.store import library, locks
    from yaniv_tui.store.locks import lock_game

    a_game("israeli", ["Ann", "Bob"], 1, 5, "oldr3333")
    time.sleep(0.01)
    a_game("israeli", ["Ann", "Bob"], 2, 5, "newr4444")

    def deleted_first(path: Path) -> Any:
        if path.stem == "newr4444" and path.exists():
            path.unlink()
        return load_save(path)

    monkeypatch.setattr(library, "load_save", deleted_first)
    monkeypatch.setattr(locks, "_pause", lambda seconds: None)
    playing = lock_game("oldr3333")
    try:
        assert main(["--resume"]) == 2
    finally:
        playing.release()
    err = capsys.readouterr().err.strip()
    assert err == (
        "yaniv: the saved game is open in another yaniv; finish one there, or start a new game with 'yaniv'"
    ), err


def a_table(game_id: str, seed: int = 3) -> None:
    """A table `yaniv host` saved: Ann at its screen, a seat played from another machine."""
    table = Game.new(load_ruleset("israeli"), ["Ann", "Web"], seed=seed)
    save_game(table, SaveMeta((Seat.person(), Seat.remote()), game_id=game_id))


def test_resume_without_an_id_takes_the_newest_game_of_this_screen_not_a_newer_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game hosted with `yaniv host` was saved after the one of this screen alone. Before, `yaniv --resume` claimed
    the table, which it cannot play, and stopped with its line; now it plays the newest game it can."""
    from yaniv_tui.cli.play import saved_game

    a_game("israeli", ["Ann", "Bob"], 1, 5, "locl3333")
    time.sleep(0.01)
    a_table("tabl4444")
    opened: list[str] = []

    def run_app(options: Any, launch: Any, claimed: Any = None, **kwargs: Any) -> int:
        opened.append(claimed.saved.game_id)
        claimed.lock.release()
        return 0

    monkeypatch.setattr("yaniv_tui.tui.launch.run_app", run_app)
    assert main(["--resume"]) == 0
    assert opened == ["locl3333"] and capsys.readouterr().err == ""
    saved, lock = saved_game(None, hosted=True)
    try:
        assert saved.game_id == "tabl4444"  # `yaniv host --resume` keeps to its tables
    finally:
        assert lock is not None
        lock.release()


def test_resume_with_only_tables_saved_is_one_line_naming_yaniv_host_resume(capsys: pytest.CaptureFixture[str]) -> None:
    a_table("tabl5555", seed=3)
    time.sleep(0.01)
    a_table("tabl6666", seed=4)
    assert main(["--resume"]) == 2
    err = capsys.readouterr().err
    assert err == "yaniv: every saved game has a remote seat: 'yaniv host --resume' opens the newest table\n", err
    assert not any(is_open_elsewhere(game_id) for game_id in ("tabl5555", "tabl6666"))


@pytest.mark.parametrize(
    ("argv", "prog"), [(["--resume"], "yaniv"), (["host", "--headless", "--resume"], "yaniv host")]
)
def test_resume_when_every_game_went_during_the_claim_says_so_of_them_all(
    argv: list[str], prog: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every game listed was finished or deleted in another yaniv before this one's claim read it. Before, the line
    said "the game ... is no longer saved" of the newest alone, by its id; now what happened, and what to do."""
    from yaniv_tui.store import library

    for number, game_id in enumerate(("gone7777", "gone8888")):
        if prog == "yaniv":
            a_game("israeli", ["Ann", "Bob"], number, 5, game_id)
        else:
            a_table(game_id, seed=number)
        time.sleep(0.01)

    def deleted_first(path: Path) -> Any:
        if path.exists():
            path.unlink()  # by another yaniv, between the listing and the claim
        return load_save(path)

    monkeypatch.setattr(library, "load_save", deleted_first)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == (
        f"{prog}: no saved game is left to resume: the 2 saved games were finished or deleted in another yaniv; "
        f"start a new game with '{prog}'\n"
    ), err
