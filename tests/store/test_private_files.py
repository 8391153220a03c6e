"""Files that hold a game's hands (a save, a record, the history, a table's secrets, a seat's token) are readable by
their owner only, and so are the folders yaniv makes for them, whatever the umask: another user of the machine must
not read a hand, list the games, or read a room code in a token's name. Before, the history database (and its
journal) and a damaged record set aside took the umask's 0644, and every folder the umask's 0755. A folder or a
file the user made themselves, wider on purpose, is left as it is."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from playing import play_recorded
from private_files import OPEN, mode

from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.store import History, save_game
from yaniv_tui.store.crashes import write_crash_report
from yaniv_tui.store.meta import SaveMeta
from yaniv_tui.store.paths import history_path
from yaniv_tui.store.tables import save_table, token_path, write_token

SEATS = (Seat.person("Ann"), Seat.bot("medium", "Bea"))
pytestmark = pytest.mark.usefixtures("wide_umask")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home" / "data"  # neither made yet: yaniv makes both
    monkeypatch.setenv("YANIV_DATA_DIR", str(folder))
    monkeypatch.setenv("YANIV_TOKENS_DIR", str(folder / "tokens"))
    return folder


def finished() -> tuple[Game, SaveMeta]:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    play_recorded(game, SEATS)
    return game, SaveMeta(SEATS, game_id="0123456789abcdef")


def test_every_file_and_folder_yaniv_makes_is_its_owners_alone(data: Path) -> None:
    game, meta = finished()
    save_game(game, meta)
    with History() as history:
        assert history.record(game, meta)
    save_table(meta.game_id, "ROOM42", {1: "secret-token"})
    write_token(token_path("127.0.0.1", 8765, "ROOM42", "Ann"), "secret-token")
    write_crash_report(RuntimeError("boom"), version="test", game_id=meta.game_id)
    made = sorted(data.rglob("*"))
    assert {p.name for p in made} >= {"saves", "tables", "tokens", "crashes", "history.sqlite3"}
    assert [(str(p), oct(mode(p))) for p in [data, *made] if mode(p) & OPEN] == []
    assert mode(data.parent) & OPEN == 0  # made by yaniv too, for the data folder


def test_the_history_journal_is_its_owners_alone(data: Path) -> None:
    with History():
        pass
    db = sqlite3.connect(history_path(), isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO schema_version VALUES (99)")  # a write under way: the journal is there until its end
    journal = Path(f"{history_path()}-journal")
    try:
        assert journal.exists() and mode(journal) & OPEN == 0, oct(mode(journal))
    finally:
        db.execute("ROLLBACK")
        db.close()


def test_a_damaged_record_set_aside_is_its_owners_alone(data: Path) -> None:
    game, meta = finished()
    with History() as history:
        assert history.record(
            game, meta, play_recorded(Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4), SEATS)
        )
    with sqlite3.connect(history_path()) as db:
        db.execute("UPDATE records SET body = 'not a record'")
    with History() as history:
        lines = history.set_aside_damaged(history.games())
    assert len(lines) == 1 and "moved to" in lines[0], lines
    (aside,) = data.glob("record-*.jsonl.damaged-*")
    assert mode(aside) & OPEN == 0, oct(mode(aside))


def test_a_folder_and_a_history_the_user_made_wider_stay_so(data: Path) -> None:
    data.mkdir(parents=True, mode=0o755)
    os.chmod(data, 0o755)
    sqlite3.connect(history_path()).close()  # the user's own empty database, made with the umask's 0644
    os.chmod(history_path(), 0o644)
    game, meta = finished()
    with History() as history:
        assert history.record(game, meta)
    save_game(game, meta)
    assert mode(data) == 0o755 and mode(history_path()) == 0o644
    assert mode(data / "saves") == 0o700 and mode(data / "saves" / f"{meta.game_id}.json") == 0o600


def test_a_users_own_ruleset_and_settings_keep_their_permissions_when_rewritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ruleset the user made and shares (0644), edited in the house rules dialog, and a settings file they made,
    are rewritten with the permissions they had; before, each came back 0600. A new settings file, which may keep a
    table's room code, is the user's alone."""
    from yaniv_tui.engine import preset_paths
    from yaniv_tui.store.settings import Settings, save_settings
    from yaniv_tui.store.userrules import save_user_ruleset

    config = tmp_path / "config"
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(config))
    (config / "rulesets").mkdir(parents=True)
    mine = config / "rulesets" / "ours.toml"
    mine.write_bytes(preset_paths()["israeli"].read_bytes())
    os.chmod(mine, 0o644)
    save_user_ruleset("ours", {"name": "Our table"}, "ours")
    assert mode(mine) == 0o644 and "Our table" in mine.read_text()
    assert save_settings(Settings(bell=False)) is None
    made = config / "settings.toml"
    assert mode(made) == 0o600
    os.chmod(made, 0o640)
    assert save_settings(Settings(bell=True)) is None
    assert mode(made) == 0o640


def test_a_new_file_is_written_whole_never_over_another_and_where_links_are_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from yaniv_tui.store.files import write_new

    there = tmp_path / "there.jsonl"
    there.write_text("mine")
    with pytest.raises(FileExistsError):
        write_new(there, b"a record")
    assert there.read_text() == "mine"
    write_new(tmp_path / "new.jsonl", b"a record")
    assert (tmp_path / "new.jsonl").read_bytes() == b"a record" and mode(tmp_path / "new.jsonl") == 0o600

    def no_links(source: object, target: object) -> None:
        raise PermissionError(1, "Operation not permitted")  # as FAT or exFAT answer a hard link

    monkeypatch.setattr(os, "link", no_links)
    write_new(tmp_path / "fat.jsonl", b"a record")
    assert (tmp_path / "fat.jsonl").read_bytes() == b"a record" and mode(tmp_path / "fat.jsonl") == 0o600
    with pytest.raises(FileExistsError):
        write_new(there, b"a record")
    assert there.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fat.jsonl", "new.jsonl", "there.jsonl"]  # no temporary


def test_a_games_lock_file_is_its_owners_alone(data: Path) -> None:
    """Before: the lock file took 0644 less the umask (its holder's process id readable by all), the one file yaniv
    made that was not its owner's alone."""
    from yaniv_tui.store.locks import lock_game
    from yaniv_tui.store.paths import lock_path

    lock = lock_game("0123456789abcdef")
    try:
        assert mode(lock_path("0123456789abcdef")) == 0o600
    finally:
        lock.release(remove=True)
