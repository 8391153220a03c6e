"""A human's turn at the table: its stages, which keys each allows, the hand as shown, and undo."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from textual.binding import Binding

from yaniv_tui.engine import Card, PlayerView, joker_swaps

if TYPE_CHECKING:
    from yaniv_tui.table.session import TableSession

#: Where a human's turn is: not theirs (or waiting for the pass screen), choosing cards, taking one, or
#: deciding whether to slap down the card just taken.
Stage = Literal["wait", "choose", "take", "slap"]
#: How a hand is shown: by rank (sets side by side) or by suit (runs side by side).
SortBy = Literal["rank", "suit"]

#: Why `h` gives no hint at a table joined from another machine (`TableSession.can_hint`), in one line: the table's
#: message when `h` is pressed there, and the help over that table.
NO_HINT = "no hints at a table joined from another machine: its host keeps the stats"

#: The actions of a human's turn, and the stages that allow each.
STAGE_OF_ACTION: dict[str, frozenset[Stage]] = {
    "choose": frozenset({"choose"}),
    "cursor": frozenset({"choose"}),
    "toggle_card": frozenset({"choose"}),
    "sort": frozenset({"choose"}),
    "drop": frozenset({"choose"}),
    "yaniv": frozenset({"choose"}),
    "yaniv_refused": frozenset({"choose"}),
    "take": frozenset({"take"}),
    "take_deck": frozenset({"take"}),
    "deck_first": frozenset({"choose"}),
    "swap": frozenset({"take"}),
    "back": frozenset({"choose", "take"}),
    "slap": frozenset({"slap"}),
    "keep": frozenset({"slap"}),
    "undo": frozenset({"choose", "take", "slap"}),
    "hint": frozenset({"choose"}),
    "concede": frozenset({"choose", "take", "slap"}),
}
#: What a hand emptied by a slap-down cannot do: it has no card to choose or drop, only Yaniv to call.
NEEDS_A_CARD = frozenset(("choose", "cursor", "toggle_card", "sort", "drop", "back", "deck_first"))


def digit_bindings(action: str, description: str, shown: str = "1-9", tooltip: str = "") -> list[Binding]:
    """`1` shown as `1-9` in the footer; `2`..`9` do the same with their number, unseen. `tooltip`: the longer
    words the help gives (the key bar's are short: see TableScreen.BINDINGS)."""
    first = Binding("1", f"{action}(1)", description, key_display=shown, tooltip=tooltip)
    return [first] + [Binding(str(n), f"{action}({n})", description, show=False, tooltip=tooltip) for n in range(2, 10)]


#: The keys of the joker swap: `j` gives the card for the first joker its hand may swap (from the left of the run
#: just dropped), `J` for the second, then `k`, `K`, `l` and `L` (free at the take, as `k` keeps only a card
#: drawn); the pile marks each joker with its key, and a click on a joker swaps that one, however many there are.
SWAP_KEYS = ("j", "J", "k", "K", "l", "L")


def swap_bindings() -> list[Binding]:
    """The joker swap's keys (`SWAP_KEYS`): the first shown as "swap", the others unseen (the help says them,
    together)."""
    first, *others = SWAP_KEYS
    later, words = "/".join(others), "swap for the joker marked with that key"
    return [Binding(first, "swap", "swap", tooltip="swap for the joker")] + [
        Binding(key, f"swap({n})", "swap", key_display=later, show=False, tooltip=words)
        for n, key in enumerate(others, start=1)
    ]


def swaps_for(view: PlayerView, drop: Sequence[Card]) -> dict[Card, int]:
    """The cards this seat may give for a joker inside the run just dropped (the joker swap, `PlayerView.swaps`)
    once it drops `drop`, those its hand keeps, each with the place of its joker on the pile, left to right."""
    places = joker_swaps(view.previous_drop, view.previous_kind, view.rules)
    return {card: places[card] for card in sorted(view.swaps_after(drop), key=places.__getitem__)}


def swap_keys(view: PlayerView, drop: Sequence[Card]) -> dict[int, str]:
    """Each swappable joker's place on the pile and the key that swaps it (`SWAP_KEYS`; "" past the last key)."""
    places = list(swaps_for(view, drop).values())
    return {place: SWAP_KEYS[n] if n < len(SWAP_KEYS) else "" for n, place in enumerate(places)}


def rest_to_skip(session: TableSession) -> bool:
    """Whether the rest of the game may be watched or skipped to its end here: no human of this screen is left in
    a game played at this screen alone. A joined table's game is played at its host (a watcher, or a seat knocked
    out, only follows it), and a hosted one goes on for its players on other machines."""
    return session.kind == "local" and session.only_bots_left


def allowed(
    action: str,
    stage: Stage,
    session: TableSession,
    view: PlayerView,
    drop: Sequence[Card] = (),
    parameters: tuple[object, ...] = (),
) -> bool:
    """Whether the table's key for `action` (with its `parameters`) works now: in this stage, with this hand
    (`view`'s, the viewer's) and the drop chosen, as the engine says."""
    if action == "say":
        return session.can_say
    if action == "seats":  # the host's seats and watchers
        return session.kind == "hosted"
    if action == "skip_rest":
        return rest_to_skip(session)
    if action == "concede" and not session.can_concede:
        return False
    if action == "hint" and not session.can_hint:
        return False
    if action == "hint_refused":  # `h` where hints are not offered: says why (NO_HINT)
        return not session.can_hint
    stages = STAGE_OF_ACTION.get(action)
    if stages is None:
        return True
    if stage not in stages:
        return False
    if action in NEEDS_A_CARD and not view.hand:
        return False
    if action == "undo":
        return session.why_no_undo() is None
    if action == "swap":
        nth = parameters[0] if parameters and isinstance(parameters[0], int) else 0
        return len(swaps_for(view, drop)) > nth
    if action in ("yaniv", "yaniv_refused"):
        return view.may_call if action == "yaniv" else not view.may_call
    return True


def shown_order(hand: Iterable[Card], sort_by: SortBy) -> tuple[Card, ...]:
    """A hand in the order it is shown: by rank (sets side by side) or by suit (runs side by side)."""
    if sort_by == "suit":
        return tuple(sorted(hand, key=lambda c: (c.suit, c.rank)))
    return tuple(sorted(hand, key=lambda c: (c.rank, c.suit)))


def chosen_after_sort(hand: tuple[Card, ...], chosen: Iterable[int], sort_by: SortBy) -> tuple[int, ...]:
    """Where the chosen cards of `hand` (as shown now) are once it is shown sorted by `sort_by`, in the order
    they were chosen."""
    cards = [hand[i] for i in chosen if i < len(hand)]
    shown = shown_order(hand, sort_by)
    places: list[int] = []
    for card in cards:
        places.append(next(i for i, c in enumerate(shown) if c == card and i not in places))
    return tuple(places)


def laid_order(hand: tuple[Card, ...], chosen: Sequence[int]) -> list[Card]:
    """The chosen cards of `hand` as the player lays them: the others in the order shown, each joker before
    them if it was chosen before the first of them, after them if chosen later (where a spare joker goes in a
    run is the engine's rule, `drops.spare_joker`: this only says how the player laid it)."""
    picked = [i for i in chosen if i < len(hand)]
    first = next((k for k, i in enumerate(picked) if not hand[i].is_joker), len(picked))
    before = [hand[i] for i in picked[:first] if hand[i].is_joker]
    after = [hand[i] for i in picked[first:] if hand[i].is_joker]
    return [*before, *(hand[i] for i in sorted(picked) if not hand[i].is_joker), *after]


def undo_move(session: TableSession, ascii_only: bool = False) -> str:
    """Take back the human's last move (against bots only) and say which, in one line; UndoError says why not.

    A move that drew the deck's card is never taken back, and the deck and the bots stay as they were, so an
    undo shows no card the player had not seen, and the same move again gives the same game.
    """
    before, turn = session.take_back()
    if before.phase == "slap":
        if turn.slapped is not None:
            return f"Took back slapping down {turn.slapped.face(ascii_only)}"
        kept = before.slap_card
        return f"Took back keeping {kept.face(ascii_only)}" if kept is not None else "Took back keeping the card"
    drop = " ".join(card.face(ascii_only) for card in turn.drop)
    if turn.given is not None:
        take = f" and your swap of {turn.given.face(ascii_only)} for the joker"
    else:
        take = f" and your take of {turn.take.face(ascii_only)} from the pile" if turn.take is not None else ""
    return f"Took back your drop of {drop}{take}"
