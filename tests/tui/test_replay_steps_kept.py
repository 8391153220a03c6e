"""The replay's steps are made when asked for (tui/screens/replay_steps.py, `ReplaySteps`): the record is replayed
once, a place kept every few steps, and a step replayed from the nearest place before it. Every step, reached
forward, back or at random, is the step the replay made before it kept a copy of the game after every event (that
way, a copy each with its own list of finished rounds, is kept here as the oracle); and the memory the steps of a
long record hold grows with the record, not with its events times its rounds (before: 55 MiB for 100 rounds)."""

from __future__ import annotations

import dataclasses
import json
import random
import tracemalloc
from collections import Counter
from typing import Any

import pytest
from playing import play_on
from test_replay import short_game
from test_replay_words import table_game

from yaniv_tui.bots import make_bot
from yaniv_tui.codec.game import state_to_dict
from yaniv_tui.codec.record import GameRecord, add_event, after_action, replay_steps, start_record
from yaniv_tui.codec.values import action_from_dict
from yaniv_tui.engine import Action, Card, Game, KeepCard, Play, Seat, load_ruleset
from yaniv_tui.tui.screens.replay_steps import ReplayStep, event_words, log_lines, move_text, steps_of

# -- the steps as the replay made them before: a copy of the game after every event -----------------------------


def _old_drawn(before: Game, after: Game, seat: int, action: Action) -> Card | None:
    if isinstance(action, KeepCard):
        return before.slap_card
    if not isinstance(action, Play) or action.take is not None:
        return None
    old, new = before.hands[seat], after.hands[seat]
    if old is None or new is None:
        return None
    gained = Counter(new) - (Counter(old) - Counter(action.drop))
    return next(iter(gained), None)


def _old_made_by(before: ReplayStep, game: Game, turn: int) -> tuple[tuple[int, ...], ...]:
    made = ((),) * (len(before.turns) - len(before.made_by)) + before.made_by
    if len(game.history) > len(before.game.history):
        return made
    if len(game.log) > len(before.turns):
        return (*made, (turn,))
    return (*made[:-1], (*made[-1], turn)) if made else made


def old_steps(record: GameRecord) -> list[ReplayStep]:
    steps: list[ReplayStep] = []
    moves = 0
    names: tuple[str, ...] = ()
    # A seat is named by the first name it was joined with until it is joined (the table's name for it from then on).
    first = [str(seat["name"]) for seat in record.events[0]["seats"]]
    for event in reversed(record.events[1:]):
        if event["event"] == "joined":
            first[event["seat"]] = event["name"]
    joined: set[int] = set()
    for _, event, game in replay_steps(record):
        kind = event["event"]
        if kind == "joined":
            joined.add(event["seat"])
        game.players = tuple(name if seat in joined else first[seat] for seat, name in enumerate(game.players))
        names = game.players
        if kind in ("deal", "resume"):
            steps.append(ReplayStep("deal", game, game.round_no, moves, game.current, tuple(game.log)))
        elif kind == "action":
            moves += 1
            before = steps[-1]
            seat = int(event["seat"])
            action = action_from_dict(event["action"], "action")
            turn = int(event["turn"])
            made_by = _old_made_by(before, game, turn)
            if len(game.history) > len(before.game.history):
                result = game.history[-1]
                step = ReplayStep("move", game, before.round_no, moves, seat, before.turns, result, action, turn)
                steps.append(dataclasses.replace(step, notes=before.notes, made_by=made_by))
            else:
                drawn = _old_drawn(before.game, game, seat, action)
                step = ReplayStep("move", game, game.round_no, moves, seat, tuple(game.log), None, action, turn, drawn)
                steps.append(dataclasses.replace(step, notes=before.notes, made_by=made_by))
        elif steps and (said := event_words(event, names)) is not None:
            last = steps[-1]
            steps[-1] = dataclasses.replace(last, notes=(*last.notes, (len(last.turns), said)))
    return steps


# -- what a step shows ------------------------------------------------------------------------------------------


def seen(step: ReplayStep) -> tuple[Any, ...]:
    """Everything of a step: its fields, the whole state of its game (its random generator's too), its words."""
    game = step.game
    fields = {f.name: getattr(step, f.name) for f in dataclasses.fields(step) if f.name != "game"}
    said = move_text(step, game, False)
    lines = [line.plain for line in log_lines(step, said, False, {1: "blunder"})]
    state = json.dumps(state_to_dict(game), sort_keys=True)
    return fields, state, game.players, game.rng.getstate(), list(game.history), said.plain, lines


def recorded(seed: int) -> GameRecord:
    """A seeded game of three easy bots with the table's events between its moves (hints, a joiner, a seat away)."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=60, end_limit_choices=(60,))
    game = Game.new(rules, ["Ann", "Bob", "Cy"], seed=seed)
    record = start_record(game, [Seat.person("Ann"), Seat.bot("easy", "Bob"), Seat.bot("easy", "Cy")])
    bots = [make_bot("easy", seed + seat) for seat in range(3)]
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
        roll = rng.random()
        if roll < 0.1:
            add_event(record, "hint", game.current, turn=game.turns)
        elif roll < 0.13:
            add_event(record, "joined", 1, name=f"Zed{game.turns}")
        elif roll < 0.16:
            add_event(record, "seat", 2, status="away")
    return record


def resumed(seed: int) -> GameRecord:
    """A seeded game of two easy bots whose record starts from the game under way (a save that kept no record)."""
    rules = dataclasses.replace(load_ruleset("israeli"), end_limit=60, end_limit_choices=(60,))
    game = Game.new(rules, ["Ann", "Bob"], seed=seed)
    bots = [make_bot("easy", seed + seat) for seat in range(2)]
    for _ in range(25):
        game.apply(bots[game.current].choose(game.view(game.current)))
    record = start_record(game, [Seat.person("Ann"), Seat.bot("easy", "Bob")])
    assert record.partial
    return play_on(game, record, bots)


RECORDS = {
    "a slap-down game": lambda: table_game(keep=False),
    "a card kept": lambda: table_game(keep=True),
    "three bots": lambda: short_game(5),
    "the table's events": lambda: recorded(7),
    "a resumed record": lambda: resumed(3),
}


@pytest.mark.parametrize("every", [1, 2, 3, 7, 32])
@pytest.mark.parametrize("name", list(RECORDS))
def test_every_step_forward_back_and_at_random_is_the_step_it_was(name: str, every: int) -> None:
    record = RECORDS[name]()
    made = old_steps(record)
    old = [seen(step) for step in made]
    steps = steps_of(record, every)
    assert len(steps) == len(old)
    assert steps.deals == tuple(i for i, step in enumerate(made) if step.kind == "deal")
    assert steps.moves == made[-1].move
    count = len(old)
    order = [*range(count), *range(count - 1, -1, -1), *random.Random(every).choices(range(count), k=40)]
    for index in order:
        assert seen(steps[index]) == old[index], (name, every, index)
    assert seen(steps[-1]) == old[-1]
    assert [seen(step) for step in steps[2:5]] == old[2:5]
    with pytest.raises(IndexError):
        steps[count]


def test_each_step_given_has_a_game_of_its_own() -> None:
    steps = steps_of(short_game(5), 4)
    first, again = steps[5], steps[5]
    assert first.game is not again.game
    first.game.hands[0] = []  # the caller changes its copy: the next one given is as it was
    assert seen(steps[5]) == seen(again)


def test_the_steps_of_a_long_record_hold_memory_in_proportion_to_it() -> None:
    """100 rounds of two bots, 8,568 events: their steps held 55 MiB before (a game after every event, each with its
    own list of the rounds finished), about 4 MiB now."""
    end = 100_000
    israeli = load_ruleset("israeli")
    rules = dataclasses.replace(israeli, end_limit=end, end_limit_choices=(end,), reset_every=0, resets=())
    game = Game.new(rules, ["Ann", "Bob"], seed=3)
    record = start_record(game, [Seat.bot("easy"), Seat.bot("easy")])
    bots = [make_bot("easy", seed=3 + seat) for seat in range(2)]
    while len(game.history) < 100:
        seat = game.current
        action = bots[seat].choose(game.view(seat))
        game.apply(action)
        after_action(record, game, seat, action)
    tracemalloc.start()
    try:
        steps = steps_of(record)
        held = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert len(steps) > 8000
    assert held < 12 * 2**20, f"{held / 2**20:.1f} MiB"
