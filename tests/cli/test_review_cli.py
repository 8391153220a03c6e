"""`yaniv review [ID|FILE] [--seat NAME]`: a finished game of the history (by id, or the newest) or a record file is
reviewed for each person's seat or the seat named; a bad file, an unknown seat and a game in progress each get one
line."""

from __future__ import annotations

from pathlib import Path

import pytest
from playing import drop, scripted
from rich.cells import cell_len
from test_game_records_cli import SEATS, finished_game, one_line

from yaniv_tui.bots import MediumBot
from yaniv_tui.bots import review as reviewing
from yaniv_tui.cli import main
from yaniv_tui.codec.record import after_action, record_text, start_record
from yaniv_tui.engine import Action, CallYaniv, Game, load_ruleset
from yaniv_tui.store import save_game
from yaniv_tui.store.meta import SaveMeta


@pytest.fixture(autouse=True)
def quick_review(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 2)  # a quick review: the marks are bots/review.py's tests


def reviewed(out: str) -> list[str]:
    return [
        line.removeprefix("The expert's review of ").split(" in ")[0]
        for line in out.splitlines()
        if "review of" in line
    ]


def test_a_finished_game_is_reviewed_by_id_and_as_the_newest_for_its_person(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _game, meta, _record = finished_game()
    assert main(["review", meta.game_id[:8]]) == 0
    out = capsys.readouterr().out
    assert reviewed(out) == ["Ann"]  # the person's seat, not the bot's
    assert "accuracy" in out and "Points lost" in out
    assert main(["review"]) == 0
    assert capsys.readouterr().out == out


def test_a_record_file_is_reviewed_for_the_seat_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _game, _meta, record = finished_game()
    file = tmp_path / "game.jsonl"
    file.write_text(record_text(record), encoding="utf-8")  # type: ignore[arg-type]
    assert main(["review", str(file), "--seat", "bea"]) == 0
    assert reviewed(capsys.readouterr().out) == ["Bea"]
    # As the table tells names apart (engine.names.same_name): full-width letters, spaces around, case.
    assert main(["review", str(file), "--seat", " ＢＥＡ "]) == 0
    assert reviewed(capsys.readouterr().out) == ["Bea"]


def test_an_unknown_seat_is_one_line_naming_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    _game, meta, _record = finished_game()
    line = one_line(capsys, main(["review", meta.game_id[:8], "--seat", "Zed"]), 1, "yaniv review")
    assert "'Zed'" in line and "Ann, Bea" in line


def test_bad_files_and_ids_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "game"\n', encoding="utf-8")
    assert "not valid JSON" in one_line(capsys, main(["review", str(bad)]), 1, "yaniv review")
    assert "no such file" in one_line(capsys, main(["review", "gone.jsonl"]), 1, "yaniv review")
    assert "no finished game" in one_line(capsys, main(["review", "abcdef"]), 1, "yaniv review")
    assert "no finished game" in one_line(capsys, main(["review"]), 1, "yaniv review")
    assert bad.read_text(encoding="utf-8") == '{"event": "game"\n'  # nothing lost


def test_a_game_in_progress_is_refused_by_id_and_by_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bea"], seed=4)
    record = start_record(game, SEATS)
    bot = MediumBot()
    for _ in range(6):
        seat = game.current
        action = bot.choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    meta = SaveMeta(SEATS)
    save_game(game, meta, record=record)
    assert "in progress" in one_line(capsys, main(["review", meta.game_id[:8]]), 1, "yaniv review")
    file = tmp_path / "playing.jsonl"
    file.write_text(record_text(record), encoding="utf-8")
    assert "not over" in one_line(capsys, main(["review", str(file)]), 1, "yaniv review")


def test_a_marked_move_is_printed_with_the_expert_move_and_its_reason_in_the_width(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """P0 drops an ace and keeps a king while P1 may call next turn (tests/bots/test_review.py): a blunder."""
    monkeypatch.setattr(reviewing, "REVIEW_GUESSES", 8)
    moves: list[Action] = [drop("5H 6H 7H 8H", "2C"), drop("AH"), CallYaniv()]
    record = scripted(["KS AH 5D 9C 8S", "5H 6H 7H 8H AS"], "2C", "QD 3S", moves, first=1)
    file = tmp_path / "poor.jsonl"
    file.write_text(record_text(record), encoding="utf-8")
    assert main(["review", str(file)]) == 0
    out = capsys.readouterr().out
    assert reviewed(out) == ["P0"]
    assert "1 decision, 1 blunder;" in out
    assert "played: drop A♥ (1 point off), take from the deck" in out
    assert "expert: drop K♠ (10 points off)" in out
    assert max(cell_len(line) for line in out.splitlines()) <= 100


def test_a_seat_name_two_seats_share_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record from before names were told apart as a person reads them may seat 'Ann' and 'ANN': --seat ann names
    both, and the line says so and how to name one (before: 'no seat named', with both names listed)."""
    from playing import play_recorded

    game = Game.new(load_ruleset("israeli"), ["Ann", "ANN"], seed=4)
    record = play_recorded(game, SEATS)
    file = tmp_path / "old.jsonl"
    file.write_text(record_text(record), encoding="utf-8")
    line = one_line(capsys, main(["review", str(file), "--seat", "ann"]), 1, "yaniv review")
    assert "'ann' names 2 seats" in line and "--seat 1 (Ann), --seat 2 (ANN)" in line and "as it is written" in line
    assert main(["review", str(file), "--seat", "ANN"]) == 0  # as written: the one seat
    assert reviewed(capsys.readouterr().out) == ["ANN (seat 2)"]  # told apart from seat 1, Ann


def test_two_seats_of_one_name_are_told_apart_by_their_seat_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record (hostile, or hand-made) may seat 'Ann' twice. Before: --seat Ann said "names 2 seats ... give the
    name as it is written", which it was, and no way to review either; now the line names each seat's number, and
    --seat takes the number."""
    from playing import play_recorded

    game = Game.new(load_ruleset("israeli"), ["Ann", "Ann"], seed=4)
    record = play_recorded(game, SEATS)
    file = tmp_path / "twice.jsonl"
    file.write_text(record_text(record), encoding="utf-8")
    line = one_line(capsys, main(["review", str(file), "--seat", "Ann"]), 1, "yaniv review")
    assert "'Ann' names 2 seats" in line and "--seat 1 (Ann), --seat 2 (Ann)" in line, line
    assert "as it is written" not in line
    assert main(["review", str(file), "--seat", "2"]) == 0
    out = capsys.readouterr().out
    assert reviewed(out) == ["Ann (seat 2)"]
    line = one_line(capsys, main(["review", str(file), "--seat", "3"]), 1, "yaniv review")
    assert "no seat named '3'" in line and "seat numbers 1 to 2" in line, line
    assert "its seats are Ann (seat 1), Ann (seat 2)" in line, line


def test_a_game_of_more_decisions_than_a_review_takes_is_one_line_naming_the_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record within the size read (8 MiB) may hold some 25,000 decisions a seat (a game to 100,000 points, or a
    hostile file): before, `yaniv review` judged every one, hours of work with a bar creeping. Now a seat of more
    decisions than MAX_REVIEWED is refused in one line naming the limit, before any is judged."""
    judged: list[object] = []

    def judge(*args: object, **kwargs: object) -> None:
        judged.append(args)
        raise AssertionError("a decision was judged")

    monkeypatch.setattr(reviewing, "judge", judge)
    _game, meta, record = finished_game()
    many = len(reviewing.decisions_of(record, 0))  # type: ignore[arg-type]
    monkeypatch.setattr(reviewing, "MAX_REVIEWED", many - 1)
    line = one_line(capsys, main(["review", meta.game_id[:8], "--seat", "Ann"]), 1, "yaniv review")
    assert f"Ann made {many:,} decisions in the game {meta.game_id[:8]}" in line, line
    assert f"a review judges at most {many - 1:,} a seat" in line, line
    assert judged == []


def test_a_seat_number_of_thousands_of_digits_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: Python's traceback ("Exceeds the limit (4300 digits) for integer string conversion")."""
    _, meta, _ = finished_game()
    line = one_line(capsys, main(["review", meta.game_id[:8], "--seat", "9" * 5000]), 1, "yaniv review")
    assert "no seat named '99999" in line and "seat numbers 1 to 2" in line and len(line) < 300, line
