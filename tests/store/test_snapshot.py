"""A game written to plain data and read back plays on exactly as the original; damaged data is one clear error."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest

from yaniv_tui.bots import MediumBot
from yaniv_tui.codec import SnapshotError, ruleset_from_snapshot, ruleset_to_dict
from yaniv_tui.engine import STATE_FIELDS, Game, load_ruleset, preset_paths
from yaniv_tui.engine.ruleset_keys import TEXT_MOST
from yaniv_tui.store.game_format import VERSION, game_from_dict, game_to_dict

from .helpers import new_game, play, slap_rules


def through_json(game: Game) -> Game:
    return game_from_dict(json.loads(json.dumps(game_to_dict(game))))


def test_the_snapshot_covers_every_field_of_a_game() -> None:
    # The engine's own test ties STATE_FIELDS to a game's attributes: a new field cannot be left out of saves.
    assert set(game_to_dict(new_game())) - {"format", "version"} == set(STATE_FIELDS)


@pytest.mark.parametrize("preset", sorted(preset_paths()))
def test_every_state_of_a_bot_game_reads_back_equal(preset: str) -> None:
    game = new_game(preset, players=4, seed=3)
    bot = MediumBot()
    for _ in range(250):  # several rounds: deals, Yaniv calls, Assafs, resets
        data = game_to_dict(game)
        assert game_to_dict(through_json(game)) == data
        if game.is_over:
            break
        game.apply(bot.choose(game.view(game.current)))
    assert game.history


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_read_back_game_has_the_same_future(seed: int) -> None:
    # Slap-downs and reshuffles draw on the game's random generator too, so both are in play.
    original = play(new_game(slap_rules(), players=3, seed=seed), actions=40)
    copy_ = through_json(original)
    play(original)
    play(copy_)
    assert original.is_over and copy_.is_over
    assert copy_.history == original.history
    assert copy_.winners == original.winners
    assert game_to_dict(copy_) == game_to_dict(original)


def test_the_slap_phase_reads_back() -> None:
    game = new_game(slap_rules(), players=2, seed=0)
    bot = MediumBot()
    while game.phase != "slap":
        assert not game.is_over, "no slap-down came up in this game; pick another seed"
        game.apply(bot.choose(game.view(game.current)))
    back = through_json(game)
    assert back.phase == "slap" and back.slap_card == game.slap_card
    assert back.legal_actions() == game.legal_actions()


def test_a_finished_game_reads_back() -> None:
    game = play(new_game(players=2))
    back = through_json(game)
    assert back.is_over and back.winners == game.winners and back.scores == game.scores


def test_an_end_score_the_host_typed_survives() -> None:
    rules = load_ruleset("seven-cards")
    assert rules.end_limit_any
    typed = rules.with_choices(end_limit=137)
    game = play(Game.new(typed, ["Ann", "Ben"], seed=5), actions=10)
    assert through_json(game).rules == typed


def test_the_rules_are_kept_whole_not_by_preset_id() -> None:
    rules = dataclasses.replace(load_ruleset("israeli"), assaf_penalty=45, name="Our table")
    game = Game.new(rules, ["Ann", "Ben"], seed=1)
    assert through_json(game).rules == rules


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        parts = path.split(".")
        for part in parts[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        last = parts[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        del data[path]

    return change


def _lose_a_card(data: dict[str, Any]) -> None:
    data["deck"].pop()


def _double_a_card(data: dict[str, Any]) -> None:
    data["deck"][0] = data["hands"][0][0]


def _swap_hand_for_none(data: dict[str, Any]) -> None:
    data["deck"].extend(data["hands"][1])
    data["hands"][1] = None


BAD = [
    ("wrong version", _set("version", VERSION + 1), "version"),
    ("version missing", _drop("version"), "version: missing"),
    ("not a game", _set("format", "something-else"), "format"),
    ("players missing", _drop("players"), "players: missing"),
    ("scores not a list", _set("scores", "lots"), "scores: must be a list"),
    ("a score negative", _set("scores.0", -5), "scores[0]: must be at least 0"),
    ("a score edited", _set("scores.0", 3), "scores: must be the totals"),
    ("a card that is not a card", _set("deck.0", "ZZ"), "deck[0]: not a card"),
    ("a card of the wrong type", _set("deck.0", 7), "deck[0]: must be a card code"),
    ("a card lost", _lose_a_card, "missing"),
    ("a card created", _double_a_card, "too many"),
    ("the current seat out of range", _set("current", 9), "current: must be at most 2"),
    ("a seat in a turn out of range", _set("log.0.seat", -1), "log[0].seat"),
    ("an unknown phase", _set("phase", "dancing"), "phase"),
    ("a slap with no slap rule", _set("phase", "slap"), "phase: a slap-down needs"),
    ("a seat's hand missing", _swap_hand_for_none, "hands[1]"),
    ("the rules broken", _set("rules.yaniv_limit", 500), "rules: yaniv.limit"),
    ("a rule unknown", _set("rules.wild_twos", True), "rules.wild_twos: not a rule"),
    ("the random state cut", _set("rng.state", [1, 2, 3]), "rng.state"),
    ("a boolean as a number", _set("turns", True), "turns: must be a whole number"),
    ("the round number off", _set("round_no", 5), "round_no"),
    ("the takeable card changed", _set("takeable", []), "takeable"),
    ("a player without a name", _set("players.0", " "), "players[0]"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_damaged_snapshot_is_one_clear_error(
    what: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = game_to_dict(play(new_game(players=3, seed=11), actions=9))
    broken = copy.deepcopy(data)
    change(broken)
    with pytest.raises(SnapshotError) as error:
        game_from_dict(broken)
    text = str(error.value)
    assert message in text
    assert "\n" not in text


@pytest.mark.parametrize("data", [None, [], "game", 3])
def test_not_an_object_is_refused(data: Any) -> None:
    with pytest.raises(SnapshotError, match="must be an object"):
        game_from_dict(data)


def test_a_rule_added_after_the_save_takes_its_default() -> None:
    data = game_to_dict(Game.new(slap_rules(), ["Ann", "Ben"], seed=1))
    del data["rules"]["slap_down"]
    assert game_from_dict(data).rules.slap_down is False


def test_a_rule_no_file_can_set_is_kept_and_type_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from yaniv_tui.codec import rules as snapshot
    from yaniv_tui.engine import KEYS

    monkeypatch.setattr(snapshot, "KEYS", tuple(k for k in KEYS if k.field != "slap_down"))

    data = game_to_dict(Game.new(slap_rules(), ["Ann", "Ben"], seed=1))
    assert game_from_dict(data).rules.slap_down is True
    data["rules"]["slap_down"] = "yes"
    with pytest.raises(SnapshotError, match=r"rules\.slap_down: must be true/false, got text"):
        game_from_dict(data)


def test_a_key_with_a_line_break_stays_out_of_the_message() -> None:
    data = game_to_dict(new_game())
    data["rules"]["wild\ntwos"] = True
    with pytest.raises(SnapshotError) as error:
        game_from_dict(data)
    assert "\n" not in str(error.value) and "not a rule" in str(error.value)


@pytest.mark.parametrize("preset", sorted(preset_paths()))
def test_every_presets_rules_come_back_from_a_save_whole(preset: str) -> None:
    """Every key's kind (lists of limits, reset pairs, choices, text) survives the save's JSON."""
    rules = load_ruleset(preset)
    assert ruleset_from_snapshot(json.loads(json.dumps(ruleset_to_dict(rules)))) == rules


def test_a_save_from_before_the_text_limit_still_reads_its_long_texts_shortened() -> None:
    """Before 291e839 a ruleset's name, description and source had no length limit: a game saved then with a long
    description (a user's ruleset) must still resume, and its finished record replay, with the text cut to the
    limit, not be set aside as damaged."""
    long = "Friday night at Noa's: " + "jokers are wild, " * 20
    data = game_to_dict(new_game())
    data["rules"]["description"] = long
    data["rules"]["name"] = "N" * 250
    game = game_from_dict(json.loads(json.dumps(data)))
    assert len(game.rules.description) == TEXT_MOST and game.rules.description.endswith("…")
    assert game.rules.description.startswith(long[: TEXT_MOST - 1])
    assert game.rules.name == "N" * (TEXT_MOST - 1) + "…"
    # It writes back within the limit, and reads back equal.
    assert through_json(game).rules == game.rules


def test_a_long_text_with_a_control_character_is_still_refused() -> None:
    data = game_to_dict(new_game())
    data["rules"]["description"] = "\x1b[2J" + "x" * 250
    with pytest.raises(SnapshotError, match="control character"):
        game_from_dict(data)
