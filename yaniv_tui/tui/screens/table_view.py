"""What the table shows, worked out from the game: each seat, whose turn, the hand's title, the prompt line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from yaniv_tui.engine import Card, Game, card_values, hand_value

from ..colours import colour
from ..session import Session
from ..widgets.cards import faces_text
from ..widgets.table import DeckView, HandView, PileView, SeatInfo, SeatPanel, TurnLog, turn_text
from ..words import clause, is_you, notice, possessive, sentence
from .turn_actions import Stage

if TYPE_CHECKING:
    from .table_state import TableState

#: The fewest turns the log shows, before it is laid out.
LOG_LINES = 3


def seat_infos(session: Session, viewer: int | None, thinking: int | None) -> list[SeatInfo]:
    """What everyone at the table knows of each seat, as `viewer` (or whoever plays) sees it."""
    game = session.game
    view = game.view(viewer if viewer is not None else game.current)
    return [
        SeatInfo(
            name=name,
            kind=session.options.seats[seat].describe(),
            score=view.scores[seat],
            cards=view.hand_sizes[seat],
            out=view.out[seat],
            playing=seat == game.current and not game.is_over,
            thinking=seat == thinking,
            you=seat == viewer,
            status=session.status(seat),
        )
        for seat, name in enumerate(game.players)
    ]


def round_opening(game: Game) -> Text | None:
    """The log's first line in a round after the first: who starts it."""
    if not game.history:
        return None
    last = game.history[-1]
    return Text(f"Round {game.round_no}: {clause(game.players[last.winner], 'start', '.')}", style="dim italic")


def hand_title(owner: str, hand: tuple[Card, ...], game: Game, fresh: Card | None, ascii_only: bool) -> Text:
    """The line over a hand: whose it is, its worth, whether it may call Yaniv, the card just taken."""
    rules = game.rules
    title = Text()
    if not hand:
        title.append(f"{owner} is empty", style="bold")
        title.append(": you slapped down your last card · call Yaniv (y)", style=f"bold {colour('good')}")
        return title
    value = hand_value(hand, rules)
    limit = rules.yaniv_limit
    title.append(owner, style="bold")
    title.append(f" · worth {value}", style="bold")
    if rules.may_call(value):
        title.append(f" · at {limit} or less you may call Yaniv (y)", style=f"bold {colour('good')}")
    else:
        title.append(f" · call Yaniv at {limit} or less", style="dim")
    if fresh is not None and fresh in hand:
        title.append(" · you took ", style="dim")
        title.append_text(faces_text([fresh], ascii_only))
    return title


def prompt_text(
    stage: Stage,
    game: Game,
    thinking: int | None,
    pass_and_play: bool,
    drop: tuple[Card, ...],
    ascii_only: bool,
    status: str = "",
) -> Text:
    """The line over the hand saying whose turn it is and, on yours, what to do next; `status` is the thinking
    seat's when it is remote (waiting, joined, away)."""
    name = game.players[game.current]
    text = Text()
    if stage == "wait":
        if thinking is not None and status in ("waiting", "away"):
            who = game.players[thinking]
            why = "nobody has joined that seat yet" if status == "waiting" else "they are away"
            text.append(f"Waiting for {who}: {why}.", style="italic")
        elif thinking is not None:
            text.append(sentence(game.players[thinking], "be", " thinking…"), style="italic")
        elif not game.is_over:
            text.append(f"{possessive(name, start=True)} turn.", style="italic")
        return text
    text.append("Your turn" if not pass_and_play or is_you(name) else f"Your turn, {name}", style="bold")
    text.append(": ")
    if stage == "choose" and not game.hand(game.current):
        text.append("your hand is empty, so you call Yaniv: press y.")
    elif stage == "choose":
        text.append("choose cards to drop (1-9, or ←→ and space), then enter.")
    elif stage == "take":
        text.append("dropping ")
        text.append_text(faces_text(list(drop), ascii_only))
        count = len(game.takeable)
        which = "1" if count == 1 else f"1-{count}"
        text.append(f". Take: 0/d the deck, or {which} a marked card.")
    elif stage == "slap":
        card = game.slap_card
        assert card is not None
        text.append("you took ")
        text.append_text(faces_text([card], ascii_only))
        text.append(", which matches your drop: enter slaps it down, k keeps it.")
    return text


def message_text(message: str, ascii_only: bool = False) -> Text | str:
    """Why the last key did nothing, in the colour of bad news; nothing when all is well."""
    return Text(notice(message, ascii_only), style=f"bold {colour('bad')}") if message else ""


def draw(table: TableState) -> None:
    """Show `table`'s game as it is now on its widgets (each redraws only what changed)."""
    game = table.game
    ascii_only = table.ascii_only
    join = table.session.join_command
    table.sub_title = f"{table.rules.name} · round {game.round_no}" + (f" · {join}" if join else "")
    for seat, info in enumerate(seat_infos(table.session, table.viewer, table.thinking)):
        table.query_one(f"#seat-{seat}", SeatPanel).show(info, ascii_only)
    view = game.view(table.viewer if table.viewer is not None else game.current)
    table.query_one(DeckView).show(view.deck_size, ascii_only, "0/d" if table.stage == "take" else "")
    table.query_one(PileView).show(view.previous_drop, view.previous_kind, view.takeable, ascii_only)
    log = table.query_one(TurnLog)
    room = max(LOG_LINES, log.size.height - 2)
    lines = [turn_text(turn, game.players, ascii_only) for turn in view.seen[-room:]]
    opening = round_opening(game)
    if len(lines) < room and opening is not None:
        lines.insert(0, opening)
    log.show(lines)
    draw_hand(table)
    status = table.session.status(table.thinking) if table.thinking is not None else ""
    prompt = prompt_text(table.stage, game, table.thinking, table.session.pass_and_play, table.drop, ascii_only, status)
    shown = (prompt.markup, table.message)
    if shown != table.shown_lines:
        table.shown_lines = shown
        table.query_one("#prompt", Static).update(prompt)
        table.query_one("#message", Static).update(message_text(table.message, ascii_only))


def draw_hand(table: TableState) -> None:
    """The viewer's hand, face up with each card's key and value, or why no hand is shown."""
    hand_view = table.query_one(HandView)
    game = table.game
    seat = table.viewer
    ascii_only = table.ascii_only
    if seat is not None and game.out[seat]:
        hand_view.show("You are out of this game: the others play on.", None, [], set(), None, ascii_only)
        return
    if seat is None or game.is_over:
        hand_view.show("No hand is shown: it is not yours to see.", None, [], set(), None, ascii_only)
        return
    hand = table.hand_of(seat)
    owner = f"{possessive(game.players[seat], start=True)} hand" if table.session.pass_and_play else "Your hand"
    title = hand_title(owner, hand, game, table.fresh.get(seat), ascii_only)
    if not hand:
        hand_view.show(title, hand, [], set(), None, ascii_only)
        return
    cursor = table.cursor if table.stage == "choose" else None
    hand_view.show(title, hand, list(card_values(hand, game.rules)), set(table.chosen), cursor, ascii_only)
