"""Resume: the game is saved after every action, Continue and --resume go back to it, damage is one line."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList
from tui_helpers import SIZE, game_of, make_app, notices, play_to_end, play_turn, screen_text, settle

from yaniv_tui.cli import play
from yaniv_tui.engine import Card
from yaniv_tui.store import (
    SavedGame,
    SaveError,
    is_open_elsewhere,
    load_save,
    lock_game,
    save_path,
    saves_dir,
    scan_saves,
)
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.paths import lock_path
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face


async def one_turn_saved(ruleset: str, seed: int) -> tuple[dict[str, object], tuple[Card, ...]]:
    """Ann plays one turn against two medium bots, leaving a save; the game as it was, and Ann's hand."""
    app = make_app(ruleset, "Ann,bot:medium:Bea,bot:medium:Cy", seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        return game_to_dict(game_of(app.screen)), game_of(app.screen).hand(0)


async def test_every_action_is_saved_with_the_seats() -> None:
    app = make_app("israeli", "Ann,bot:medium:Bea,bot:easy:Cy", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        saved = scan_saves().newest
        assert saved is not None
        assert game_to_dict(saved.game) == game_to_dict(game_of(table))
        assert [(s.kind, s.level) for s in saved.meta.seats] == [("human", None), ("bot", "medium"), ("bot", "easy")]
        assert saved.meta.screen_seat == 0


async def test_the_saved_game_comes_back_at_the_same_seat_hand_and_scores() -> None:
    before, hand = await one_turn_saved("israeli", seed=4)
    saved = scan_saves().newest
    assert saved is not None
    again = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = again.screen
        assert isinstance(table, TableScreen)
        assert game_to_dict(game_of(table)) == before
        assert table.viewer == 0 and table.stage == "choose"
        text = screen_text(again)
        assert all(face(card, False) in text for card in hand)
        assert "Bea" in text and "medium bot" in text


async def test_setup_offers_continue_with_whose_game_it_is() -> None:
    before, _ = await one_turn_saved("sursis", seed=2)
    setup_app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with setup_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(setup_app.screen, SetupScreen)
        text = screen_text(setup_app)
        assert "Continue" in text and "Ann 0, Bea 0, Cy 0" in text and "round 1" in text and "Sursis" in text
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(setup_app.screen, TableScreen)
        assert game_to_dict(game_of(setup_app.screen)) == before


async def test_a_damaged_save_is_one_line_on_setup_moved_aside_and_a_new_game_starts() -> None:
    path = save_path("abc123")
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "yaniv-tui-save", "version": 1, "gam')
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        problem = str(app.screen.query_one("#save-problem").render())
        first, *rest = problem.strip().splitlines()
        assert "damaged" in first and "moved to" in first and rest == ["Start a new game below."]
        assert not app.screen.query("#continue-saved")
        assert not path.exists() and list(path.parent.glob("abc123.json.damaged-*"))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert scan_saves().newest is not None


def test_resume_without_a_save_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.main(["--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("yaniv: there is no saved game") and "\n" not in err


def test_resume_of_a_damaged_save_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = save_path("abc123")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00\xff garbage")
    assert play.main(["--resume"]) == 2
    damaged, kept = capsys.readouterr().err.strip().splitlines()
    assert "damaged" in damaged and "moved to" in damaged
    # The game is not said to be none (as a second --resume would then say): it is said kept, and where.
    assert kept.startswith("yaniv: the saved game abc123 was damaged and cannot be resumed: it is kept as ")
    assert not path.exists()
    aside = next(path.parent.glob("abc123.json.damaged-*"))
    assert str(aside) in kept
    assert play.main(["--resume"]) == 2
    assert capsys.readouterr().err.strip() == kept


def test_resume_with_players_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert play.main(["--resume", "--players", "Ann,bot"]) == 2
    assert "--players" in capsys.readouterr().err


async def test_a_finished_game_removes_its_save_once_it_is_in_the_history() -> None:
    from yaniv_tui.store import History

    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        assert isinstance(app.screen, GameEndScreen)
        game_id = app.screen.session.meta.game_id
        assert not save_path(game_id).exists()
        assert not is_open_elsewhere(game_id)  # the lock went with the game
    assert list(saves_dir().iterdir()) == []
    with History() as history:
        assert history.games_played() == 1


async def test_a_save_that_fails_is_a_notice_and_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise SaveError("cannot save the game to /nowhere: disk full")

    monkeypatch.setattr("yaniv_tui.table.session.save_game", refuse)
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        notes = notices(app)
        assert sum("disk full" in n for n in notes) == 1
        assert isinstance(app.screen, TableScreen) or app.screen.__class__.__name__ == "RoundEndScreen"


@pytest.mark.parametrize("players", ["Ann,Bob"])
async def test_pass_and_play_resumes_behind_the_pass_screen(players: str) -> None:
    app = make_app("israeli", players, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
    saved = scan_saves().newest
    assert saved is not None and saved.meta.humans == (0, 1)
    again = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.screen.__class__.__name__ == "PassScreen"


async def test_enter_on_continue_continues_the_saved_game_and_the_hint_says_ctrl_r_does() -> None:
    # Focus starts on the rules (enter there starts a new game, tests/tui/test_setup_keys_and_fold.py); the
    # field after them is Continue, tab's next stop after the rules' text (which runs past its box at this size).
    before, _ = await one_turn_saved("israeli", seed=9)
    setup_app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with setup_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "ctrl+r continues" in screen_text(setup_app)
        await pilot.press("tab")
        assert setup_app.screen.focused is not None and setup_app.screen.focused.id == "preset-rules-box"
        await pilot.press("tab")
        assert setup_app.screen.focused is not None and setup_app.screen.focused.id == "continue-saved"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(setup_app.screen, TableScreen)
        assert game_to_dict(game_of(setup_app.screen)) == before


async def test_a_game_finished_while_the_history_is_locked_is_kept_and_recorded_at_the_next_start() -> None:
    import sqlite3

    from yaniv_tui.store import History, history_path

    History().close()  # the database exists; another program then holds it locked for the whole game
    holder = sqlite3.connect(history_path(), isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        app = make_app("seven-cards", "bot:medium:Bea,bot:medium:Cy", seed=2, end_limit=20)
        async with app.run_test(size=SIZE) as pilot:
            await play_to_end(pilot)
            assert any("recorded at the next start" in n for n in notices(app))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with History() as history:
        assert history.games_played() == 0
    (kept,) = scan_saves().pending
    assert kept.game.is_over and kept.path.exists()
    from yaniv_tui.store import record_pending

    lines = record_pending()
    assert len(lines) == 1 and "recorded" in lines[0] and "\n" not in lines[0]
    with History() as history:
        assert history.games_played() == 1
    assert record_pending() == []  # recorded once, its save gone


async def test_a_second_game_keeps_the_first_games_save() -> None:
    first, _ = await one_turn_saved("israeli", seed=4)
    (kept,) = scan_saves().games
    app = make_app("sursis", "Dan,Eve", seed=5)  # any other game, pass-and-play this time
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        (table,) = [screen for screen in app.screen_stack if isinstance(screen, TableScreen)]
        second = table.session.meta.game_id
    games = scan_saves().games
    assert [s.game_id for s in games] == [second, kept.game_id]  # newest first, the first game untouched
    assert game_to_dict(games[1].game) == first


async def test_after_the_app_quits_the_game_is_no_longer_locked() -> None:
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        game_id = app.screen.session.meta.game_id
        assert is_open_elsewhere(game_id)  # held by the table
    assert not is_open_elsewhere(game_id)


def test_resume_by_an_id_prefix_locks_that_game(capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    asyncio.run(one_turn_saved("israeli", seed=4))
    asyncio.run(one_turn_saved("sursis", seed=2))
    older, newer = reversed(scan_saves().games)
    saved, lock = play.saved_game(older.game_id[:6])
    try:
        assert saved.game_id == older.game_id and lock is not None
        assert is_open_elsewhere(older.game_id) and not is_open_elsewhere(newer.game_id)
        # A second `yaniv --resume` of the same game is one line: it is open elsewhere.
        assert play.main(["--resume", older.game_id[:6]]) == 2
        err = capsys.readouterr().err.strip()
        assert "open in another yaniv" in err and "\n" not in err
    finally:
        assert lock is not None
        lock.release()
    assert play.saved_game(None).saved.game_id == newer.game_id  # no id: the newest


def test_resume_without_an_id_passes_over_a_game_open_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio

    asyncio.run(one_turn_saved("israeli", seed=4))
    asyncio.run(one_turn_saved("sursis", seed=2))
    older, newer = reversed(scan_saves().games)
    held = lock_game(newer.game_id)  # the newest game is being played in another terminal
    try:
        saved, lock = play.saved_game(None)
        assert saved.game_id == older.game_id  # as Continue offers: the newest no other yaniv has open
        assert lock is not None
        # With every game open elsewhere, one line says so.
        assert play.main(["--resume"]) == 2
        err = capsys.readouterr().err.strip()
        assert "all 2 saved games are open in another yaniv" in err and "\n" not in err
        lock.release()
    finally:
        held.release()


def test_resume_without_an_id_waits_once_for_all_the_games_open_elsewhere(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game open in another yaniv is waited for a moment (a delete holds its lock that long): with three, the
    wait is one game's, not three. Before, `yaniv --resume` waited CLAIM_WAIT for each in turn."""
    import asyncio

    from yaniv_tui.store import locks

    for seed, ruleset in ((4, "israeli"), (2, "sursis"), (5, "bga")):
        asyncio.run(one_turn_saved(ruleset, seed=seed))
    games = scan_saves().games
    held = [lock_game(saved.game_id) for saved in games]
    pauses: list[float] = []
    monkeypatch.setattr(locks, "_pause", pauses.append)
    try:
        assert play.main(["--resume", games[0].game_id]) == 2  # one game named: the wait for one game
        one_game = len(pauses)
        pauses.clear()
        assert play.main(["--resume"]) == 2
        assert one_game > 0 and len(pauses) == one_game
        err = capsys.readouterr().err.strip().splitlines()
        assert "open in another yaniv" in err[0] and "all 3 saved games are open in another yaniv" in err[1]
    finally:
        for lock in held:
            lock.release()


@pytest.mark.parametrize(
    ("given", "words"),
    [("zzz", "no saved game has an id starting with 'zzz'"), ("", "matches 2 saved games"), ("a/b", "not a game id")],
)
def test_resume_of_an_unknown_or_ambiguous_id_is_one_line(
    capsys: pytest.CaptureFixture[str], given: str, words: str
) -> None:
    from yaniv_tui.engine import Game, load_ruleset
    from yaniv_tui.store import SaveMeta, Seat, save_game

    for game_id in ("abc1", "abc2"):
        game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=1)
        save_game(game, SaveMeta((Seat.person(), Seat.bot("medium")), game_id=game_id))
    argv = ["--resume", given or "abc"]
    assert play.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and err.startswith("yaniv: ")


async def test_continue_offers_the_newest_and_the_list_picks_another() -> None:
    older, _ = await one_turn_saved("israeli", seed=4)
    await one_turn_saved("sursis", seed=2)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Saved game (and 1 more)" in text and "Sursis" in text
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "SavedGamesScreen"
        text = screen_text(app)
        assert text.index("Sursis") < text.index("Israeli")  # newest first
        await pilot.press("down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game_to_dict(game_of(app.screen)) == older


async def one_game_listed() -> tuple[SavedGame, YanivApp]:
    """One game saved (Ann's turn played), and the app that will list it (ctrl+o on the setup screen)."""
    await one_turn_saved("israeli", seed=4)
    (saved,) = scan_saves().games
    return saved, YanivApp(None, LaunchOptions(bot_delay=0.0))


async def to_saved_games(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("ctrl+o")
    await pilot.pause()


async def test_deleting_a_saved_game_asks_first() -> None:
    saved, app = await one_game_listed()
    async with app.run_test(size=SIZE) as pilot:
        await to_saved_games(pilot)
        await pilot.press("delete")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "ConfirmScreen"
        assert "Delete this saved game?" in screen_text(app)
        await pilot.press("n")  # kept
        await pilot.pause()
        assert saved.path.exists()
        await pilot.press("x", "y")
        await pilot.pause()
        assert not saved.path.exists()
        assert "No saved games left" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert not app.screen.query_one("#saved-box").display
        assert str(app.screen.query_one("#setup-hint").render()).startswith("enter starts")
        await pilot.press("enter")  # starts a new game, as with no save at all
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_deleting_a_game_deleted_in_another_yaniv_meanwhile_says_it_is_gone() -> None:
    """The list showed the game; another yaniv deleted it before the answer. Before, this one said it deleted it."""
    saved, app = await one_game_listed()
    async with app.run_test(size=SIZE) as pilot:
        await to_saved_games(pilot)
        await pilot.press("x")
        await pilot.pause()
        saved.path.unlink()  # deleted by another yaniv while this one asks
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        assert "not deleted: the game" in text and "no longer saved" in text and "Deleted the game" not in text
        assert app.screen.__class__.__name__ == "SavedGamesScreen"
        assert app.screen.query_one("#saved-list", OptionList).option_count == 0
        assert not lock_path(saved.game_id).exists()


async def test_continue_of_a_game_open_in_another_yaniv_is_one_line() -> None:
    await one_turn_saved("israeli", seed=4)
    (saved,) = scan_saves().games
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lock = lock_game(saved.game_id)  # another yaniv opens it meanwhile
        try:
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            error = str(app.screen.query_one("#setup-error").render())
            assert "open in another yaniv" in error
        finally:
            lock.release()


def test_yaniv_records_a_pending_game_at_start_and_says_so_on_screen_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from yaniv_tui.bots import MediumBot
    from yaniv_tui.engine import Game, load_ruleset
    from yaniv_tui.store import History, SaveMeta, Seat, save_game

    game = Game.new(load_ruleset("seven-cards"), ["Ann", "Bob"], seed=3)
    bot = MediumBot()
    while not game.is_over:
        game.apply(bot.choose(game.view(game.current)))
    save_game(game, SaveMeta((Seat.person(), Seat.bot("medium")), game_id="pending1"))
    started: list[tuple[str, ...]] = []
    monkeypatch.setattr(YanivApp, "run", lambda self: started.append(self.launch.notices))
    assert play.main(["--ascii"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "recorded in it now" in err
    assert started[0] == (err.strip().removeprefix("yaniv: "),)
    assert not save_path("pending1").exists()
    with History() as history:
        assert history.games_played() == 1


async def test_the_setup_screen_shows_what_was_said_at_start() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, notices=("a finished game the history had missed is recorded",)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "the history had missed" in str(app.screen.query_one("#save-problem").render())


async def test_continue_takes_the_game_as_saved_now_not_as_the_setup_screen_first_read_it() -> None:
    # Another terminal plays the game on while this setup screen is open: Continue must not bring back the
    # copy it read at start, or those moves are lost and the deck's next card is drawn a second time.
    from yaniv_tui.bots import MediumBot
    from yaniv_tui.store import save_game

    await one_turn_saved("israeli", seed=4)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        (listed,) = app.screen.games
        elsewhere = load_save(save_path(listed.game_id))  # the other terminal's copy
        assert elsewhere is not None
        game, bot = elsewhere.game, MediumBot()
        for _ in range(3):
            game.apply(bot.choose(game.view(game.current)))
        save_game(game, elsewhere.meta, elsewhere.undo)
        await pilot.press("ctrl+r")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        assert game_of(table).turns >= game.turns > listed.game.turns
        assert game_to_dict(load_save(save_path(listed.game_id)).game)["turns"] >= game.turns


async def test_continue_of_a_game_finished_or_deleted_elsewhere_is_one_line() -> None:
    await one_turn_saved("israeli", seed=4)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        (listed,) = app.screen.games
        save_path(listed.game_id).unlink()  # deleted by another yaniv meanwhile
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        error = str(app.screen.query_one("#setup-error").render())
        assert error == (
            "no saved game is left to resume: the saved game was finished or deleted in another yaniv; "
            "start a new game below."
        ), error
        assert not app.screen.query_one("#saved-box").display


async def test_continue_goes_on_to_the_next_game_when_the_one_offered_was_deleted_elsewhere() -> None:
    # As `yaniv --resume` does (store.claim_newest): the game Continue offers is deleted by another yaniv before ctrl+r,
    # and the next saved game is played. Before, Continue claimed the one game and stopped at "no longer saved".
    await one_turn_saved("israeli", seed=4)
    await one_turn_saved("sursis", seed=2)
    older, newer = reversed(scan_saves().games)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.saved is not None and app.screen.saved.game_id == newer.game_id
        save_path(newer.game_id).unlink()  # deleted by another yaniv meanwhile
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.meta.game_id == older.game_id


async def test_continue_waits_once_in_all_for_the_games_open_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game open in another yaniv: Continue waits a moment once (a delete holds its lock that long), not once a
    # game, and says so in its own words.
    from yaniv_tui.store import locks

    await one_turn_saved("israeli", seed=4)
    await one_turn_saved("sursis", seed=2)
    games = scan_saves().games
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.saved is not None
        held = [lock_game(saved.game_id) for saved in games]  # both opened elsewhere after the screen listed them
        pauses: list[float] = []
        monkeypatch.setattr(locks, "_pause", pauses.append)
        try:
            with pytest.raises(SaveError):
                locks.take_lock(games[0].game_id, locks.CLAIM_WAIT)
            one_game = len(pauses)
            pauses.clear()
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            assert one_game > 0 and len(pauses) == one_game
            error = str(app.screen.query_one("#setup-error").render())
            assert "Every saved game is open in another yaniv: finish one there, or start a new game." in error
        finally:
            for lock in held:
                lock.release()


async def test_continue_looks_again_once_the_other_yaniv_has_quit() -> None:
    await one_turn_saved("israeli", seed=4)
    (saved,) = scan_saves().games
    lock = lock_game(saved.game_id)  # open in another yaniv when the setup screen opens
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.saved is None
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "open in another yaniv" in str(app.screen.query_one("#setup-error").render())
        lock.release()  # the other yaniv quits
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.screen.session.meta.game_id == saved.game_id


async def test_at_80x24_with_a_saved_game_the_rules_description_shows_whole() -> None:
    """The hint grew a line with a saved game (ctrl+r), and the rules box below it lost the description's last
    line: Israeli's ended "Assaf +30, resets at 100 and 200," (a comma, then nothing)."""
    await one_turn_saved("israeli", seed=9)
    setup_app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with setup_app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(setup_app)
        assert "ctrl+r continues" in text
        assert "Assaf +30, resets at 100 and 200," in text and "out above 200" in text, text


async def test_a_new_game_whose_lock_cannot_be_taken_says_at_the_table_that_it_is_unprotected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lock file a `sudo yaniv` left (root's, not this user's to open): a new game (and a saved one continued from
    the setup screen) was played unlocked without a word; only `--resume` said it. As root, permissions cannot refuse
    the open: lock_game is made to raise PermissionError, as it does then."""
    import errno
    import os

    from yaniv_tui.store.paths import lock_path

    def refusing(game_id: str) -> None:
        path = lock_path(game_id)  # the file the other yaniv left, not this user's to open
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))

    monkeypatch.setattr("yaniv_tui.store.locks.lock_game", refusing)
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        said = [n for n in notices(app) if "is played unlocked" in n]
        assert len(said) == 1 and said[0].endswith("not protected from a second terminal playing it at the same time")
        await play_turn(pilot)
        await settle(pilot)
        assert sum("is played unlocked" in n for n in notices(app)) == 1  # said once, not at every save


async def test_continue_of_a_game_whose_damaged_record_the_claim_meets_first_says_it_at_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The setup screen's listing left the game as it was (another yaniv had it open then); that one quit, and
    Continue claims it and meets its damaged record first: the game resumes, its record begun again, and the table
    says so in one line, as `yaniv --resume` does. Before, not a word (the copy kept aside unsaid)."""
    import json

    from yaniv_tui import store
    from yaniv_tui.store import library
    from yaniv_tui.tui.screens import setup_saved

    await one_turn_saved("israeli", seed=4)
    (saved,) = scan_saves().games
    path = save_path(saved.game_id)
    document = json.loads(path.read_text(encoding="utf-8"))
    document["record"] = "not a record"
    path.write_text(json.dumps(document), encoding="utf-8")
    listing = store.scan_saves

    def scan_while_open_elsewhere() -> library.Listing:
        other = lock_game(saved.game_id)
        try:
            return listing()
        finally:
            other.release()

    for module in (store, library, setup_saved):
        monkeypatch.setattr(module, "scan_saves", scan_while_open_elsewhere)
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        said = [line for line in notices(app) if "damaged record" in line]
        assert len(said) == 1 and "its record started again from round" in said[0], notices(app)
        assert len(list(saves_dir().glob(f"{saved.game_id}.json.damaged-*"))) == 1


async def test_a_resumed_game_marks_the_turns_a_bot_played_when_a_seats_time_ran_out() -> None:
    """The log marks a turn a bot played for a seat whose time ran out; resumed, it marks it again (the save's record
    keeps it: `SavedGame.timed_out`). Before, the resumed log showed that turn as the seat's own."""
    from playing import deal

    from yaniv_tui.codec.record import add_event, after_action, start_record
    from yaniv_tui.engine import Play, Seat, load_ruleset, parse_cards
    from yaniv_tui.store import SaveMeta, read_save, save_game

    seats = (Seat.person("P0"), Seat.bot("medium", "P1"))
    game = deal(load_ruleset("israeli"), ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C")
    record = start_record(game, seats)
    for index, cards in enumerate(("KD", "KS", "9C")):
        if index == 1:
            add_event(record, "seat", 1, status="timeout")
        seat, action = game.current, Play(tuple(parse_cards(cards)))
        game.apply(action)
        after_action(record, game, seat, action)
    saved = read_save(save_game(game, SaveMeta(seats, game_id="timedout-tui"), record=record))
    app = YanivApp(None, LaunchOptions(bot_delay=0.0), saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "P1's time ran out: a bot dropped K♠" in text, text  # the deal's names, P0 and P1
        assert "P0 dropped K♦" in text and "P0 dropped 9♣" in text


def a_table_saved(game_id: str) -> None:
    """A table `yaniv host` saved (Ann at its screen, a seat played from another machine), through the store's API."""
    from yaniv_tui.engine import Game, Seat, load_ruleset
    from yaniv_tui.store import SaveMeta, save_game

    table = Game.new(load_ruleset("israeli"), ["Ann", "Web"], seed=3)
    save_game(table, SaveMeta((Seat.person(), Seat.remote()), game_id=game_id))


async def test_continue_goes_back_to_the_newest_game_of_this_screen_not_a_newer_table() -> None:
    # A game hosted with `yaniv host` was saved after the one of this screen alone. Before, Continue offered the table
    # and ctrl+r said each time that it has a seat played from another machine, never reaching the older game.
    before, _ = await one_turn_saved("sursis", seed=2)
    a_table_saved("tabl0001")
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.saved is not None and not app.screen.saved.is_table
        assert "Sursis" in str(app.screen.query_one("#saved-desc").render())
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert game_to_dict(game_of(app.screen)) == before


async def test_with_only_tables_saved_the_box_says_which_command_opens_one() -> None:
    # ctrl+r is no key here (nor is Continue shown: test_around_the_table.py): the box says it once.
    a_table_saved("tabl0002")
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and app.screen.saved is None
        line = "Every saved game has a remote seat: 'yaniv host --resume' opens the newest table."
        assert str(app.screen.query_one("#saved-desc").render()) == line
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and not is_open_elsewhere("tabl0002")
        assert str(app.screen.query_one("#setup-error").render()) == ""
