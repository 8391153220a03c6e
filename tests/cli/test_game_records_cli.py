"""`yaniv sim --record DIR` writes one record per simulated game, each replaying through the engine; `yaniv export
ID [FILE]` writes a finished game's record from the history, and refuses a game in progress in one line."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from playing import play_recorded

from yaniv_tui.bots import MediumBot
from yaniv_tui.cli import main
from yaniv_tui.codec.record import read_record_file, replay, start_record
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, save_game
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.table.options import MAX_SEED_DIGITS

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
#: A short run of `yaniv sim`: four games of three bots.
RUN = ["sim", "--games", "4", "--seats", "easy,medium,easy", "--seed", "3", "--json"]


pytestmark = pytest.mark.usefixtures("data_dir")


def one_line(capsys: pytest.CaptureFixture[str], status: int, expected: int, prog: str) -> str:
    captured = capsys.readouterr()
    assert status == expected, captured
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: "), captured.err
    return lines[0]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sim_record_writes_one_record_per_game_each_replaying(tmp_path: Path, jobs: str) -> None:
    folder = tmp_path / "records"
    assert main([*RUN, "--jobs", jobs, "--record", str(folder)]) == 0
    files = sorted(folder.iterdir())
    assert len(files) == 4 and all(f.suffix == ".jsonl" for f in files)
    assert [f.name.rsplit("-", 1)[-1] for f in files] == [f"game{i:06d}.jsonl" for i in range(4)]
    for file in files:
        record = read_record_file(file)  # replays through the engine, or refuses
        game = replay(record, finished=True)
        assert game.is_over
        assert [seat["level"] for seat in record.events[0]["seats"]].count("medium") == 1
    again = tmp_path / "again"
    assert main([*RUN, "--record", str(again)]) == 0
    assert [f.read_text() for f in sorted(again.iterdir())] == [f.read_text() for f in files]  # the same games


def test_sim_record_refuses_a_folder_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    status = main(["sim", "--games", "1", "--record", str(tmp_path / "file")])
    assert "--record" in one_line(capsys, status, 2, "yaniv sim")


@pytest.mark.parametrize(
    ("seed", "shown"),
    [
        ("7", "seed7"),
        (str(2**64), f"seed{2**64}"),
        ("9" * MAX_SEED_DIGITS, f"seed{'9' * MAX_SEED_DIGITS}"),
    ],
    ids=["short", "64-bit", "the longest typed"],
)
def test_sim_record_names_its_files_with_the_seed_as_it_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seed: str, shown: str
) -> None:
    # A seed too long for a file name was written whole into it: the run played, then stopped ('File name too long').
    folder = tmp_path / "records"
    assert main(["sim", "--games", "1", "--seed", seed, "--record", str(folder), "--json"]) == 0, capsys.readouterr()
    [file] = folder.iterdir()
    assert len(file.name.encode()) <= 255 and f"-{shown}" in file.name
    assert read_record_file(file).events[0]["seed"] >= 0  # the run's seed is the game's, both kept in the record


def test_sim_record_names_its_files_by_a_rulesets_id_as_a_file_name_takes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = tmp_path / f"{'Our house rules é ' * 12}.toml"
    ruleset.write_text('name = "ours"\n')
    folder = tmp_path / "records"
    assert main(["sim", "--games", "1", "--ruleset", str(ruleset), "--record", str(folder), "--json"]) == 0
    [file] = folder.iterdir()
    assert len(file.name.encode()) <= 255 and " " not in file.name and file.name.isascii()
    assert "Z-our-house-rules-e-our-house-rules-e-our-seed1-game000000" in file.name


def finished_game() -> tuple[Game, SaveMeta, object]:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = play_recorded(game, SEATS)
    meta = SaveMeta(SEATS)
    with History() as history:
        assert history.record(game, meta, record)
    return game, meta, record


def test_export_writes_a_finished_games_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, meta, _record = finished_game()
    assert main(["export", meta.game_id[:8]]) == 0
    written = tmp_path / f"yaniv-{meta.game_id}.jsonl"
    assert replay(read_record_file(written), finished=True).scores == game.scores
    capsys.readouterr()
    assert main(["export", meta.game_id[:8], "-"]) == 0
    out = capsys.readouterr().out
    assert out == written.read_text(encoding="utf-8")
    assert json.loads(out.splitlines()[0])["format"] == "yaniv-game-record"
    assert main(["export", meta.game_id[:8], str(tmp_path / "mine.jsonl")]) == 0
    assert (tmp_path / "mine.jsonl").read_text(encoding="utf-8") == out


def test_export_refuses_a_game_in_progress(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    meta = SaveMeta(SEATS)
    save_game(game, meta, record=start_record(game, SEATS))
    line = one_line(capsys, main(["export", meta.game_id[:8]]), 1, "yaniv export")
    assert "in progress" in line
    assert not list(Path.cwd().glob("yaniv-*.jsonl"))


def test_export_refuses_unknown_ids_and_old_games_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "no finished game" in one_line(capsys, main(["export", "abcdef"]), 1, "yaniv export")
    assert "not a game id" in one_line(capsys, main(["export", "../etc"]), 1, "yaniv export")
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
    meta = SaveMeta(SEATS)
    with History() as history:
        history.record(game, meta)  # finished before records were kept
    assert "no record" in one_line(capsys, main(["export", meta.game_id[:8]]), 1, "yaniv export")


def cut_short(argv: list[str], limit: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`yaniv ARGV` with files limited to `limit` bytes: a write past it fails as on a full disk."""
    script = textwrap.dedent(f"""
        import resource, signal, sys
        from yaniv_tui.cli import main
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) instead of killing
        resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))
        sys.exit(main({argv!r}))
    """)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False, cwd=cwd
    )


def test_an_export_the_disk_cannot_take_leaves_no_file_cut_short(tmp_path: Path) -> None:
    _game, meta, _record = finished_game()
    target = tmp_path / "out" / "game.jsonl"
    target.parent.mkdir()
    done = cut_short(["export", meta.game_id[:8], str(target)], 2000, tmp_path)
    assert done.returncode == 1 and done.stderr.startswith("yaniv export: cannot write "), done.stderr
    assert list(target.parent.iterdir()) == []  # a record cut short would be read as a damaged one
    assert main(["export", meta.game_id[:8], str(target)]) == 0 and read_record_file(target)


def test_a_sim_record_the_disk_cannot_take_leaves_no_file_cut_short(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    done = cut_short(["sim", "--games", "1", "--seed", "3", "--record", str(folder), "--json"], 2000, tmp_path)
    assert done.returncode == 1 and "cannot write the record" in done.stderr, done.stderr
    assert list(folder.iterdir()) == []


def test_a_record_too_big_to_read_is_exported_whole_and_replay_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from yaniv_tui.codec import record as codec_record
    from yaniv_tui.codec.record import record_text

    _game, meta, record = finished_game()
    assert isinstance(record, codec_record.GameRecord)
    monkeypatch.setattr(codec_record, "MAX_RECORD_BYTES", len(record_text(record)) - 1)
    line = one_line(capsys, main(["replay", meta.game_id[:8]]), 1, "yaniv replay")
    assert "too big to replay" in line and f"'yaniv export {meta.game_id[:8]}'" in line
    assert main(["export", meta.game_id[:8], str(tmp_path / "big.jsonl")]) == 0
    assert (tmp_path / "big.jsonl").read_text(encoding="utf-8") == record_text(record)


def test_two_runs_in_one_second_write_their_records_side_by_side(tmp_path: Path) -> None:
    # A script running `yaniv sim --record DIR` for one seat list, then another, met the first run's files (the same
    # second, ruleset and seed name them) and stopped after playing its first game ('File exists').
    import datetime

    folder = tmp_path / "records"
    folder.mkdir()
    now = datetime.datetime.now(datetime.UTC)
    theirs = {}
    for second in range(30):  # the earlier run's files, for whichever second this run starts in
        stamp = (now + datetime.timedelta(seconds=second)).strftime("%Y%m%dT%H%M%SZ")
        path = folder / f"sim-{stamp}-israeli-seed1-game000000.jsonl"
        path.write_text(f"an earlier run's record {second}\n")
        theirs[path] = path.read_text()
    assert main(["sim", "--games", "2", "--seats", "easy,hard", "--record", str(folder), "--json"]) == 0
    mine = sorted(set(folder.iterdir()) - set(theirs))
    assert len(mine) == 2 and all(read_record_file(path) for path in mine)
    assert all(path.read_text() == text for path, text in theirs.items())
