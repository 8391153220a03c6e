"""A save that no game can reach is damage (issue 29, item 11): its finished rounds are checked as its round in
play is (every hand possible under its rules, every figure what the hands and the rules give), and so is the card
its "you took" note names. Each is one line, and the file is moved aside, never deleted."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from yaniv_tui.engine import full_deck_of
from yaniv_tui.store.library import scan_saves
from yaniv_tui.store.saves import SaveError, SaveMeta, Seat, read_save, save_game

from .helpers import new_game, play

SEATS = (Seat.person("Player 1"), Seat.bot("medium", "Player 2"), Seat.bot("medium", "Player 3"))

Change = Callable[[dict[str, Any]], None]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def saved_game() -> tuple[Path, dict[str, Any]]:
    """A real game two rounds in and two turns into the third, saved; its file and its document."""
    game = play(play(new_game(players=3, seed=4), rounds=2), actions=2)
    assert len(game.history) == 2 and not game.is_over
    path = save_game(game, SaveMeta(SEATS, game_id="g1234567"))
    return path, json.loads(path.read_text("utf-8"))


def _first_round(document: dict[str, Any]) -> dict[str, Any]:
    round_1: dict[str, Any] = document["game"]["history"][0]
    return round_1


def wrong_value(document: dict[str, Any]) -> None:
    _first_round(document)["values"][0] += 1


def wrong_added(document: dict[str, Any]) -> None:
    round_1 = _first_round(document)
    round_1["added"][2] += 10
    round_1["scores"][2] += 10  # the totals agree with the wrong figure: only the hands tell it is wrong


def wrong_winner(document: dict[str, Any]) -> None:
    round_1 = _first_round(document)
    round_1["winner"] = next(s for s in range(3) if s != round_1["winner"])


def three_aces_of_spades(document: dict[str, Any]) -> None:
    hands = _first_round(document)["hands"]
    hands[0] = ["AS", "AS", "AS"]


def twenty_cards(document: dict[str, Any]) -> None:
    hands = _first_round(document)["hands"]
    others = {code for hand in hands[1:] for code in hand}
    hands[0] = [card.code for card in full_deck_of(new_game().rules, 3) if card.code not in others][:20]


def took_a_card_not_held(document: dict[str, Any]) -> None:
    game = document["game"]
    held = set(game["hands"][0])
    document["meta"]["took"] = {"0": next(code for code in game["hands"][1] if code not in held)}


def reshuffled_after_a_turn_to_come(document: dict[str, Any]) -> None:
    document["meta"]["reshuffled_after"] = [len(document["game"]["log"]) + 1]


def conceded_in_a_round_to_come(document: dict[str, Any]) -> None:
    document["meta"]["conceded"] = [0]
    document["meta"]["conceded_in"] = [document["game"]["round_no"] + 1]


IMPOSSIBLE: dict[str, tuple[Change, str]] = {
    "a hand's value that is not its cards'": (wrong_value, "history[0]"),
    "points added that the hands do not give": (wrong_added, "history[0]"),
    "a winner who did not win": (wrong_winner, "history[0]"),
    "three A♠ in a one-deck game": (three_aces_of_spades, "history[0]"),
    "a 20-card hand": (twenty_cards, "history[0].hands[0]"),
    "a card taken that is not in the hand": (took_a_card_not_held, "meta.took"),
    "a reshuffle after a turn not played": (reshuffled_after_a_turn_to_come, "meta.reshuffled_after"),
    "a seat conceded in a round not played": (conceded_in_a_round_to_come, "meta.conceded_in"),
}


@pytest.mark.parametrize(("change", "where"), list(IMPOSSIBLE.values()), ids=list(IMPOSSIBLE))
def test_an_impossible_save_is_one_line_and_moved_aside(change: Change, where: str) -> None:
    path, document = saved_game()
    read_save(path)  # the real one reads
    change(document)
    damaged = json.dumps(document)
    path.write_text(damaged, "utf-8")
    with pytest.raises(SaveError) as refused:
        read_save(path)
    assert where in str(refused.value) and "\n" not in str(refused.value)
    listing = scan_saves()
    assert listing.games == () and len(listing.problems) == 1
    (line,) = listing.problems
    assert where in line and "moved to" in line and "\n" not in line
    (aside,) = path.parent.glob(path.name + ".damaged-*")
    assert aside.read_text("utf-8") == damaged  # moved, never changed


def test_every_save_of_a_real_game_reads_to_its_end() -> None:
    """The checks refuse no real game: a save after every round of a game played to its end reads back."""
    game = new_game(players=3, seed=11)
    while not game.is_over:
        game = play(game, actions=7)
        read_save(save_game(game, SaveMeta(SEATS, game_id="r1234567")))
