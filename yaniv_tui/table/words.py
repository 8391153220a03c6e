"""Sentences about players: a name as the subject with its verb agreeing ("Ann wins", "you win", "Ann and Ben
win"), a name's possessive, and a message put in the screen's voice and card notation; and what the table says of a
turn, the pile and the deck, and a round's end under every house rule, in words a new player reads: who, what, and
the points.

The default human is named "You", and a player may type that name too: such a seat is spoken to, in the
second person, wherever a name is the subject. No Textual here, so the headless table can say the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from yaniv_tui.engine import Card, Ruleset, hand_value
from yaniv_tui.engine.cards import JACK, ascii_faces
from yaniv_tui.engine.clock import ClockNews
from yaniv_tui.engine.names import name_key

if TYPE_CHECKING:  # named in types only: the setup screen's words load no game (engine/game.py) at start-up
    from yaniv_tui.engine import RoundScore, Turn
    from yaniv_tui.net.protocol import SeatChange

#: Verbs whose third person singular is not the plain form plus "s".
_IRREGULAR = {"be": ("is", "are"), "have": ("has", "have"), "do": ("does", "do"), "go": ("goes", "go")}


def is_you(name: str) -> bool:
    """Whether a seat's name is the second person ("You", "you"): the seat is spoken to, not about."""
    return name_key(name) == "you"


def _named(name: str) -> str:
    return "you" if is_you(name) else name


def subject(names: str | Sequence[str], *, start: bool = False) -> str:
    """One or more names as a sentence's subject: "Ann", "you", "Ann and Ben", "Ann, Ben and you"; at the
    `start` of a sentence "You" (a name keeps its case as typed)."""
    listed = [names] if isinstance(names, str) else list(names)
    said = [_named(name) for name in listed]
    # Courtesy puts "you" last: "Ann and you", not "you and Ann".
    said.sort(key=lambda word: word == "you")
    text = " and ".join([", ".join(said[:-1]), said[-1]] if len(said) > 1 else said)
    return "You" + text[3:] if start and said[:1] == ["you"] else text  # the seat named "You", not "youssef"; none


def verb(names: str | Sequence[str], plain: str) -> str:
    """`plain` (the verb as after "to") agreeing with `names`: "wins" for Ann, "win" for you or for several."""
    listed = [names] if isinstance(names, str) else list(names)
    singular, plural = _IRREGULAR.get(plain, (None, plain))
    if len(listed) != 1 or is_you(listed[0]):
        return plural
    if singular is not None:
        return singular
    if plain.endswith(("s", "sh", "ch", "x", "z")):
        return plain + "es"
    if plain.endswith("y") and plain[-2:-1] not in ("a", "e", "i", "o", "u"):
        return plain[:-1] + "ies"
    return plain + "s"


def clause(names: str | Sequence[str], plain: str, rest: str = "", *, start: bool = False) -> str:
    """`names` doing `plain`: "Ann wins the round", "you win the round" (rest: " the round"); "You ..." at
    the `start` of a sentence."""
    return f"{subject(names, start=start)} {verb(names, plain)}{rest}"


def capital(text: str) -> str:
    """`text` with its first letter a capital (the start of a sentence); names keep their own case otherwise."""
    return text[:1].upper() + text[1:]


def sentence(names: str | Sequence[str], plain: str, rest: str = "") -> str:
    """A clause opening a sentence: "Ann wins the round.", "You win the round." (`rest` ends it)."""
    return clause(names, plain, rest, start=True)


def possessive(name: str, *, start: bool = False) -> str:
    """Whose: "Ann's", "your" ("Your" at the `start` of a sentence)."""
    if is_you(name):
        return "Your" if start else "your"
    return f"{name}'s"


def notice(message: str, ascii_only: bool = False) -> str:
    """A message for the message line or a notice, in one voice: a capital first letter, and cards written as
    the screen shows them (`Q♠`, or `QS` with ASCII cards)."""
    return capital(ascii_faces(message) if ascii_only else message)


def a_reset(rules: Ruleset) -> str:
    """The reset as `rules` name it (`resets.name`), with its article: "a lucky reset", "a sursis", "a reduction"."""
    name = rules.reset_name.strip()
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def reset_line(name: str, was: int, now: int, rules: Ruleset) -> str:
    """The reset of the total of the seat named `name`, as its table names it (the round's end, the log, the
    replay): "Ann's total lands on 100: a sursis takes it to 50."."""
    return f"{possessive(name, start=True)} total lands on {was}: {a_reset(rules)} takes it to {now}."


def turn_subject(name: str, *, timed_out: bool) -> str:
    """Who played a turn of the log, the seat named `name` (`timed_out`: a bot, for the seat, when its time ran out),
    as the log and the replay open its line, before "dropped Q♠": "Ann", "Your time ran out: a bot"."""
    return f"{possessive(name, start=True)} time ran out: a bot" if timed_out else name


def clock_line(name: str, news: ClockNews) -> str:
    """The turn clock's news of the seat named `name` (engine/clock.py), as every screen and the replay say it."""
    if news == "timeout":
        return f"{possessive(name, start=True)} time ran out: a bot played the turn."
    if news == "bot":
        return f"{possessive(name, start=True)} seat goes to a bot until {clause(name, 'act')} again."
    return sentence(name, "take", " the seat back from the bot.")


def seat_line(name: str, change: SeatChange, level: str | None = None) -> str:
    """A change the host made to the remote seat named `name` (net/host.py), as every screen and the replay say it."""
    if change == "handed":
        bot = "a bot" if level is None else f"a bot ({level})"
        return f"The host hands {possessive(name)} seat to {bot} until {clause(name, 'act')} again."
    if change == "given":
        return f"The host gives {possessive(name)} seat back: its turns wait for {subject(name)} again."
    return f"The host opens {possessive(name)} seat for someone else: it waits for a new player."


#: What the table says when the deck ran out and the pile under the previous drop became the new deck.
RESHUFFLED = "The deck ran out: the pile under the previous drop was shuffled into a new deck."
#: A pile with no card on it (a ruleset that turns no card up, before the first drop), as the pile's label says it.
PILE_EMPTY = "the pile is empty"
#: What the table's log says of such a pile.
EMPTY_PILE = f"{capital(PILE_EMPTY)}: nothing is dropped yet, so the first player takes from the deck."


def turn_parts(
    turn: Turn, players: Sequence[str], *, timed_out: bool = False, drawn: Card | None = None
) -> list[str | tuple[Card, ...]]:
    """One turn of the log as everyone at the table saw it, in parts: words, and the cards between them (each screen
    writes a card its own way), the subject first: "Ann", " dropped ", (7♠, 7♥), ", took ", (3♣,), " from the pile",
    "."; under the joker swap "Ann dropped 5♥, gave 6♥ for the joker in the run just dropped and took the joker."
    (`timed_out`: a bot played it for the seat; the card `drawn` from the deck named where every hand is face up:
    the replay)."""
    parts: list[str | tuple[Card, ...]] = [
        turn_subject(players[turn.seat], timed_out=timed_out),
        " dropped ",
        turn.drop,
    ]
    if turn.given is not None:
        parts += [", gave ", (turn.given,), " for the joker in the run just dropped and took the joker"]
    elif turn.take is None:
        parts += [", took from the deck"] if drawn is None else [", took ", (drawn,), " from the deck"]
    else:
        parts += [", took ", (turn.take,), " from the pile"]
    if turn.slapped is not None:
        parts += [", slapped down ", (turn.slapped,), " onto the drop"]
    return [*parts, "."]


def _points(n: int) -> str:
    return f"{n} point" if abs(n) == 1 else f"{n} points"


def _jacks_said(hand: Sequence[Card], rules: Ruleset) -> str:
    """How the jacks of a hand counted under the jack swing: ", its jacks at -2 each (5 or less that way)"; "" with
    no jack or no swing."""
    jack = [card for card in hand if card.rank == JACK and card not in rules.own_values]
    if not rules.jack_swing or not jack:
        return ""
    rest = hand_value([card for card in hand if card not in jack], rules)
    at_low = rest + len(jack) * rules.jack_low <= rules.swing_up_to
    each = rules.jack_low if at_low else rules.jack_high
    counted = f"its jack at {each}" if len(jack) == 1 else f"its jacks at {each} each"
    if at_low:
        return f", {counted} ({rules.swing_up_to} or less that way)"
    return f", {counted} (at {rules.jack_low} the hand would be more than {rules.swing_up_to})"


def call_line(result: RoundScore, players: Sequence[str], rules: Ruleset) -> str:
    """How the round ended: "Ann calls Yaniv with 3 and wins the round.", "Avi calls Yaniv with 5, but Ben Assafs
    with 5 (a tie Assafs here).", "Ann slaps down the last card of the hand and wins the round at once."."""
    caller = players[result.caller]
    value = result.values[result.caller]
    if rules.empty_hand == "wins_at_once" and result.hands[result.caller] == ():
        slapped = sentence(caller, "slap", " down the last card of the hand")
        return f"{slapped} and {verb(caller, 'win')} the round at once."
    called = sentence(caller, "call", f" Yaniv with {value}")
    tied = [players[seat] for seat in result.zeroed if seat != result.caller]
    if not result.assaf:
        won = f"{called} and {verb(caller, 'win')} the round"
        same = [players[seat] for seat, held in enumerate(result.values) if held == value and seat != result.caller]
        if tied:
            return f"{won}, tied with {subject(tied)}: {'both' if len(tied) == 1 else 'all'} score 0."
        if same and rules.assaf:
            return f"{won}: a tie with {subject(same)} does not Assaf here."
        return f"{won}."
    lowest = [players[seat] for seat in (result.assafers or result.zeroed)]
    low = min((result.values[players.index(name)] or 0) for name in lowest) if lowest else value
    tie = " (a tie Assafs here)" if low == value else ""
    if not rules.assaf:  # no Assaf at this table: the lowest hand scores 0, the caller adds theirs
        return f"{called}, but {clause(lowest, 'hold', f' a lower hand, {low}, and')} {verb(lowest, 'score')} 0."
    return f"{called}, but {clause(lowest, 'Assaf', f' with {low}')}{tie}."


def assaf_penalty(result: RoundScore, rules: Ruleset) -> int:
    """The points an Assafed caller adds this round beyond the hand (all they add, under a flat penalty); 0 with no
    Assaf, or none at this table."""
    added = result.added[result.caller]
    if not (result.assaf and rules.assaf) or added is None:
        return 0
    return added - ((result.values[result.caller] or 0) if rules.assaf_caller_adds_hand else 0)


def bonus_said(seat: int, result: RoundScore, rules: Ruleset) -> str:
    """The zero-hand bonus the seat takes this round: "20 off for 3 rounds won with a hand of 0"."""
    return f"{rules.bonus_points} off for {result.zero_wins[seat]} rounds won with a hand of 0"


def score_line(seat: int, result: RoundScore, players: Sequence[str], rules: Ruleset) -> str | None:
    """What one seat scores this round, in points, and its total before any reset: "Ben scores 0: the lowest hand.
    Total 20.", "Avi adds 5 for the hand and a 30-point penalty for the Assaf. Total 45."; None for a seat out."""
    hand = result.hands[seat]
    added = result.added[seat]
    if hand is None or added is None:
        return None
    name = players[seat]
    value = result.values[seat] or 0
    jacks = _jacks_said(hand, rules)
    before = {at: was for at, was, _ in result.resets}
    total = f" Total {before.get(seat, result.scores[seat])}."
    if seat == result.caller and result.assaf and rules.assaf:
        penalty = assaf_penalty(result, rules)
        if not rules.assaf_caller_adds_hand:
            return sentence(name, "add", f" a flat {_points(penalty)} for the Assaf, not the hand.{total}")
        if penalty > 0:
            said = f" {value} for the hand{jacks}, and a {penalty}-point penalty for the Assaf.{total}"
            return sentence(name, "add", said)
        return sentence(name, "add", f" {value} for the hand{jacks}.{total}")
    if seat in result.bonus:  # a round won with a hand of 0, and the bonus it brings
        took = f"{verb(name, 'take')} {bonus_said(seat, result, rules)}"
        return sentence(name, "score", f" 0: the lowest hand, and {took}.{total}")
    if seat in result.zeroed:
        return sentence(name, "score", f" 0: the lowest hand{jacks}.{total}")
    if added == 0 and value > 0:
        return sentence(name, "add", f" nothing: only the caller scores on an Assaf.{total}")
    if added < 0:
        return sentence(name, "take", f" {-added} off: the hand is worth {value}{jacks}.{total}")
    return sentence(name, "add", f" {added} for the hand{jacks}.{total}")


def out_line(seat: int, result: RoundScore, players: Sequence[str], rules: Ruleset) -> str:
    """A seat knocked out this round: "Cal is out with 205: more than 200."."""
    score = result.scores[seat]
    past = f"more than {rules.end_limit}" if rules.end_on == "above" else f"{rules.end_limit} or more"
    return sentence(players[seat], "be", f" out with {score}: {past}.")


def winners_line(result: RoundScore, players: Sequence[str], rules: Ruleset) -> str | None:
    """The game's end: "Cal has 104 or more: the game ends. Ann wins the game with 40.", "Ann and Ben share the win
    with 40: a tie for the lowest total."; None while it goes on."""
    if not result.game_over or not result.winners:
        return None
    past = [players[seat] for seat, score in enumerate(result.scores) if score is not None and rules.is_out(score)]
    ends = ""
    if rules.end_mode == "first_to_limit" and past:
        limit = f"more than {rules.end_limit}" if rules.end_on == "above" else f"{rules.end_limit} or more"
        ends = f"{capital(subject(past))} {verb(past, 'have')} {limit}: the game ends. "
    names = [players[seat] for seat in result.winners]
    score = result.scores[result.winners[0]]
    if len(names) == 1:
        return ends + sentence(names, "win", f" the game with {score}.")
    return ends + sentence(names, "share", f" the win with {score}: a tie for the lowest total.")


def round_lines(result: RoundScore, players: Sequence[str], rules: Ruleset) -> list[str]:
    """Every line the table says of a round's end, in order: how it ended, what each seat scores, each reset, who
    is out, and who won the game once it is over."""
    lines = [call_line(result, players, rules)]
    lines += [line for seat in range(len(players)) if (line := score_line(seat, result, players, rules)) is not None]
    lines += [reset_line(players[seat], was, now, rules) for seat, was, now in result.resets]
    lines += [out_line(seat, result, players, rules) for seat in result.eliminated]
    won = winners_line(result, players, rules)
    return lines if won is None else [*lines, won]
