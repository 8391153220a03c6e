"""RULES.md's parameter table, row by row, under the preset that plays each choice.

Presets and the seeds they follow: israeli = 000 (Israeli, RU to EN), yanivo = 001,
sursis = 002 (FR, sursis), seven-cards = 003 (FR, 7 cards).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from builders import rebuilt

from yaniv_tui.engine import (
    JOKER,
    CallYaniv,
    Game,
    GameSetupError,
    IllegalActionError,
    Play,
    RoundScore,
    Ruleset,
    drop_kind,
    hand_value,
    load_ruleset,
    parse_cards,
    preset_paths,
    ruleset_from_dict,
    score_round,
    standard_deck,
)


def settle(
    preset: str | Ruleset, scores: list[int | None], hands: list[str | None], caller: int, **kw: object
) -> RoundScore:
    """Score a round: `hands` as card codes per seat, None for a seat that is out."""
    rules = load_ruleset(preset) if isinstance(preset, str) else preset
    cards = [None if h is None else parse_cards(h) for h in hands]
    return score_round(rules, scores, cards, caller, **kw)  # type: ignore[arg-type]


def names(n: int) -> list[str]:
    return [f"P{seat}" for seat in range(n)]


# -- players -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "low", "high"),
    [("israeli", 2, 8), ("yanivo", 2, 8), ("sursis", 2, 6), ("seven-cards", 2, 8)],
)
def test_players_range(preset: str, low: int, high: int) -> None:
    """Players: 2-8 (000, 001 takes 2-8, 003) and 2-6 (002 "2 à 6 joueurs")."""
    rules = load_ruleset(preset)
    assert (rules.min_players, rules.max_players) == (low, high)
    for n in range(low, high + 1):
        assert len(Game.new(rules, names(n), seed=n).players) == n
    for n in (low - 1, high + 1):
        with pytest.raises(GameSetupError, match=f"{low} to {high} players, not {n}"):
            Game.new(rules, names(n), seed=1)


# -- decks and jokers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "decks"),
    [
        ("israeli", 2, 1),
        ("israeli", 3, 1),
        ("israeli", 4, 2),
        ("israeli", 8, 2),
        ("seven-cards", 3, 1),
        ("seven-cards", 4, 2),
        ("seven-cards", 8, 2),
        ("yanivo", 8, 1),
        ("sursis", 6, 1),
    ],
)
def test_decks_by_player_count(preset: str, players: int, decks: int) -> None:
    """Decks: 000 and 003 add a second deck from 4 players; 001 and 002 always use one. Count the cards."""
    game = Game.new(load_ruleset(preset), names(players), seed=7)
    cards = game.cards_in_play()
    assert sum(cards.values()) == 54 * decks
    assert cards == Counter(standard_deck(2) * decks)
    dealt = sum(len(game.view(seat).hand) for seat in range(players))
    assert game.view(0).deck_size == 54 * decks - dealt - 1


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_two_jokers_per_deck(preset: str) -> None:
    """Jokers per deck: 2 in every source (52 + 2 jokers)."""
    rules = load_ruleset(preset)
    assert rules.jokers_per_deck == 2
    for players in (rules.min_players, rules.max_players):
        game = Game.new(rules, names(players), seed=3)
        assert game.cards_in_play()[JOKER] == 2 * rules.decks_for(players)


@pytest.mark.parametrize(("preset", "size"), [("israeli", 5), ("yanivo", 5), ("sursis", 5), ("seven-cards", 7)])
def test_hand_size(preset: str, size: int) -> None:
    """Hand size: 5 cards (000, 001, 002); 7 cards under 003 ("distribuez-en 7 à chacun")."""
    game = Game.new(load_ruleset(preset), names(3), seed=11)
    assert [len(game.view(seat).hand) for seat in range(3)] == [size] * 3


# -- card values --------------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "value"), [("israeli", 0), ("yanivo", 0), ("sursis", 0), ("seven-cards", 2)])
def test_joker_value(preset: str, value: int) -> None:
    """Joker value: 0, except 2 under 003 ("Joker : 2 points")."""
    rules = load_ruleset(preset)
    assert hand_value(parse_cards("JK"), rules) == value
    assert hand_value(parse_cards("JK JK AS 3C"), rules) == 2 * value + 4


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis"])
def test_core_card_values(preset: str) -> None:
    """Core values (all sources): ace 1, two to ten face value, jack/queen/king 10."""
    rules = load_ruleset(preset)
    assert hand_value(parse_cards("AS 2H 10D"), rules) == 13
    assert hand_value(parse_cards("JS QH KD"), rules) == 30


def test_a_queen_and_a_king_count_the_values_the_file_gives_them() -> None:
    """ "jack/queen/king 10 ... unless the preset says otherwise": `values.queen` and `values.king` away from 10."""
    rules = ruleset_from_dict({"values": {"queen": 12, "king": 13}})
    assert hand_value(parse_cards("QS KH JD"), rules) == 12 + 13 + 10
    assert settle(rules, [0, 0], ["AS", "QS KH"], caller=0).added == (0, 25)


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("JH 2C 4D", 4),  # 2 + 4 - 2 = 4: jacks low
        ("JH 3C 4D", 5),  # 3 + 4 - 2 = 5: exactly the limit, still low (RULES.md's reading)
        ("JH 4C 4D", 23),  # 4 + 4 - 2 = 6: above 5, so the jack counts 15
        ("JH JS 4C 5D", 5),  # two jacks: 9 - 4 = 5, low
        ("JH JS 5C 5D", 40),  # 10 - 4 = 6: each jack 15
        ("JH JS JD AC 2C 3C 4C", 4),  # a seven-card hand: 10 - 6 = 4
    ],
)
def test_jack_swing_seven_cards(hand: str, value: int) -> None:
    """Jack value under 003: -2 while the hand totals 5 or less that way, else 15 each; total 5 reads as -2."""
    assert hand_value(parse_cards(hand), load_ruleset("seven-cards")) == value


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis"])
def test_jack_is_ten_without_swing(preset: str) -> None:
    """Jack value: 10 under 000, 001, 002, whatever the hand's total."""
    assert hand_value(parse_cards("JH 2C 2D"), load_ruleset(preset)) == 14


def test_yaniv_limit_and_jack_swing_seven_cards(dealt: Callable[..., Game]) -> None:
    """003: call at "5 points ou moins"; a hand at 5 with jacks may call, at 6 its jacks count 15 and it may not."""
    assert load_ruleset("seven-cards").yaniv_limit == 5
    five = dealt("seven-cards", ["JH JS AS AD AH AC 5C", "KS KH KD KC QS QH QD"], up="9C")
    assert five.view(0).hand_value == 5  # 4 + 5 - 4
    assert CallYaniv() in five.legal_actions()
    five.apply(CallYaniv())
    assert five.history[-1].values == (5, 70)
    six = dealt("seven-cards", ["JH JS AS AD AH AC 6C", "KS KH KD KC QS QH QD"], up="9C")
    assert six.view(0).hand_value == 40  # 4 + 6 + 2 * 15
    assert CallYaniv() not in six.legal_actions()
    with pytest.raises(IllegalActionError, match="the hand is worth 40: Yaniv may be called at 5 or less"):
        six.apply(CallYaniv())


# -- jokers wild --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "in_sets"), [("israeli", False), ("yanivo", True), ("sursis", False), ("seven-cards", False)]
)
def test_jokers_wild_in_sets_only_under_yanivo(preset: str, in_sets: bool) -> None:
    """Jokers wild in sets: only 001 says so ("a set or a run"); 000 names sequences only; 002, 003 are silent."""
    rules = load_ruleset(preset)
    expected = "set" if in_sets else None
    assert drop_kind(parse_cards("5H 5S JK"), rules) == expected
    assert drop_kind(parse_cards("QH JK"), rules) == expected


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_jokers_wild_in_runs_everywhere(preset: str) -> None:
    """Jokers wild in runs: every preset ("Wildcard is allowed to put in a sequence as any card", 000)."""
    rules = load_ruleset(preset)
    assert drop_kind(parse_cards("5H JK 7H"), rules) == "run"
    assert drop_kind(parse_cards("5H 6H JK"), rules) == "run"
    assert drop_kind(parse_cards("5H JK JK 8H"), rules) == "run"
    assert drop_kind(parse_cards("5H JK 8H"), rules) is None  # one joker cannot fill two gaps


@pytest.mark.parametrize(
    ("preset", "hands"),
    [
        ("israeli", ["5H 5S JK KC QC", "KS KH KD QS QH"]),
        ("sursis", ["5H 5S JK KC QC", "KS KH KD QS QH"]),
        ("seven-cards", ["5H 5S JK KC QC 10D 9S", "KS KH KD QS QH QD 10H"]),
    ],
)
def test_joker_in_a_set_is_an_illegal_play(
    preset: str, hands: list[str], dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]
) -> None:
    """Where jokers are not wild in sets, dropping 5H 5S JK is refused and nothing changes."""
    game = dealt(preset, hands, up="2D")
    before = state(game)
    with pytest.raises(IllegalActionError, match="jokers are not wild in sets"):
        game.apply(Play(tuple(parse_cards("5H 5S JK")), None))
    assert state(game) == before


# -- the Yaniv limit ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "limit", "at_limit", "above"),
    [
        ("israeli", 5, "AS 2C 2D JK JK", "AS 3C 2D JK JK"),
        ("yanivo", 7, "AS 4C 2D JK JK", "AS 5C 2D JK JK"),
        ("sursis", 5, "AS 2C 2D JK JK", "AS 3C 2D JK JK"),
    ],
)
def test_yaniv_limit(
    preset: str,
    limit: int,
    at_limit: str,
    above: str,
    dealt: Callable[..., Game],
    state: Callable[[Game], dict[str, Any]],
) -> None:
    """Yaniv limit: a hand of at most 5 may call (000 "less than six", 002 "≤ 5"); 7 under 001."""
    assert load_ruleset(preset).yaniv_limit == limit
    game = dealt(preset, [at_limit, "KS KD KC QS QD"], up="9C")
    assert game.view(0).hand_value == limit
    assert CallYaniv() in game.legal_actions()
    game.apply(CallYaniv())
    assert game.history[-1].caller == 0 and not game.history[-1].assaf
    assert game.history[-1].added == (0, 50)
    over = dealt(preset, [above, "KS KD KC QS QD"], up="9C")
    assert over.view(0).hand_value == limit + 1
    assert CallYaniv() not in over.legal_actions()
    before = state(over)
    with pytest.raises(IllegalActionError, match=f"Yaniv may be called at {limit} or less; drop cards to lower it"):
        over.apply(CallYaniv())
    assert state(over) == before


def test_israeli_house_yaniv_limits() -> None:
    """Yaniv limit choices: 000's house limits 7, 10, 11 and 13 may be chosen at setup; nothing else."""
    rules = load_ruleset("israeli")
    assert rules.yaniv_limit_choices == (5, 7, 10, 11, 13)
    assert rules.with_choices(yaniv_limit=13).yaniv_limit == 13
    assert rules.with_choices(yaniv_limit=10).yaniv_limit == 10
    with pytest.raises(ValueError, match="Yaniv limit 6 is not offered by israeli: choose 5, 7, 10, 11, 13"):
        rules.with_choices(yaniv_limit=6)


@pytest.mark.parametrize(("preset", "choices"), [("yanivo", (7,)), ("sursis", (5,)), ("seven-cards", (5,))])
def test_single_yaniv_limit(preset: str, choices: tuple[int, ...]) -> None:
    """The other sources name one Yaniv limit only."""
    rules = load_ruleset(preset)
    assert rules.yaniv_limit_choices == choices
    with pytest.raises(ValueError, match="not offered"):
        rules.with_choices(yaniv_limit=choices[0] + 1)


def test_house_limit_lets_a_higher_hand_call(dealt: Callable[..., Game]) -> None:
    """A host who picks the 000 house limit 10 may call Yaniv with 10."""
    rules = load_ruleset("israeli").with_choices(yaniv_limit=10)
    game = dealt(rules, ["AS 9C JK JK AD", "KS KD KC QS QD"], up="9D")
    assert game.view(0).hand_value == 11
    assert CallYaniv() not in game.legal_actions()
    game = dealt(rules, ["AS 8C JK JK AD", "KS KD KC QS QD"], up="9D")
    assert CallYaniv() in game.legal_actions()


# -- ties, Assaf and its penalty ----------------------------------------------------------------


def test_tie_caller_wins_israeli() -> None:
    """Tie under 000: Assaf needs a strictly lower total ("less than the one who said Yaniv"): the caller wins."""
    result = settle("israeli", [10, 20], ["AS 2C", "3D"], caller=0)
    assert not result.assaf
    assert result.added == (0, 3)
    assert result.scores == (10, 23)
    assert result.winner == 0


@pytest.mark.parametrize("preset", ["yanivo", "sursis"])
def test_tie_assafs(preset: str) -> None:
    """Tie under 001 ("the same or a lower total") and 002 ("inférieur OU ÉGAL"): the caller is Assafed."""
    result = settle(preset, [10, 20], ["AS 2C", "3D"], caller=0)
    assert result.assaf
    assert result.assafers == (1,)
    assert result.added == (33, 0)
    assert result.scores == (43, 20)
    assert result.winner == 1


def test_tie_with_no_assaf_rule_seven_cards() -> None:
    """Tie under 003 (no Assaf rule): the lowest hand scores 0, and both tied hands are the lowest."""
    result = settle("seven-cards", [10, 20, 30], ["AS 2C", "3D", "9S"], caller=0)
    assert not result.assaf
    assert result.zeroed == (0, 1)
    assert result.added == (0, 0, 9)
    assert result.winner == 0


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis"])
def test_assaf_penalty_thirty(preset: str) -> None:
    """Assaf penalty: the caller adds the hand plus 30 (000, 001, 002); others add their hands as usual."""
    result = settle(preset, [0, 0, 0], ["AS 3C", "2D", "KS"], caller=0)
    assert result.assaf
    assert result.added == (34, 0, 10)
    assert result.winner == 1


def test_no_assaf_penalty_seven_cards() -> None:
    """Assaf penalty under 003: none. A caller undercut just adds their hand; the lowest scores 0."""
    result = settle("seven-cards", [0, 0, 0], ["AS 3C", "2D", "KS"], caller=0)
    assert result.added == (4, 0, 10)
    assert result.zeroed == (1,)
    assert result.winner == 1


def test_a_clean_yaniv_scores_zero() -> None:
    """Core: if nobody undercuts the caller, the caller scores 0 and every other player adds their hand."""
    result = settle("israeli", [5, 5, 5], ["AS 2C", "9D", "KS QS"], caller=0)
    assert not result.assaf
    assert result.zeroed == (0,)
    assert result.added == (0, 9, 20)
    assert result.scores == (5, 14, 25)


# -- who scores 0 on an Assaf -------------------------------------------------------------------


def test_zero_lowest_hand_israeli() -> None:
    """Who scores 0 under 000: the lowest hand; where several share it, each scores 0."""
    result = settle("israeli", [0, 0, 0, 0], ["2S 3C", "3D", "AS", "AH"], caller=0)
    assert result.assafers == (1, 2, 3)
    assert result.zeroed == (2, 3)
    assert result.added == (35, 3, 0, 0)
    assert result.winner == 2  # the first lowest in turn after the caller starts the next round


def test_zero_every_assafer_yanivo() -> None:
    """Who scores 0 under 001: every player who Assafed, i.e. every opponent at or below the caller."""
    result = settle("yanivo", [0, 0, 0, 0], ["2S 3C", "4D AS", "3H", "KS"], caller=0)
    assert result.assafers == (1, 2)
    assert result.zeroed == (1, 2)
    assert result.added == (35, 0, 0, 10)
    assert result.winner == 2  # the lowest hand starts


def test_zero_lowest_opponent_sursis() -> None:
    """Who scores 0 under 002: "l'adversaire avec le score le plus bas"; the others mark their hands."""
    result = settle("sursis", [0, 0, 0, 0], ["2S 3C", "4D", "2H", "2D"], caller=0)
    assert result.assafers == (1, 2, 3)
    assert result.zeroed == (2, 3)
    assert result.added == (35, 4, 0, 0)


def test_zero_lowest_hand_no_assaf_seven_cards() -> None:
    """Who scores 0 under 003 (no Assaf rule): the lowest hand; everyone else, the caller too, adds theirs."""
    result = settle("seven-cards", [0, 0, 0], ["2S 3C", "AD", "9H"], caller=0)
    assert result.zeroed == (1,)
    assert result.added == (5, 0, 9)
    clean = settle("seven-cards", [0, 0, 0], ["AS", "AD 2C", "9H"], caller=0)
    assert clean.zeroed == (0,) and clean.added == (0, 3, 9)


# -- lucky resets -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "before", "hand", "after"),
    [
        ("israeli", 90, "KS", 50),  # 100 -> 50
        ("israeli", 190, "KS", 100),  # 200 -> 100
        ("sursis", 40, "KS", 25),  # 50 -> 25
        ("sursis", 90, "KS", 50),  # 100 -> 50
        ("yanivo", 40, "KS", 0),  # every multiple of 50 drops by 50
        ("yanivo", 90, "KS", 50),
        ("yanivo", 140, "KS", 100),
        ("yanivo", 190, "KS", 150),
    ],
)
def test_reset_that_lands(preset: str, before: int, hand: str, after: int) -> None:
    """Lucky resets (exact landing): 000 100->50, 200->100; 002 50->25, 100->50; 001 every multiple of 50 drops 50."""
    result = settle(preset, [0, before], ["AS", hand], caller=0)
    assert result.added == (0, 10)
    assert result.resets == ((1, before + 10, after),)
    assert result.scores == (0, after)


@pytest.mark.parametrize(
    ("preset", "before", "hand"),
    [
        ("israeli", 95, "KS"),  # 105: jumped past 100
        ("israeli", 45, "5S"),  # 50 is not a reset in 000
        ("sursis", 45, "KS"),  # 55: jumped past 50
        ("sursis", 95, "9S"),  # 104
        ("yanivo", 45, "KS"),  # 55
        ("yanivo", 145, "9S"),  # 154
        ("seven-cards", 90, "KS"),  # 003 has no resets at all
        ("seven-cards", 40, "KS"),
    ],
)
def test_reset_jumped_past(preset: str, before: int, hand: str) -> None:
    """Resets apply only on an exact landing: a score that jumps past the value keeps its total."""
    result = settle(preset, [0, before], ["AS", hand], caller=0)
    assert result.resets == ()
    assert result.scores[1] == before + hand_value(parse_cards(hand), load_ruleset(preset))


def test_reset_needs_points_added() -> None:
    """A reset needs a round's addition above 0: a score already on 100 that adds 0 stays 100 (000)."""
    result = settle("israeli", [100, 0], ["AS", "KS"], caller=0)
    assert result.added == (0, 10)
    assert result.scores == (100, 10)
    assert result.resets == ()


@pytest.mark.parametrize(("preset", "before", "after"), [("israeli", 190, 100), ("yanivo", 140, 100)])
def test_resets_do_not_chain(preset: str, before: int, after: int) -> None:
    """A reset that lands on another listed value does not chain: 200 -> 100 stays 100 (000); 150 -> 100 (001)."""
    result = settle(preset, [0, before], ["AS", "KS"], caller=0)
    assert result.scores[1] == after
    assert len(result.resets) == 1


@pytest.mark.parametrize(
    ("rules", "before", "after"),
    [
        (load_ruleset("israeli"), 190, 100),
        (load_ruleset("yanivo"), 190, 150),
        (load_ruleset("yanivo").with_choices(end_limit=300), 290, 250),
        (load_ruleset("yanivo").with_choices(end_limit=100), 90, 50),
        (load_ruleset("sursis"), 90, 50),
    ],
)
def test_reset_at_the_knockout_score_stays_in(rules: Ruleset, before: int, after: int) -> None:
    """A score landing exactly on the knockout score resets before the end is checked, and stays in."""
    result = settle(rules, [0, before], ["AS", "KS"], caller=0)
    assert result.scores == (0, after)
    assert result.eliminated == ()
    assert not result.game_over


def test_yanivo_multiple_above_the_knockout_resets_onto_it() -> None:
    """001 "every multiple of 50 drops by 50", with knockout 200: 250 lands on 200, which is not above it: in."""
    result = settle("yanivo", [0, 240], ["AS", "KS"], caller=0)
    assert result.resets == ((1, 250, 200),)
    assert result.scores == (0, 200)
    assert result.eliminated == ()
    out = settle("yanivo", [0, 290], ["AS", "KS"], caller=0)
    assert out.scores == (0, 250)
    assert out.eliminated == (1,)


def test_sursis_reset_saves_the_game_from_ending(dealt: Callable[..., Game]) -> None:
    """002: the game ends when someone crosses 100 "sans bénéficier d'un sursis": landing on 100 goes on at 50."""
    game = dealt("sursis", ["AS 2C JK JK AD", "KS KD QS QD 9C"], up="9D")
    game.scores = [0, 51]  # a table that has played a while
    game.apply(CallYaniv())
    assert game.history[-1].added == (0, 49)
    assert game.scores == [0, 50] and not game.is_over


def test_worked_example_seed_000() -> None:
    """000's worked example: a player on 166 calls Yaniv with 4 and is Assafed: 166 + 4 + 30 = 200, reset to 100."""
    result = settle("israeli", [166, 40, 70], ["AS 3D", "2C", "KS"], caller=0)
    assert result.assaf
    assert result.added == (34, 0, 10)
    assert result.resets == ((0, 200, 100),)
    assert result.scores == (100, 40, 80)


def test_worked_example_in_play(dealt: Callable[..., Game]) -> None:
    """The same example at the table: on 166, call Yaniv holding 4, be Assafed by a 3, and end the round on 100."""
    game = dealt("israeli", ["AS AD 2C KH KD", "AC 2D QS QH QD", "9S 9H 9C 9D 8S"], up="JK", deck="JK 5S")
    game.scores = [166, 40, 70]
    game.apply(Play(tuple(parse_cards("KH KD")), JOKER))  # takes the turned-up joker
    game.apply(Play(tuple(parse_cards("QS QH QD")), None))  # draws the other joker
    game.apply(Play(tuple(parse_cards("9S 9H 9C 9D")), None))
    assert [game.view(seat).hand_value for seat in range(3)] == [4, 3, 13]
    game.apply(CallYaniv())
    result = game.history[-1]
    assert result.assaf and result.winner == 1
    assert result.added == (34, 0, 13)
    assert result.resets == ((0, 200, 100),)
    assert game.scores == [100, 40, 83]
    assert game.current == 1  # the Assafer starts the next round


# -- end of the game ----------------------------------------------------------------------------


def test_elimination_above_the_limit_israeli() -> None:
    """End under 000: a score over 200 is out; the others play on; the last player left wins."""
    result = settle("israeli", [0, 195, 150], ["AS", "KS", "2S"], caller=0)
    assert result.scores == (0, 205, 152)
    assert result.eliminated == (1,)
    assert not result.game_over
    last = settle("israeli", [0, None, 195], ["AS", None, "KS"], caller=0)
    assert last.eliminated == (2,)
    assert last.game_over and last.winners == (0,)


def test_elimination_only_above_the_limit() -> None:
    """Elimination (000, 001) knocks out a score strictly above the limit: exactly on it stays in."""
    rules = ruleset_from_dict({"end": {"limit": 60, "limit_choices": [60]}, "yaniv": {"limit": 7}})
    at = settle(rules, [0, 50], ["AS", "KS"], caller=0)
    assert at.scores == (0, 60) and at.eliminated == () and not at.game_over
    over = settle(load_ruleset("yanivo"), [0, 195], ["AS", "KS"], caller=0)
    assert over.scores == (0, 205) and over.eliminated == (1,) and over.winners == (0,)


def test_yanivo_knockout_choice() -> None:
    """001: the host may pick the knockout score 50, 100, 150, 200 or 300; above it is out."""
    rules = load_ruleset("yanivo").with_choices(end_limit=100)
    result = settle(rules, [0, 95, 0], ["AS", "KS", "QS"], caller=0)
    assert result.scores == (0, 105, 10)
    assert result.eliminated == (1,)


@pytest.mark.parametrize(("preset", "before"), [("sursis", 95), ("seven-cards", 90)])
def test_first_to_reach_the_limit_ends_it(preset: str, before: int) -> None:
    """End under 002 and 003: the first score at or above the limit ends the game; the lowest total wins."""
    result = settle(preset, [30, before, 20], ["AS", "KS", "QS"], caller=0)
    assert result.scores == (30, before + 10, 30)
    assert result.game_over
    assert result.eliminated == ()
    assert result.winners == (0, 2)  # equal lowest share the win


def test_reaching_exactly_ends_it_seven_cards() -> None:
    """003 "Dès qu'un joueur atteint le nombre de points": exactly the limit ends the game."""
    result = settle("seven-cards", [0, 95], ["AS", "5S"], caller=0)
    assert result.scores == (0, 100) and result.game_over and result.winners == (0,)
    below = settle("seven-cards", [0, 94], ["AS", "5S"], caller=0)
    assert not below.game_over and below.winners == ()


def test_elimination_several_out_at_once() -> None:
    """000: when everyone but one goes out in the same round, the one left wins."""
    result = settle("israeli", [195, 195, 195], ["5S", "6S", "6H"], caller=0)
    assert result.assaf is False
    assert result.scores == (195, 201, 201)
    assert result.game_over and result.winners == (0,)


def test_elimination_game_plays_on_without_the_out_seat(dealt: Callable[..., Game]) -> None:
    """000: an eliminated player is dealt no more hands; play skips their seat."""
    game = dealt("israeli", ["AS 2C JK JK AD", "KS KD QS QD 9C", "KH QH 9H 8H 7H"], up="9D")
    game.scores = [0, 195, 0]
    game.apply(CallYaniv())
    assert game.out == [False, True, False]
    assert game.hands[1] is None
    assert game.view(0).hand_sizes == (5, None, 5)
    assert game.current == 0
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Play)))
    assert game.current == 2


# -- end limit choices --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "choices", "any_limit"),
    [
        ("israeli", (200,), False),
        ("yanivo", (50, 100, 150, 200, 300), False),
        ("sursis", (100, 200), False),
        ("seven-cards", (50, 100, 150, 200), True),
    ],
)
def test_limit_choices_at_setup(preset: str, choices: tuple[int, ...], any_limit: bool) -> None:
    """Limit choices: 000 200; 001 50-300; 002 100 or 200; 003 any number the host picks."""
    rules = load_ruleset(preset)
    assert rules.end_limit_choices == choices
    assert rules.end_limit_any is any_limit
    for limit in choices:
        assert rules.with_choices(end_limit=limit).end_limit == limit
    if any_limit:
        assert rules.with_choices(end_limit=73).end_limit == 73
    else:
        with pytest.raises(ValueError, match="end score 73 is not offered"):
            rules.with_choices(end_limit=73)


def test_sursis_limit_200() -> None:
    """002 "(ou 200 points)": at 200 a score of 190 + 10 ends it (no sursis at 200)."""
    rules = load_ruleset("sursis").with_choices(end_limit=200)
    result = settle(rules, [0, 190], ["AS", "KS"], caller=0)
    assert result.scores == (0, 200) and result.game_over


# -- drawing from the previous drop -------------------------------------------------------------


def _after_drop(dealt: Callable[..., Game], preset: str, drop: str) -> Game:
    """Seat 0 drops `drop` (and takes the deck top); returns the game at seat 1's turn."""
    size = load_ruleset(preset).hand_size
    hand = parse_cards(drop)
    fill = parse_cards("QC 10D 9S 8D 7C 6C")
    seat0 = hand + fill[: size - len(hand)]
    seat1 = parse_cards("KS KH KD QS QH QD 10H")[:size]
    game = dealt(
        preset,
        [" ".join(map(str, seat0)), " ".join(map(str, seat1))],
        up="2D",
        deck="3S 4S",
    )
    game.apply(Play(tuple(hand), None))
    return game


@pytest.mark.parametrize(
    ("preset", "takeable"),
    [("israeli", "5H 5D"), ("yanivo", "5H 5S 5D"), ("sursis", "5H 5D"), ("seven-cards", "5H 5D")],
)
def test_take_from_a_set(
    preset: str, takeable: str, dealt: Callable[..., Game], state: Callable[[Game], dict[str, Any]]
) -> None:
    """Draw from a set: first or last card (000, 002, 003); any card of it (001)."""
    game = _after_drop(dealt, preset, "5H 5S 5D")
    view = game.view(1)
    assert view.previous_drop == tuple(parse_cards("5H 5S 5D"))
    assert view.takeable == tuple(parse_cards(takeable))
    middle = Play(tuple(parse_cards("KS")), parse_cards("5S")[0])
    if "5S" in takeable:
        game.apply(middle)
        assert parse_cards("5S")[0] in game.hand(1)
    else:
        before = state(game)
        with pytest.raises(IllegalActionError, match="5♠ cannot be taken: take 5♥ or 5♦"):
            game.apply(middle)
        assert state(game) == before


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis", "seven-cards"])
def test_take_from_a_run_ends_only(preset: str, dealt: Callable[..., Game]) -> None:
    """Draw from a run: either end only, in every preset (001 "only a card from either end")."""
    game = _after_drop(dealt, preset, "3H 4H 5H")
    assert game.view(1).takeable == tuple(parse_cards("3H 5H"))
    with pytest.raises(IllegalActionError, match="4♥ cannot be taken"):
        game.apply(Play(tuple(parse_cards("KS")), parse_cards("4H")[0]))
    game.apply(Play(tuple(parse_cards("KS")), parse_cards("5H")[0]))
    assert game.view(1).hand.count(parse_cards("5H")[0]) == 1


@pytest.mark.parametrize("preset", ["israeli", "seven-cards"])
def test_take_a_single(preset: str, dealt: Callable[..., Game]) -> None:
    """Draw a single: the last card dropped (003 "la dernière carte de la défausse")."""
    game = _after_drop(dealt, preset, "KC")
    assert game.view(1).takeable == tuple(parse_cards("KC"))
    game.apply(Play(tuple(parse_cards("KS")), parse_cards("KC")[0]))
    assert parse_cards("KC")[0] in game.view(1).hand


def test_first_player_takes_the_turned_up_card(dealt: Callable[..., Game]) -> None:
    """Core: the turned-up card counts as the previous drop for the first player."""
    game = dealt("israeli", ["KS KD QS QD 9C", "AS 2C 3D 4D 5C"], up="2D")
    assert game.view(0).takeable == tuple(parse_cards("2D"))
    game.apply(Play(tuple(parse_cards("KS")), parse_cards("2D")[0]))
    assert parse_cards("2D")[0] in game.view(0).hand


# -- first player -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["israeli", "yanivo", "sursis"])
def test_first_player_by_lot_is_seeded(preset: str) -> None:
    """First player by lot (000, 001; 002 says nothing): drawn from the game's seed, the same for the same seed."""
    rules = load_ruleset(preset)
    assert rules.first_player == "random"
    firsts = {Game.new(rules, names(4), seed=seed).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for seed in range(10):
        assert Game.new(rules, names(4), seed=seed).current == Game.new(rules, names(4), seed=seed).current


def test_first_player_left_of_dealer_seven_cards() -> None:
    """First player under 003: "Le joueur à gauche du donneur commence"; the dealer is drawn by lot."""
    rules = load_ruleset("seven-cards")
    assert rules.first_player == "left_of_dealer"
    dealers = set()
    for seed in range(40):
        game = Game.new(rules, names(4), seed=seed)
        assert game.dealer is not None
        assert game.current == (game.dealer + 1) % 4
        dealers.add(game.dealer)
    assert dealers == {0, 1, 2, 3}


def test_first_seat_can_be_given(dealt: Callable[..., Game]) -> None:
    """`first` overrides the lot, so a stacked deal can start with any seat."""
    game = dealt("israeli", ["KS KD QS QD 9C", "AS 2C 3D 4D 5C"], up="2D", first=1)
    assert game.current == 1


def test_round_winner_starts_the_next_round(dealt: Callable[..., Game]) -> None:
    """Core: the round's winner (the caller, or who Assafed them) starts the next round."""
    game = dealt("yanivo", ["AS 2C 2D 2H JK", "AH AD AC JK 2S", "KS KH KD QS QD"], up="9C")
    game.apply(CallYaniv())
    assert game.history[-1].assaf and game.history[-1].winner == 1
    assert game.current == 1 and game.round_no == 2


# -- the seed-000 bonus (a house rule) ----------------------------------------------------------


def israeli_with_bonus() -> Ruleset:
    """000's house rule turned on: every third round won with a 0 hand takes 20 off (not with 2 players)."""
    with preset_paths()["israeli"].open("rb") as file:
        data = tomllib.load(file)
    data["bonus"]["zero_hand_wins"] = 3
    return ruleset_from_dict(data, ruleset_id="israeli-bonus")


def test_bonus_on_the_third_zero_win() -> None:
    """Bonus (000 house rule): the third round won with a hand of 0 takes 20 points off."""
    rules = israeli_with_bonus()
    second = settle(rules, [50, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[1, 0, 0])
    assert second.bonus == () and second.zero_wins == (2, 0, 0) and second.scores == (50, 10, 10)
    third = settle(rules, [50, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[2, 0, 0])
    assert third.bonus == (0,)
    assert third.added == (-20, 10, 10)
    assert third.scores == (30, 10, 10)


def test_bonus_counts_an_assaf_won_with_zero() -> None:
    """Bonus: "wins Yaniv or Assaf with 0 points": an Assafer holding 0 counts too."""
    result = settle(israeli_with_bonus(), [0, 40, 0], ["AS", "JK", "QS"], caller=0, zero_wins=[0, 2, 0])
    assert result.assaf and result.bonus == (1,)
    assert result.scores == (31, 20, 10)


#: Who scores 0 when two opponents Assaf at once with hands of 0, by preset: each of them ("where several share it,
#: each of them scores 0"), the first after the caller or the later seat alone where the preset says.
TIED_ZEROED = {"fuzzymango": (1,), "yaniv-games": (2,)}


@pytest.mark.parametrize("preset", sorted(preset_paths()))
def test_bonus_counts_for_each_tied_assafer_with_zero(preset: str) -> None:
    """Bonus when two players Assaf at once, tied on 0: each of them "wins Assaf with 0 points" (they share the
    round's low hand and each scores 0), so each counts the win, and each takes the bonus on their third; not only
    the one who starts the next round. Under 003 (no Assaf) the two lowest hands share the round the same way."""
    rules = dataclasses.replace(load_ruleset(preset), bonus_zero_wins=3)
    zero = "JK" if hand_value(parse_cards("JK"), rules) == 0 else "JC 2C"
    assert hand_value(parse_cards(zero), rules) == 0
    result = settle(rules, [40, 40, 40, 0], ["AS 3C", zero, zero, "KS"], caller=0, zero_wins=[0, 2, 2, 0])
    zeroed = TIED_ZEROED.get(preset, (1, 2))
    assert result.zeroed == zeroed
    assert result.bonus == zeroed
    assert result.zero_wins == (0, *(3 if seat in zeroed else 2 for seat in (1, 2)), 0)
    for seat in (1, 2):
        assert result.added[seat] == (-20 if seat in zeroed else result.values[seat])


def test_a_game_counts_each_tied_assafer_and_a_save_of_it_rebuilds(dealt: Callable[..., Game]) -> None:
    """The same in a game played: after a call Assafed by two hands of 0, both count the round won with 0, and the
    game's state (what a save holds, checked as `Game.from_state` checks it) is accepted with those counts."""
    rules = ruleset_from_dict({"deck": {"hand_size": 2, "jokers": 4}, "bonus": {"zero_hand_wins": 3}})
    game = dealt(rules, ["AS AC", "JK JK", "JK JK", "KS KH"], up="9C")
    game.apply(CallYaniv())
    result = game.history[-1]
    assert result.assaf and result.zeroed == (1, 2) and game.zero_wins == [0, 1, 1, 0]
    assert rebuilt(game).zero_wins == rebuilt(game, derived=True).zero_wins == [0, 1, 1, 0]


def test_bonus_counts_only_the_assafers_holding_zero() -> None:
    """Under 001 every player who Assafed scores 0, but only one holding a hand of 0 won with 0 points."""
    rules = dataclasses.replace(load_ruleset("yanivo"), bonus_zero_wins=3)
    result = settle(rules, [40, 40, 40, 0], ["AS 3C", "JK", "AC", "KS"], caller=0, zero_wins=[0, 2, 2, 0])
    assert result.zeroed == (1, 2) and result.bonus == (1,) and result.zero_wins == (0, 3, 2, 0)
    assert result.scores[1:3] == (20, 40)


def test_the_bonus_takes_off_the_points_the_file_names() -> None:
    """`bonus.points` away from its default of 20."""
    rules = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "points": 15}})
    result = settle(rules, [50, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[1, 0, 0])
    assert result.bonus == (0,) and result.added == (-15, 10, 10) and result.scores == (35, 10, 10)


def test_the_bonus_needs_the_fewest_players_the_file_names() -> None:
    """`bonus.min_players` away from its default of 3: a heads-up bonus at 2, none for three at 4."""
    heads_up = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "min_players": 2}})
    result = settle(heads_up, [50, 0], ["JK", "KS"], caller=0, zero_wins=[1, 0])
    assert result.bonus == (0,) and result.scores == (30, 10)
    four = ruleset_from_dict({"bonus": {"zero_hand_wins": 2, "min_players": 4}})
    result = settle(four, [50, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[1, 0, 0])
    assert result.bonus == () and result.zero_wins == (1, 0, 0) and result.scores == (50, 10, 10)
    result = settle(four, [50, 0, 0, 0], ["JK", "KS", "QS", "QH"], caller=0, zero_wins=[1, 0, 0, 0])
    assert result.bonus == (0,) and result.scores == (30, 10, 10, 10)


def test_bonus_needs_a_zero_hand_and_three_players() -> None:
    """Bonus: a win with a hand above 0 does not count, nor does any win with only 2 players."""
    rules = israeli_with_bonus()
    nonzero = settle(rules, [50, 0, 0], ["AS", "KS", "QS"], caller=0, zero_wins=[2, 0, 0])
    assert nonzero.bonus == () and nonzero.zero_wins == (2, 0, 0)
    heads_up = settle(rules, [50, 0], ["JK", "KS"], caller=0, zero_wins=[2, 0])
    assert heads_up.bonus == () and heads_up.zero_wins == (2, 0)


def test_bonus_is_off_in_the_shipped_presets() -> None:
    """The bonus is a house rule: off unless a file turns it on."""
    for preset in ("israeli", "yanivo", "sursis", "seven-cards"):
        result = settle(preset, [50, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[2, 0, 0])
        assert result.bonus == ()


def test_bonus_landing_on_a_reset_total_does_not_reset() -> None:
    """Resets need a round that adds points: a bonus taking 120 down to 100 stays 100 (000)."""
    result = settle(israeli_with_bonus(), [120, 0, 0], ["JK", "KS", "QS"], caller=0, zero_wins=[2, 0, 0])
    assert result.bonus == (0,)
    assert result.scores[0] == 100 and result.resets == ()
