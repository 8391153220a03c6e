"""The four table rules of RULES.md's "Variants seen in other Yaniv games" that a ruleset file can now say
(issue 16), each a scenario under the rule and under its default, and the engine's public questions a tester of
the rules needs: a game built mid-round, whether totals end a game, the final standings."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from playing import deal, play, snapshot

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import (
    BOT_LEVELS,
    JOKER,
    Game,
    GameStateError,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    RulesetError,
    SlapDown,
    Turn,
    final_standings,
    full_deck_of,
    is_game_over,
    load_ruleset,
    parse_cards,
    ruleset_from_dict,
    takeable,
)
from yaniv_tui.engine.checks import check_state
from yaniv_tui.store.game_format import game_from_dict, game_to_dict

SLAP = Ruleset(slap_down=True)


# -- 1. no joker slap-down ------------------------------------------------------------------------


def _joker_dropped_then_joker_drawn(rules: Ruleset) -> Game:
    """P0 drops a single joker and draws a joker from the deck."""
    game = deal(rules, ["JK 9C 9H 8D KD", "2C 3C 8S KS QS"], up="AS", deck="JK 4D 9S 6H")
    return game.apply(Play((JOKER,)))


def test_a_drawn_joker_slaps_onto_a_dropped_joker_by_default() -> None:
    game = _joker_dropped_then_joker_drawn(SLAP)
    assert game.phase == "slap" and game.slap_card == JOKER
    game.apply(SlapDown(JOKER))
    assert game.previous_drop == (JOKER, JOKER)


def test_no_joker_slap_down_keeps_the_drawn_joker() -> None:
    """Some tables let the slap-down match natural ranks only: two jokers are no pair."""
    rules = dataclasses.replace(SLAP, slap_jokers=False)
    game = _joker_dropped_then_joker_drawn(rules)
    assert game.phase == "turn" and game.current == 1
    assert JOKER in game.hand(0) and game.previous_drop == (JOKER,)
    before = snapshot(game)
    with pytest.raises(IllegalActionError):
        game.apply(SlapDown(JOKER))
    assert snapshot(game) == before


def test_no_joker_slap_down_still_slaps_natural_ranks() -> None:
    rules = dataclasses.replace(SLAP, slap_jokers=False)
    game = deal(rules, ["9C 9H 8D KD 2H", "2C 3C 8S KS QS"], up="AS", deck="9S 4D 9D 6H")
    game.apply(Play(parse_cards("9C 9H")))
    assert game.phase == "slap" and game.slap_card == parse_cards("9S")[0]


def test_a_state_with_a_joker_slapped_onto_a_joker_is_refused_without_the_rule() -> None:
    game = _joker_dropped_then_joker_drawn(SLAP).apply(SlapDown(JOKER))
    state = dict(snapshot(game), rules=dataclasses.replace(SLAP, slap_jokers=False))
    with pytest.raises(GameStateError, match="slapped"):
        check_state(Game(**state))


# -- 2. hand size chosen at setup ----------------------------------------------------------------

CHOOSE = {"deck": {"hand_size_choices": [5, 6, 7]}, "players": {"max": 7}}


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_hand_size_the_host_picks_is_dealt(size: int) -> None:
    rules = ruleset_from_dict(CHOOSE).with_choices(hand_size=size)
    game = Game.new(rules, ["A", "B", "C"], seed=3)
    assert all(len(game.hand(seat)) == size for seat in range(3))


def test_hand_size_choices_start_at_five_and_must_include_the_hand_size() -> None:
    assert ruleset_from_dict(CHOOSE).hand_size == 5
    assert ruleset_from_dict({"deck": {"hand_size_choices": [6, 7]}, "players": {"max": 7}}).hand_size == 6
    with pytest.raises(RulesetError, match=r"deck.hand_size_choices: must include deck.hand_size \(4\)"):
        ruleset_from_dict({"deck": {"hand_size": 4, "hand_size_choices": [5, 6]}})


def test_a_hand_size_not_offered_is_refused() -> None:
    with pytest.raises(ValueError, match="hand size 6 is not offered by israeli: choose 5"):
        load_ruleset("israeli").with_choices(hand_size=6)


def test_every_hand_size_offered_must_be_dealable_at_every_player_count() -> None:
    """8 players of 7 cards need 58 cards (one turned up, one to draw), one deck holds 54: refused in one line."""
    with pytest.raises(RulesetError) as error:
        ruleset_from_dict({"deck": {"hand_size_choices": [5, 7]}}, source="house.toml")
    message = str(error.value)
    assert message.startswith("house.toml: deck.hand_size_choices: a hand of 7: 8 players need 58 cards")
    assert "\n" not in message


# -- 3. where a spare joker goes in a run ----------------------------------------------------------

BEFORE_FIRST = Ruleset(spare_joker="before_first")


@pytest.mark.parametrize(
    ("laid", "as_laid", "before_first"),
    [
        # Two jokers, one fills the gap, one is spare: laid before the first natural card it goes low.
        ("JK JK 5H 7H", "5H JK 7H JK", "JK 5H JK 7H"),
        # Laid high to low: today the run reads upside down (the joker low); laid after, it goes high.
        ("7H 6H 5H JK", "JK 5H 6H 7H", "5H 6H 7H JK"),
        ("5H 6H JK", "5H 6H JK", "5H 6H JK"),
        ("JK 5H 6H", "JK 5H 6H", "JK 5H 6H"),
    ],
)
def test_a_spare_joker_goes_where_the_rule_puts_it(laid: str, as_laid: str, before_first: str) -> None:
    for rules, expected in ((Ruleset(), as_laid), (BEFORE_FIRST, before_first)):
        hand = parse_cards(laid) + parse_cards("KD 2D")[: 5 - len(parse_cards(laid))]
        game = deal(rules, [" ".join(c.code for c in hand), "2C 3C 8S KS QS"], up="AS", deck="4D")
        game.apply(Play(parse_cards(laid)))
        assert game.previous_drop == tuple(parse_cards(expected))
        ends = parse_cards(expected)
        assert game.takeable == tuple(dict.fromkeys((ends[0], ends[-1])))
        assert game.view(1).takeable == game.takeable  # what the next player (and the table) sees


def test_a_spare_joker_laid_first_leaves_the_high_card_takeable() -> None:
    rules = BEFORE_FIRST
    drop = tuple(parse_cards("JK 5H JK 7H"))
    assert takeable(drop, "run", rules) == tuple(parse_cards("JK 7H"))


# -- 4. no card turned up --------------------------------------------------------------------------

NO_UP = Ruleset(turn_up=False)


def test_with_no_card_turned_up_the_pile_starts_empty_and_the_first_player_draws() -> None:
    game = deal(NO_UP, ["9C 9H 8D KD 2H", "2C 3C 8S KS QS"], up="", deck="4D 9S")
    assert game.pile == [] and game.previous_drop == () and game.takeable == ()
    view = game.view(0)
    assert view.previous_drop == () and view.takeable == () and view.discards == ()
    assert all(action.take is None for action in view.legal_actions if isinstance(action, Play))
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="the pile is empty"):
        game.apply(Play(parse_cards("KD"), parse_cards("KD")[0]))
    assert snapshot(game) == before
    game.apply(Play(parse_cards("KD")))
    assert game.hand(0).count(parse_cards("4D")[0]) == 1 and game.previous_drop == tuple(parse_cards("KD"))


def test_a_card_is_turned_up_by_default() -> None:
    game = deal(Ruleset(), ["9C 9H 8D KD 2H", "2C 3C 8S KS QS"], up="AS", deck="4D 9S")
    assert game.pile == [tuple(parse_cards("AS"))] and game.takeable == tuple(parse_cards("AS"))


def test_every_round_starts_with_an_empty_pile_and_the_state_checks() -> None:
    game = Game.new(NO_UP, ["A", "B", "C"], seed=5)
    deck = len(game.deck)
    assert deck == 54 - 15
    play(game, rounds=3)
    assert len(game.history) == 3 and game.pile == [] and game.log == []
    check_state(Game(**snapshot(game)))


def test_an_empty_pile_saves_and_loads() -> None:
    game = Game.new(NO_UP, ["A", "B"], seed=9)
    again = game_from_dict(game_to_dict(game))
    assert again.pile == [] and again.takeable == () and again.rules.turn_up is False
    assert snapshot(again) == snapshot(game)


def test_a_pile_with_a_card_up_is_refused_where_the_rules_turn_none_up() -> None:
    game = Game.new(Ruleset(), ["A", "B"], seed=9)
    with pytest.raises(GameStateError, match="turns no card up"):
        check_state(Game(**dict(snapshot(game), rules=NO_UP)))


def test_the_dealable_count_leaves_out_the_card_turned_up() -> None:
    """Eleven hands of 5 and one card to draw fit in 56 cards only when none is turned up."""
    base = {"players": {"max": 11}, "deck": {"jokers": 4}}
    with pytest.raises(RulesetError, match="one turned up, one to draw"):
        ruleset_from_dict(base)
    assert ruleset_from_dict({**base, "deck": {"jokers": 4, "turn_up": False}}).max_players == 11


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_bot_level_plays_from_an_empty_pile(level: str) -> None:
    rules = Ruleset(turn_up=False, slap_down=True, slap_jokers=False, spare_joker="before_first")
    game = Game.new(rules, ["A", "B", "C"], seed=2)
    bot = make_bot(level, seed=1, budget_ms=5, samples=4) if level == "expert" else make_bot(level, seed=1)
    for _ in range(60):
        if game.is_over:
            break
        action = bot.choose(game.view(game.current))
        assert action in game.legal_actions() or isinstance(action, KeepCard)
        game.apply(action)
    assert game.turns > 0


# -- the public questions ----------------------------------------------------------------------------


def test_a_game_built_mid_round_from_its_state() -> None:
    """Seat 1 to play: seat 0 dropped a pair of nines on the ace turned up and drew 9S from the deck."""
    rules = load_ruleset("israeli")
    hands = [parse_cards("2C 3C 8D 9S"), parse_cards("2H 3H 8S KS QS")]
    pile = [tuple(parse_cards("AS")), tuple(parse_cards("9C 9H"))]
    deck = list(full_deck_of(rules, 2))
    for card in [*hands[0], *hands[1], *pile[0], *pile[1]]:
        deck.remove(card)
    state: dict[str, Any] = {"hands": hands, "deck": deck, "pile": pile, "current": 1, "seed": 7}

    game = Game.from_state(rules, ["A", "B"], **state, log=[Turn(0, tuple(parse_cards("9C 9H")), None)])
    assert (game.round_no, game.scores, game.previous_kind) == (1, [0, 0], "set")
    assert game.takeable == tuple(parse_cards("9C 9H"))
    game.apply(Play(parse_cards("KS"), parse_cards("9H")[0]))
    assert parse_cards("9H")[0] in game.hand(1) and game.current == 0
    with pytest.raises(GameStateError, match="hands"):  # without its turn, seat 0 holds one card too few
        Game.from_state(rules, ["A", "B"], **state)


def test_whether_totals_end_the_game() -> None:
    israeli = load_ruleset("israeli")  # elimination above 200
    assert not is_game_over(israeli, [200, 150, 10])
    assert not is_game_over(israeli, [201, 150, 10])
    assert is_game_over(israeli, [201, 250, 10])
    assert is_game_over(israeli, [201, None, 10, 300])
    sursis = load_ruleset("sursis")  # the first to reach the limit ends it
    assert is_game_over(sursis, [sursis.end_limit, 0]) and not is_game_over(sursis, [sursis.end_limit - 1, 0])


def test_the_final_standings_share_a_place_on_a_tie() -> None:
    rows = final_standings([40, 12, 40, 12, 230], winners=[1, 3], out=[False, False, False, False, True])
    assert [(r.seat, r.place, r.winner) for r in rows] == [
        (1, 1, True),
        (3, 1, True),
        (0, 3, False),
        (2, 3, False),
        (4, 5, False),
    ]
    assert rows[-1].out


def test_a_finished_game_gives_its_standings() -> None:
    game = play(Game.new(load_ruleset("israeli"), ["A", "B", "C"], seed=random.Random(6).randrange(1000)))
    rows = game.standings()
    assert {r.seat for r in rows if r.place == 1} == set(game.winners)
    assert [r.score for r in rows[len(game.winners) :]] == sorted(r.score for r in rows[len(game.winners) :])
