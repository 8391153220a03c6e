"""A game built from a full state: a real state builds the same game, any other is one clear GameStateError."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest
from builders import rebuilt, state_of
from playing import play

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import (
    STATE_FIELDS,
    Card,
    Game,
    GameStateError,
    IllegalActionError,
    Play,
    Ruleset,
    SlapDown,
    Turn,
    load_ruleset,
    parse_card,
    preset_paths,
)
from yaniv_tui.store.game_format import SnapshotError, game_from_dict, game_to_dict


def slap_rules(**changes: Any) -> Ruleset:
    return dataclasses.replace(load_ruleset("israeli"), slap_down=True, **changes)


def emptied_by_a_slap() -> Game:
    """Seat 0 drops its one card, draws the matching 5S and slaps it down: its hand is empty, rightly."""
    rules = slap_rules(hand_size=1)
    game = Game.new(rules, ["Ann", "Ben"], deck="5H 9C KD 5S", first=0, seed=1)
    game.apply(Play([parse_card("5H")]))
    assert game.phase == "slap"
    game.apply(SlapDown(parse_card("5S")))
    assert game.hands[0] == [] and game.current == 1
    return game


# -- a real state builds the same game ----------------------------------------------------------------


def test_a_game_is_its_state_fields_and_nothing_else() -> None:
    # Saves write every field of STATE_FIELDS (tests/store): a game holding anything else would lose it.
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben", "Cy"], seed=4), actions=30)
    assert set(vars(game)) == set(STATE_FIELDS)
    assert set(state_of(game)) | {"rules", "players"} == set(STATE_FIELDS)
    assert set(vars(game.clone())) == set(STATE_FIELDS)


@pytest.mark.parametrize("preset", sorted(preset_paths()))
def test_every_state_of_a_played_game_builds_the_same_game(preset: str) -> None:
    rules = dataclasses.replace(load_ruleset(preset), slap_down=True)
    game = Game.new(rules, ["Ann", "Ben", "Cy", "Dee"], seed=5)
    bot = MediumBot()
    assert set(rebuilt(game).__dict__) == set(game.__dict__)  # every attribute of a game, a new one too
    for _ in range(300):
        assert game_to_dict(rebuilt(game)) == game_to_dict(game)
        if game.is_over:
            break
        game.apply(bot.choose(game.view(game.current)))
    assert game.history


def test_a_built_game_plays_on_exactly_as_the_original() -> None:
    original = play(Game.new(slap_rules(), ["Ann", "Ben", "Cy"], seed=2), actions=45)
    copy_ = rebuilt(original)
    play(original)
    play(copy_)
    assert copy_.history == original.history and copy_.winners == original.winners


def test_the_state_given_is_copied_not_shared() -> None:
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=4), actions=5)
    before = game_to_dict(game)
    built = rebuilt(game)
    assert built.rng is not game.rng
    play(built, actions=30)
    assert game_to_dict(game) == before


def test_scores_outs_and_round_follow_from_the_history_when_left_out() -> None:
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben", "Cy"], seed=9), rounds=3)
    state = state_of(game)
    for name in ("scores", "out", "zero_wins", "round_no", "previous_kind", "takeable"):
        del state[name]
    assert game_to_dict(Game.from_state(game.rules, game.players, **state)) == game_to_dict(game)


def test_a_hand_emptied_by_a_slap_down_builds() -> None:
    game = emptied_by_a_slap()
    built = rebuilt(game)
    assert built.hand(0) == () and built.legal_actions() == game.legal_actions()
    assert game_from_dict(game_to_dict(game)).hands[0] == []


def test_a_finished_game_builds_and_is_over() -> None:
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=3))
    built = rebuilt(game)
    assert built.is_over and built.winners == game.winners and built.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        built.apply(Play([parse_card("AS")]))


# -- the found cases: a save with impossible hands is refused ---------------------------------------


def two_player_save() -> dict[str, Any]:
    return game_to_dict(Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=3))


def _move_deck_to_hand(count: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        data["hands"][1] += data["deck"][:count]
        data["deck"] = data["deck"][count:]

    return change


def _empty_hand(data: dict[str, Any]) -> None:
    data["deck"] += data["hands"][1]
    data["hands"][1] = []


FOUND = [
    ("25 deck cards moved into one hand", _move_deck_to_hand(25), "hands[1]: 30 cards"),
    ("a 44-card hand", _move_deck_to_hand(39), "hands[1]: 44 cards"),
    ("an empty hand", _empty_hand, "hands[1]: no cards"),
]


@pytest.mark.parametrize(("what", "change", "message"), FOUND, ids=[f[0] for f in FOUND])
def test_a_save_with_impossible_hands_is_refused(
    what: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = two_player_save()
    change(data)
    with pytest.raises(SnapshotError) as error:
        game_from_dict(data)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_an_empty_hand_without_the_slap_down_rule_is_refused() -> None:
    data = game_to_dict(emptied_by_a_slap())
    data["rules"]["slap_down"] = False
    with pytest.raises(SnapshotError, match=r"hands\[0\]: no cards"):
        game_from_dict(data)


# -- every other impossible state is one clear GameStateError ------------------------------------------


def mid_round() -> Game:
    """The second round of a game, a few turns in, one of them a card taken from the pile."""
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben", "Cy"], seed=11), rounds=1)
    for _ in range(60):
        play(game, actions=1)
        if len(game.log) >= 4 and any(t.take is not None for t in game.log):
            break
    assert len(game.history) == 1 and not game.is_over and any(t.take is not None for t in game.log)
    return game


def _hand_one_short(game: Game) -> dict[str, Any]:
    hands = [list(h or []) for h in game.hands]
    deck = [*game.deck, hands[0].pop()]
    return {"hands": hands, "deck": deck}


def _next_seat(game: Game) -> dict[str, Any]:
    return {"current": (game.current + 1) % 3}


def _taken_card_not_held(game: Game) -> dict[str, Any]:
    # The last turn says its seat took a card from the pile; move that card to the deck, a deck card in its place.
    turn = next(t for t in reversed(game.log) if t.take is not None)
    assert turn.take is not None  # for mypy: the filter above
    hands = [list(h or []) for h in game.hands]
    deck = list(game.deck)
    at = hands[turn.seat].index(turn.take)
    hands[turn.seat][at], deck[0] = deck[0], hands[turn.seat][at]
    return {"hands": hands, "deck": deck}


def _a_turn_out_of_order(game: Game) -> dict[str, Any]:
    log = list(game.log)
    log[0] = Turn((log[0].seat + 1) % 3, log[0].drop, log[0].take, log[0].slapped)
    return {"log": log}


def _buried_cards_with_no_deck(game: Game) -> dict[str, Any]:
    hands = [list(h or []) for h in game.hands]
    pile = [(*game.pile[0], *game.deck), *game.pile[1:]]
    return {"hands": hands, "deck": [], "pile": pile}


def _top_not_the_last_drop(game: Game) -> dict[str, Any]:
    pile = [*game.pile[:-1], (game.deck[-1],), game.pile[-1]]
    pile[-1], pile[-2] = pile[-2], pile[-1]
    return {"pile": pile, "deck": game.deck[:-1], "previous_kind": None, "takeable": None}


BROKEN: list[tuple[str, Callable[[Game], dict[str, Any]], str]] = [
    ("a hand a card short", _hand_one_short, r"hands\[0\]: \d cards, but"),
    ("the current seat skipped", _next_seat, "current:"),
    ("a card taken from the pile is not in the hand", _taken_card_not_held, "log:"),
    ("a turn out of order", _a_turn_out_of_order, r"log\[0\]:"),
    ("buried cards but no deck", _buried_cards_with_no_deck, "deck:"),
    ("the pile's top is not the last drop", _top_not_the_last_drop, "pile:"),
    ("an unknown phase", lambda g: {"phase": "dancing"}, "phase:"),
    ("a slap phase without the rule", lambda g: {"phase": "slap"}, "phase: a slap-down needs"),
    ("a score changed", lambda g: {"scores": [s + 1 for s in g.scores if s is not None]}, "scores:"),
    ("a seat out that was not knocked out", lambda g: {"out": [True, False, False]}, "out:"),
    ("the round number off", lambda g: {"round_no": 7}, "round_no:"),
    ("a hand per seat missing", lambda g: {"hands": g.hands[:2]}, "hands: must have one entry per seat"),
    ("a current seat out of range", lambda g: {"current": 3}, "current: must be a seat from 0 to 2"),
    ("a card that is not a card", lambda g: {"deck": [*g.deck[:-1], "AS"]}, r"deck\[\d+\]: must be a card"),
    ("the previous kind wrong", lambda g: {"previous_kind": "run"}, "previous_kind:"),
    ("the takeable cards wrong", lambda g: {"takeable": ()}, "takeable:"),
    ("a dealer out of range", lambda g: {"dealer": -1}, "dealer:"),
    ("a slap card in the turn phase", lambda g: {"slap_card": g.deck[0]}, "slap_card:"),
]


@pytest.mark.parametrize(("what", "change", "message"), BROKEN, ids=[b[0] for b in BROKEN])
def test_an_impossible_state_is_one_clear_error(
    what: str, change: Callable[[Game], dict[str, Any]], message: str
) -> None:
    game = mid_round()
    before = game_to_dict(game)
    changes = change(game)
    with pytest.raises(GameStateError) as error:
        rebuilt(game, **changes)
    text = str(error.value)
    assert re.search(message, text), text
    assert "\n" not in text
    assert game_to_dict(game) == before  # the state given is read, never changed


def test_a_game_state_error_is_a_value_error() -> None:
    assert issubclass(GameStateError, ValueError)


def test_players_must_fit_the_rules() -> None:
    game = mid_round()
    with pytest.raises(GameStateError, match=r"players: .* is for 2 to"):
        Game.from_state(game.rules, ["Solo"], **state_of(game))
    with pytest.raises(GameStateError, match=r"players\[1\]: every player needs a name"):
        Game.from_state(game.rules, ["Ann", " ", "Cy"], **state_of(game))


def test_a_finished_game_must_end_on_its_last_round() -> None:
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=3))
    with pytest.raises(GameStateError, match="history"):
        rebuilt(game, history=game.history[:-1], scores=None, out=None, zero_wins=None, round_no=None)
    with pytest.raises(GameStateError, match="current"):
        rebuilt(game, current=1 - game.current)


def test_a_finished_state_as_a_save_is_read_back_over() -> None:
    # The engine builds a finished game (it is recorded in the history); whether a save of one is resumed is
    # decided by the save loader.
    game = play(Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=3))
    assert game_from_dict(copy.deepcopy(game_to_dict(game))).is_over


def test_the_slap_phase_is_checked() -> None:
    rules = slap_rules(hand_size=1)
    game = Game.new(rules, ["Ann", "Ben"], deck="5H 9C KD 5S", first=0, seed=1)
    game.apply(Play([parse_card("5H")]))
    assert rebuilt(game).phase == "slap"
    with pytest.raises(GameStateError, match="slap_card"):
        rebuilt(game, slap_card=None)
    # A drawn 7S does not match the 5H just dropped: no slap-down is offered for it.
    seven = Card(7, "S")
    deck = list(game.deck)
    deck[deck.index(seven)] = parse_card("5S")
    with pytest.raises(GameStateError, match=r"slap_card: .*match"):
        rebuilt(game, slap_card=seven, hands=[[seven], game.hands[1]], deck=deck)


def test_cards_given_as_text_are_refused_not_guessed() -> None:
    game = mid_round()
    with pytest.raises(GameStateError, match=r"hands\[0\]\[0\]: must be a card"):
        rebuilt(game, hands=[["AS"], *game.hands[1:]])


def test_a_guess_at_the_hidden_cards_that_fits_no_real_game_is_refused() -> None:
    from yaniv_tui.engine.determinize import DeterminizeError, game_from_view

    game = mid_round()
    turn = next(t for t in reversed(game.log) if t.take is not None)
    assert turn.take is not None  # for mypy: the filter above
    seat = next(s for s in range(3) if s != turn.seat)
    view = game.view(seat)
    hands = [list(h or []) for h in game.hands]
    deck = list(game.deck)
    assert game_from_view(view, hands, deck, seed=1).hands == game.hands
    # The table saw seat `turn.seat` take that card: a guess that puts it in the deck instead does not fit.
    at = hands[turn.seat].index(turn.take)
    hands[turn.seat][at], deck[0] = deck[0], hands[turn.seat][at]
    with pytest.raises(DeterminizeError, match=r"does not fit the view: log: seat \d took"):
        game_from_view(view, hands, deck, seed=1)
    assert game_from_view(view, hands, deck, seed=1, check=False).hands == hands


def test_a_name_with_a_control_character_is_refused() -> None:
    # A name is printed on every screen and listing: ESC could clear or recolour the player's terminal.
    game = Game.new(load_ruleset("israeli"), ["Ann", "Bob"], seed=1)
    with pytest.raises(GameStateError, match="control character"):
        Game.from_state(
            game.rules,
            ["\x1b[2JAnn", "Bob"],
            hands=[game.hand(0), game.hand(1)],
            deck=game.deck,
            pile=game.pile,
            current=game.current,
            seed=game.seed,
        )
