"""`Game.set_cards`: a round's cards given (a deal as a record says it was dealt, the deck after a reshuffle) are
checked as `Game.from_state` checks them, but for the finished rounds, which the game holds checked already; an
illegal change is the same one clear GameStateError `from_state` gives, and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playing import play, snapshot

from yaniv_tui.engine import Card, Game, GameStateError, load_ruleset, parse_card
from yaniv_tui.engine import checks as engine_checks
from yaniv_tui.engine.scoring import score_round


def later_round() -> Game:
    """A two-seat game a few rounds in, at the start of a round (no turn played yet)."""
    game = Game.new(load_ruleset("israeli"), ["Ann", "Ben"], seed=7)
    play(game, rounds=3)
    assert not game.is_over and not game.log and len(game.history) == 3
    return game


def rebuilt(game: Game, **changes: Any) -> Game:
    """`game` rebuilt by `Game.from_state` with `changes`: every other field as it is."""
    state = {
        name: getattr(game, name)
        for name in (
            "hands",
            "deck",
            "pile",
            "current",
            "seed",
            "phase",
            "slap_card",
            "log",
            "history",
            "rng",
            "turns",
            "reshuffles",
            "dealer",
        )
    }
    state.update(changes)
    return Game.from_state(game.rules, game.players, **state)


def other_deal(game: Game) -> dict[str, Any]:
    """The same round's cards dealt in another order: each hand's first card swapped with the deck's top."""
    hands = [list(hand) for hand in game.hands if hand is not None]
    deck = list(game.deck)
    for hand in hands:
        hand[0], deck[-1] = deck[-1], hand[0]
        deck.insert(0, deck.pop())
    return {"hands": hands, "deck": deck, "pile": list(game.pile)}


def test_a_deal_given_is_the_game_from_state_builds_with_those_cards() -> None:
    game = later_round()
    cards = other_deal(game)
    expected = snapshot(rebuilt(game, **cards))
    assert game.set_cards(**cards) is game
    assert snapshot(game) == expected
    assert game.hands == cards["hands"] and game.deck == cards["deck"]


def test_a_deck_reordered_mid_round_is_taken_and_play_goes_on() -> None:
    game = later_round()
    play(game, actions=3)
    deck = list(reversed(game.deck))
    game.set_cards(deck=deck)
    assert game.deck == deck
    top = game.deck[-1]
    play(game, actions=1)
    assert top not in game.deck


def test_no_finished_round_is_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: a record's replay rebuilt the game with `from_state` at every deal, scoring every finished round again
    each time (quadratic in a long game's rounds)."""
    game = later_round()
    scored: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        scored.append(1)
        return score_round(*args, **kwargs)

    monkeypatch.setattr(engine_checks, "score_round", counted)
    rebuilt(game)
    assert len(scored) == len(game.history)  # from_state scores each finished round again
    scored.clear()
    game.set_cards(**other_deal(game))
    assert scored == []


def _card_twice(cards: dict[str, Any]) -> None:
    cards["deck"][0] = cards["hands"][0][0]


def _short_hand(cards: dict[str, Any]) -> None:
    cards["deck"].append(cards["hands"][1].pop())


def _two_up(cards: dict[str, Any]) -> None:
    cards["pile"] = [(cards["deck"].pop(),), *cards["pile"]]


def _no_up(cards: dict[str, Any]) -> None:
    cards["deck"].append(cards["pile"].pop()[0])


def _one_hand(cards: dict[str, Any]) -> None:
    cards["hands"] = cards["hands"][:1]


def _not_a_card(cards: dict[str, Any]) -> None:
    cards["deck"][3] = "5H"


def _a_hand_for_nobody(cards: dict[str, Any]) -> None:
    cards["deck"].extend(cards["hands"][1])
    cards["hands"][1] = None


@pytest.mark.parametrize(
    "damage", [_card_twice, _short_hand, _two_up, _no_up, _one_hand, _not_a_card, _a_hand_for_nobody]
)
def test_an_illegal_deal_is_from_states_one_error_and_changes_nothing(damage: Callable[[dict[str, Any]], None]) -> None:
    game = later_round()
    cards = other_deal(game)
    damage(cards)
    with pytest.raises(GameStateError) as built:
        rebuilt(game, **cards)
    before = snapshot(game)
    with pytest.raises(GameStateError) as given:
        game.set_cards(**cards)
    assert str(given.value) == str(built.value)
    assert "\n" not in str(given.value) and re.match(r"^[a-z_\[\]0-9.]+: ", str(given.value))
    assert snapshot(game) == before


def test_a_reshuffled_deck_with_a_card_changed_is_refused_and_changes_nothing() -> None:
    game = later_round()
    play(game, actions=2)
    deck = list(game.deck)
    held = game.hand(game.current)[0]
    deck[0] = held if deck[0] != held else parse_card("JK")
    before = snapshot(game)
    with pytest.raises(GameStateError, match=r"^cards: 1 .* too many"):
        game.set_cards(deck=deck)
    assert snapshot(game) == before


def test_the_cards_given_are_copied() -> None:
    game = later_round()
    cards = other_deal(game)
    game.set_cards(**cards)
    hand: list[Card] = cards["hands"][0]
    hand.pop()
    cards["deck"].clear()
    assert len(game.hand(0)) == game.rules.hand_size and game.deck
