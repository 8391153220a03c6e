"""The replay screen (tui/screens/replay.py): the hands it shows at each step are the engine's at that step, ← →
move a step, page up / page down a round, home / end the ends, and each move is said in the table's words."""

from __future__ import annotations

import dataclasses
import re

import pytest
from playing import easy_bots, play_on, play_recorded
from rich.cells import cell_len
from textual.widgets import Static
from tui_helpers import SIZE, footer_keys, game_of, make_app, play_to_end, screen_lines, screen_text, worked

from yaniv_tui.codec.record import GameRecord, add_event, replay_steps, start_record
from yaniv_tui.engine import Game, Seat, load_ruleset
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.replay import ReplayScreen, seats_table
from yaniv_tui.tui.screens.replay_steps import move_text, steps_of
from yaniv_tui.tui.widgets.cards import faces_text
from yaniv_tui.tui.widgets.table import turn_text


def short_game(seed: int = 5, end_limit: int = 30) -> GameRecord:
    """A short seeded game of easy bots, recorded as the table records it."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=end_limit, end_limit_choices=(end_limit,))
    names = ["Ann", "Bob", "Cy"]
    game = Game.new(rules, names, seed=seed)
    seats = [Seat.person("Ann"), Seat.bot("easy", "Bob"), Seat.bot("easy", "Cy")]
    return play_recorded(game, seats, easy_bots(seed, 3))


def replay_app(record: GameRecord) -> YanivApp:
    return YanivApp(replay=(record, "game 1234abcd"))


async def test_each_step_shows_every_hand_the_engine_had_and_the_move_in_the_tables_words() -> None:
    record = short_game()
    # The engine's own game after each deal and action (a round's last action: its reveal).
    engine = [(event, game) for _, event, game in replay_steps(record) if event["event"] in ("deal", "action")]
    app = replay_app(record)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.steps) == len(engine)
        for index in (0, 1, 2, 5):
            screen.go_to(index)
            await pilot.pause()
            event, game = engine[index]
            text = screen_text(app)
            for seat, name in enumerate(game.players):
                hand = game.hands[seat]
                assert hand is not None
                row = next(line for line in text.splitlines() if re.match(rf"\s*▶?\s*{name}\s+\d", line))
                assert faces_text(hand).plain in row, (index, name, row)
            if event["event"] == "action":
                said = turn_text(game.log[-1], game.players, False).plain
                assert said in text
            moves = sum(1 for e, _ in engine[1 : index + 1] if e["event"] == "action")
            assert f"move {moves} of " in text


async def test_keys_step_a_move_a_round_and_to_either_end() -> None:
    record = short_game()
    app = replay_app(record)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        steps = screen.steps
        deals = [i for i, step in enumerate(steps) if step.kind == "deal"]
        assert len(deals) >= 2, "the seeded game plays more than one round"
        await pilot.press("right", "right")
        assert screen.at == 2
        await pilot.press("left")
        assert screen.at == 1
        await pilot.press("pagedown")
        assert screen.at == deals[1] and steps[screen.at].round_no == 2
        await pilot.press("pageup")
        assert screen.at == deals[0]
        await pilot.press("left")  # already at the first step: nothing before it
        assert screen.at == 0
        await pilot.press("end")
        assert screen.at == len(steps) - 1 and steps[-1].result is not None
        assert steps[-1].result.game_over
        await pilot.press("right")
        assert screen.at == len(steps) - 1
        await pilot.pause()
        assert f"move {steps[-1].move} of {steps[-1].move}" in screen_text(app)
        await pilot.press("home")
        assert screen.at == 0
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code in (0, None)


async def test_at_80x24_nothing_is_cut_mid_card() -> None:
    record = short_game()
    app = replay_app(record)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for index in range(min(len(screen.steps), 12)):
            screen.go_to(index)
            await pilot.pause()
            lines = screen_lines(app)
            assert all(cell_len(line) == 80 for line in lines)
            game = screen.steps[index].game
            text = "\n".join(lines)
            for hand in screen.steps[index].hands:
                assert hand is not None
                assert faces_text(list(hand)).plain in text
            assert "move " in text and game.rules.name in text


async def test_r_at_the_games_end_replays_the_game_just_finished_and_comes_back() -> None:
    app = make_app("seven-cards", seed=2, end_limit=20)
    async with app.run_test(size=SIZE) as pilot:
        await play_to_end(pilot)
        end = app.screen
        assert isinstance(end, GameEndScreen)
        assert footer_keys(app).get("r") == "replay"
        game = game_of(end.session)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        last = screen.steps[-1]
        assert last.result is not None and last.result.game_over
        assert list(last.scores) == list(game.scores)
        assert last.result.hands == game.history[-1].hands
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is end


async def test_the_help_lists_every_key_of_the_replay() -> None:
    app = replay_app(short_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        for key, does in (("←→", "a move back or on"), ("pgup/pgdn", "a round back or on")):
            assert re.search(rf"{key}\s+{does}", text), (key, does)
        for key, does in (("home", "first"), ("end", "last"), ("esc", "close"), ("v", "review")):
            assert re.search(rf"{key}\s+{does}", text), (key, does)
        # The rules of the game replayed, not the setup screen's advice to choose some, nor how to play cards.
        assert "The rules: Israeli" in text and "setup screen" not in text and "click cards" not in text, text


async def test_the_key_bar_names_the_review_at_80x24() -> None:
    app = replay_app(short_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer_keys(app).get("v") == "review"


async def test_the_key_bar_says_how_to_leave_at_80x24() -> None:
    """`yaniv replay` at 80 columns: the bar left out `esc close` (and `^q quit`) for width, so nothing on screen
    said how to leave the replay but the help."""
    app = replay_app(short_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.get("esc") == "close" and keys.get("v") == "review", keys
        assert keys.get("←→") == "move", keys


async def test_the_key_bar_says_the_rounds_keys_at_80x24() -> None:
    """Before: at 80 columns the bar left out pgup and pgdn, and a game of 500 moves was stepped through one move at
    a time by a player who had not opened the help: `←→ move` and `pgup/pgdn round` now fit beside the rest."""
    app = replay_app(short_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert keys.get("pgup/pgdn") == "round" and keys.get("←→") == "move", keys
        assert screen_lines(app)[-1].rstrip().endswith("^q quit ^p palette ? help"), screen_lines(app)[-1]


async def test_m_goes_to_each_marked_move_once_the_review_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: the review said "1 marked" and left the player to find the marked move by stepping through the game
    with ← →: now `m` (on the bar once there are marks) goes to the next marked move, round again after the last."""
    from test_stats_games import two_decisions, until_reviewed

    from yaniv_tui.bots import review as reviewing

    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 8)
    app = YanivApp(replay=(two_decisions(), "game 1234abcd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "m" not in footer_keys(app)  # nothing marked yet: nothing to go to
        await pilot.press("v")
        await until_reviewed(pilot, screen)
        await pilot.pause()
        assert footer_keys(app).get("m") == "next mark", footer_keys(app)
        assert screen_lines(app)[-1].rstrip().endswith("esc close ^q quit ^p palette ? help"), screen_lines(app)[-1]
        marked = [i for i in range(len(screen.steps)) if screen.steps[i].turn in screen.marks]
        assert len(marked) == 1, marked
        await pilot.press("m")
        await pilot.pause()
        assert screen.at == marked[0]
        assert screen.query_one("#replay-mark").display
        await pilot.press("end", "m")
        await pilot.pause()
        assert screen.at == marked[0]  # round again, from the last step


def joined_games_record() -> GameRecord:
    """The host's record of a game of Bo (a bot) and two remote seats, which Noa and Eli joined before its first move
    (the record's header names them "Player 2" and "Player 3", its `joined` events Noa and Eli)."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=30, end_limit_choices=(30,))
    game = Game.new(rules, ["Bo", "Player 2", "Player 3"], seed=5)
    record = start_record(game, [Seat.bot("easy", "Bo"), Seat.remote(), Seat.remote()])
    add_event(record, "joined", 1, name="Noa")
    add_event(record, "joined", 2, name="Eli")
    return play_on(game, record, easy_bots(5, 3))


def test_a_joined_games_replay_names_the_seats_as_they_joined_from_its_first_step() -> None:
    """Before, the replay's first step (the deal, before the record's `joined` events) named the seats "Player 2" and
    "Player 3" in its seats' table and its words ("Round 1 dealt: Player 2 plays first."): the seats' names are the
    ones they were joined with (`record_players`), from the first step to the last, whichever step is made first."""
    record = joined_games_record()
    steps = steps_of(record, every=4)
    for index in (0, len(steps) - 1, 1, 0, 5):
        assert steps[index].game.players == ("Bo", "Noa", "Eli"), index
    first = steps[0]
    assert "Player" not in move_text(first, first.game, False).plain
    assert "Player" not in " ".join(str(cell) for cell in seats_table(first, False).columns[1].cells)


async def test_a_joined_games_replay_names_the_seats_as_the_table_called_them() -> None:
    """Before, a joiner's replay headed the game "Bo, Player 2, Player 3": the names the host's record starts with,
    before its `joined` events named the seats Noa and Eli, the names everyone saw at the table."""
    app = replay_app(joined_games_record())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        for index in (0, 1, len(screen.steps) - 1):
            screen.go_to(index)
            await pilot.pause()
            head = str(screen.query_one("#replay-head", Static).render())
            assert "Bo, Noa, Eli" in head, head
            assert "Player 2" not in head and "Player 3" not in head, head


async def test_v_on_a_game_of_more_decisions_than_a_review_takes_says_so_and_judges_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: `v` on a record of more decisions than a review takes (bots.review.MAX_REVIEWED: a game to 100,000
    points, or a hostile file) judged them all, hours with the bar creeping; `yaniv review` refused such a seat in one
    line. Now the screen says the same line, before any decision is judged, and the replay goes on."""
    from test_stats_games import two_decisions

    from yaniv_tui.bots import review as reviewing

    def judge(*args: object, **kwargs: object) -> None:
        raise AssertionError("a decision was judged")

    monkeypatch.setattr(reviewing, "judge", judge)
    record = two_decisions()
    many = len(reviewing.decisions_of(record, 0))
    monkeypatch.setattr(reviewing, "MAX_REVIEWED", many - 1)
    app = YanivApp(replay=(record, "game 1234abcd"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("v")
        await worked(pilot, "review")
        assert not screen.reviewing
        text = " ".join(" ".join(screen_lines(app)).split())
        assert f"P0 made {many:,} decisions: a review judges at most {many - 1:,} a seat" in text, text
        assert not screen.query_one("#replay-progress").display
        assert "v" not in footer_keys(app)  # asked again, it would only be refused again
        at = screen.at
        await pilot.press("right")
        await pilot.pause()
        assert screen.at == at + 1  # the replay goes on


@pytest.mark.parametrize(("rounds", "turns"), [(2, 0), (1, 2)])
async def test_a_partial_records_replay_says_where_it_starts_at_its_first_step(rounds: int, turns: int) -> None:
    """`yaniv replay` of a game resumed from a save that kept no record: before, its first step said "Round 2
    dealt" (even part-way through the round, its first turns gone) and nothing on screen said the record was partial;
    only the command line's line did. Now the first step says that line (`codec.record.not_recorded`)."""
    from playing import play

    from yaniv_tui.codec.record import not_recorded, record_text

    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=4)
    play(game, rounds=rounds)
    play(game, turns)
    record = play_on(game, start_record(game, [Seat.person("Ann"), Seat.bot("medium", "Bob")]))
    held = not_recorded(record_text(record))
    assert held is not None
    app = replay_app(record)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        said = " ".join(str(screen.query_one("#replay-said", Static).render()).split())
        assert f"This record {held}." in said
        if turns:  # part-way through the round: no deal was seen
            assert "dealt" not in said
        screen.go_to(1)
        await pilot.pause()
        assert held not in " ".join(str(screen.query_one("#replay-said", Static).render()).split())
