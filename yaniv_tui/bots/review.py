"""The expert's review of a finished game: each decision of a seat judged from that seat's view at the time.

For each decision of the seat (a drop and take, a slap-down or keep, and whether to call Yaniv when it could),
the expert's best move is what the hint would say (`hint.suggest`, a fixed number of guesses); then the move
played, the expert's move and, when the seat could call, the call are each played to the round's end in the same
`guesses` guesses at the hidden cards (`expert.guess_hidden`, dealt from the seat's view alone), every seat then
playing as the hard bot. A move's *expected points* are the mean change the round makes to the seat's score (what
it adds, `RoundScore.added`: the hand's value, 0 for the round's winner, the Assaf penalty for an Assafed call;
then a lucky reset the total lands on, `RoundScore.scores`); a round still going after `ROUND_TURNS` turns counts
the seat's hand as it stands. What a move *cost* is its expected
points less the best candidate's. Everything is seeded from the record's seed and the move's number, so the same
record gives the same review on any machine, and it never reads a card the seat could not see then.
The marks, thresholds and accuracy are documented in docs/review.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from yaniv_tui.codec.record import GameRecord, record_players, replay
from yaniv_tui.engine import Action, CallYaniv, Game, KeepCard, PlayerView, SlapDown, hand_value
from yaniv_tui.engine.determinize import game_from_view

from .expert import World, guess_hidden
from .hard import HardBot
from .hint import Face, explain, suggest
from .memory import Memory

#: The guesses at the hidden cards for each decision, shipped (benchmarks/review.py: a 20-round four-seat game
#: reviewed for one seat within 60 s on a 2-core machine). The expert's own choice takes as many.
REVIEW_GUESSES = 40
#: The most decisions of a seat a review judges, a long game's worth (about 0.2 s each at REVIEW_GUESSES here): a record
#: read whole (8 MiB) may hold 25,000 of one seat's, hours of work. A seat of more is refused (TooManyDecisions).
MAX_REVIEWED = 2_000
#: A round played out that has not ended after this many turns counts the seat's hand as it stands.
ROUND_TURNS = 120
#: What a move must cost, in expected points this round, to be marked, as in chess: worst first.
MARKS: tuple[tuple[str, float], ...] = (("blunder", 10.0), ("mistake", 5.0), ("inaccuracy", 2.0))
#: The mark at least of a call Assafed in every guess, and of a call not made that won in every guess.
CERTAIN_MARK = "mistake"

#: Told (decisions judged, decisions in all) as the review goes; an exception it raises stops the review (a screen
#: left while it thinks).
Progress = Callable[[int, int], None]
#: The seat kinds a person plays: reviewed when no seat is named (`yaniv review`, the replay screen).
PEOPLE = ("human", "remote")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat, judged: what it played and the best move found, each's expected points this round
    (lower is better), its mark (None when unmarked) and a note on a call ("" when none)."""

    turn: int
    round_no: int
    hand: tuple[str, ...]
    played: Action
    best: Action
    played_points: float
    best_points: float
    mark: str | None
    note: str
    #: The best move in the hint's words, with why (`hint.explain`).
    reason: str
    #: The move played in the same words, without the why.
    said: str

    @property
    def cost(self) -> float:
        return max(0.0, self.played_points - self.best_points)


@dataclass(frozen=True, slots=True)
class RoundReview:
    round_no: int
    decisions: int
    cost: float
    marks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SeatReview:
    """A seat's review: every decision judged, a summary by round, the points its choices cost and its accuracy."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]
    rounds: tuple[RoundReview, ...]

    @property
    def cost(self) -> float:
        return sum(d.cost for d in self.decisions)

    @property
    def accuracy(self) -> float:
        """The share of its decisions, in percent, left unmarked (100 with no decision)."""
        if not self.decisions:
            return 100.0
        return 100.0 * sum(d.mark is None for d in self.decisions) / len(self.decisions)

    @property
    def marked(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.mark is not None)


def mark_for(cost: float) -> str | None:
    """The mark a move costing `cost` expected points earns (None below the lowest threshold)."""
    return next((name for name, threshold in MARKS if cost >= threshold), None)


def _worse(mark: str | None, floor: str) -> str:
    order = [name for name, _ in MARKS]
    return floor if mark is None or order.index(floor) < order.index(mark) else mark


def decisions_of(record: GameRecord, seat: int) -> list[tuple[int, PlayerView, Action]]:
    """Each decision of `seat` in the record: (the game's action number, the seat's view then, what it played).

    A decision is a move with a choice: a turn with more than one legal action, or a drawn card it could slap down;
    a person's seat played by a bot (after a concede, or while its player on another machine is away) makes none.
    The record must replay to the game's end (RecordError otherwise): no review of a game in progress."""
    found: list[tuple[int, PlayerView, Action]] = []
    skipped = not_theirs(record, seat)

    def before(game: Game, who: int, action: Action) -> None:
        if who == seat and game.turns not in skipped and len(game.legal_actions()) > 1:
            found.append((game.turns, game.clone().view(seat), action))

    replay(record, finished=True, before=before)
    return found


def people_seats(record: GameRecord) -> list[int]:
    """The seats of the record a person played (a human at the screen, a player on another machine), in seat order:
    the ones reviewed when no seat is named."""
    return [seat for seat, data in enumerate(record.events[0]["seats"]) if data.get("kind") in PEOPLE]


def not_theirs(record: GameRecord, seat: int) -> set[int]:
    """The action numbers at which a bot played the person's `seat`: every one after its concede, and those while
    its player on another machine was away (the record's "concede" and "seat" events)."""
    conceded = away = False
    turns: set[int] = set()
    for event in record.events:
        if event.get("seat") != seat:
            continue
        kind = event["event"]
        if kind == "concede":
            conceded = True
        elif kind == "seat":
            away = event.get("status") == "away"
        elif kind == "action" and (conceded or away):
            turns.add(int(event["turn"]))
    return turns


class TooManyDecisions(Exception):
    """A seat of more decisions than a review judges (MAX_REVIEWED), refused before any is judged."""

    def __init__(self, decisions: int) -> None:
        super().__init__(f"a review judges at most {MAX_REVIEWED:,} a seat (a long game's worth)")
        self.decisions = decisions


def review_seat(
    record: GameRecord,
    seat: int,
    *,
    guesses: int = REVIEW_GUESSES,
    progress: Progress | None = None,
    face: Face = str,
) -> SeatReview:
    """The review of `seat`'s decisions in the finished game `record` holds (RecordError when it does not replay
    to its end, TooManyDecisions for more than MAX_REVIEWED, before any is judged); the same record and `guesses`
    give the same review."""
    seed = int(record.events[0].get("seed", 0))
    found = decisions_of(record, seat)
    if len(found) > MAX_REVIEWED:
        raise TooManyDecisions(len(found))
    judged: list[Decision] = []
    for done, (turn, view, action) in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        judged.append(
            judge(view, action, turn=turn, rng=random.Random(f"review {seed} {turn}"), guesses=guesses, face=face)
        )
    if progress is not None:
        progress(len(found), len(found))
    rounds: dict[int, list[Decision]] = {}
    for decision in judged:
        rounds.setdefault(decision.round_no, []).append(decision)
    summary = tuple(
        RoundReview(n, len(ds), sum(d.cost for d in ds), tuple(d.mark for d in ds if d.mark is not None))
        for n, ds in sorted(rounds.items())
    )
    return SeatReview(seat, record_players(record)[seat], tuple(judged), summary)


def judge(
    view: PlayerView, played: Action, *, turn: int, rng: random.Random, guesses: int, face: Face = str
) -> Decision:
    """One decision judged from `view` alone: the played move against the expert's (and the call, when it could)."""
    expert = suggest(view, seed=rng.getrandbits(32), samples=guesses, budget_ms=None).action
    options: list[Action] = [played]
    for other in (expert, CallYaniv() if view.phase == "turn" and view.may_call else None, *_slap_choices(view)):
        if other is not None and other not in options:
            options.append(other)
    hand = tuple(face(card) for card in view.hand)
    said = explain(view, played, face).split(": ", 1)[0]
    if len(options) == 1:
        reason = explain(view, played, face)
        return Decision(turn, view.round_no, hand, played, played, 0.0, 0.0, None, "", reason, said)
    points, assafed, won = _estimate(view, options, rng, guesses)
    best = min(range(len(options)), key=lambda i: (points[i], i != 1, i))
    cost = points[0] - points[best]
    mark = mark_for(cost)
    note = ""
    call = next((i for i, option in enumerate(options) if isinstance(option, CallYaniv)), None)
    if call == 0 and assafed[0]:
        note = f"the call is Assafed in {assafed[0]} of {guesses} guesses"
        if assafed[0] == guesses:
            mark = _worse(mark, CERTAIN_MARK)
    elif call is not None and won[call] == guesses:
        note = f"Yaniv not called: it would have won in every one of {guesses} guesses"
        mark = _worse(mark, CERTAIN_MARK)
    if call == 0 and mark is not None and best == 0:  # marked for the call alone: the best of playing on is shown
        best = min(range(1, len(options)), key=lambda i: points[i])
    elif call is not None and call != 0 and won[call] == guesses:
        best = call
    shown = options[best]
    return Decision(
        turn, view.round_no, hand, played, shown, points[0], points[best], mark, note, explain(view, shown, face), said
    )


def _slap_choices(view: PlayerView) -> tuple[Action, ...]:
    if view.phase != "slap" or view.slap_card is None:
        return ()
    return (SlapDown(view.slap_card), KeepCard())


def _estimate(
    view: PlayerView, options: Sequence[Action], rng: random.Random, guesses: int
) -> tuple[list[float], list[int], list[int]]:
    """Each option's mean points this round over `guesses` guesses (the same guesses and chance for all), and in
    how many guesses a call among them was Assafed, and won the round."""
    memory = Memory(view)
    model = HardBot()
    totals = [0.0] * len(options)
    assafed = [0] * len(options)
    won = [0] * len(options)
    for _ in range(guesses):
        world = guess_hidden(view, memory, rng)
        seed = rng.getrandbits(32)
        for i, option in enumerate(options):
            points, was_assafed, was_won = _play_round(view, world, option, seed, model)
            totals[i] += points
            assafed[i] += was_assafed
            won[i] += was_won
    return [t / guesses for t in totals], assafed, won


def _play_round(view: PlayerView, world: World, option: Action, seed: int, model: HardBot) -> tuple[float, bool, bool]:
    hands, deck = world
    game = game_from_view(view, [None if h is None else list(h) for h in hands], deck, seed=seed, check=False)
    me = view.seat
    rounds = len(game.history)
    game.apply(option)
    turns = 0
    while len(game.history) == rounds and not game.is_over and turns < ROUND_TURNS:
        game.apply(model.choose(game.view(game.current)))
        turns += 1
    if len(game.history) == rounds:
        hand = game.hands[me]
        return float(hand_value(hand or [], view.rules)), False, False
    result = game.history[rounds]
    # What the round did to the seat's total: what it added, and a reset it landed on (a total never below 0).
    change = (result.scores[me] or 0) - (view.scores[me] or 0)
    caller = result.caller == me
    return float(change), caller and result.assaf, caller and not result.assaf
