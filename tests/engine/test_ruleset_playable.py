"""A ruleset must play to an end: some hand can call Yaniv at every limit offered, and scores can climb to the end.

Rules under which a round or a game can never end are refused in one line that says why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from yaniv_tui.bots import make_bot
from yaniv_tui.engine import Game, Ruleset, RulesetError, check_ruleset, load_ruleset, preset_paths
from yaniv_tui.engine.guards import MAX_GAME_ROUNDS
from yaniv_tui.engine.playable import lowest_hand


def refused(tmp_path: Path, text: str) -> str:
    file = tmp_path / "house.toml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as error:
        load_ruleset(file)
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{file}: ")
    return message.removeprefix(f"{file}: ")


def accepted(tmp_path: Path, text: str) -> Ruleset:
    file = tmp_path / "house.toml"
    file.write_text(text, encoding="utf-8")
    return load_ruleset(file)


@pytest.mark.parametrize("preset", sorted(preset_paths()))
def test_every_shipped_preset_plays(preset: str) -> None:
    rules = load_ruleset(preset)
    check_ruleset(rules)
    for limit in rules.yaniv_limit_choices:
        assert lowest_hand(rules, limit) <= limit


def test_a_limit_of_0_without_jokers_is_refused(tmp_path: Path) -> None:
    """Before: no hand could ever call, and the round never ended."""
    message = refused(tmp_path, "[deck]\njokers = 0\n[yaniv]\nlimit = 0\n")
    assert message.startswith("yaniv.limit: no hand can call Yaniv at 0: the lowest hand possible under these rules")
    assert "counts 1 (1 card)" in message


def test_a_limit_offered_at_setup_that_no_hand_reaches_is_refused(tmp_path: Path) -> None:
    message = refused(tmp_path, "[deck]\njokers = 0\n[yaniv]\nlimit = 5\nlimit_choices = [0, 5]\n")
    assert message.startswith("yaniv.limit_choices: no hand can call Yaniv at 0")


@pytest.mark.parametrize("jokers", [1, 2])
def test_a_limit_of_0_that_only_a_hand_of_one_or_two_jokers_reaches_is_refused(tmp_path: Path, jokers: int) -> None:
    """Before: loaded, and `yaniv sim` stopped at the 20,000-turn guard. A hand of jokers alone must draw its last
    joker; one or two jokers are soon each held beside other cards and never dropped, the lowest cards."""
    message = refused(tmp_path, f"[deck]\njokers = {jokers}\n[yaniv]\nlimit = 0\n")
    assert message.startswith("yaniv.limit: no hand can call Yaniv at 0 in practice: only jokers alone count 0")
    assert f"the {jokers} joker" in message and "deck.jokers" in message


def test_a_limit_of_0_with_enough_jokers_or_a_slap_down_is_played(tmp_path: Path) -> None:
    assert accepted(tmp_path, "[deck]\njokers = 4\n[yaniv]\nlimit = 0\n").yaniv_limit == 0
    assert accepted(tmp_path, "[deck]\ndecks = 2\n[yaniv]\nlimit = 0\n").yaniv_limit == 0
    assert accepted(tmp_path, "[drops]\nslap_down = true\n[yaniv]\nlimit = 0\n").yaniv_limit == 0
    # Jokers of -1 call beside an ace, which anyone drops.
    assert accepted(tmp_path, "[values]\njoker = -1\n[yaniv]\nlimit = 0\n").yaniv_limit == 0


#: Every whole-number key at its most: sixteen players each hold twenty cards that never shrink.
MAX_EVERYTHING = """\
[players]
min = 16
max = 16
[deck]
decks = 8
jokers = 8
hand_size = 20
[values]
ace = 50
jack = 50
queen = 50
king = 50
joker = 50
jack_low = 50
jack_high = 50
jack_swing_up_to = 200
[drops]
set_min = 16
run_min = 13
run_min_natural = 13
[yaniv]
limit = 100
[assaf]
penalty = 1000
penalty_per_extra = 1000
[resets]
every = 10000
every_by = 10000
[end]
limit = 100000
[bonus]
zero_hand_wins = 100
points = 1000
min_players = 16
"""


def test_every_key_at_its_most_is_refused(tmp_path: Path) -> None:
    """Before: loaded, and `yaniv sim` with 16 bots stopped at the 20,000-turn guard, every hand still 20 cards
    worth about 200: a set of 16 or a natural run of 13 is never gathered, and 16 players share the low cards."""
    message = refused(tmp_path, MAX_EVERYTHING)
    assert message.startswith("yaniv.limit: no hand can call Yaniv at 100 in practice:")
    for key in ("drops.set_min", "drops.run_min", "deck.hand_size", "players.min"):
        assert key in message


def test_the_same_hands_among_fewer_players_are_played(tmp_path: Path) -> None:
    """Two to four players keep enough of the 2s and 3s for a hand of twenty to count 100 or less."""
    rules = accepted(tmp_path, MAX_EVERYTHING.replace("min = 16\nmax = 16", "min = 2\nmax = 16"))
    game = Game.new(rules, ["Ann", "Ben"], seed=1)
    bots = [make_bot("medium", seat) for seat in range(2)]
    while not game.history:
        game.apply(bots[game.current].choose(game.view(game.current)))
    assert game.history[0].caller in (0, 1)


def test_a_hand_that_can_never_shrink_counts_all_its_cards(tmp_path: Path) -> None:
    """No set or run fits a hand of 5: the hand stays 5 cards, and 5 cards from one deck count at least 6."""
    message = refused(tmp_path, "[deck]\njokers = 0\n[drops]\nset_min = 5\nrun_min = 6\n")
    assert message.startswith("yaniv.limit: no hand can call Yaniv at 5: the lowest hand possible under these rules")
    assert "counts 6 (5 cards)" in message
    # With two decks for the fewest players, five aces make 5.
    assert accepted(tmp_path, "[deck]\njokers = 0\ndecks = 2\n[drops]\nset_min = 5\nrun_min = 6\n").decks == 2


def test_the_jack_swing_counts_jacks_low_in_a_low_hand(tmp_path: Path) -> None:
    # Four jacks at -2 count -8, low enough to call at 0 although a jack is worth 15 in a high hand.
    rules = accepted(tmp_path, "[deck]\njokers = 0\n[values]\njack_swing = true\n[yaniv]\nlimit = 0\n")
    assert lowest_hand(rules) == -8
    message = refused(
        tmp_path, "[deck]\njokers = 0\n[values]\njack_swing = true\njack_low = 5\njack_high = 15\n[yaniv]\nlimit = 0\n"
    )
    assert message.startswith("yaniv.limit: no hand can call Yaniv at 0")


def test_a_slap_down_can_empty_a_hand_which_then_calls(tmp_path: Path) -> None:
    rules = accepted(tmp_path, "[deck]\njokers = 0\n[drops]\nslap_down = true\n[yaniv]\nlimit = 0\n")
    assert lowest_hand(rules) == 0


def test_cards_worth_minus_50_are_refused(tmp_path: Path) -> None:
    """Before: with aces, faces and jokers at -50 no score ever rose, and `yaniv sim` never finished."""
    message = refused(tmp_path, "[values]\nace = -50\njack = -50\nqueen = -50\nking = -50\njoker = -50\n")
    assert message.startswith(
        "values: no score can climb to the end score 200: a hand holding a card of -50 counts 0 or less whatever "
        "else it holds (its other 4 cards add at most 40) and a dealt hand counts -63.3 on average"
    )


def test_cards_that_a_hand_can_outweigh_are_played(tmp_path: Path) -> None:
    """Hands average below 0, but four tens outweigh any one card of -30: scores climb, if slowly, and games end."""
    rules = accepted(tmp_path, "[values]\nace = -30\njack = -30\nqueen = -30\nking = -30\njoker = -30\n")
    for seed in range(3):
        game = Game.new(rules, ["Ann", "Ben", "Cy"], seed=seed)
        bots = [make_bot("easy", seed + seat) for seat in range(3)]
        while not game.is_over and len(game.history) < MAX_GAME_ROUNDS:
            game.apply(bots[game.current].choose(game.view(game.current)))
        assert game.is_over


def test_a_few_sinking_cards_among_many_are_played(tmp_path: Path) -> None:
    # Jokers of -50 sink any hand they are in, but hands count 27 on average: most rounds add points.
    assert accepted(tmp_path, "[values]\njoker = -50\n").joker_value == -50
    assert accepted(tmp_path, "[values]\nace = -50\njoker = -10\n").ace_value == -50


def test_resets_that_catch_every_total_are_refused(tmp_path: Path) -> None:
    """Every total from 1 to 100 resets to 0: a round adds at most 50 + ..., so no score passes 60."""
    table = ", ".join(f"{n} = 0" for n in range(1, 101))
    message = refused(tmp_path, f"[resets]\nat = {{ {table} }}\n[end]\nlimit = 60\n")
    assert message.startswith("resets.at: no score can pass the end score 60:")


def test_resets_a_round_can_jump_are_played(tmp_path: Path) -> None:
    table = ", ".join(f"{n} = 0" for n in range(1, 31))
    assert accepted(tmp_path, f"[resets]\nat = {{ {table} }}\n[end]\nlimit = 60\n").end_limit == 60


def test_resets_every_1_still_let_a_score_climb(tmp_path: Path) -> None:
    assert accepted(tmp_path, "[resets]\nevery = 1\nevery_by = 1\n").reset_every == 1


def test_the_checks_cover_a_ruleset_built_in_code() -> None:
    with pytest.raises(RulesetError, match="no hand can call Yaniv at 0"):
        check_ruleset(Ruleset(jokers_per_deck=0, yaniv_limit=0, yaniv_limit_choices=(0,)))


def test_the_checks_stay_fast_on_the_largest_rules_a_file_can_hold() -> None:
    """Before the checks were tuned, 101 Yaniv limits and thousands of end scores over a large reset table took 11 s."""
    import time

    rules = Ruleset(
        yaniv_limit=5,
        yaniv_limit_choices=tuple(range(101)),
        jack_swing=True,
        hand_size=20,
        decks=8,
        max_players=16,
        jokers_per_deck=8,
        end_limit=99996,
        end_limit_choices=tuple(range(1, 100_001, 7)),
        resets=tuple((total, total - 1) for total in range(2, 100_000, 3)),
    )
    started = time.perf_counter()
    check_ruleset(rules)
    assert time.perf_counter() - started < 2


def test_only_the_shipped_presets_skip_the_playability_check_at_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # test_every_shipped_preset_plays proves the shipped presets play, so loading them does not check it again at
    # every start; the same text anywhere else (a user's copy) is checked in full.
    from yaniv_tui.engine import playable, preset_files, ruleset_file
    from yaniv_tui.engine.playable import Problem

    # ruleset_file imports the check when a ruleset is first checked to play (not for the setup screen's presets)
    monkeypatch.setattr(playable, "playable_problems", lambda rules: [Problem("yaniv.limit", "never ends")])
    ruleset_file._ruleset_of.cache_clear()
    try:
        copy = tmp_path / "israeli.toml"
        copy.write_bytes(preset_files()["israeli"].read_bytes())
        with pytest.raises(RulesetError, match=r"yaniv\.limit: never ends"):
            load_ruleset(copy)
        assert load_ruleset("israeli").id == "israeli"
    finally:
        ruleset_file._ruleset_of.cache_clear()
