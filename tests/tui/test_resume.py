"""Resume: the game is saved after every action, Continue and --resume go back to it, damage is one line."""

from __future__ import annotations

import pytest
from tui_helpers import SIZE, make_app, play_to_end, play_turn, screen_text, settle

from yaniv_tui.engine.snapshot import game_to_dict
from yaniv_tui.store import SaveError, load_save, save_path
from yaniv_tui.tui import launch
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import face


async def one_turn_saved(ruleset: str, seed: int) -> tuple[dict[str, object], tuple[object, ...]]:
    """Ann plays one turn against two medium bots, leaving a save; the game as it was, and Ann's hand."""
    app = make_app(ruleset, "Ann,bot:medium:Bea,bot:medium:Cy", seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        return game_to_dict(app.screen.game), app.screen.game.hand(0)


async def test_every_action_is_saved_with_the_seats():
    app = make_app("israeli", "Ann,bot:medium:Bea,bot:easy:Cy", seed=11)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        saved = load_save()
        assert saved is not None
        assert game_to_dict(saved.game) == game_to_dict(table.game)
        assert [(s.human, s.level) for s in saved.meta.seats] == [(True, None), (False, "medium"), (False, "easy")]
        assert saved.meta.screen_seat == 0


async def test_the_saved_game_comes_back_at_the_same_seat_hand_and_scores():
    before, hand = await one_turn_saved("israeli", seed=4)
    saved = load_save()
    assert saved is not None
    again = YanivApp(None, {"bot_delay": 0.0}, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = again.screen
        assert isinstance(table, TableScreen)
        assert game_to_dict(table.game) == before
        assert table.viewer == 0 and table.stage == "choose"
        text = screen_text(again)
        assert all(face(card, False) in text for card in hand)
        assert "Bea" in text and "medium bot" in text


async def test_setup_offers_continue_with_whose_game_it_is():
    before, _ = await one_turn_saved("sursis", seed=2)
    setup_app = YanivApp(None, {"bot_delay": 0.0})
    async with setup_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(setup_app.screen, SetupScreen)
        text = screen_text(setup_app)
        assert "Continue" in text and "Ann 0, Bea 0, Cy 0" in text and "round 1" in text and "Sursis" in text
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert isinstance(setup_app.screen, TableScreen)
        assert game_to_dict(setup_app.screen.game) == before


async def test_a_damaged_save_is_one_line_on_setup_moved_aside_and_a_new_game_starts():
    path = save_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "yaniv-tui-save", "version": 1, "gam')
    app = YanivApp(None, {"bot_delay": 0.0})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        problem = str(app.screen.query_one("#save-problem").render())
        assert "damaged" in problem and "moved to" in problem and "\n" not in problem.strip()
        assert not app.screen.query("#continue-saved")
        assert not path.exists() and list(path.parent.glob("save.json.damaged-*"))
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
    assert load_save() is not None


def test_resume_without_a_save_is_one_line_and_exit_2(capsys):
    assert launch.main(["--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("yaniv: there is no saved game") and "\n" not in err


def test_resume_of_a_damaged_save_is_one_line_and_exit_2(capsys):
    path = save_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00\xff garbage")
    assert launch.main(["--resume"]) == 2
    err = capsys.readouterr().err.strip()
    assert "damaged" in err and "moved to" in err and "\n" not in err
    assert not path.exists()


def test_resume_with_players_is_refused(capsys):
    assert launch.main(["--resume", "--players", "Ann,bot"]) == 2
    assert "--players" in capsys.readouterr().err


async def test_a_finished_game_removes_its_save():
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
    assert not save_path().exists()
    assert load_save() is None


async def test_a_save_that_fails_is_a_notice_and_play_goes_on(monkeypatch):
    def refuse(*args, **kwargs):
        raise SaveError("cannot save the game to /nowhere: disk full")

    monkeypatch.setattr("yaniv_tui.tui.session.save_game", refuse)
    app = make_app("israeli", "Ann,bot:medium,bot:medium", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
        notes = [n.message for n in app._notifications]
        assert sum("disk full" in n for n in notes) == 1
        assert isinstance(app.screen, TableScreen) or app.screen.__class__.__name__ == "RoundEndScreen"


@pytest.mark.parametrize("players", ["Ann,Bob"])
async def test_pass_and_play_resumes_behind_the_pass_screen(players):
    app = make_app("israeli", players, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await play_turn(pilot)
        await settle(pilot)
    saved = load_save()
    assert saved is not None and saved.meta.humans == (0, 1)
    again = YanivApp(None, {"bot_delay": 0.0}, saved=saved)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.screen.__class__.__name__ == "PassScreen"


async def test_enter_on_setup_continues_the_saved_game():
    before, _ = await one_turn_saved("israeli", seed=9)
    setup_app = YanivApp(None, {"bot_delay": 0.0})
    async with setup_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "enter continues the saved game" in screen_text(setup_app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(setup_app.screen, TableScreen)
        assert game_to_dict(setup_app.screen.game) == before
