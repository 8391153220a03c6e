"""Sentences about players: a name as the subject with its verb agreeing ("Ann wins", "you win", "Ann and Ben
win"), a name's possessive, and a message put in the screen's voice and card notation.

The default human is named "You", and a player may type that name too: such a seat is spoken to, in the
second person, wherever a name is the subject. No Textual here, so the headless table can say the same words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from yaniv_tui.engine import Ruleset
from yaniv_tui.engine.cards import ascii_faces
from yaniv_tui.engine.clock import ClockNews
from yaniv_tui.engine.names import name_key

if TYPE_CHECKING:
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
    return "You" + text[3:] if start and text.startswith("you") else text


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
