"""Seats and limits, read from `--players` or the setup screen."""

from __future__ import annotations

import pytest

from yaniv_tui.engine import load_ruleset
from yaniv_tui.table.options import (
    OptionsError,
    YouAmongOthers,
    check_seats,
    choose_limits,
    default_seats,
    parse_players,
    read_seed,
)


def test_bots_get_names_nobody_at_the_table_has() -> None:
    seats = parse_players("Avi,bot:medium,bot:medium")
    names = [seat.name for seat in seats]
    assert names[0] == "Avi" and len(set(names)) == 3


def test_a_bot_may_be_named() -> None:
    seats = parse_players("Ann,bot:medium:Zoe")
    assert seats[1].name == "Zoe" and seats[1].level == "medium"


def test_a_bare_bot_gets_the_middle_level() -> None:
    assert parse_players("Ann,bot")[1].level == "medium"


def test_a_bots_level_is_read_as_the_other_flags_read_it_whatever_its_case() -> None:
    """`--players bot:MEDIUM` is the medium bot, as `yaniv sim --seats MEDIUM` and `--away-bot Hard` read a level;
    it was refused ('unknown bot level'). A level that is none is still named in the refusal."""
    seats = parse_players("Ann,bot:MEDIUM,BOT: Hard :Zoe")
    assert (seats[1].level, seats[2].level, seats[2].name) == ("medium", "hard", "Zoe")
    with pytest.raises(OptionsError, match="unknown bot level 'Wizard'"):
        parse_players("Ann,bot:Wizard")


def test_the_default_table_is_one_human_against_two_bots() -> None:
    seats = default_seats()
    assert [seat.is_bot for seat in seats] == [False, True, True]


def test_names_are_trimmed_and_limited() -> None:
    assert parse_players("  Ann   Lee ,bot")[0].name == "Ann Lee"
    with pytest.raises(OptionsError, match="too long"):
        parse_players("A" * 30 + ",bot")


def test_a_typed_end_score_must_be_within_the_files_limits() -> None:
    rules = load_ruleset("seven-cards")
    assert choose_limits(rules, None, 42).end_limit == 42
    with pytest.raises(OptionsError, match="end score 0 must be from 1 to 100000"):
        choose_limits(rules, None, 0)


@pytest.mark.parametrize(
    "players",
    [
        "\x1b[2J\x1b[31mRed,bot:easy",  # clears the screen and turns text red when printed
        "Ann,bot:easy:Z\x07",  # a bot's name too: BEL
        "Ann\u202eevil,Bob",  # a bidi override: the name reads backwards
        "Zero\u200bwidth,Bob",  # a zero-width space: two names that look the same
        "Ann,Bob\x9b2J",  # C1 control: CSI on some terminals
    ],
)
def test_a_name_with_a_control_character_is_one_line(players: str) -> None:
    """Before: --players $'\\e[2J\\e[31mRed,bot:easy' was accepted, and `yaniv stats` later cleared the screen."""
    with pytest.raises(OptionsError) as error:
        parse_players(players)
    message = str(error.value)
    assert "control character" in message and "\n" not in message and message.isprintable()


def test_a_duplicate_name_is_named_as_typed() -> None:
    """Before: "A,A" was refused as two players named 'a'."""
    with pytest.raises(OptionsError, match=r"^two players are named 'A': every seat needs its own name$"):
        parse_players("A,A")
    with pytest.raises(OptionsError, match=r"^two players are named 'Ann' and 'ann'"):
        parse_players("Ann,ann")


def test_a_bot_never_takes_a_humans_name_in_another_case() -> None:
    seats = parse_players("bot:easy,dana")
    assert seats[0].name != "Dana" and seats[1].name == "dana"


@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("Zo\u00e9,Zoe\u0301", "'Zoé'"),  # é composed, then decomposed: both kept composed, so named once
        ("Ann,Ａｎｎ", "'Ann' and 'Ａｎｎ'"),  # full-width letters
        ("bot:easy:Noa,ＮＯＡ", "'Noa' and 'ＮＯＡ'"),
    ],
)
def test_names_read_as_one_are_refused_as_two_players_of_one_name(players: str, said: str) -> None:
    """Before: each was a table of two players a person reads as having one name."""
    with pytest.raises(OptionsError) as error:
        parse_players(players)
    message = str(error.value)
    assert message.startswith(f"two players are named {said}") and "every seat needs its own name" in message
    assert "\n" not in message


def test_a_bot_never_takes_a_humans_name_in_full_width_letters() -> None:
    seats = parse_players("bot:easy,ＤＡＮＡ")
    assert seats[0].name != "Dana" and seats[1].name == "ＤＡＮＡ"


@pytest.mark.parametrize("players", ["You,Ann", "Ann,you,bot:easy", "You,remote:Ann", "remote,YOU"])
def test_a_seat_named_you_among_people_is_refused_where_seats_are_checked(players: str) -> None:
    """Every screen speaks to a seat named "You" as its reader: with a second person at the table, each would read
    the other's moves as their own. The setup screen refused it; `yaniv --players You,Ann` and `yaniv host --players
    You,remote:Ann` started. The rule is `check_seats`'s, which both ask."""
    seats = parse_players(players)
    at = next(index for index, seat in enumerate(seats) if seat.name.lower() == "you")
    with pytest.raises(YouAmongOthers) as refused:
        check_seats(seats, load_ruleset("israeli"))
    assert refused.value.seat == at
    assert str(refused.value).startswith(f"give seat {at + 1} a name of its own")


@pytest.mark.parametrize("players", ["You,bot:easy", "You,bot:easy,bot:hard:Zoe", "Ann,Ben"])
def test_you_alone_against_bots_or_no_you_at_all_is_fine(players: str) -> None:
    check_seats(parse_players(players), load_ruleset("israeli"))


LONG = "x" * 10_000


@pytest.mark.parametrize(
    ("players", "what"),
    [
        (f"Ann,,{LONG}", "comma-separated seats"),
        (f"Ann,bot:{LONG}", "unknown bot level"),
        (f"Ann,bot::{LONG}", "bot: needs a level"),
        (f"Ann,{LONG}", "too long"),
    ],
    ids=["an empty seat", "a level", "a bot with no level", "a name"],
)
def test_a_refused_players_list_of_10000_characters_is_quoted_short_with_its_length(players: str, what: str) -> None:
    """Before, `--players` refused with the whole text, part or level it was given, quoted in one line of 10,000
    characters; a name was already quoted to 40 characters with its length (engine.names), and now so is the rest."""
    with pytest.raises(OptionsError) as refused:
        parse_players(players)
    line = str(refused.value)
    assert what in line and len(line) < 200 and "characters)" in line, line[:300]


def test_a_refused_seed_of_many_characters_is_quoted_short_with_its_length() -> None:
    """`--seed` and the setup screen's seed were cut at 30 characters, saying nothing of the rest."""
    with pytest.raises(OptionsError) as refused:
        read_seed("lucky" * 1000)
    line = str(refused.value)
    assert line.startswith("takes a whole number, not 'lucky") and "(5000 characters)" in line and len(line) < 200
