"""A hint for a seat: what the expert bot would play from that seat's view alone, and why, in one line."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from yaniv_tui.engine import Action, CallYaniv, Card, KeepCard, Play, PlayerView, Ruleset, SlapDown, hand_value

from .expert import ExpertBot

#: The most guesses at the hidden cards a hint takes, and the most time: a hint comes within seconds.
HINT_SAMPLES = 40
HINT_BUDGET_MS = 1500.0

#: How a card is written in the line: the screen's face (`K♠`) by default of the caller, else its code.
Face = Callable[[Card], str]


@dataclass(frozen=True, slots=True)
class Hint:
    """The action the expert would take in the seat, and why, in one line."""

    action: Action
    line: str


def suggest(
    view: PlayerView,
    *,
    seed: int,
    samples: int = HINT_SAMPLES,
    budget_ms: float | None = HINT_BUDGET_MS,
    face: Face = str,
) -> Hint:
    """What the expert bot would play in `view`'s seat, from that view only (never a hidden card), and why.

    At most `samples` guesses at the hidden cards (and `budget_ms`, unless None: then exactly `samples`, so a seed
    gives the same hint on any machine). ValueError when it is not the seat's turn.
    """
    if not view.is_my_turn:
        raise ValueError("a hint is for the seat whose turn it is")
    action = ExpertBot(seed, budget_ms=budget_ms, samples=samples).choose(view)
    return Hint(action, explain(view, action, face))


def explain(view: PlayerView, action: Action, face: Face = str) -> str:
    """`action` in the seat's words, with why: "drop K♠ Q♠ (20 points off), take 3♣: it makes 2♣ 3♣ 4♣ likelier"."""
    rules = view.rules
    if isinstance(action, CallYaniv):
        return f"call Yaniv: your hand is worth {view.hand_value}; playing on gives the others a turn to call first"
    if isinstance(action, SlapDown):
        # The card drawn is not yet in the hand: slapping it down keeps it out.
        return f"slap down {face(action.card)}: your hand goes {_lower(_part(action.card, view.hand, rules))}"
    if isinstance(action, KeepCard):
        return "keep the card you drew"
    if not isinstance(action, Play):
        return str(action)
    kept = list(view.hand)
    for card in action.drop:
        kept.remove(card)
    # What the drop takes off the hand as the hand counts it (under the jack swing a jack is worth what the
    # whole hand makes it), not what the dropped cards would count as a hand of their own.
    points = view.hand_value - hand_value(kept, rules)
    line = f"drop {_faces(action.drop, face)} ({_points(points)})"
    if action.given is not None and action.take is not None:
        # The joker swap: the card given leaves the hand and the joker joins it, nothing drawn.
        kept.remove(action.given)
        left = hand_value([*kept, action.take], rules)
        why = f"your hand goes {_lower(hand_value([*kept, action.given], rules) - left)} and keeps a joker for a run"
        if rules.may_call(left):
            why += f"; it leaves {left}, low enough to call Yaniv next turn"
        return f"{line}, give {face(action.given)} for the joker inside the run: {why}"
    if action.take is None:
        why = "nothing in the previous drop helps" if view.takeable else ""
        return f"{line}, take from the deck" + (f": {why}" if why else "")
    left = hand_value([*kept, action.take], rules)
    why = _why_take(action.take, kept, view, face)
    if rules.may_call(left):
        why += f"; it leaves {left}, low enough to call Yaniv next turn"
    return f"{line}, take {face(action.take)}: {why}"


def _why_take(take: Card, kept: Sequence[Card], view: PlayerView, face: Face) -> str:
    """Why a card of the previous drop is worth taking, given the cards kept."""
    worth = _part(take, kept, view.rules)
    if take.is_joker:
        return f"a joker fits any run, and is worth {worth}"
    same = [c for c in kept if c.rank == take.rank]
    if same:
        return f"it makes a set with {_faces(same, face)}"
    near = sorted({c.rank for c in kept if c.suit == take.suit and 0 < abs(c.rank - take.rank) <= 2})
    if near:
        low, high = min(take.rank, *near), max(take.rank, *near)
        while high - low < 2:  # a run is three cards at least: the one still missing completes it
            if high < 13:
                high += 1
            else:
                low -= 1
        run = [Card(rank, take.suit) for rank in range(low, high + 1)]
        have = {take.rank, *near}
        verb = "makes the run" if all(c.rank in have for c in run) else "makes"
        return f"it {verb} {_faces(run, face)}" + ("" if verb == "makes the run" else " likelier")
    return f"it is worth only {worth}" if worth <= 3 else f"a known {worth}, rather than a card unseen"


def _part(card: Card, rest: Sequence[Card], rules: Ruleset) -> int:
    """What `card` adds to a hand of `rest` (a jack under the swing counts as that whole hand makes it)."""
    return hand_value([*rest, card], rules) - hand_value(rest, rules)


def _points(points: int) -> str:
    """A drop's effect on the hand: "20 points off", or, where it raises the hand (jacks that counted less than
    nothing), "4 points more"."""
    size = abs(points)
    word = "point" if size == 1 else "points"
    return f"{size} {word} {'more' if points < 0 else 'off'}"


def _lower(points: int) -> str:
    """How far an action moves the hand: "10 lower", or "2 higher" (a jack that counted less than nothing)."""
    return f"{points} lower" if points >= 0 else f"{-points} higher"


def _faces(cards: Sequence[Card], face: Face) -> str:
    return " ".join(face(c) for c in cards)
