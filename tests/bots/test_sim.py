"""The simulator: its table and JSON figures from small runs, seat rotation, and one-line errors for bad flags."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from yaniv_tui.cli import main as yaniv
from yaniv_tui.engine import load_ruleset
from yaniv_tui.sim import seat_of, simulate


def main(argv: list[str]) -> int:
    """`yaniv sim` with these flags."""
    return yaniv(["sim", *argv])


def test_json_figures_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "medium,easy", "--games", "3", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "games" and data["games"] == 3 and data["ruleset"] == "israeli"
    players = data["players"]
    assert [p["level"] for p in players] == ["medium", "easy"]
    assert sum(p["game_wins"]["count"] for p in players) == pytest.approx(3)
    assert sum(p["round_wins"]["count"] for p in players) == data["rounds"]
    for p in players:
        ppr = p["points_per_round"]
        assert ppr["low"] <= ppr["mean"] <= ppr["high"]
        share = p["round_wins"]
        assert share["low"] <= share["rate"] <= share["high"]
        assert p["assafs_suffered"]["of"] == p["yaniv_calls"]["count"]
    assert data["turns"] > data["rounds"] > 0
    assert data["turns_per_second"] > 0


def test_an_expert_on_a_fixed_number_of_guesses_repeats_its_run(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--seats", "expert,hard", "--rounds", "3", "--seed", "2", "--expert-samples", "3", "--json"]
    runs = []
    for _ in range(2):
        assert main(argv) == 0
        data = json.loads(capsys.readouterr().out)
        runs.append(
            (data["turns"], [(p["points_per_round"]["mean"], p["round_wins"]["count"]) for p in data["players"]])
        )
    assert runs[0] == runs[1]


def test_single_rounds_have_no_game_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "hard,medium,medium", "--rounds", "6", "--json", "--ruleset", "sursis"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "rounds" and data["rounds"] == 6 and data["games"] == 0
    assert all(p["game_wins"] is None for p in data["players"])
    assert all(p["round_wins"]["of"] == 6 for p in data["players"])


def test_the_table_names_every_figure(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no heading wraps
    assert main(["--seats", "easy,medium", "--rounds", "4", "--slap-down", "on"]) == 0
    out = capsys.readouterr().out
    for heading in ("game wins", "round wins", "points a round", "Yaniv calls", "calls Assafed", "turns/s"):
        assert heading in out
    assert "P1 easy" in out and "P2 medium" in out and "rounds/s" in out


def test_the_same_seed_plays_the_same_run() -> None:
    rules = load_ruleset("yanivo")
    one = simulate(rules, ["hard", "medium"], 4, seed=3)
    two = simulate(rules, ["hard", "medium"], 4, seed=3)
    assert one.tallies == two.tallies and one.turns == two.turns


def test_seats_rotate_so_each_player_starts_equally() -> None:
    # Seat 0 plays a run's first turn; over any n games in a row each player sits there once, and every seat is filled.
    for n in range(2, 9):
        for start in range(3):
            games = range(start, start + n)
            assert sorted(next(p for p in range(n) if seat_of(p, i, n) == 0) for i in games) == list(range(n))
            assert all(sorted(seat_of(p, i, n) for p in range(n)) == list(range(n)) for i in games)


def test_two_processes_give_the_figures_of_one() -> None:
    rules = load_ruleset("israeli")
    alone = simulate(rules, ["medium", "easy"], 12, mode="rounds", seed=9)
    spread = simulate(rules, ["medium", "easy"], 12, mode="rounds", seed=9, jobs=2)
    assert alone.tallies == spread.tallies and alone.rounds == spread.rounds == 12


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--seats", "medium,wizard"], "unknown bot level 'wizard'"),
        (["--seats", "medium"], "2 to 8 players, not 1"),
        (["--seats", ",".join(["easy"] * 7), "--ruleset", "sursis"], "2 to 6 players, not 7"),
        (["--games", "0"], "must be at least 1"),
        (["--games", "many"], "not a whole number"),
        (["--games", "3", "--rounds", "3"], "not allowed with argument"),
        (["--ruleset", "no-such-preset"], "no-such-preset"),
        (["--yaniv-limit", "9"], "Yaniv limit 9 is not offered"),
        (["--slap-down", "maybe"], "invalid choice"),
        (["--expert-ms", "-5"], "more than 0"),
        (["--expert-samples", "0"], "must be at least 1"),
        (["--colour"], "unrecognized arguments"),
    ],
)
def test_a_bad_flag_is_one_line_and_status_2(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    status: int | str | None
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("yaniv sim: ") and says in lines[0]


def test_a_game_past_the_round_cap_stops_with_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: only rounds were guarded; a game that never ended kept `yaniv sim` running for ever.

    The cap is generous (far beyond any preset's longest game), so here it is lowered to show what it does.
    """
    from yaniv_tui.engine import guards

    assert guards.MAX_GAME_ROUNDS >= 40 * 25  # the longest preset game of easy bots seen took 25 rounds
    monkeypatch.setattr(guards, "MAX_GAME_ROUNDS", 3)
    monkeypatch.setattr(guards, "ROUNDS_PER_END_POINT", 0)
    assert main(["--seats", "easy,easy", "--games", "2", "--seed", "4"]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0] == "yaniv sim: a game of easy, easy passed 3 rounds without an end, the most a game may take"


def test_a_game_that_ends_within_the_cap_is_not_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    from yaniv_tui.engine import guards

    rules = load_ruleset("sursis")
    played = simulate(rules, ["easy", "easy"], 1, seed=4)
    rounds = played.rounds
    monkeypatch.setattr(guards, "MAX_GAME_ROUNDS", rounds)
    monkeypatch.setattr(guards, "ROUNDS_PER_END_POINT", 0)
    assert simulate(rules, ["easy", "easy"], 1, seed=4).rounds == rounds


def test_a_ruleset_whose_scores_cannot_rise_is_refused_not_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: with aces, faces and jokers at -50, `yaniv sim` never finished its first game."""
    file = tmp_path / "minus.toml"
    file.write_text("[values]\nace = -50\njack = -50\nqueen = -50\nking = -50\njoker = -50\n")
    assert main(["--ruleset", str(file), "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"yaniv sim: {file}: values: no score can climb to the end") and "\n" not in err


def test_turning_the_slap_down_off_is_checked_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without jokers and with a limit of 0, only a hand emptied by a slap-down can call: off, no round can end."""
    file = tmp_path / "slap.toml"
    file.write_text("[deck]\njokers = 0\n[drops]\nslap_down = true\n[yaniv]\nlimit = 0\n")
    assert main(["--ruleset", str(file), "--games", "1", "--slap-down", "off"]) == 2
    err = capsys.readouterr().err.strip()
    assert "yaniv.limit: no hand can call Yaniv at 0" in err and err.endswith("(with --slap-down off)")


def test_a_game_to_the_highest_end_score_a_file_may_ask_is_played_to_its_end(tmp_path: Path) -> None:
    """Before: `[end] limit = 100000` was accepted, but every game was stopped at 5,000 rounds without an end.

    Two medium bots need about 15,500 rounds to knock one out at 100,000; the cap grows with the end score.
    """
    from yaniv_tui.engine import guards

    file = tmp_path / "long.toml"
    file.write_text('name = "Long"\n[end]\nlimit = 100000\n')
    rules = load_ruleset(str(file))
    played = simulate(rules, ["medium", "medium"], 1, seed=1)
    assert played.rounds > guards.MAX_GAME_ROUNDS
    assert played.rounds < guards.game_round_cap(rules.end_limit) / 10


def test_play_out_plays_a_game_to_its_end_and_records_it_as_the_table_does() -> None:
    """`play_out` is the one loop of bots playing a game on (the tests' `play_on`, the review benchmark's games): its
    record replays to the game it played, and recording changes nothing of the play."""
    from yaniv_tui.bots import Bot, make_bot
    from yaniv_tui.codec.record import read_record_text, record_text, start_record
    from yaniv_tui.engine import Game, Seat
    from yaniv_tui.sim import play_out

    rules = load_ruleset("israeli")
    names = ["Ann", "Bob", "Cy"]

    def new() -> Game:
        return Game.new(rules, names, seed=7)

    def bots() -> list[Bot]:
        return [make_bot(level, 3 + seat) for seat, level in enumerate(("easy", "medium", "hard"))]

    game = new()
    record = start_record(
        game, [Seat.bot(level, name) for level, name in zip(("easy", "medium", "hard"), names, strict=True)]
    )
    assert play_out(game, bots(), record) is game and game.is_over
    _, replayed = read_record_text(record_text(record), "played out", finished=True)
    assert (replayed.scores, replayed.winners, replayed.turns) == (game.scores, game.winners, game.turns)
    alone = play_out(new(), bots())
    assert (alone.scores, alone.history, alone.turns) == (game.scores, game.history, game.turns)
