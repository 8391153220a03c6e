"""Every recorded event shows in the replay in the table's words (tui/screens/replay_steps.py): a hint asked, a
concede, a bot taking over a seat whose player is away, a joiner, a reshuffle, a slap-down, a card kept, the joker
swap, and the card drawn from the deck (every hand is face up). Before, the table's events showed nothing and a
slap-down repeated the whole turn."""

from __future__ import annotations

import dataclasses

from playing import deal, easy_bots, play_recorded

from yaniv_tui.codec.record import GameRecord, add_event, after_action, back_to, start_record
from yaniv_tui.engine import JOKER, Action, KeepCard, Play, Seat, SlapDown, load_ruleset, parse_card, parse_cards
from yaniv_tui.table.words import RESHUFFLED, winners_line
from yaniv_tui.tui.screens.replay_steps import ReplayStep, log_lines, move_text, steps_of


def table_game(*, keep: bool) -> GameRecord:
    """P0 drops a run holding a joker, P1 swaps the 6♥ for it, P0 drops 2♥ and draws 2♦, then slaps it down or
    keeps it; between them P0 asks for a hint, P1 concedes, and P1's seat is away."""
    rules = dataclasses.replace(load_ruleset("cpp-yaniv"), joker_swap=True, slap_down=True)
    game = deal(rules, ["5H JK 7H KD 2H", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C 8D")
    record = start_record(game, [Seat.person("P0"), Seat.person("P1")])
    add_event(record, "hint", 0, turn=0)
    actions: list[Action] = [
        Play(tuple(parse_cards("5H JK 7H"))),
        Play(tuple(parse_cards("KS")), JOKER, given=parse_card("6H")),
        Play(tuple(parse_cards("2H"))),
        KeepCard() if keep else SlapDown(parse_card("2D")),
    ]
    for action in actions:
        seat = game.current
        game.apply(action)
        after_action(record, game, seat, action)
        if len(record.events) == 4:  # after P0's first move
            add_event(record, "concede", 1, round=1)
            add_event(record, "seat", 1, status="away")
    return record


def said(step: ReplayStep) -> str:
    return move_text(step, step.game, False).plain


def log(step: ReplayStep) -> list[str]:
    return [line.plain for line in log_lines(step, move_text(step, step.game, False), False)]


def test_the_card_drawn_the_joker_swap_and_a_slap_down_are_said_each_as_itself() -> None:
    steps = steps_of(table_game(keep=False))
    assert [said(step) for step in steps[1:]] == [
        "P0 dropped 5♥ ★JK 7♥, took 4♦ from the deck.",
        "P1 dropped K♠, gave 6♥ for the joker in the run just dropped and took the joker.",
        "P0 dropped 2♥, took 2♦ from the deck.",
        "P0 slapped down 2♦ onto the drop.",
    ]
    assert log(steps[-1])[-1] == "P0 dropped 2♥, took from the deck, slapped down 2♦ onto the drop."


def test_a_card_kept_is_named() -> None:
    steps = steps_of(table_game(keep=True))
    assert said(steps[-1]) == "P0 kept 2♦ drawn from the deck."
    assert log(steps[-1])[-1] == "P0 kept 2♦ drawn from the deck."


def test_hints_concedes_and_a_bot_taking_an_away_seat_are_in_the_log_in_their_place() -> None:
    steps = steps_of(table_game(keep=False))
    assert log(steps[0]) == ["Round 1 dealt: P0 plays first.", "P0 asked the expert for a hint."]
    assert log(steps[-1]) == [
        "P0 asked the expert for a hint.",
        "P0 dropped 5♥ ★JK 7♥, took from the deck.",
        "P1 conceded: a bot plays the seat from here on.",
        "P1's player is away: a bot plays the seat until they are back.",
        "P1 dropped K♠, gave 6♥ for the joker in the run just dropped and took the joker.",
        "P0 dropped 2♥, took from the deck, slapped down 2♦ onto the drop.",
    ]


def test_a_joiner_and_a_reshuffle_are_said() -> None:
    record = table_game(keep=False)
    record.events.append({"event": "joined", "seat": 1, "name": "Noa"})
    steps = steps_of(record)
    assert log(steps[-1])[-1] == "Noa took seat 2, playing from another machine."
    from yaniv_tui.tui.screens.replay_steps import event_words

    assert event_words({"event": "reshuffle", "deck": []}, ("Ann", "Bob")) == RESHUFFLED
    back = {"event": "seat", "seat": 0, "status": "joined"}
    assert event_words(back, ("You", "Bob")) == "Your player is at the table."


def test_a_mark_shows_beside_the_line_of_its_move_a_slap_down_on_its_turns_line() -> None:
    steps = steps_of(table_game(keep=False))
    last = steps[-1]
    assert last.made_by == ((0,), (1,), (2, 3))
    lines = [line.plain for line in log_lines(last, move_text(last, last.game, False), False, {3: "mistake"})]
    assert lines[-1] == "P0 dropped 2♥, took from the deck, slapped down 2♦ onto the drop.  ◀ mistake"
    assert not any("◀" in line for line in lines[:-1])
    kept = steps_of(table_game(keep=True))[-1]
    lines = [line.plain for line in log_lines(kept, move_text(kept, kept.game, False), False, {3: "blunder"})]
    assert lines[-2:] == ["P0 dropped 2♥, took from the deck.", "P0 kept 2♦ drawn from the deck.  ◀ blunder"]


def test_a_joined_seat_is_called_by_its_joiners_name_from_then_on_as_the_table_called_it() -> None:
    # Before, the replay kept the header's name for the seat ("P1") after its joiner took it.
    record = table_game(keep=False)
    record.events.insert(2, {"event": "joined", "seat": 1, "name": "Noa"})
    steps = steps_of(record)
    assert said(steps[0]) == "Round 1 dealt: P0 plays first."
    assert log(steps[0])[-2:] == ["Noa took seat 2, playing from another machine.", "P0 asked the expert for a hint."]
    assert said(steps[2]) == "Noa dropped K♠, gave 6♥ for the joker in the run just dropped and took the joker."
    assert steps[-1].game.players == ("P0", "Noa")


def test_the_move_that_ends_the_game_says_who_wins_the_game() -> None:
    """The replay's last step said only "Noa called Yaniv with 5 · Yaniv! Noa wins the round.", with Avi's 208 and
    no word that the game was over, nor who won it. Its log says the game's end as the table does
    (`words.winners_line`); a round that does not end it, not."""
    from yaniv_tui.engine import Game

    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=30, end_limit_choices=(30,))
    game = Game.new(rules, ["Ann", "Noa", "Cy"], seed=5)
    seats = [Seat.person("Ann"), Seat.bot("easy", "Noa"), Seat.bot("easy", "Cy")]
    record = play_recorded(game, seats, easy_bots(5, 3))
    steps = steps_of(record)
    ends = [step for step in steps if step.result is not None]
    assert len(ends) >= 2, "a game of one round shows no round that does not end it"
    winners = " and ".join(game.players[seat] for seat in game.winners)
    last, result = log(ends[-1]), ends[-1].result
    assert result is not None
    assert last[-1].endswith(f"{winners} wins the game with {min(s for s in game.scores if s is not None)}."), last
    assert last[-1] == winners_line(result, game.players, rules)
    assert all("the game" not in line for step in ends[:-1] for line in log(step)), [log(step) for step in ends]


def test_the_replay_marks_only_a_timed_out_seats_bot_play_that_stands_after_an_undo() -> None:
    """P1's time ran out and its bot dropped K♠; undo took that play back (the record cut as the session's undo
    cuts it) and P1 dropped 9♦ itself: the replay reads it as P1's own. A bot's play that stands stays marked."""
    game = deal("israeli", ["5H 7H KD 2H 9C", "6H KS 2C 9D 3S"], up="AS", deck="4D 2D 9S 6C 10D 8C")
    record = start_record(game, [Seat.person("P0"), Seat.person("P1")])
    first = Play(tuple(parse_cards("KD")))
    game.apply(first)
    after_action(record, game, 0, first)
    before = game.clone()
    add_event(record, "seat", 1, status="timeout")
    bots = Play(tuple(parse_cards("KS")))
    game.apply(bots)
    after_action(record, game, 1, bots)
    assert steps_of(record)[-1].timed_out == (2,)
    back_to(record, before)
    own = Play(tuple(parse_cards("9D")))
    before.apply(own)
    after_action(record, before, 1, own)
    step = steps_of(record)[-1]
    assert step.timed_out == ()
    assert move_text(step, step.game, False).plain.startswith("P1 dropped 9♦, took ")
    add_event(record, "seat", 0, status="timeout")
    for seat, action in ((0, Play(tuple(parse_cards("9C")))), (1, Play(tuple(parse_cards("3S"))))):
        if seat == 1:
            stands = before.clone()  # the bot's 9♣ for P0 played: P1's 3♠ is undone below
        before.apply(action)
        after_action(record, before, seat, action)
    back_to(record, stands)
    assert [event["event"] for event in record.events[-2:]] == ["seat", "action"]
    assert steps_of(record)[-1].timed_out == (3,)


def test_a_timeout_whose_bot_never_played_is_said_to_end_so() -> None:
    """A hosted game saved and left in the bot's pause after a seat's timeout, then resumed (`host --resume` marks it
    "unplayed"): the replay said "P1's time ran out: a bot played the turn." and nothing after, though no bot played
    it. It now says the game stopped before the bot played, and the player plays the turn."""
    from yaniv_tui.codec.record_format import UNPLAYED
    from yaniv_tui.tui.screens.replay_steps import event_words

    unplayed = {"event": "seat", "seat": 1, "status": UNPLAYED}
    assert event_words(unplayed, ("Ann", "Bob")) == "The game stopped before the bot played: Bob plays the turn."
    assert event_words({**unplayed, "seat": 0}, ("You", "Bob")) == (
        "The game stopped before the bot played: you play the turn."
    )
