"""Saves: written after every action so a kill leaves the last good one; damaged ones moved aside; undo."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game
from yaniv_tui.store import saves
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.library import scan_saves
from yaniv_tui.store.paths import save_path, saves_dir
from yaniv_tui.store.saves import (
    SAVE_VERSION,
    SaveError,
    SaveMeta,
    Seat,
    UndoError,
    UndoStack,
    load_save,
    read_save,
    remove_save,
    save_game,
)

from .helpers import new_game, play

# Named as `new_game` names its players: a save read back names its seats after the game.
ONE_HUMAN = SaveMeta((Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("medium", "Player 3")), 0)
TWO_HUMANS = SaveMeta((Seat.person("Player 1"), Seat.person("Player 2"), Seat.bot("medium", "Player 3")), 1)


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    return folder


def test_no_save_is_none() -> None:
    assert scan_saves().newest is None


def test_a_save_resumes_the_same_game_at_the_same_seat(data_dir: Path) -> None:
    game = play(new_game(players=3, seed=4), actions=17)
    undo = UndoStack()
    undo.checkpoint(play(new_game(players=3, seed=4), actions=15))
    path = save_game(game, ONE_HUMAN, undo)
    assert path == data_dir / "saves" / f"{ONE_HUMAN.game_id}.json"
    saved = scan_saves().newest
    assert saved is not None
    assert game_to_dict(saved.game) == game_to_dict(game)
    assert saved.meta == ONE_HUMAN
    assert saved.names == game.players
    assert [game_to_dict(g) for g in saved.undo.games] == [game_to_dict(g) for g in undo.games]


def test_a_resumed_game_plays_on_as_the_original() -> None:
    game = play(new_game(players=4, seed=9), actions=30)
    save_game(game, SaveMeta(tuple(Seat.bot("medium") for _ in range(4))))
    saved = scan_saves().newest
    assert saved is not None
    assert play(saved.game).history == play(game).history


def test_a_failure_between_the_write_and_the_rename_keeps_the_last_good_save(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = play(new_game(seed=2), actions=5)
    save_game(first, ONE_HUMAN)
    later = play(new_game(seed=2), actions=12)

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr("yaniv_tui.store.saves.os.replace", crash)
        with pytest.raises(SaveError, match=r"cannot save the game .*No space left"):
            save_game(later, ONE_HUMAN)
    assert os.listdir(saves_dir()) == [f"{ONE_HUMAN.game_id}.json"]  # no temporary file left behind
    saved = scan_saves().newest
    assert saved is not None and game_to_dict(saved.game) == game_to_dict(first)


def test_a_process_killed_while_saving_leaves_a_good_save(data_dir: Path) -> None:
    # A real kill: a child saves as fast as it can while bots play; SIGKILL lands mid-write somewhere.
    script = textwrap.dedent(
        """
        from yaniv_tui.bots import MediumBot
        from yaniv_tui.engine import Game, load_ruleset
        from yaniv_tui.store.saves import SaveMeta, Seat, save_game
        meta = SaveMeta((Seat.bot("medium"), Seat.bot("medium")), game_id="killed")
        seed = 0
        while True:
            game = Game.new(load_ruleset("israeli"), ["A", "B"], seed=seed)
            bot = MediumBot()
            while not game.is_over:
                game.apply(bot.choose(game.view(game.current)))
                save_game(game, meta)
                print("saved", flush=True)
            seed += 1
        """
    )
    for delay in (0.05, 0.13, 0.31):
        child = subprocess.Popen(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, env=os.environ | {"YANIV_DATA_DIR": str(data_dir)}
        )
        assert child.stdout is not None
        child.stdout.readline()  # at least one save is done
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        saved = read_save(save_path("killed"))  # raises if the kill left a damaged file
        assert saved.game.players == ("A", "B")


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: text[: len(text) // 2], "not valid JSON"),
        (lambda text: "", "empty"),
        (lambda text: text.replace(f'"version":{SAVE_VERSION}', '"version":0', 1), "save version 0:"),
        (lambda text: text.replace('"scores":[0,', '"scores":[40,', 1), "game: scores"),
        (lambda text: text.replace('"level":"medium"', '"level":"godlike"', 1), "meta.seats[1].level"),
        (lambda text: '{"hello": "world"}', "not a yaniv-tui saved game"),
    ],
    ids=["truncated", "empty", "wrong version", "impossible score", "unknown bot", "another file"],
)
def test_a_damaged_save_is_reported_in_one_line_and_moved_aside_not_deleted(
    data_dir: Path, damage: Callable[[str], str], message: str
) -> None:
    path = save_game(new_game(seed=1), ONE_HUMAN)
    damaged = damage(path.read_text())
    path.write_text(damaged)
    with pytest.raises(SaveError) as error:
        load_save(path)
    text = str(error.value)
    assert message in text and "\n" not in text
    assert error.value.moved_to is not None
    assert error.value.moved_to.read_text() == damaged
    assert str(error.value.moved_to) in text
    assert not path.exists()
    assert load_save(path) is None and scan_saves().newest is None  # the player starts anew


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace(f'"version":{SAVE_VERSION}', '"version":99', 1), "save version 99"),
        (
            lambda text: text.replace(
                '"format":"yaniv-tui-game","version":1', '"format":"yaniv-tui-game","version":7', 1
            ),
            "game version 7",
        ),
    ],
    ids=["save version", "game version"],
)
def test_a_save_of_a_newer_yaniv_is_told_in_one_line_and_left_where_it_is(
    data_dir: Path, change: Callable[[str], str], message: str
) -> None:
    """A newer yaniv-tui's save is not damaged: an older one (run again, or from another install) leaves it in place
    for the newer one to find, as the history does with a newer database."""
    path = save_game(new_game(seed=1), ONE_HUMAN)
    text = change(path.read_text())
    assert text != path.read_text()
    path.write_text(text)
    for _ in range(2):  # a second look finds it again
        with pytest.raises(SaveError) as error:
            load_save(path)
        told = str(error.value)
        assert message in told and "newer yaniv-tui" in told and "\n" not in told
        assert error.value.moved_to is None
        assert path.read_text() == text
    listing = scan_saves()
    assert listing.newest is None and len(listing.problems) == 1 and message in listing.problems[0]
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


@pytest.mark.parametrize("code", [errno.EACCES, errno.EPERM, errno.EMFILE, errno.ENFILE], ids=errno.errorcode.get)
def test_a_save_that_cannot_be_read_now_is_told_and_left_where_it_is_not_moved_aside(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    """A save this process may not read now (no permission, too many files open) is not damaged: it is told in one
    line and left in place, so the game is there to resume once it can be read (before, it was moved aside)."""
    path = save_game(new_game(seed=1), ONE_HUMAN)
    text = path.read_text()

    def refused(source: Path, limit: int) -> bytes:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr("yaniv_tui.store.saves.read_regular", refused)
    with pytest.raises(SaveError) as error:
        load_save(path)
    told = str(error.value)
    assert os.strerror(code) in told and "left as it is" in told and "\n" not in told
    assert error.value.moved_to is None
    listing = scan_saves()
    assert listing.newest is None and len(listing.problems) == 1 and os.strerror(code) in listing.problems[0]
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name] and path.read_text() == text
    monkeypatch.undo()
    resumed = load_save(path)
    assert resumed is not None and resumed.game_id == ONE_HUMAN.game_id


def test_two_damaged_saves_in_one_second_both_kept(data_dir: Path) -> None:
    path = data_dir / "saves" / "g.json"
    path.parent.mkdir(parents=True)
    moved = []
    for text in ("{", "[["):
        path.write_text(text)
        with pytest.raises(SaveError) as error:
            load_save(path)
        moved.append(error.value.moved_to)
    assert moved[0] != moved[1] and all(p is not None and p.exists() for p in moved)


def test_a_save_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(SaveError, match="cannot save the game"):
        save_game(new_game(), ONE_HUMAN, path=blocker / "save.json")


def test_a_temp_file_left_by_a_kill_is_cleared(data_dir: Path) -> None:
    save_game(new_game(), ONE_HUMAN)
    stale = saves_dir() / f".{ONE_HUMAN.game_id}.json.abc12345.tmp"
    stale.write_text("half a save")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert scan_saves().newest is not None
    assert not stale.exists()


def test_remove_save_after_a_finished_game(data_dir: Path) -> None:
    meta = SaveMeta((Seat.person(), Seat.bot("medium")))
    save_game(play(new_game(players=2)), meta)
    remove_save(meta.game_id)
    assert load_save(save_path(meta.game_id)) is None
    remove_save(meta.game_id)  # nothing to remove is fine


def test_meta_must_match_the_game() -> None:
    with pytest.raises(ValueError, match="seats"):
        save_game(new_game(players=2), ONE_HUMAN)


def test_undo_gives_back_the_game_before_the_humans_move() -> None:
    game = new_game(players=3, seed=5)
    bot = MediumBot()
    undo = UndoStack()
    while game.current != 0:
        game.apply(bot.choose(game.view(game.current)))
    before = game_to_dict(game)
    undo.checkpoint(game)
    # The human (seat 0) moves, then the bots play until the human's turn comes again.
    game.apply(bot.choose(game.view(0)))
    while game.current != 0 and not game.is_over and len(game.history) == 0:
        game.apply(bot.choose(game.view(game.current)))
    assert not game.history, "the round ended at once with this seed: pick another"
    assert undo.can_undo(game, ONE_HUMAN)
    back = undo.undo(game, ONE_HUMAN)
    assert game_to_dict(back) == before
    with pytest.raises(UndoError, match="no move of yours"):
        undo.undo(back, ONE_HUMAN)


def test_no_undo_with_another_human_at_the_table() -> None:
    game = new_game(players=3)
    undo = UndoStack()
    undo.checkpoint(game)
    play(game, actions=1)
    assert undo.why_not(game, TWO_HUMANS) == "undo is only for a game of one human against bots"
    with pytest.raises(UndoError):
        undo.undo(game, TWO_HUMANS)


def test_no_undo_past_a_scored_round() -> None:
    game = play(new_game(players=3, seed=8), rounds=1)
    undo = UndoStack()
    earlier = play(new_game(players=3, seed=8), rounds=0, actions=0)
    undo.checkpoint(earlier)
    assert "round is over" in (undo.why_not(game, ONE_HUMAN) or "")
    undo.checkpoint(game)  # a new round's checkpoint drops the old round's
    assert len(undo) == 1


def test_undo_keeps_a_few_moves_only() -> None:
    game = new_game()
    undo = UndoStack(depth=2)
    for _ in range(5):
        undo.checkpoint(game)
    assert len(undo) == 2


def test_undo_checkpoints_survive_a_resume() -> None:
    game = new_game(players=3, seed=6)
    undo = UndoStack()
    undo.checkpoint(game)
    play(game, actions=1)
    save_game(game, ONE_HUMAN, undo)
    saved = scan_saves().newest
    assert saved is not None
    assert game_to_dict(saved.undo.undo(saved.game, saved.meta)) == game_to_dict(new_game(players=3, seed=6))


def test_an_undo_snapshot_of_another_game_is_damage(data_dir: Path) -> None:
    undo = UndoStack()
    undo.checkpoint(new_game(players=3, seed=99))
    path = save_game(new_game(players=3, seed=1), ONE_HUMAN, undo)
    with pytest.raises(SaveError, match="undo"):
        load_save(path)


def test_the_save_is_plain_json(data_dir: Path) -> None:
    save_game(new_game(), ONE_HUMAN)
    document = json.loads(save_path(ONE_HUMAN.game_id).read_text())
    assert document["format"] == "yaniv-tui-save" and document["version"] == SAVE_VERSION
    assert document["game"]["version"] == 1


def test_a_save_keeps_its_rules_when_the_preset_file_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from yaniv_tui.store.userrules import find_ruleset, save_user_ruleset

    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    entry = save_user_ruleset("israeli", {"assaf_penalty": 45}, "home")
    rules = find_ruleset("home")
    game = play(Game.new(rules, ["Ann", "Ben"], seed=3), actions=6)
    save_game(game, SaveMeta((Seat.person(), Seat.bot("medium"))))
    entry.path.write_text("[assaf]\npenalty = 10\n")  # the table changed its mind after the game began
    saved = scan_saves().newest
    assert saved is not None and saved.game.rules == rules and saved.game.rules.assaf_penalty == 45


def test_read_save_moves_nothing_and_a_huge_file_is_not_read(data_dir: Path) -> None:
    data_dir.mkdir()
    path = data_dir / "big.json"
    path.write_bytes(b" " * (saves.MAX_SAVE_BYTES + 10))
    with pytest.raises(SaveError, match="too big"):
        read_save(path)
    assert path.exists()


@pytest.mark.parametrize("game_id", ["../escape", "a/b", "", "x" * 101, "naïve"])
def test_a_game_id_that_cannot_name_a_file_is_damage(data_dir: Path, game_id: str) -> None:
    path = save_game(new_game(), ONE_HUMAN)
    path.write_text(path.read_text().replace(ONE_HUMAN.game_id, game_id))
    with pytest.raises(SaveError, match=r"meta\.game_id"):
        read_save(path)


def _guarded(work: Callable[[], object]) -> object:
    """`work()` in a thread of its own: the test fails, instead of hanging, when it does not return in 20 s."""
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(_outcome(work)), daemon=True)
    worker.start()
    worker.join(timeout=20)
    assert result, "reading the save hung"
    return result[0]


def _outcome(work: Callable[[], object]) -> object:
    try:
        return work()
    except Exception as error:
        return error


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_save_swapped_for_a_fifo_after_its_check_is_not_waited_on(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The type is checked before the open, but a FIFO put there in between must not block the open either."""
    data_dir.mkdir()
    regular = data_dir / "regular.json"
    regular.write_text("{}")
    fifo = data_dir / "abc.json"
    os.mkfifo(fifo)
    real_stat = os.stat

    def stat_as_if_regular(path: object, *args: object, **kwargs: object) -> os.stat_result:
        return real_stat(regular if Path(str(path)) == fifo else path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("yaniv_tui.store.saves.os.stat", stat_as_if_regular)

    outcome = _guarded(lambda: read_save(fifo))
    assert isinstance(outcome, SaveError) and "FIFO" in str(outcome)
    monkeypatch.undo()
    outcome = _guarded(lambda: load_save(fifo))
    assert isinstance(outcome, SaveError) and "moved to" in str(outcome) and "\n" not in str(outcome)
    assert not os.path.lexists(fifo) and outcome.moved_to is not None and outcome.moved_to.is_fifo()


def test_a_missing_save_is_said_missing_and_a_dangling_link_a_link(tmp_path: Path) -> None:
    """A save file that is not there says "no such file"; only a link to nothing is said to be one."""
    from yaniv_tui.store.files import is_dangling_link
    from yaniv_tui.store.saves import read_save_bytes

    missing = tmp_path / "gone.json"
    assert not is_dangling_link(missing)
    with pytest.raises(SaveError, match=r"no such file$"):
        read_save_bytes(missing)
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "nowhere.json")
    assert is_dangling_link(link)
    with pytest.raises(SaveError, match="a link to a file that does not exist"):
        read_save_bytes(link)


def test_a_save_under_a_file_where_a_folder_should_be_names_that_file(tmp_path: Path) -> None:
    # Before: "cannot save the game to .../saves/<id>.json: Not a directory", naming no file in the way.
    from yaniv_tui.engine import Seat
    from yaniv_tui.store.meta import SaveMeta

    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    target = blocker / "saves" / "game.json"
    with pytest.raises(SaveError) as refused:
        save_game(new_game(players=2), SaveMeta((Seat.person("Ann"), Seat.bot("easy", "Bob"))), path=target)
    assert str(refused.value) == f"cannot save the game to {target}: {blocker} is not a folder"
    assert blocker.read_text() == "not a folder"
