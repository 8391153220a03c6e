"""One set of limits: every end score the flags or the setup box take gives a game whose save loads back; seeds."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input
from tui_helpers import SIZE, game_of, screen_text

from yaniv_tui.cli.play import EXIT_USAGE, UsageError, main, options_from_args
from yaniv_tui.engine import KEYS, Game, preset_paths
from yaniv_tui.store.game_format import game_from_dict, game_to_dict
from yaniv_tui.store.saves import SaveMeta, Seat, read_save, save_game
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import MAX_SEED_DIGITS
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.setup import SetupScreen
from yaniv_tui.tui.screens.table import TableScreen

END = next(key for key in KEYS if key.field == "end_limit")
assert END.low is not None and END.high is not None
EDGES = [END.low - 1, END.low, END.high, END.high + 1, 10**30, -(10**6)]


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """`main` must stop at the flag: were the app to start, the test fails rather than wait on a terminal."""

    def refuse(self: YanivApp) -> None:
        raise AssertionError("the app started")

    monkeypatch.setattr(YanivApp, "run", refuse)


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@given(
    preset=st.sampled_from(sorted(preset_paths())),
    end=st.sampled_from(EDGES) | st.integers(-5, 2 * END.high) | st.sampled_from([50, 100, 150, 200, 300]),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_every_end_score_the_flags_take_gives_a_game_whose_save_loads_back(
    scratch: Path, preset: str, end: int
) -> None:
    argv = ["--ruleset", preset, "--players", "You,bot:easy", "--end-score", str(end), "--seed", "3"]
    try:
        options, _ = options_from_args(argv)
    except UsageError as error:
        assert "\n" not in str(error)
        return
    assert options is not None
    game = Game.new(options.rules, [seat.name for seat in options.seats], seed=options.seed)
    meta = SaveMeta((Seat.person(), Seat.bot("easy")))
    path = save_game(game, meta, path=scratch / "limits.json")
    assert read_save(path).game.rules == options.rules


def test_an_end_score_beyond_the_files_limit_is_refused_by_the_flags(
    no_app: None, capsys: pytest.CaptureFixture[str]
) -> None:
    # Found: --end-score 100001 started a game whose save then could not be resumed.
    assert END.high is not None
    argv = ["--ruleset", "seven-cards", "--players", "You,bot", "--end-score", str(END.high + 1)]
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"end score {END.high + 1} must be from {END.low} to {END.high}" in err
    options, _ = options_from_args([*argv[:-1], str(END.high)])
    assert options is not None and options.rules.end_limit == END.high


async def test_the_setup_box_takes_the_same_end_scores_as_the_files() -> None:
    assert END.high is not None
    app = YanivApp(None, LaunchOptions(ruleset="seven-cards", bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        typed = setup.query_one("#end-typed", Input)
        typed.value = str(END.high + 1)
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert f"end score {END.high + 1} must be from {END.low} to {END.high}" in screen_text(app)
        typed.value = str(END.high)
        setup.action_start()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.rules.end_limit == END.high
        assert game_from_dict(game_to_dict(game_of(table))).rules == table.rules


@pytest.mark.parametrize("seed", ["-1", "-5"])
def test_a_negative_seed_is_refused_in_one_line(seed: str, no_app: None, capsys: pytest.CaptureFixture[str]) -> None:
    # random.Random(-5) deals as random.Random(5): a negative seed would only look like another game.
    assert main(["--seed", seed]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"argument --seed: must be 0 or more, not {seed}" in err
    _, launch = options_from_args(["--seed", "0"])
    assert launch.seed == 0


async def test_the_setup_seed_box_refuses_a_negative_seed() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#seed", Input).value = "-5"
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "the seed must be 0 or more, not -5" in screen_text(app)


@pytest.mark.parametrize("digits", [MAX_SEED_DIGITS + 1, 4301, 5000])
def test_a_seed_of_too_many_digits_is_told_its_limit(
    digits: int, no_app: None, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: a seed of more than 4,300 digits was told "takes a whole number" (Python's int() digit limit), and
    one of 21 to 4,300 digits was taken, longer than anyone types and than the field shows."""
    assert main(["--seed", "7" * digits]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"argument --seed: must be at most {MAX_SEED_DIGITS} digits, not {digits}" in err
    _, launch = options_from_args(["--seed", "9" * MAX_SEED_DIGITS])
    assert launch.seed == int("9" * MAX_SEED_DIGITS)


async def test_the_setup_seed_box_holds_a_seeds_digits_and_no_more() -> None:
    app = YanivApp(None, LaunchOptions(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        field = setup.query_one("#seed", Input)
        assert field.max_length == MAX_SEED_DIGITS
        field.focus()
        await pilot.pause()
        await pilot.press(*"1234567890" * 3)
        assert field.value == ("1234567890" * 3)[:MAX_SEED_DIGITS]
        field.value = "7" * 5000  # set, not typed: the limit is the start's too
        setup.action_start()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert f"the seed must be at most {MAX_SEED_DIGITS} digits, not 5000" in screen_text(app)
        field.value = "9" * MAX_SEED_DIGITS
        setup.action_start()
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and game_of(table).seed == int("9" * MAX_SEED_DIGITS)


async def test_the_typed_end_score_holds_the_digits_of_the_highest_end_score() -> None:
    """Before: the box took any number of digits; 5,000 pasted were told "must be a whole number"."""
    app = YanivApp(None, LaunchOptions(bot_delay=0.0, ruleset="seven-cards"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        typed = setup.query_one("#end-typed", Input)
        assert typed.max_length == len(str(END.high))
        typed.focus()
        await pilot.pause()
        await pilot.press(*"9" * (len(str(END.high)) + 3))
        assert typed.value == "9" * len(str(END.high))
