"""Playing a game: drop and take as one action, the deck running out, illegal actions, the slap-down, two decks."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from builders import card, cards

from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    Game,
    GameSetupError,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    SlapDown,
    Turn,
    drop_kind,
    load_ruleset,
    parse_cards,
    ruleset_from_dict,
    standard_deck,
)
from yaniv_tui.engine.actions import plays_of

# -- one turn -----------------------------------------------------------------------------------


def test_drop_and_take_the_deck_top_is_one_action(dealt: Callable[..., Game]) -> None:
    """Core: a turn drops one group, then draws exactly one card; the next player is up."""
    game = dealt("israeli", ["KC QC 10D 9S 8D", "KS KH KD QS QH"], up="2D", deck="3S 4S")
    deck_before = game.view(0).deck_size
    game.apply(Play(cards("KC"), None))
    view = game.view(0)
    assert sorted(view.hand) == sorted(cards("QC 10D 9S 8D 3S"))
    assert view.deck_size == deck_before - 1
    assert view.previous_drop == cards("KC")
    assert game.current == 1
    assert view.seen == (Turn(0, cards("KC"), None),)


def test_drop_a_set_and_take_from_the_previous_drop(dealt: Callable[..., Game]) -> None:
    """The next player may take a card of the group just dropped; everyone sees which one."""
    game = dealt("israeli", ["KC QC 10D 9S 8D", "KS KH KD QS QH"], up="2D", deck="3S 4S")
    game.apply(Play(cards("KC"), None))
    game.apply(Play(cards("KS KH KD"), card("KC")))
    assert sorted(game.view(1).hand) == sorted(cards("QS QH KC"))
    assert game.view(0).hand_sizes == (5, 3)
    assert game.view(0).seen[-1] == Turn(1, cards("KS KH KD"), card("KC"))
    assert game.view(0).takeable == cards("KS KD")


def test_runs_take_jokers_on_the_high_end(dealt: Callable[..., Game]) -> None:
    """RULES.md: a joker that could stand at either end of a run goes high unless the player laid it low."""
    hands = ["5H 6H JK QS 9D", "KS KH KD QC QH"]
    high = dealt("israeli", hands, up="2D")
    high.apply(Play(cards("6H JK 5H"), None))
    assert high.view(1).previous_drop == cards("5H 6H JK")
    assert high.view(1).takeable == cards("5H JK")
    low = dealt("israeli", hands, up="2D")
    low.apply(Play(cards("JK 5H 6H"), None))  # laid out by the player: the joker is the 4
    assert low.view(1).previous_drop == cards("JK 5H 6H")
    top = dealt("israeli", ["QH KH JK QS 9D", "KS KD KC QC 10H"], up="2D")
    top.apply(Play(cards("QH JK KH"), None))
    assert top.view(1).previous_drop == cards("JK QH KH")  # nothing above the king


# -- the deck runs out --------------------------------------------------------------------------


def test_deck_exhaustion_reshuffles_the_pile_below_the_top_group() -> None:
    """Core: when the deck runs out, the pile except the group on top becomes the new deck; no card is lost."""
    game = Game.new(load_ruleset("israeli"), ["A", "B"], seed=5, first=0)
    full = Counter(game.full_deck())
    reshuffled = 0
    while reshuffled < 3:
        assert game.cards_in_play() == full
        plays = [a for a in game.legal_actions() if isinstance(a, Play) and a.take is None and len(a.drop) == 1]
        action = plays[0]
        last_card = len(game.deck) == 1
        pile_before = Counter(c for group in game.pile for c in group)
        game.apply(action)
        if last_card:
            reshuffled += 1
            assert game.pile == [action.drop]
            assert Counter(game.deck) == pile_before
            assert game.view(1).discards == ()
            assert game.view(1).deck_size == sum(pile_before.values())
    assert game.reshuffles == 3 and game.cards_in_play() == full


# -- two decks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["israeli", "seven-cards"])
def test_two_deck_deal_from_four_players(preset: str) -> None:
    """000 and 003 deal from two full decks from 4 players: every card twice, four jokers."""
    rules = load_ruleset(preset)
    game = Game.new(rules, ["A", "B", "C", "D"], seed=2)
    assert game.cards_in_play() == Counter(standard_deck(2) * 2)
    assert game.view(0).hand_sizes == (rules.hand_size,) * 4
    assert game.view(0).deck_size == 108 - 4 * rules.hand_size - 1


def test_stacked_twins_need_two_decks(dealt: Callable[..., Game]) -> None:
    """Two equal cards can only be dealt where the game has two decks."""
    four = dealt("israeli", ["5H 5H 6H 7H KC", "KS KH KD QS QH", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"], up="9S")
    assert four.view(0).hand.count(card("5H")) == 2
    with pytest.raises(GameSetupError, match="holds more 5H than this game's 1 deck"):
        dealt("israeli", ["5H 5H 6H 7H KC", "KS KH KD QS QH", "2C 3C 4C 5C 6C"], up="9S")


def test_two_decks_twins_make_a_set_not_a_run(
    dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]
) -> None:
    """RULES.md, two decks: a set may hold two identical cards; a run may not."""
    rules = load_ruleset("israeli")
    assert drop_kind(cards("5H 5H"), rules) == "set"
    assert drop_kind(cards("5H 5H 5S"), rules) == "set"
    assert drop_kind(cards("5H 5H 6H 7H"), rules) is None
    game = dealt("israeli", ["5H 5H 6H 7H KC", "KS KH KD QS QH", "2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D"], up="9S")
    before = state(game)
    with pytest.raises(IllegalActionError, match="not a legal drop"):
        game.apply(Play(cards("5H 5H 6H 7H"), None))
    assert state(game) == before
    game.apply(Play(cards("5H 5H"), None))
    assert game.view(1).previous_drop == cards("5H 5H")


# -- illegal actions ----------------------------------------------------------------------------


HANDS = ["QH KH AH 5C 5D", "KS KD KC QS QD"]
NOT_A_CARD = "not a card: {} (a card is a rank A 2-10 T J Q K and a suit C D H S, or JK)"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Play(cards("AS"), None), "A♠ is not in this hand: drop only cards you hold"),
        (Play(cards("5C 5C"), None), "5♣ is in this hand only once: drop only cards you hold"),
        (Play(cards("KH 5C"), None), "K♥ 5♣ is not a legal drop: a set needs one rank, a run one suit"),
        (
            Play(cards("QH KH AH"), None),
            "Q♥ K♥ A♥ is not a legal drop: a run's cards must follow each other (ace is low only)",
        ),
        (Play((), None), "choose at least one card to drop"),
        (Play(cards("5C"), card("9S")), "9♠ cannot be taken: take 2♦ from the previous drop, or the deck"),
        (CallYaniv(), "the hand is worth 31: Yaniv may be called at 5 or less; drop cards to lower it"),
        (
            SlapDown(card("5C")),
            "a slap-down is only for the card just drawn from the deck when it matches the drop: "
            "drop a card or a group, then draw",
        ),
        (KeepCard(), "there is no drawn card to keep or slap down: drop a card or a group, then draw"),
        # Cards that are no card, as another program's suite may build them: refused in a line, not a KeyError.
        (Play((Card(99, "Z"),), None), NOT_A_CARD.format("(99, 'Z')")),
        (Play(cards("5C"), Card(5, "X")), NOT_A_CARD.format("(5, 'X')")),
        (Play(cards("5C"), JOKER, Card(14, "H")), NOT_A_CARD.format("(14, 'H')")),
        (Play(("5C",), None), NOT_A_CARD.format("'5C'")),  # type: ignore[arg-type]
    ],
    ids=[
        "not-in-hand",
        "twice",
        "not-a-group",
        "ace-high",
        "empty",
        "bad-take",
        "yaniv-above-limit",
        "slap",
        "pass",
        "no-card-dropped",
        "no-card-taken",
        "no-card-given",
        "a-code-not-a-card",
    ],
)
def test_illegal_action_changes_nothing(
    action: Action, message: str, dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]
) -> None:
    """An illegal action raises IllegalActionError with a one-line message, naming what is wrong and what is
    allowed, and leaves the game exactly as it was (its random generator too)."""
    game = dealt("israeli", HANDS, up="2D")
    assert action not in game.legal_actions()
    before = state(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(action)
    assert str(error.value) == message
    assert state(game) == before


def test_taking_a_middle_card_under_ends(dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]) -> None:
    """000 ("the top card or the bottom"): the middle card of a set or run cannot be taken."""
    game = dealt("israeli", ["3H 4H 5H KC QC", "KS KD KH QS QD"], up="2D")
    game.apply(Play(cards("3H 4H 5H"), None))
    before = state(game)
    with pytest.raises(IllegalActionError, match="4♥ cannot be taken: take 3♥ or 5♥"):
        game.apply(Play(cards("KS"), card("4H")))
    assert state(game) == before


def test_no_action_after_the_game_is_over(dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]) -> None:
    """Once the game is over, every action is refused and nothing changes."""
    game = dealt("israeli", ["AS 2C JK JK AD", "KS KD QS QD 9C"], up="9D")
    game.scores = [0, 195]
    game.apply(CallYaniv())
    assert game.is_over and game.winners == (0,)
    assert game.legal_actions() == []
    assert game.view(0).legal_actions == [] and not game.view(0).is_my_turn
    before = state(game)
    for action in (CallYaniv(), Play(cards("AS"), None), KeepCard()):
        with pytest.raises(IllegalActionError, match="the game is over"):
            game.apply(action)
        assert state(game) == before


# -- the slap-down (a house rule) ---------------------------------------------------------------


def slap_rules() -> Ruleset:
    return ruleset_from_dict({"drops": {"slap_down": True}}, ruleset_id="slap")


def test_slap_down_offered_after_a_matching_draw(
    dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]
) -> None:
    """Slap-down: after drawing from the deck a card of the rank just dropped, the same seat may drop it at once."""
    game = dealt(slap_rules(), ["5H KC QC 10D 9S", "KS KD KH QS QD"], up="2D", deck="5S 3C")
    game.apply(Play(cards("5H"), None))
    assert game.phase == "slap" and game.current == 0
    assert game.legal_actions() == [SlapDown(card("5S")), KeepCard()]
    assert game.view(0).slap_card == card("5S")
    assert game.view(1).slap_card is None and game.view(1).legal_actions == []
    assert game.view(1).phase == "turn"  # whether the draw matched is seat 0's secret until slapped down
    before = state(game)
    for wrong in (Play(cards("KC"), None), CallYaniv()):
        with pytest.raises(IllegalActionError, match="first slap down 5♠ or keep it"):
            game.apply(wrong)
        assert state(game) == before
    with pytest.raises(IllegalActionError) as error:
        game.apply(SlapDown(card("KC")))
    assert str(error.value) == "only 5♠, just drawn, may be slapped down: slap down 5♠ or keep it"
    assert state(game) == before
    game.apply(SlapDown(card("5S")))
    assert game.phase == "turn" and game.current == 1  # type: ignore[comparison-overlap]  # mypy keeps "slap" past apply()

    assert card("5S") not in game.view(0).hand and len(game.view(0).hand) == 4
    assert game.view(1).previous_drop == cards("5H 5S")
    assert game.view(1).seen[-1] == Turn(0, cards("5H"), None, card("5S"))


def test_slap_down_may_be_declined(dealt: Callable[..., Game]) -> None:
    """Slap-down: KeepCard keeps the drawn card and ends the turn."""
    game = dealt(slap_rules(), ["5H 5D QC 10D 9S", "KS KD KH QS QD"], up="2D", deck="5S 3C")
    game.apply(Play(cards("5H 5D"), None))
    assert game.legal_actions() == [SlapDown(card("5S")), KeepCard()]
    game.apply(KeepCard())
    assert game.current == 1 and card("5S") in game.view(0).hand
    assert game.view(1).previous_drop == cards("5H 5D")


@pytest.mark.parametrize(
    ("hand", "drop", "take"),
    [
        ("5H KC QC 10D 9S", "5H", "2D"),  # took from the pile, not the deck
        ("5H KC QC 10D 9S", "KC", None),  # drew a 5 after dropping a king
        ("3H 4H 5H QC 10D", "3H 4H 5H", None),  # a run: no slap-down
    ],
)
def test_no_slap_down_without_a_matching_deck_draw(
    hand: str, drop: str, take: str | None, dealt: Callable[..., Game]
) -> None:
    """Slap-down only follows a card drawn from the deck matching a single or set just dropped."""
    game = dealt(slap_rules(), [hand, "KS KD KH QS QD"], up="2D", deck="5S 3C")
    game.apply(Play(cards(drop), None if take is None else card(take)))
    assert game.phase == "turn" and game.current == 1


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_no_slap_down_in_the_presets(preset: str, dealt: Callable[..., Game]) -> None:
    """The slap-down is off in every shipped preset: a matching draw just ends the turn."""
    size = load_ruleset(preset).hand_size
    hand = ["5H", "KC", "QC", "10D", "9S", "8D", "7D"][:size]
    other = ["KS", "KD", "KH", "QS", "QD", "QH", "10S"][:size]
    game = dealt(preset, [" ".join(hand), " ".join(other)], up="2D", deck="5S")
    game.apply(Play(cards("5H"), None))
    assert game.phase == "turn" and game.current == 1


def test_a_joker_in_hand_is_a_card_like_any_other(dealt: Callable[..., Game]) -> None:
    """A single joker may be dropped, and a pair of jokers is a set in every preset."""
    game = dealt("israeli", ["JK JK KC QC 10D", "KS KD KH QS QD"], up="2D")
    assert Play((JOKER, JOKER), None) in game.legal_actions()
    game.apply(Play((JOKER, JOKER), None))
    assert game.view(1).previous_kind == "set"


def test_the_listed_plays_are_plays_as_a_bot_makes_them() -> None:
    # The engine lists every legal action of every turn, each play made without Play.__init__ (actions.plays_of):
    # they must be the same values, equal, hashing alike, frozen, printed alike.
    drop = tuple(parse_cards("5H 5S"))
    takes = [None, *parse_cards("3C KD")]
    made = plays_of([drop], takes)
    wanted = [Play(drop, take) for take in takes]
    drops = [drop, tuple(parse_cards("9C")), tuple(parse_cards("2D 3D 4D"))]
    assert plays_of(drops, takes) == [Play(d, take) for d in drops for take in takes]
    assert made == wanted and [hash(p) for p in made] == [hash(p) for p in wanted]
    assert [(str(p), repr(p)) for p in made] == [(str(p), repr(p)) for p in wanted]
    assert all(p.given is None and p.drop is drop for p in made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made[0].take = None  # type: ignore[misc]
