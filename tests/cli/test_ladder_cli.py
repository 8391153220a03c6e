"""`yaniv sim --ladder`: plays every pairing, prints the ratings, writes the ratings file; bad flags get one line."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from yaniv_tui.cli import main as yaniv
from yaniv_tui.engine import BOT_LEVELS
from yaniv_tui.ratings import DamagedRatings, RatingsTable, level_ratings, read_tables, write_table


def test_a_tiny_ladder_of_two_levels_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert yaniv(["sim", "--ladder", "--levels", "medium,easy", "--games", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "israeli ladder: heads-up, 2 games a pairing, seed 4" in out
    rows = [line for line in out.splitlines() if line.split("│")[1:2] in ([" easy   "], [" medium "])]
    assert len(rows) == 2 and "1000 (1000–1000)" in next(r for r in rows if "easy" in r)
    assert "easy v medium" in out and "4 games" not in out  # one pairing of two games


def test_the_json_has_a_rating_for_each_level_and_repeats_for_the_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "--ladder", "--levels", "easy,hard", "--games", "3", "--seats-per-game", "4", "--json"]
    assert yaniv(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert yaniv([*argv, "--jobs", "2"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["seats_per_game"] == 4 and first["anchor"] == {"easy": 1000.0}
    assert [r["level"] for r in first["ratings"]] == ["easy", "hard"]
    assert [r["games_played"] for r in first["ratings"]] == [3, 3]
    del first["seconds"], second["seconds"]
    assert first == second


def test_write_stores_the_whole_ladder_with_the_command_that_made_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ratings.json"
    argv = ["sim", "--ladder", "--games", "1", "--seed", "2", "--expert-samples", "1", "--write", str(path)]
    assert yaniv(argv) == 0
    assert f"ratings written to {path}" in capsys.readouterr().err
    ratings = level_ratings(path=path)
    assert set(ratings) == set(BOT_LEVELS) and ratings["easy"] == 1000
    (written,) = read_tables(path)
    assert written.command == (
        "yaniv sim --ladder --ruleset israeli --seats-per-game 2 --games 1 --seed 2 --expert-samples 1 --jobs 1 --write"
    )
    assert (written.games_per_pairing, written.seed, written.expert_samples) == (1, 2, 1)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--levels", "easy,hard"], "--levels goes with --ladder"),
        (["--seats-per-game", "4"], "--seats-per-game goes with --ladder"),
        (["--write"], "--write goes with --ladder"),
        (["--ladder", "--seats", "easy,hard"], "--seats is for a single run"),
        (["--ladder", "--rounds", "5"], "--rounds is for a single run"),
        (["--ladder", "--seats-per-game", "3"], "invalid choice: 3 (choose from 2, 4)"),
        (["--ladder", "--seats-per-game", "four"], "takes a whole number"),
        (["--ladder", "--levels", "easy"], "two or more different levels"),
        (["--ladder", "--levels", "easy,easy"], "two or more different levels"),
        (["--ladder", "--levels", "easy,grandmaster"], "unknown bot level 'grandmaster'"),
        (["--ladder", "--levels", "easy,hard", "--write"], "--write takes the whole ladder"),
        (["--ladder", "--end-score", "200", "--write", "x.json"], "leave out --end-score"),
        (["--ladder", "--games", "0"], "--games"),
    ],
)
def test_a_bad_ladder_flag_gets_one_line(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert yaniv(["sim", *argv]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1 and lines[0].startswith("yaniv sim: ") and says in lines[0], lines


def test_an_unwritable_ratings_file_is_one_line_after_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    where = tmp_path / "no" / "such" / "folder" / "ratings.json"
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(where)]
    assert yaniv(argv) == 1
    captured = capsys.readouterr()
    assert "ladder" in captured.out
    assert captured.err.strip().splitlines() == [
        f"yaniv sim: cannot write the ratings to {where}: {captured.err.split(': ', 2)[2].strip()}"
    ]
    assert "Traceback" not in captured.err


def test_the_help_says_how_a_game_at_four_seats_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert yaniv(["sim", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "at four seats two of each, alternately (A B A B)" in text
    assert "a game counts as one win for the level whose seat won it" in text
    assert "easy = 1000" in text and "95% intervals" in text


def test_a_ratings_file_the_disk_cannot_take_whole_stays_as_it_was(tmp_path: Path) -> None:
    # The ratings file holds every ruleset's tables: a write the disk refused halfway (full, or a file size limit)
    # left it cut short, and every other table was lost. Here a file size limit stands for the full disk.
    path = tmp_path / "ratings.json"
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--ruleset", "yanivo", "--write", str(path)]
    assert yaniv(argv) == 0
    before = path.read_bytes()
    os.chmod(path, 0o644)
    script = textwrap.dedent(f"""
        import resource, signal, sys
        from yaniv_tui.cli import main
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, ({len(before) // 2}, {len(before) // 2}))
        argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", {str(path)!r}]
        sys.exit(main(argv))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(f"yaniv sim: cannot write the ratings to {path}: ")
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == before and [t.ruleset for t in read_tables(path)] == ["yanivo"]
    assert [p.name for p in tmp_path.iterdir()] == ["ratings.json"]  # no draft left behind
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert yaniv([*argv[:-4], "--ruleset", "israeli", "--write", str(path)]) == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # replaced whole, the file keeps its permissions
    assert sorted(t.ruleset for t in read_tables(path)) == ["israeli", "yanivo"]


def test_writing_the_ratings_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "kept" / "ratings.json"
    real.parent.mkdir()
    link = tmp_path / "ratings.json"
    link.symlink_to(real)
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(link)]
    assert yaniv(argv) == 0
    assert link.is_symlink() and [t.ruleset for t in read_tables(real)] == ["israeli"]


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"format": 1, "tables": [' + "[" * 5_000 + "]" * 5_000 + "]}", "nested too deep"),
        ('{"format": 1, "tables": [{"ruleset": "israeli"', "not valid JSON"),
        ('{"format": 99, "tables": []}', "not a ratings file of this yaniv (format 1)"),
    ],
)
def test_a_damaged_ratings_file_is_not_written_over_and_reads_as_no_ratings(
    tmp_path: Path, text: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: a file nested too deep was a RecursionError traceback (for the setup screen too, which reads it), and
    any other damaged file was written over with the new table alone, every table it held lost."""
    path = tmp_path / "ratings.json"
    path.write_text(text, encoding="utf-8")
    assert read_tables(path) == []
    capsys.readouterr()
    assert yaniv(["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]) == 1
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert line.startswith(f"yaniv sim: cannot write the ratings: {path} is damaged (") and says in line, line
    assert line.endswith("): it is left as it is; move it away, or give --write another file"), line
    assert path.read_text(encoding="utf-8") == text


def test_a_file_with_one_damaged_table_is_moved_aside_and_the_ladder_still_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ratings file with a sound table (yanivo) and a damaged one (at 4 seats, a rating that is no number): the
    ladder's table is written with the sound one, and the file as it was is moved aside whole and told in one line.
    Before, the ladder's run was lost: the file was left as it was, exit 1."""
    path = tmp_path / "ratings.json"
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]
    assert yaniv(argv) == 0
    document = json.loads(path.read_text("utf-8"))
    (ran,) = document["tables"]
    damaged = dict(ran, seats_per_game=4, ratings=dict(ran["ratings"], medium="high"))
    document["tables"] = [dict(ran, ruleset="yanivo"), damaged]
    text = json.dumps(document)
    path.write_text(text, "utf-8")
    capsys.readouterr()
    assert yaniv(argv) == 0
    line = capsys.readouterr().err.strip().splitlines()[0]
    assert line.startswith(f"yaniv sim: ratings file {path} had a damaged table (") and "moved to" in line, line
    (aside,) = [p for p in tmp_path.iterdir() if p != path]
    assert aside.read_text("utf-8") == text
    assert sorted((t.ruleset, t.seats_per_game) for t in read_tables(path)) == [("israeli", 2), ("yanivo", 2)]


@pytest.mark.parametrize("depth", [6, 5_000])
def test_a_ratings_file_nested_too_deep_is_told_with_the_depth_a_ratings_file_nests(
    tmp_path: Path, depth: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: the line said "nested too deep" and no more, where the settings file's says how deep it may nest; and
    a file nested deeper than any ratings file but not past Python's stack (6 levels, beside its tables) was read
    as sound and written over."""
    path = tmp_path / "ratings.json"
    text = '{"format": 1, "tables": [], "notes": ' + "[" * (depth - 1) + "]" * (depth - 1) + "}"
    path.write_text(text, encoding="utf-8")
    assert read_tables(path) == []
    assert yaniv(["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]) == 1
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert (
        f"{path} is damaged (nested too deep: a ratings file nests at most 5 levels, down to a table's intervals"
        in line
    )
    assert path.read_text(encoding="utf-8") == text


#: A sound table, as the ladder writes one.
TABLE = {
    "ruleset": "israeli",
    "seats_per_game": 2,
    "games_per_pairing": 1,
    "seed": 1,
    "expert_samples": None,
    "date": "2026-12-01",
    "command": "yaniv sim --ladder",
    "ratings": {"easy": 1000.0, "medium": 1400.0},
    "intervals": {"easy": [1000.0, 1000.0], "medium": [1300.0, 1500.0]},
}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"seats_per_game": True}, "its seats_per_game is a whole number, got true"),
        ({"games_per_pairing": 1.7}, "its games_per_pairing is a whole number, got 1.7"),
        ({"seed": "12"}, "its seed is a whole number, got '12'"),
        ({"date": 5}, "its date is text, got 5"),
        ({"ratings": {"easy": "1000"}}, "its ratings are numbers, got '1000'"),
        ({"intervals": {"easy": [1, 2, 3]}}, "its intervals are pairs of numbers, got [1, 2, 3]"),
    ],
    ids=["seats true", "games a decimal", "seed text", "date a number", "a rating text", "an interval of three"],
)
def test_a_ratings_table_of_wrong_types_is_damaged_not_read_as_another(
    tmp_path: Path, change: dict[str, object], says: str
) -> None:
    """Before: each was turned into what the table takes (true seats read as 1, 1.7 games as 1, the text "12" as
    the seed 12, "1000" as the rating 1000, an interval of three as its first two) and the table read as sound."""
    path = tmp_path / "ratings.json"
    path.write_text(json.dumps({"format": 1, "tables": [TABLE, {**TABLE, "seats_per_game": 4, **change}]}), "utf-8")
    assert [table.seats_per_game for table in read_tables(path)] == [2]
    with pytest.raises(DamagedRatings, match="its table 2 ") as refused:
        write_table(read_tables(path)[0], path, write=lambda p, b: None)
    assert says in str(refused.value), str(refused.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("\ufeff" + json.dumps({"format": 1, "tables": [TABLE]}), "begins with a byte order mark (BOM)"),
        (json.dumps({"format": 1, "tables": [TABLE]}).replace('"seed": 1', '"seed": ' + "9" * 5000), "more than"),
        (json.dumps({"format": 1, "tables": [TABLE]}).replace("1400.0", "NaN"), "NaN is not a number yaniv reads"),
        (json.dumps({"format": True, "tables": [TABLE]}), "not a ratings file of this yaniv (format 1)"),
    ],
    ids=["BOM", "5,000 digits", "NaN", "format true"],
)
def test_a_ratings_file_that_is_no_json_of_ours_is_told_as_the_other_files_are(
    tmp_path: Path, text: str, says: str
) -> None:
    """Before: a BOM was "not valid JSON (Unexpected UTF-8 BOM (decode using utf-8-sig)...)", a number of 5,000
    digits Python's own words cut at 80 characters ("...value has 5000 di"), and a format of true read as format 1.
    NaN, which no JSON holds, damages the file as it does a save or a record (before, its table alone)."""
    path = tmp_path / "ratings.json"
    path.write_text(text, "utf-8")
    assert read_tables(path) == []
    with pytest.raises(DamagedRatings) as refused:
        write_table(TABLE_OBJECT, path, write=lambda p, b: None)
    assert says in str(refused.value) and "\n" not in str(refused.value), str(refused.value)


TABLE_OBJECT = RatingsTable.from_json(TABLE)


def test_a_ratings_file_that_cannot_be_written_is_named_in_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: "yaniv sim: cannot write the ratings: No such file or directory", with no file named."""
    path = tmp_path / "ratings.json"
    path.symlink_to(tmp_path / "gone" / "ratings.json")
    assert yaniv(["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]) == 1
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert line == f"yaniv sim: cannot write the ratings to {path}: No such file or directory", line


_WRITER = textwrap.dedent("""
    import dataclasses, itertools, os, sys, time
    from yaniv_tui import ladder
    from yaniv_tui.cli import main

    name, path, go, times = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    real_play, real_table, played, counter = ladder.play_ladder, ladder.ratings_table, [], itertools.count()

    def play_once(*args, **kwargs):  # the games are played once: each write after is the ladder's write alone
        played[:] = played or [real_play(*args, **kwargs)]
        return played[0]

    def table(*args, **kwargs):  # each write a table of its own, as a run of another ruleset writes its own
        return dataclasses.replace(real_table(*args, **kwargs), ruleset=f"{name}{next(counter)}")

    ladder.play_ladder, ladder.ratings_table = play_once, table
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write"]
    main([*argv, path + "." + name])  # the games, played before the other writer is told to go
    deadline = time.monotonic() + 60
    while not os.path.exists(go) and time.monotonic() < deadline:
        time.sleep(0.001)
    sys.exit(max(main([*argv, path]) for _ in range(times)))
""")


def test_two_ladders_writing_the_ratings_at_once_both_keep_their_tables(tmp_path: Path) -> None:
    """Before: each run read the file, put its table in and wrote the whole file back, so of two runs finishing at
    once the later one wrote over the other's table, lost. Each writer here writes many tables of its own."""
    path, go, times = tmp_path / "ratings.json", tmp_path / "go", 40
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", _WRITER, name, str(path), str(go), str(times)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in ("a", "b")
    ]
    for name in ("a", "b"):  # each has played its games and written them aside: both are ready to write at once
        deadline = time.monotonic() + 60
        while not (tmp_path / f"ratings.json.{name}").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    go.touch()
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
    written = {t.ruleset for t in read_tables(path)}
    assert written == {f"{name}{n}" for name in "ab" for n in range(1, times + 1)}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["go", "ratings.json", "ratings.json.a", "ratings.json.b"]


def test_a_ratings_file_another_program_keeps_changing_is_one_line_and_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import fcntl

    from yaniv_tui.store import files

    path = tmp_path / "ratings.json"
    argv = ["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]
    assert yaniv(argv) == 0
    before = path.read_bytes()
    monkeypatch.setattr(files, "CHANGE_WAIT", 0.2)
    held = os.open(tmp_path, os.O_RDONLY)
    try:
        fcntl.flock(held, fcntl.LOCK_EX)  # another ladder, stuck in its write
        capsys.readouterr()
        assert yaniv([*argv[:-2], "--ruleset", "yanivo", *argv[-2:]]) == 1
    finally:
        os.close(held)
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        f"yaniv sim: cannot write the ratings to {path}: another program has been changing it for 0.2 seconds (it "
        "holds the lock on its folder); try again once it is done"
    ]
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["ratings.json"]


def test_a_folder_the_lock_cannot_open_is_still_written_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder its owner may write in but not list (0300): the write needs no more, and the lock is never what stops
    it. Run as root, permissions refuse nothing, so the folder's open is made to be refused."""
    real_open = os.open

    def refusing(file: object, *args: object, **kwargs: object) -> int:
        if os.fspath(file) == str(tmp_path):  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied", str(tmp_path))
        return real_open(file, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing)
    path = tmp_path / "ratings.json"
    assert yaniv(["sim", "--ladder", "--games", "1", "--expert-samples", "1", "--write", str(path)]) == 0
    assert f"ratings written to {path}" in capsys.readouterr().err
    assert [t.ruleset for t in read_tables(path)] == ["israeli"]
