"""The app's round trip end to end: play, save and record after every action, stop, resume, finish, see the stats."""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, load_ruleset
from yaniv_tui.store import History, SaveMeta, Seat, UndoStack, load_save, remove_save, save_game, save_path, scan_saves
from yaniv_tui.store.game_format import game_to_dict

from .helpers import play


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))


def session(game: Game, meta: SaveMeta, undo: UndoStack, actions: int | None) -> None:
    """One sitting at the table: the human (seat 0, played by a bot here) and two bots, as the app runs it."""
    bot = MediumBot()
    with History() as history:
        done = 0
        while not game.is_over and (actions is None or done < actions):
            if meta.seats[game.current].is_human:
                undo.checkpoint(game)
            game.apply(bot.choose(game.view(game.current)))
            save_game(game, meta, undo)
            history.record(game, meta)
            done += 1
        assert history.problem is None


def test_a_game_stopped_and_resumed_twice_is_recorded_once_and_whole() -> None:
    meta = SaveMeta((Seat.person("You"), Seat.bot("medium", "Bot A"), Seat.bot("medium", "Bot B")), screen_seat=0)
    game = Game.new(load_ruleset("sursis"), ["You", "Bot A", "Bot B"], seed=12)
    reference = game.clone()
    session(game, meta, UndoStack(), actions=40)

    for _ in range(2):  # the terminal closes; `yaniv --resume`
        saved = scan_saves().newest
        assert saved is not None and saved.meta == meta and saved.meta.screen_seat == 0
        session(saved.game, saved.meta, saved.undo, actions=None if _ else 35)

    assert scan_saves().newest is None  # a finished game is not offered for resume
    saved = load_save(save_path(meta.game_id))
    assert saved is not None and saved.game.is_over
    play(reference)  # the same game, never stopped
    assert game_to_dict(saved.game) == game_to_dict(reference)
    remove_save(meta.game_id)
    assert load_save(save_path(meta.game_id)) is None

    with History() as history:
        stats = {s.name: s for s in history.stats()}
        assert history.games_played() == 1
    assert set(stats) == {"You", "Bot A", "Bot B"}
    assert sum(s.calls for s in stats.values()) == len(reference.history)
    assert sum(s.wins for s in stats.values()) == len(reference.winners)
