"""The game record (codec/record.py, docs/game-record.md): a bot game's record replays to its own scores through
the engine, a record with one action changed is refused naming its line, a hostile record file is refused in one
line, and a short seeded game's record is pinned (a change to the format shows as a change to the golden file)."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest

from yaniv_tui.bots import make_bot
from yaniv_tui.codec.record import (
    MAX_RECORD_BYTES,
    GameRecord,
    RecordError,
    add_event,
    after_action,
    parse_record,
    read_record_file,
    read_record_text,
    record_players,
    record_text,
    replay,
    start_record,
)
from yaniv_tui.engine import Game, Play, Seat, load_ruleset, preset_paths
from yaniv_tui.engine.ruleset_read import MAX_NESTING

GOLDEN = Path(__file__).parent / "golden" / "record-seed-5.jsonl"


def bot_game(
    ruleset: str = "israeli", seed: int = 5, players: int = 2, end_limit: int | None = None
) -> tuple[Game, GameRecord]:
    """A whole game of easy bots, recorded as the table records it: one step after each action."""
    rules = load_ruleset(ruleset)
    if end_limit is not None:
        rules = dataclasses.replace(rules, end_limit=end_limit, end_limit_choices=(end_limit,))
    names = ["Ann", "Bob", "Cy", "Di"][:players]
    game = Game.new(rules, names, seed=seed)
    record = start_record(game, [Seat.person(names[0]), *(Seat.bot("easy", name) for name in names[1:])])
    bots = [make_bot("easy", seed + seat) for seat in range(players)]
    while not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    return game, record


@pytest.mark.parametrize("ruleset", sorted(preset_paths()))
def test_every_presets_bot_game_replays_to_its_own_scores(ruleset: str) -> None:
    game, record = bot_game(ruleset, seed=3, players=3)
    again = replay(parse_record(record_text(record), "test"), finished=True)
    assert again.is_over
    assert again.scores == game.scores
    assert again.history == game.history


def test_a_reshuffled_deck_is_recorded_and_replays() -> None:
    """Two seats passing the same cards back and forth empty the deck: its reshuffle is recorded."""
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["Ann", "Bob"], seed=11)
    record = start_record(game, [Seat.person("Ann"), Seat.person("Bob")])
    while game.reshuffles < 2:
        seat = game.current
        hand = game.hand(seat)
        action = Play((max(hand, key=lambda card: card.rank),), None)
        game.apply(action)
        after_action(record, game, seat, action)
    assert sum(event["event"] == "reshuffle" for event in record.events) == 2
    again = replay(parse_record(record_text(record), "test"))
    assert again.deck == game.deck and again.hands == game.hands


def test_one_action_tampered_is_refused_naming_its_line() -> None:
    _game, record = bot_game()
    lines = record_text(record).splitlines()
    number, event = next(
        (i, json.loads(line)) for i, line in enumerate(lines, 1) if '"kind": "play"' in line and i > 10
    )
    event["action"]["drop"] = ["KS", "KH", "KD", "KC"]  # not in that hand, nor all four kings in one deck of it
    lines[number - 1] = json.dumps(event)
    with pytest.raises(RecordError) as refused:
        replay(parse_record("\n".join(lines), "test"), finished=True)
    message = str(refused.value)
    assert message.startswith(f"record line {number}: seat {event['seat']}'s action 'drop ")
    assert "is not legal here" in message and "\n" not in message


def test_changed_scores_are_refused_naming_the_rounds_line() -> None:
    _game, record = bot_game()
    lines = record_text(record).splitlines()
    number, event = next((i, json.loads(line)) for i, line in enumerate(lines, 1) if '"event": "round_end"' in line)
    event["result"]["scores"][0] += 1
    lines[number - 1] = json.dumps(event)
    with pytest.raises(RecordError, match=rf"^record line {number}: result: round 1 did not end so"):
        replay(parse_record("\n".join(lines), "test"), finished=True)


def test_a_record_cut_short_is_refused_as_unfinished() -> None:
    _game, record = bot_game()
    lines = record_text(record).splitlines()
    with pytest.raises(RecordError, match="stops before"):
        replay(parse_record("\n".join(lines[:-1]), "test"), finished=True)


def write(tmp_path: Path, data: bytes | str, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def one_line(path: Path) -> str:
    with pytest.raises(RecordError) as refused:
        read_record_file(path)
    message = str(refused.value)
    assert "\n" not in message and message.startswith(str(path))
    return message


def test_a_good_record_file_reads_back(tmp_path: Path) -> None:
    _game, record = bot_game()
    assert read_record_file(write(tmp_path, record_text(record))).events == record.events


def test_a_records_text_from_anywhere_is_read_as_a_file_is_and_replayed(tmp_path: Path) -> None:
    """A host's record frame carries the text a record file holds: read with the same checks, and replayed."""
    game, record = bot_game()
    text = record_text(record)
    read, again = read_record_text(text, "the frame", finished=True)
    assert read.events == record.events and again.scores == game.scores
    # Its size is counted in UTF-8 bytes, as a file's is: characters of several bytes count several.
    wide = text + '{"event": "hint", "seat": 0, "turn": 0, "note": "' + "é" * (MAX_RECORD_BYTES // 2) + '"}\n'
    assert len(wide) < MAX_RECORD_BYTES < len(wide.encode("utf-8"))
    with pytest.raises(RecordError, match=r"^the frame: too big for a game record"):
        read_record_text(wide, "the frame")
    with pytest.raises(RecordError, match=r"^the frame: record line \d+: the record stops before the game's end"):
        read_record_text(record_text(GameRecord(record.events[:-3])), "the frame", finished=True)


def test_a_seat_is_named_as_the_game_ended_a_joiners_name_not_the_hosts() -> None:
    _game, record = bot_game(players=3)
    assert record_players(record) == ("Ann", "Bob", "Cy")
    add_event(record, "joined", 1, name="Noa")
    assert record_players(record) == ("Ann", "Noa", "Cy")


def test_hostile_record_files_each_give_one_line(tmp_path: Path) -> None:
    _game, record = bot_game()
    text = record_text(record)
    assert "cut short or changed" in one_line(write(tmp_path, text[: len(text) // 2]))
    assert "not valid JSON" in one_line(write(tmp_path, b"\x00garbage{{{\n"))
    assert "not UTF-8" in one_line(write(tmp_path, b"\xff\xfe\xfa\n"))
    assert "empty" in one_line(write(tmp_path, ""))
    assert "not a yaniv game record" in one_line(write(tmp_path, '{"event": "game", "format": "chess"}\n'))
    # A game's save given for its record (the saves folder is next door): said so, with the way to what was meant.
    save = one_line(write(tmp_path, '{"format": "yaniv-tui-save", "version": 3, "game": {}}\n'))
    assert "a 'yaniv-tui-save' file, not a game record" in save and "yaniv --resume" in save, save
    deep = "[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5)
    assert "nested too deep" in one_line(write(tmp_path, deep + "\n"))
    assert "nested too deep" in one_line(write(tmp_path, "[" * 100_000 + "]" * 100_000 + "\n"))
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)
    assert "too big" in one_line(big)
    evil = text.replace('"name": "Ann"', '"name": "Ann\\u001b[31m"', 1)
    assert "control character (\\x1b)" in one_line(write(tmp_path, evil))
    assert "is a folder" in one_line(tmp_path)
    assert "no such file" in one_line(tmp_path / "none.jsonl")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    assert "a FIFO" in one_line(fifo)


def test_a_short_seeded_games_record_is_pinned() -> None:
    """The golden file: a change to the format (or to how the engine deals and plays) shows here. Rewrite it only
    for a change meant to make one, and bump the format's VERSION when an event changes meaning."""
    game, record = bot_game("israeli", seed=5, players=2, end_limit=50)
    if os.environ.get("YANIV_WRITE_GOLDEN"):
        GOLDEN.write_text(record_text(record), encoding="utf-8")
    assert record_text(record) == GOLDEN.read_text(encoding="utf-8")
    assert replay(parse_record(GOLDEN.read_text(encoding="utf-8"), "golden"), finished=True).scores == game.scores


def test_a_joker_swap_is_recorded_and_replays() -> None:
    """The joker swap (`take.joker_swap`, CPP-Yaniv) is a take of its own: the record writes the card given with
    the action, and the replay gives it again, so the hands and the pile come out as the table had them."""
    from playing import deal

    from yaniv_tui.engine import JOKER, parse_cards

    rules = dataclasses.replace(load_ruleset("cpp-yaniv"), joker_swap=True)
    game = deal(rules, ["5H JK 7H KD 2H", "6H KS 2C 9D 3S"], up="AS", deck="4D 9S 8C 6C 10D")
    record = start_record(game, [Seat.person("P0"), Seat.person("P1")])
    for seat, action in (
        (0, Play(parse_cards("5H JK 7H"))),
        (1, Play(parse_cards("KS"), JOKER, given=parse_cards("6H")[0])),
    ):
        game.apply(action)
        after_action(record, game, seat, action)
    text = record_text(record)
    assert '"given": "6H"' in text
    again = replay(parse_record(text, "test"))
    assert again.hands == game.hands and again.pile == game.pile and again.log == game.log
    tampered = text.replace('"given": "6H"', '"given": "3S"')
    with pytest.raises(RecordError, match="record line 4"):
        replay(parse_record(tampered, "test"))


def test_replay_steps_give_the_game_after_each_event_as_the_engine_played_it() -> None:
    """`replay_steps` yields the game after every event, each its own copy: the deal's hands, then after each action
    the very hands, pile and scores the played game had at that point."""
    from yaniv_tui.codec.record import replay_steps

    rules = load_ruleset("israeli")
    game = Game.new(rules, ["Ann", "Bob"], seed=5)
    record = start_record(game, [Seat.person("Ann"), Seat.bot("easy", "Bob")])
    seen = [(game.clone().hands, game.scores[:])]
    bots = [make_bot("easy", 5), make_bot("easy", 6)]
    while not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
        seen.append((game.clone().hands, game.scores[:]))
    steps = list(replay_steps(record))
    assert [line for line, _, _ in steps] == list(range(2, len(record.events) + 1))
    assert [event["event"] for _, event, _ in steps] == [event["event"] for event in record.events[1:]]
    # After an action the game is as played; an action that ends a round is followed by its round's end, and the
    # next deal holds the very hands the played game dealt (the engine's own deal is replaced by the record's).
    shown: list[tuple[object, object]] = []
    for _, event, step in steps:
        if event["event"] in ("deal", "action"):
            shown.append((step.hands, step.scores))
        elif event["event"] == "round_end":
            shown.pop()  # the round's last action: the game shows next the deal that follows it (or the end)
    assert shown == seen[:-1]
    assert (steps[-1][2].hands, steps[-1][2].scores) == seen[-1]
    assert steps[0][2] is not steps[1][2]  # a copy each, so a screen may keep them all
    assert steps[-1][2].scores == replay(record, finished=True).scores


def test_replay_steps_refuse_a_record_that_does_not_replay_naming_its_line() -> None:
    from yaniv_tui.codec.record import replay_steps

    _, record = bot_game()
    record.events[5] = {**record.events[5], "seat": 1 - record.events[5]["seat"]}
    with pytest.raises(RecordError, match="record line 6"):
        list(replay_steps(record))


def test_the_seats_a_bot_plays_as_a_record_ends_are_read_from_its_seat_events() -> None:
    """`bots_playing`: the clock's "bot" and the host's "handed" give a seat to a bot (the host's with its level),
    the player's "back" and the host's "given" take it back; an opened seat stays the bot's, as at the table; the
    seat statuses of a connection change nothing, and a level that is no bot's is the clock's (None)."""
    from yaniv_tui.codec.record import bots_playing

    _, record = bot_game(players=4)
    events: list[tuple[int, dict[str, str]]] = [
        (0, {"status": "handed", "level": "hard"}),
        (1, {"status": "timeout"}),
        (1, {"status": "bot"}),
        (2, {"status": "handed", "level": "easy"}),
        (2, {"status": "given"}),
        (1, {"status": "back"}),
        (1, {"status": "away"}),
        (3, {"status": "handed", "level": "no such level"}),
        (0, {"status": "opened"}),
        (1, {"status": "joined"}),
    ]
    assert bots_playing(record) == {}
    for seat, fields in events:
        add_event(record, "seat", seat, **fields)
    assert bots_playing(record) == {0: "hard", 3: None}
    add_event(record, "seat", 0, status="back")
    assert bots_playing(record) == {3: None}


def _reshuffled_record() -> tuple[Game, GameRecord]:
    """Two seats passing the same cards back and forth (one reshuffle), then easy bots to the game's end."""
    rules = load_ruleset("israeli")
    game = Game.new(rules, ["Ann", "Bob"], seed=11)
    record = start_record(game, [Seat.person("Ann"), Seat.person("Bob")])
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while not game.is_over:
        seat = game.current
        hand = game.hand(seat)
        action = bots[seat].choose(game.view(seat)) if game.reshuffles else Play((max(hand, key=lambda c: c.rank),))
        game.apply(action)
        after_action(record, game, seat, action)
    assert game.reshuffles and len(game.history) >= 3
    return game, record


def test_a_replay_builds_the_game_once_not_at_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: each later deal and reshuffle rebuilt the game with `Game.from_state`, checking every finished round
    again (a replay quadratic in the rounds: minutes for a long game's record). Now the first deal builds it, the
    later ones give it their cards (`Game.set_cards`), and no finished round is scored again."""
    from yaniv_tui.engine import checks
    from yaniv_tui.engine import game as engine_game
    from yaniv_tui.engine.scoring import score_round

    game, record = _reshuffled_record()
    built: list[int] = []
    scored: list[int] = []

    def check_state(state: Any) -> Any:
        built.append(1)
        return checks.check_state(state)

    def score(*args: Any, **kwargs: Any) -> Any:
        scored.append(1)
        return score_round(*args, **kwargs)

    monkeypatch.setattr(engine_game, "check_state", check_state)  # what `Game.from_state` checks with
    monkeypatch.setattr(checks, "score_round", score)
    again = replay(parse_record(record_text(record), "test"), finished=True)
    assert again.history == game.history and again.deck == game.deck
    assert (len(built), len(scored)) == (1, 0)


def _tampered(record: GameRecord, kind: str, change: object) -> tuple[int, str]:
    """The record's text with the last `kind` event changed by `change(event)`; that event's line."""
    lines = record_text(record).splitlines()
    number = max(i for i, line in enumerate(lines, 1) if f'"event": "{kind}"' in line)
    event = json.loads(lines[number - 1])
    change(event)  # type: ignore[operator]
    lines[number - 1] = json.dumps(event)
    return number, "\n".join(lines)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda e: e["deck"].__setitem__(0, e["hands"][0][0]), r"cards: 1 \w+ too many"),
        (lambda e: e["deck"].append(e["hands"][1].pop()), r"hands\[1\]: 4 cards, but seat 1's turns this round"),
        (lambda e: e["pile"].insert(0, [e["deck"].pop()]), r"pile: before the round's first turn it holds only"),
        (lambda e: e["hands"].pop(), r"hands: must have one hand per seat"),
    ],
)
def test_a_later_deal_changed_is_refused_naming_its_line(change: object, why: str) -> None:
    _game, record = _reshuffled_record()
    number, text = _tampered(record, "deal", change)
    assert number > 2
    with pytest.raises(RecordError, match=rf"^record line {number}: {why}"):
        replay(parse_record(text, "test"), finished=True)


def test_a_reshuffled_deck_changed_is_refused_naming_its_line() -> None:
    _game, record = _reshuffled_record()
    number, text = _tampered(record, "reshuffle", lambda e: e["deck"].__setitem__(0, e["deck"][1]))
    with pytest.raises(RecordError, match=rf"^record line {number}: cards: 1 \w+ too many"):
        replay(parse_record(text, "test"), finished=True)
    number, text = _tampered(record, "reshuffle", lambda e: e["deck"].pop())
    with pytest.raises(RecordError, match=rf"^record line {number}: cards: 1 \w+ missing"):
        replay(parse_record(text, "test"), finished=True)
