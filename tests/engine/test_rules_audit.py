"""RULES.md read statement by statement, against an independent reading of its text.

The two oracles here are written from the rule text alone, not from the engine: a drop is legal when its cards
can be laid out as the text says, and a call is settled as the text says. Random groups and rounds, seeded, are
checked against them under every shipped preset. The single tests after them pin statements no other test
pins: the ace at both ends of a run, the whole suit as one run, a lone joker, one natural card with two jokers,
the group on top after the deck runs out.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable, Sequence

import pytest
from builders import cards

from yaniv_tui.engine import (
    JOKER,
    Action,
    CallYaniv,
    Card,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    Ruleset,
    SlapDown,
    drop_kind,
    hand_value,
    load_ruleset,
    parse_card,
    parse_cards,
    preset_paths,
    score_round,
    standard_deck,
)
from yaniv_tui.engine.cards import ascii_faces

PRESET_IDS = tuple(sorted(preset_paths()))
SEEDS = ("israeli", "yanivo", "sursis", "seven-cards")


# -- the oracle of legal drops ------------------------------------------------------------------


def is_set(group: Sequence[Card], rules: Ruleset) -> bool:
    """ "A set of 2 or more cards of one rank"; jokers in it where the preset says; "a group of jokers only is a
    set"; two decks: "a set may hold two identical cards"."""
    naturals = [c for c in group if not c.is_joker]
    if len(group) < rules.set_min:
        return False
    if not naturals:
        return rules.joker_set
    if len({c.rank for c in naturals}) > 1:
        return False
    return len(naturals) == len(group) or rules.jokers_in_sets


def is_run(group: Sequence[Card], rules: Ruleset) -> bool:
    """ "A run of 3 or more consecutive cards of one suit. Ace is low only (A-2-3 is a run, Q-K-A is not)";
    jokers stand in where the preset says; "a run needs at least one natural card"; "a run may not" hold two
    identical cards: some laying out of the cards on ranks start..start+n-1, within ace..king, fits."""
    naturals = [c for c in group if not c.is_joker]
    jokers = len(group) - len(naturals)
    if len(group) < rules.run_min or len(naturals) < max(1, rules.run_min_natural):
        return False
    if jokers and not rules.jokers_in_runs:
        return False
    if len({c.suit for c in naturals}) > 1 or len({c.rank for c in naturals}) < len(naturals):
        return False
    ranks = {c.rank for c in naturals}
    for start in range(1, 14 - len(group) + 1):
        span = range(start, start + len(group))
        if ranks <= set(span) and (rules.joker_ends or {span[0], span[-1]} <= ranks):
            return True
    return False


def random_group(rng: random.Random, pool: list[Card]) -> list[Card]:
    """A group of 2 to 7 cards, most drawn from one suit or one rank (jokers always in reach), so that sets and
    runs turn up often."""
    pick = rng.random()
    if pick < 0.45:
        suit = rng.choice("CDHS")
        pool = [c for c in pool if c.suit == suit or c.is_joker]
    elif pick < 0.75:
        rank = rng.randint(1, 13)
        pool = [c for c in pool if c.rank == rank or c.is_joker]
    return rng.sample(pool, min(rng.randint(2, 7), len(pool)))


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_group_is_legal_exactly_when_the_rule_text_says(preset: str) -> None:
    """Legal drops (the core), jokers (the parameter table, "Runs and jokers"), two decks: seeded random groups
    from two decks, each judged by the engine and by the oracle above."""
    rules = load_ruleset(preset)
    pool = standard_deck(rules.jokers_per_deck) * 2
    rng = random.Random(f"drops {preset}")
    wrong = []
    for _ in range(4000):
        group = random_group(rng, pool)
        expected = "set" if is_set(group, rules) else "run" if is_run(group, rules) else None
        if drop_kind(group, rules) != expected:
            wrong.append((" ".join(c.code for c in group), drop_kind(group, rules), expected))
    assert wrong == []


# -- the oracle of a call -----------------------------------------------------------------------


def settle_by_the_text(
    rules: Ruleset, totals: list[int], hands: list[list[Card]], caller: int
) -> tuple[list[int], int, list[int], bool]:
    """A call settled as RULES.md words it: (totals after resets, who starts the next round, who is out, whether
    the game is over).

    "If no other player undercuts the caller, the caller scores 0 and every other player adds their hand value.
    Otherwise the caller is Assafed": a lower hand Assafs, an equal one too where ties Assaf; the caller adds
    their hand (where the preset says) and the penalty, and more for each further Assafer; the lowest hands
    score 0 ("where several share it, each of them"), or every Assafer, or only the first lowest after the
    caller, or only the lowest in the last seat; the others add their hands unless the Assaf penalty is flat.
    With no Assaf rule, the lowest hands score 0 and everyone else adds theirs. The winner (the caller, or who
    Assafed them; with no Assaf rule the lowest) starts the next round, ties going to the first in turn after the
    caller (to the one scoring 0 where only the last seat of the lowest does). Resets: "only when a round's
    addition (more than 0) lands a score exactly on the listed value; applied once". Elimination knocks out a
    total above the limit (or at it, where the preset ends on reaching it); first-to-limit ends the game.
    """
    n = len(hands)
    value = [hand_value(hand, rules) for hand in hands]
    from_caller = [(caller + k) % n for k in range(n)]
    opponents = from_caller[1:]
    added = [0] * n
    if not rules.assaf:
        low = min(value)
        zero = [s for s in from_caller if value[s] == low]
        winner = zero[0]
        added = [0 if s in zero else value[s] for s in range(n)]
    else:
        own = value[caller]
        assafers = [s for s in opponents if value[s] < own or (rules.assaf_on_tie and value[s] == own)]
        if not assafers:
            winner = caller
            added = [0 if s == caller else value[s] for s in range(n)]
        else:
            low = min(value[s] for s in opponents)
            lowest = [s for s in opponents if value[s] == low]
            last_seat = [s for s in range(n) if s in lowest][-1:]
            zero = {
                "lowest": lowest,
                "assafers": assafers,
                "first_lowest": lowest[:1],
                "last_lowest": last_seat,
            }[rules.assaf_zero]
            winner = last_seat[0] if rules.assaf_zero == "last_lowest" else lowest[0]
            for s in opponents:
                added[s] = 0 if s in zero or not rules.assaf_others_score else value[s]
            extra = rules.assaf_penalty_per_extra * (len(assafers) - 1)
            added[caller] = (own if rules.assaf_caller_adds_hand else 0) + rules.assaf_penalty + extra
    after = []
    for s in range(n):
        total = max(0, totals[s] + added[s])
        landed = dict(rules.resets).get(total)
        if landed is None and rules.reset_every and total % rules.reset_every == 0:
            landed = total - rules.reset_every_by
        after.append(landed if added[s] > 0 and landed is not None else total)
    passed = [
        s for s in range(n) if after[s] > rules.end_limit or (rules.end_on == "reach" and after[s] == rules.end_limit)
    ]
    if rules.end_mode == "elimination":
        return after, winner, passed, n - len(passed) <= 1
    return after, winner, [], bool(passed)


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_call_is_settled_as_the_rule_text_says(preset: str) -> None:
    """Calling Yaniv, Assaf and its ties, who scores 0, the penalty, resets, elimination and the game's end:
    seeded random rounds of low hands (so that calls and Assafs are common) and totals near the resets and the
    end score, each settled by the engine and by the oracle above."""
    rules = load_ruleset(preset)
    rng = random.Random(f"calls {preset}")
    low_cards = [c for c in standard_deck(rules.jokers_per_deck) if c.rank <= 5 or c.rank == 11]
    near = sorted({0, 1, 20, 25, 45, 49, 70, 95, 99, 120, 140, 166, 170, 190, 196, 199, rules.end_limit - 1})
    totals_pool = [t for t in near if 0 <= t <= rules.end_limit]
    settled = 0
    while settled < 1500:
        n = rng.randint(2, min(5, rules.max_players))
        dealt = rng.sample(low_cards, 3 * n)
        hands = [dealt[3 * s : 3 * s + rng.randint(1, 3)] for s in range(n)]
        callers = [s for s in range(n) if rules.may_call(hand_value(hands[s], rules))]
        if not callers:
            continue
        caller = rng.choice(callers)
        totals = [rng.choice(totals_pool) for _ in range(n)]
        if any(rules.is_out(t) for t in totals):
            continue
        result = score_round(rules, totals, hands, caller)
        got = (list(result.scores), result.winner, list(result.eliminated), result.game_over)
        assert got == settle_by_the_text(rules, totals, hands, caller), (totals, hands, caller)
        settled += 1


# -- single statements --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", SEEDS)
@pytest.mark.parametrize("group", ["KH AH 2H", "QH KH AH", "KH JK 2H", "QH KH JK JK"])
def test_a_run_never_turns_the_corner_at_the_ace(preset: str, group: str) -> None:
    """ "Ace is low only (A-2-3 is a run, Q-K-A is not)": nor K-A-2, nor jokers carrying a run past the king (the
    two jokers after Q-K can only stand below the queen, which is legal: J-Q-K reads as a run)."""
    rules = load_ruleset(preset)
    expected = "run" if group == "QH KH JK JK" else None
    assert drop_kind(cards(group), rules) == expected


@pytest.mark.parametrize("preset", SEEDS)
def test_a_run_may_hold_the_whole_suit_and_no_more(preset: str) -> None:
    """A run is consecutive cards of one suit from the ace (low) to the king: all thirteen are one run; a joker
    beyond them has no rank to stand for."""
    rules = load_ruleset(preset)
    suit = cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")
    assert drop_kind(suit, rules) == "run"
    assert drop_kind((*suit[1:], JOKER), rules) == "run"  # the joker is the ace
    assert drop_kind((*suit, JOKER), rules) is None


@pytest.mark.parametrize("preset", SEEDS)
def test_a_lone_joker_is_a_single_and_jokers_alone_a_set(preset: str, dealt: Callable[..., Game]) -> None:
    """ "Legal drops: a single card" (a joker too, and the next player may take it); "a group of jokers only is a
    set", whether or not the preset lets jokers into sets of a rank."""
    rules = load_ruleset(preset)
    assert drop_kind((JOKER, JOKER), rules) == "set"
    size = rules.hand_size
    hands = ["JK KC QC 10D 9S 8D 7C", "KS KH KD QS QH QD 10H"]
    game = dealt(preset, [" ".join(hand.split()[:size]) for hand in hands], up="2D")
    game.apply(Play(cards("JK"), None))
    assert game.view(1).previous_drop == (JOKER,) and game.view(1).takeable == (JOKER,)
    game.apply(Play(cards("KS"), JOKER))
    assert JOKER in game.hand(1)


@pytest.mark.parametrize(
    ("preset", "kind"), [("israeli", "run"), ("yanivo", "set"), ("sursis", "run"), ("seven-cards", "run")]
)
def test_one_natural_card_and_two_jokers(preset: str, kind: str) -> None:
    """ "A run needs at least one natural card": 5H JK JK is a run (5-6-7) where jokers are wild in runs only,
    and a set of fives where they are wild in sets too (001); legal either way."""
    assert drop_kind(cards("5H JK JK"), load_ruleset(preset)) == kind


def test_after_the_deck_runs_out_the_next_player_may_still_take_from_the_group_on_top(
    dealt: Callable[..., Game],
) -> None:
    """ "When the deck runs out, the discard pile, except the group on top, is shuffled to form a new deck": the
    group on top is the drop of the player who took the last card, and the next player may still take from it;
    the cards under it are the new deck."""
    game = dealt("israeli", ["5H 6H 7H KC QC", "KS KH KD QS QH"], up="2D", deck="9C")
    game.deck[:] = game.deck[-1:]  # the 9C alone is left; the other cards go under the turned-up 2D
    buried = [c for c in game.full_deck() if c not in game.hand(0) + game.hand(1) + (parse_cards("9C")[0],)]
    buried.remove(parse_cards("2D")[0])
    game.pile[:] = [tuple(buried), cards("2D")]
    game.apply(Play(cards("5H 6H 7H"), None))  # takes the 9C, the deck's last card
    assert game.reshuffles == 1
    assert game.pile == [cards("5H 6H 7H")]
    assert sorted(game.deck) == sorted([*buried, *cards("2D")])
    assert game.view(1).takeable == cards("5H 7H")
    game.apply(Play(cards("KS"), parse_cards("7H")[0]))
    assert parse_cards("7H")[0] in game.hand(1)


@pytest.mark.parametrize(
    ("preset", "hands", "starts"),
    [
        # 000: a tie is no Assaf, so the caller wins the round and starts the next one.
        ("israeli", ["AS 2C 2D", "AH AD 3C", "KS KH KD"], 0),
        # 001: ties Assaf, every Assafer scores 0, and the lowest of them (the 2) wins the round.
        ("yanivo", ["AS 2C 4D", "AH 2D 4C", "AD AC JK", "KS KH KD"], 2),
        # 002: a tie Assafs; the lowest opponent wins it, of two equal the first in turn after the caller.
        ("sursis", ["AS 2C 2D", "KS KH KD", "AH AD 3C", "AC 2H 2S"], 2),
        # 003: no Assaf rule: the lowest hand (-3, jacks low) wins the round, not the caller (1).
        ("seven-cards", ["JD 2H AS", "JH JS AH", "KS KH KD"], 1),
    ],
)
def test_the_round_winner_starts_the_next_round_under_each_source(
    preset: str, hands: list[str], starts: int, dealt: Callable[..., Game]
) -> None:
    """ "The round's winner (the caller, or the player who Assafed them) starts the next round" (core), each
    source's Assaf rule deciding who that is. Seat 0 calls; three-card hands, so that low hands are easy to deal
    (every other rule is the preset's)."""
    rules = dataclasses.replace(load_ruleset(preset), hand_size=3)
    game = dealt(rules, hands, up="9C")
    game.apply(CallYaniv())
    assert game.history[-1].winner == starts
    assert game.current == starts and game.round_no == 2


@pytest.mark.parametrize(("hands", "zeroed"), [(["5S", "4H", "KD", "4C"], (1,)), (["5S", "KD", "2H", "2C"], (2,))])
def test_only_one_assafer_scores_0_the_first_lowest_after_the_caller(hands: list[str], zeroed: tuple[int]) -> None:
    """A variant of RULES.md: "only one Assafer scoring 0 (the lowest, ties going to the first in turn order after
    the caller)" (`assaf.zero = "first_lowest"`, fuzzymango); the other Assafers add their hands."""
    rules = load_ruleset("fuzzymango")
    result = score_round(rules, [0, 0, 0, 0], [list(cards(hand)) for hand in hands], 0)
    assert result.assaf and result.zeroed == zeroed and result.winner == zeroed[0]
    others = [s for s in (1, 2, 3) if s not in zeroed]
    assert all(result.added[s] == hand_value(cards(hands[s]), rules) for s in others)
    assert result.added[0] == 5 + 30


@pytest.mark.parametrize(
    ("caller", "hands", "zeroed"),
    [(0, ["5S", "2H", "KD", "2C"], 3), (2, ["2H", "KD", "5S", "2C"], 3), (3, ["2H", "2C", "KD", "5S"], 1)],
)
def test_only_one_assafer_scores_0_the_lowest_in_the_last_seat(caller: int, hands: list[str], zeroed: int) -> None:
    """`assaf.zero = "last_lowest"` (yaniv.games): only one Assafer scores 0, the lowest, ties going to the one in the
    later seat of the table wherever the caller sits (seat 3 over seat 0 with the caller between them); it starts
    the next round, and the other Assafers add their hands."""
    rules = load_ruleset("yaniv-games")
    assert rules.assaf_zero == "last_lowest"
    result = score_round(rules, [0, 0, 0, 0], [list(cards(hand)) for hand in hands], caller)
    assert result.assaf and result.zeroed == (zeroed,) and result.winner == zeroed
    others = [s for s in range(4) if s not in (caller, zeroed)]
    assert all(result.added[s] == hand_value(cards(hands[s]), rules) for s in others)
    assert result.added[caller] == 5 + 30


def test_a_first_to_limit_game_that_ends_only_strictly_above_the_limit() -> None:
    """A variant of RULES.md: "a first-to-limit game that ends only strictly above the limit" (yaniv2: "as soon as
    any player's total is greater than 100"): 100 plays on, 101 ends it and the lowest total wins."""
    rules = dataclasses.replace(load_ruleset("fuzzymango"), reset_every=0, reset_every_by=0)  # 100 stays 100
    on = score_round(rules, [90, 0], [list(cards("AS")), list(cards("KD"))], 0)
    assert on.scores == (90, 10) and not on.game_over
    at = score_round(rules, [0, 90], [list(cards("AS")), list(cards("KD"))], 0)
    assert at.scores == (0, 100) and not at.game_over
    above = score_round(rules, [0, 91], [list(cards("AS")), list(cards("KD"))], 0)
    assert above.scores == (0, 101) and above.game_over and above.winners == (0,)


# -- illegal actions ----------------------------------------------------------------------------


def _same_action(action: Action) -> tuple[object, ...]:
    """An action up to the order its drop's cards are given in (a set or run may be laid in any order)."""
    if isinstance(action, Play):
        return ("play", tuple(sorted(action.drop)), action.take, action.given)
    return (type(action).__name__, getattr(action, "card", None))


#: A card's face as messages write it (`faces`): 10♥, Q♠, ★JK.
FACE = re.compile(r"(?:10|[2-9AJQK])[♣♦♥♠]|★JK")
#: The refusals that are what is allowed in themselves, with nothing before a colon to say what is wrong.
WHOLE = ("the game is over", "choose at least one card to drop")


def named_cards(message: str) -> list[Card]:
    """Every card a message names."""
    return [parse_card(ascii_faces(face)) for face in FACE.findall(message)]


def seen_by_actor(game: Game, action: Action) -> set[Card]:
    """The cards the seat to play may be told of: its hand, the cards it named, the pile's face-up groups, and the
    card it just drew."""
    seen = set(game.hand(game.current)) | {c for group in game.pile for c in group}
    if isinstance(action, Play):
        seen |= set(action.drop) | {c for c in (action.take, action.given) if c is not None}
    elif isinstance(action, SlapDown):
        seen.add(action.card)
    if game.slap_card is not None:
        seen.add(game.slap_card)
    return seen


def assert_says_what_is_allowed(message: str) -> None:
    """A refusal says what is wrong, then after a colon what is allowed (or asks for the one thing allowed)."""
    wrong, colon, allowed = message.partition(": ")
    assert message in WHOLE or message.startswith("first slap down ") or (colon and wrong and allowed), message


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_action_the_rules_do_not_allow_is_refused_in_one_line_and_changes_nothing(
    preset: str, state: Callable[[Game], dict[str, object]]
) -> None:
    """Seeded games under every preset, slap-downs and joker swaps included: at each turn, random actions that are
    not among the legal ones (cards not held, groups that are no drop, takes the rules do not allow, a joker swap
    for no joker, a call above the limit, a slap-down or a keep with nothing drawn, a play while a drawn card
    waits) each raise IllegalActionError with one line and leave the game exactly as it was, from two to five
    players."""
    rules = load_ruleset(preset)
    rng = random.Random(f"illegal {preset}")
    every_card = standard_deck(rules.jokers_per_deck)
    tried = 0
    for _ in range(3):
        players = rng.randint(rules.min_players, min(rules.max_players, 5))  # two decks from 4 where a preset says
        game = Game.new(rules, [f"P{seat}" for seat in range(players)], seed=rng.randrange(1000))
        for _ in range(150):
            if game.is_over:
                break
            legal = game.legal_actions()
            allowed = {_same_action(a) for a in legal}
            hand = list(game.hand(game.current))
            for _ in range(4):
                pick = rng.random()
                action: Action
                if pick < 0.55 and hand:
                    drop = rng.sample(hand, rng.randint(1, len(hand)))
                    take = rng.choice([None, rng.choice(every_card), *game.takeable])
                    given = rng.choice([None, None, rng.choice(hand), rng.choice(every_card)])
                    action = Play(drop, take, given)
                elif pick < 0.7:
                    action = Play(rng.sample(every_card, rng.randint(0, 3)), None)
                elif pick < 0.8:
                    action = CallYaniv()
                elif pick < 0.9:
                    action = SlapDown(rng.choice(every_card))
                else:
                    action = KeepCard()
                if _same_action(action) in allowed:
                    continue
                before = state(game)
                with pytest.raises(IllegalActionError) as error:
                    game.apply(action)
                message = str(error.value)
                assert "\n" not in message and message
                assert state(game) == before
                assert_says_what_is_allowed(message)
                assert set(named_cards(message)) <= seen_by_actor(game, action), message
                tried += 1
            game.apply(rng.choice(legal))
    assert tried > 500


# -- the jack swing and the Yaniv limit ----------------------------------------------------------


def test_the_jack_swing_follows_the_yaniv_limit_a_host_picks_unless_the_file_sets_its_own() -> None:
    """ "Count every jack as -2 and total the hand. If that total is at most 5 (the Yaniv limit), jacks count -2;
    otherwise each jack counts 15" (003, as RULES.md reads it): at most the limit the host picked, so that "you
    may call Yaniv" and "your hand is low" stay the same thing; `values.jack_swing_up_to` sets its own bound."""
    seven = dataclasses.replace(load_ruleset("seven-cards"), yaniv_limit_choices=(5, 7))
    hand = cards("JH 9C")  # 7 with the jack low
    assert hand_value(hand, seven) == 9 + 15
    picked = seven.with_choices(yaniv_limit=7)
    assert hand_value(hand, picked) == 7 and picked.may_call(hand_value(hand, picked))
    own = dataclasses.replace(seven, jack_swing_up_to=0)
    assert hand_value(cards("JH 2C"), own) == 0
    assert hand_value(cards("JH 3C"), own) == 3 + 15


# -- every preset plays to its end ----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_preset_plays_a_seeded_game_to_the_end_its_rules_say(preset: str) -> None:
    """Each preset, at its fewest and its most players, plays a seeded game of plain bots to its end, and the end is
    the one its rules say: under elimination every seat but at most one is out (above the knockout score) and the
    last left wins; under first-to-limit a score has passed the end score and the lowest total wins."""
    from yaniv_tui.bots import MediumBot

    rules = load_ruleset(preset)
    bot = MediumBot()
    for players in (rules.min_players, rules.max_players):
        game = Game.new(rules, [f"P{seat}" for seat in range(players)], seed=1)
        for _ in range(20_000):
            if game.is_over:
                break
            game.apply(bot.choose(game.view(game.current)))
        assert game.is_over
        scores = [score or 0 for score in game.scores]
        if rules.end_mode == "elimination":
            left = [seat for seat in range(players) if not rules.is_out(scores[seat])]
            assert len(left) <= 1 and [seat for seat in range(players) if not game.out[seat]] == left
            assert left and list(game.winners) == left  # seeded: one seat is left (none, if all went out at once)
        else:
            assert any(rules.is_out(score) for score in scores)
            assert list(game.winners) == [seat for seat in range(players) if scores[seat] == min(scores)]


# -- variants named by RULES.md ------------------------------------------------------------------


def test_any_card_of_the_previous_drop_may_be_taken_where_the_table_says(dealt: Callable[..., Game]) -> None:
    """A variant of RULES.md: "any card of the previous drop may be taken" (`take.from_set` and `take.from_run`
    `"any"`; 000's house rule): the middle card of a run too."""
    rules = dataclasses.replace(load_ruleset("israeli"), take_from_set="any", take_from_run="any")
    game = dealt(rules, ["3H 4H 5H KC QC", "KS KD KH QS QD"], up="2D", deck="9C")
    game.apply(Play(cards("3H 4H 5H"), None))
    assert game.view(1).takeable == cards("3H 4H 5H")
    game.apply(Play(cards("KS"), parse_cards("4H")[0]))
    assert parse_cards("4H")[0] in game.hand(1)


def test_a_flat_assaf_penalty_with_nobody_else_scoring() -> None:
    """A variant of RULES.md: "a flat Assaf penalty with nobody else scoring" (jdross: "you get +30 points
    (Assaf)"): the Assafed caller adds 30 and not their hand; the Assafer and every other hand add nothing."""
    rules = load_ruleset("jdross")
    hands = [list(cards("2S 2C")), list(cards("AS")), list(cards("KD QD"))]
    result = score_round(rules, [10, 10, 10], hands, 0)
    assert result.assaf and result.added == (30, 0, 0) and result.scores == (40, 10, 10)
    clean = score_round(rules, [10, 10, 10], [list(cards("AS")), list(cards("2S 2C")), list(cards("KD QD"))], 0)
    assert not clean.assaf and clean.added == (0, 4, 20)
