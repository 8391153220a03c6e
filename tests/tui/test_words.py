"""Words on the screen: a name as the subject agrees with its verb for any name ("You" included), and every
message about cards writes them as the screen does, in one voice (issue 14, items 2 and 4)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from tui_helpers import TableApp, make_options, notices, settle, stacked_session

from yaniv_tui.engine import (
    Action,
    CallYaniv,
    Game,
    IllegalActionError,
    KeepCard,
    Play,
    SlapDown,
    load_ruleset,
    parse_cards,
)
from yaniv_tui.table.words import clause, notice, possessive, sentence, subject
from yaniv_tui.tui.screens.round_end import headline
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.screens.table_view import prompt_text, round_opening

ISRAELI = load_ruleset("israeli").with_choices(yaniv_limit=13, end_limit=None)
#: A deal of two hands for a table's first turn.
HANDS = ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"]
#: A card code as a file writes it (`AC`, `10H`, `JK`), where the screen writes a face (`A♣`, `10♥`, `★JK`).
CODE = re.compile(r"(?<![\w♣♦♥♠★])(?:10|[2-9AJQKT])[CDHS](?!\w)|(?<!★)\bJK\b")


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        ("You", "You win the round."),
        ("you", "You win the round."),
        ("Ann", "Ann wins the round."),
        (["Ann", "Ben"], "Ann and Ben win the round."),
        (["You", "Ann"], "Ann and you win the round."),
        (["Ann", "Ben", "Cy"], "Ann, Ben and Cy win the round."),
    ],
)
def test_a_winner_agrees_with_win(names: str | list[str], expected: str) -> None:
    assert sentence(names, "win", " the round.") == expected


def test_mid_sentence_you_is_lower_case_and_irregular_verbs_agree() -> None:
    assert clause("You", "start", ".") == "you start."
    assert clause("Ann", "start", ".") == "Ann starts."
    assert sentence("You", "be", " thinking") == "You are thinking"
    assert sentence("Ann", "be", " thinking") == "Ann is thinking"
    assert sentence("Ann", "have", " it") == "Ann has it"
    assert subject(["You", "Ann"]) == "Ann and you"
    assert possessive("You", start=True) == "Your" and possessive("Ann") == "Ann's"
    assert sentence("ann", "win", "") == "ann wins", "a name keeps its case as typed"


def _called(names: tuple[str, ...], hands: list[str], caller: int) -> Game:
    """A game of `names` whose first round `caller` called with these hands."""
    parsed = [parse_cards(h) for h in hands]
    order = [parsed[s][i] for i in range(len(parsed[0])) for s in range(len(parsed))] + parse_cards("8D")
    game = Game.new(ISRAELI, list(names), seed=3, deck=order, first=caller)
    game.apply(CallYaniv())
    return game


@pytest.mark.parametrize("names", [("You", "Ann", "Ben"), ("Ann", "You", "Ben"), ("Ann", "Ben", "Cy")])
def test_round_end_and_next_round_read_right_for_any_name(names: tuple[str, ...]) -> None:
    game = _called(names, ["AC 2D 3H 2S 5C", "KC KD KH KS QC", "QD QH QS JC JD"], caller=0)
    said = headline(game.history[-1], names, ISRAELI).plain
    opening = round_opening(game.view(0))
    assert opening is not None
    if names[0] == "You":
        assert said == "You call Yaniv with 13 and win the round."
        assert opening.plain == "Round 2: you start."
    else:
        assert said == f"{names[0]} calls Yaniv with 13 and wins the round."
        assert opening.plain == f"Round 2: {names[0]} starts."
    assert "You wins" not in said and "You starts" not in opening.plain


def test_an_assaf_names_whoever_assafed_in_the_second_person_too() -> None:
    """Before: "Assaf! by you and Ben." (issue 28, item 12): who Assafed whom, said plainly."""
    game = _called(("Ann", "You", "Ben"), ["3H 4S 3C 2C AH", "AC AD 2H 2S JK", "AS 3D 2D 4C JK"], caller=0)
    said = headline(game.history[-1], ("Ann", "You", "Ben"), ISRAELI).plain
    assert said == "Ann calls Yaniv with 13, but Ben and you Assaf with 6.", said


@pytest.mark.parametrize(
    ("names", "caller", "expected"),
    [
        (("You", "Avi"), 1, "Avi calls Yaniv with 13, but you Assaf with 6."),
        (("You", "Avi"), 0, "You call Yaniv with 13, but Avi Assafs with 6."),
        (("Dan", "Avi"), 0, "Dan calls Yaniv with 13, but Avi Assafs with 6."),
    ],
)
def test_an_assaf_says_who_assafed_whom_in_plain_words(names: tuple[str, str], caller: int, expected: str) -> None:
    hands = ["AC AD 2H 2S JK", "3H 4S 3C 2C AH"] if caller == 1 else ["3H 4S 3C 2C AH", "AC AD 2H 2S JK"]
    game = _called(names, hands, caller=caller)
    assert headline(game.history[-1], names, ISRAELI).plain == expected


def test_whose_turn_and_who_thinks_read_right_for_you() -> None:
    game = Game.new(ISRAELI, ["Ann", "You"], seed=3, first=1)
    view = game.view(game.current)
    assert prompt_text("wait", view, 1, False, (), False).plain == "You are thinking…"
    assert prompt_text("wait", view, None, False, (), False).plain == "Your turn."
    assert prompt_text("choose", view, None, True, (), False).plain.startswith("Your turn: ")
    game = Game.new(ISRAELI, ["Ann", "You"], seed=3, first=0)
    view = game.view(game.current)
    assert prompt_text("wait", view, 0, False, (), False).plain == "Ann is thinking…"


def test_a_remote_seat_a_bot_plays_says_so_whether_its_player_is_there_or_not() -> None:
    game = Game.new(ISRAELI, ["Dan", "Noa"], seed=3, first=0)
    view = game.view(game.current)
    for status in ("joined", "away", "waiting"):
        said = prompt_text("wait", view, 0, False, (), False, status, handed=True).plain
        assert said == "A bot plays Dan's seat until Dan acts again…"


@pytest.mark.parametrize(
    ("status", "expected"),
    [("at the host", "Dan's turn at the host."), ("joined", "Dan's turn on another machine.")],
)
def test_a_person_playing_elsewhere_is_not_said_to_be_thinking(status: str, expected: str) -> None:
    """Before: "Dan is thinking…" of a person at the host's screen, or at a joined one (issue 28, item 12)."""
    game = Game.new(ISRAELI, ["Dan", "Noa"], seed=3, first=0)
    view = game.view(game.current)
    assert prompt_text("wait", view, 0, False, (), False, status=status).plain == expected
    assert prompt_text("wait", view, 0, False, (), False).plain == "Dan is thinking…"  # a bot: no status


def test_a_conceded_seat_is_played_by_a_bot_not_by_its_person_thinking() -> None:
    """Before: "You are thinking…" while the bot played out the seat its person had conceded."""
    game = Game.new(ISRAELI, ["Ann", "You"], seed=3, first=1)
    view = game.view(game.current)
    assert prompt_text("wait", view, 1, False, (), False, conceded=True).plain == "A bot plays your seat…"
    game = Game.new(ISRAELI, ["Ann", "You"], seed=3, first=0)
    view = game.view(game.current)
    assert prompt_text("wait", view, 0, False, (), False, conceded=True).plain == "A bot plays Ann's seat…"


# -- item 4: one notation and one voice -------------------------------------------------------------------


def _illegal_messages() -> list[str]:
    """The engine's message for each illegal move a player can try."""
    messages: list[str] = []
    hands = ["9C KS 4H 5H JK", "2C 3C 4C 5C 6C"]
    parsed = [parse_cards(h) for h in hands]
    order = [parsed[s][i] for i in range(5) for s in range(2)] + parse_cards("8D 2D 2S")
    game = Game.new(ISRAELI, ["You", "Ann"], seed=3, deck=order, first=0)
    tries: list[Action] = [
        Play(tuple(parse_cards("9C KS")), None),
        Play(tuple(parse_cards("AS")), None),
        Play(tuple(parse_cards("4H 5H JK")), parse_cards("9S")[0]),
        Play(tuple(parse_cards("JK 4H")), None),
        CallYaniv(),
        SlapDown(parse_cards("9C")[0]),
        KeepCard(),
    ]
    for action in tries:
        with pytest.raises(IllegalActionError) as error:
            game.apply(action)
        messages.append(str(error.value))
    return messages


def test_every_illegal_move_names_cards_as_the_screen_does_in_one_voice() -> None:
    messages = _illegal_messages()
    assert any("♣" in m or "♠" in m or "★JK" in m for m in messages)
    for message in messages:
        assert not CODE.search(message), f"a card code where the screen shows a face: {message!r}"
        assert "You" not in message and "your" not in message.split(":")[0], message
        shown = notice(message)
        assert shown[0].isupper() or not shown[0].isalpha(), shown
        ascii_shown = notice(message, ascii_only=True)
        assert not re.search("[♣♦♥♠★]", ascii_shown), ascii_shown


async def test_the_message_line_speaks_in_one_voice_in_either_notation() -> None:
    options = make_options("israeli", "Ann,bot:medium:Bea", seed=5)
    session = stacked_session(options, ["9C KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = TableApp(session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("4", "5", "enter")  # 9♣ K♠
        line = str(table.query_one("#message").render())
        assert line.startswith("9♣ K♠ is not a legal drop"), line
        await pilot.press("9")
        line = str(table.query_one("#message").render())
        assert line.startswith("There is no card 9"), line
        app.ascii_cards = True
        await pilot.press("enter")  # the same two cards, still chosen
        await settle(pilot)
        line = str(table.query_one("#message").render())
        assert line.startswith("9C KS is not a legal drop"), line


def test_the_concede_dialog_asks_you_without_naming_you() -> None:
    from yaniv_tui.tui.screens.concede import concede_question

    assert concede_question("You").startswith("Concede the game? You leave it")
    assert concede_question("Ann").startswith("Concede the game, Ann? You leave it")


def test_the_pass_screen_asks_you_without_naming_you() -> None:
    from yaniv_tui.tui.screens.pass_turn import ready_line

    assert ready_line("You") == "Press enter or click when only you can see the screen."
    assert ready_line("Ann") == "Ann, press enter or click when only you can see the screen."


def test_the_empty_pile_refusal_writes_the_card_as_the_screen_does() -> None:
    import dataclasses

    import pytest

    from yaniv_tui.engine import Card, Game, IllegalActionError, Play, load_ruleset

    rules = dataclasses.replace(load_ruleset("israeli"), turn_up=False)
    game = Game.new(rules, ["A", "B"], seed=3)
    hand = game.hand(game.current)
    with pytest.raises(IllegalActionError, match=r"^K♠ cannot be taken: the pile is empty"):
        game.apply(Play((hand[0],), Card(13, "S")))


async def test_sorting_the_hand_says_by_what() -> None:
    """Before: `o` sorted the hand and said nothing of how (issue 28, item 12)."""
    app = TableApp(stacked_session(make_options("israeli", "Ann,bot:medium:Bea", seed=5), HANDS, up="8D"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("o")
        await pilot.pause()
        assert str(table.query_one("#message").render()) == "Sorted by suit"
        await pilot.press("o")
        await pilot.pause()
        assert str(table.query_one("#message").render()) == "Sorted by rank"


async def test_sorting_after_a_refusal_says_by_what() -> None:
    """A refusal line from before (a card that is not there, an undo refused) gives way to the sort's words."""
    app = TableApp(stacked_session(make_options("israeli", "Ann,bot:medium:Bea", seed=5), HANDS, up="8D"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("9")
        await pilot.pause()
        assert "there is no card 9" in str(table.query_one("#message").render()).lower()
        await pilot.press("o")
        await pilot.pause()
        assert str(table.query_one("#message").render()) == "Sorted by suit"


async def test_sorting_keeps_a_hint_on_screen_and_says_by_what_in_a_notice() -> None:
    """A hint names cards, not places, so it still holds once the hand is sorted: asking again would count twice."""
    app = TableApp(stacked_session(make_options("israeli", "Ann,bot:medium:Bea", seed=5), HANDS, up="8D"))
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        table.tip = "hint: drop K♠ (10 points off), take from the deck"
        await pilot.press("o")
        await pilot.pause()
        assert str(table.query_one("#message").render()).startswith("Hint: drop K♠")
        assert notices(app)[-1:] == ["Sorted by suit"]


def test_round_ones_log_opens_with_who_starts_it() -> None:
    """Before, round 1's log never said who started it (later rounds' logs did): its first line is now who starts,
    read from the round's first turn once there is one, else from whose turn it is."""
    game = Game.new(ISRAELI, ["Ann", "Ben", "Cy"], seed=3, first=1)
    opening = round_opening(game.view(0))
    assert opening is not None and opening.plain == "Round 1: Ben starts."
    game.apply(game.legal_actions()[0])
    opening = round_opening(game.view(0))
    assert opening is not None and opening.plain == "Round 1: Ben starts."


def test_a_later_rounds_opening_names_who_starts_it_under_any_rule() -> None:
    """Under `next_first = "caller"` an Assafed caller starts the next round, not its winner: the line said the
    winner, a guess from the rule of most tables."""
    rules = dataclasses.replace(ISRAELI, next_first="caller")
    parsed = [parse_cards(h) for h in ["AC 2D 3H 2S 5C", "AH AS 2C 2H 3C", "QD QH QS JC JD"]]
    order = [parsed[s][i] for i in range(5) for s in range(3)] + parse_cards("8D")
    game = Game.new(rules, ["Ann", "Ben", "Cy"], seed=3, deck=order, first=0)
    game.apply(CallYaniv())
    assert game.history[-1].assaf and game.current == 0
    opening = round_opening(game.view(1))
    assert opening is not None and opening.plain == "Round 2: Ann starts."
