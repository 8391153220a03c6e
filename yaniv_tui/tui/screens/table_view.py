"""What the table shows, worked out from the viewer's `PlayerView` (never the whole game): each seat, whose turn,
the hand's title, the prompt line."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

from yaniv_tui.engine import Card, PlayerView, Ruleset, Turn, card_values, hand_value
from yaniv_tui.table.client_session import AT_THE_HOST
from yaniv_tui.table.session import TableSession
from yaniv_tui.table.words import EMPTY_PILE, RESHUFFLED, clause, is_you, notice, possessive, sentence

from ..colours import colour
from ..marks import in_ascii, mark, text_in_ascii
from ..widgets.cards import faces_text
from ..widgets.table import (
    DeckView,
    HandView,
    PileView,
    SeatInfo,
    SeatPanel,
    TurnLog,
    compact_name_room,
    scores_width,
    turn_text,
)
from .turn_actions import SWAP_KEYS, Stage, shown_order, swap_keys, swaps_for

if TYPE_CHECKING:
    from .table_state import TableState

#: The width a seat's box needs: narrower than that, the seats are shown on one line each.
BOX_WIDTH = 18
#: How many compact seat lines share a row.
COMPACT_COLUMNS = 2


def since_last_move(seen: Sequence[Turn], seat: int) -> int:
    """Where in this round's turns the turns since `seat`'s last move begin: 0 if it has not moved this round."""
    for index in range(len(seen) - 1, -1, -1):
        if seen[index].seat == seat:
            return index + 1
    return 0


def news_for(table: TableState, view: PlayerView) -> int | None:
    """While a human at this screen is to act: where the turns since their last move begin (marked on the
    seats and in the log until they act); None otherwise."""
    seat = table.viewer
    if seat is None or table.stage == "wait" or seat != view.current:
        return None
    return since_last_move(view.seen, seat)


def seat_infos(
    view: PlayerView,
    session: TableSession,
    viewer: int | None,
    thinking: int | None,
    news_from: int | None = None,
    time_left: float | None = None,
    ascii_only: bool = False,
) -> list[SeatInfo]:
    """What everyone at the table knows of each seat, as `viewer` (or whoever plays) sees it; with each seat's
    last turn from `news_from` on in this round, if given, and the seconds `time_left` of the turn's clock."""
    left = None if time_left is None or view.phase == "over" else math.ceil(time_left)
    lately: dict[int, Turn] = {}
    if news_from is not None:
        lately = {turn.seat: turn for turn in view.seen[news_from:] if turn.seat != viewer}
    return [
        SeatInfo(
            name=name,
            kind=seat_kind(session, seat, ascii_only),
            score=view.scores[seat],
            cards=view.hand_sizes[seat],
            out=view.out[seat],
            playing=seat == view.current and view.phase != "over",
            thinking=seat == thinking,
            you=seat == viewer,
            status=session.status(seat),
            lately=lately.get(seat),
            conceded=seat in session.meta.conceded,
            time_left=left if seat == view.current else None,
        )
        for seat, name in enumerate(view.players)
    ]


def seat_kind(session: TableSession, seat: int, ascii_only: bool = False) -> str:
    """Who plays the seat now: "human", "medium bot", ..., or "conceded · bot" for a person who conceded (a plain
    bot plays it out)."""
    if seat in session.meta.conceded:
        return f"conceded {mark('dot', ascii_only)} bot"
    return session.options.seats[seat].describe()


def compact_name_width(view: PlayerView, width: int) -> int:
    """0 when every seat's box fits across `width`, else the width of the names on compact seat lines."""
    names = view.players
    widest = max(cell_len(name) for name in names)  # in terminal cells: a CJK character takes two
    need = max(BOX_WIDTH, widest + 12, view.rules.hand_size + 9)
    if need * len(names) <= width:
        return 0
    return widest


def log_lines(
    view: PlayerView, reshuffled_after: list[int], news_from: int | None, ascii_only: bool, timed_out: list[int]
) -> list[Text]:
    """Every line of this round's log: who started it, an empty pile, each turn (those since your last move marked
    ▸; `timed_out`: the turns, counted from 1, a bot played for a seat whose time ran out), and each time the pile
    was shuffled into a new deck (`reshuffled_after`: after how many turns)."""
    lines: list[Text] = []
    opening = round_opening(view)
    if opening is not None:
        lines.append(opening)
    if not view.seen and not view.previous_drop:
        lines.append(Text(EMPTY_PILE, style="dim italic"))
    for index, turn in enumerate(view.seen):
        line = turn_text(turn, view.players, ascii_only, timed_out=index + 1 in timed_out)
        if news_from is not None and index >= news_from:
            line = Text.assemble(Text(f"{mark('news', ascii_only)} ", style=f"bold {colour('gold')}"), line)
        lines.append(line)
        lines.extend(Text(RESHUFFLED, style="dim italic") for _ in range(reshuffled_after.count(index + 1)))
    return lines


def round_opening(view: PlayerView) -> Text | None:
    """The log's first line in every round: who starts it, as the table shows it (the round's first turn, or whose
    turn it is before any), whatever rule chose them; None once the game is over."""
    if view.phase == "over":
        return None
    first = view.players[view.seen[0].seat if view.seen else view.current]
    return Text(f"Round {view.round_no}: {clause(first, 'start', '.')}", style="dim italic")


def hand_title(owner: str, hand: tuple[Card, ...], rules: Ruleset, fresh: Card | None, ascii_only: bool) -> Text:
    """The line over a hand: whose it is, its worth, whether it may call Yaniv, the card just taken."""
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
    view: PlayerView,
    thinking: int | None,
    pass_and_play: bool,
    drop: tuple[Card, ...],
    ascii_only: bool,
    status: str = "",
    conceded: bool = False,
    handed: bool = False,
    yours_handed: bool = False,
) -> Text:
    """The line over the hand saying whose turn it is and, on yours, what to do next; `status` is the thinking
    seat's when a person plays it elsewhere (waiting, joined, away; at a joined screen, "at the host"), "" for a
    bot; `conceded`, that its person conceded and a bot plays it; `handed`, that a bot plays the seat (this
    screen's since its clock ran out, until a key is pressed; a remote one until its player acts or is given it);
    `yours_handed`, that a bot plays this screen's own seat (a joined seat whose clock ran out, or that its host
    handed to a bot), whoever's turn it is: on its own, the host's bot plays it, until the host says the seat is its
    player's again. Past "wait", `view` is the seat to play's."""
    players = view.players
    name = players[view.current]
    text = Text()
    if yours_handed:
        text.append("A bot plays your seat for now: any key takes it back.", style="italic")
        return text
    if stage == "wait":
        if thinking is not None and handed and status and status != AT_THE_HOST:
            # A remote seat its host (or its clock) handed to a bot: the bot plays, whether its player is here or not.
            who = players[thinking]
            text.append(f"A bot plays {possessive(who)} seat until {clause(who, 'act')} again…", style="italic")
        elif thinking is not None and status in ("waiting", "away"):
            who = players[thinking]
            why = "nobody has joined that seat yet" if status == "waiting" else "they are away"
            text.append(f"Waiting for {who}: {why}.", style="italic")
        elif thinking is not None and status:
            # A person plays it at another screen: not "thinking", which is said of a bot at work.
            where = "at the host" if status == AT_THE_HOST else "on another machine"
            text.append(f"{possessive(players[thinking], start=True)} turn {where}.", style="italic")
        elif thinking is not None and conceded:
            text.append(f"A bot plays {possessive(players[thinking])} seat…", style="italic")
        elif thinking is not None and handed:
            seat = possessive(players[thinking])
            text.append(f"A bot plays {seat} seat (the clock ran out): any key takes it back.", style="italic")
        elif thinking is not None:
            text.append(sentence(players[thinking], "be", " thinking…"), style="italic")
        elif view.phase != "over":
            text.append(f"{possessive(name, start=True)} turn.", style="italic")
        return text
    text.append("Your turn" if not pass_and_play or is_you(name) else f"Your turn, {name}", style="bold")
    text.append(": ")
    if stage == "choose" and not view.hand:
        text.append("your hand is empty, so you call Yaniv: press y.")
    elif stage == "choose":
        text.append("choose cards to drop (1-9, or ←→ and space), then enter.")
    elif stage == "take":
        text.append("dropping ")
        text.append_text(faces_text(list(drop), ascii_only))
        count = len(view.takeable)
        which = "1" if count == 1 else f"1-{count}"
        # The cards the keys give for the jokers marked with them (past the keys, a click on a joker swaps it);
        # with a swap to say, the deck's words are shorter, so that the line fits.
        keyed = list(zip(SWAP_KEYS, swaps_for(view, drop), strict=False))
        deck = "0/d deck" if keyed else "0/d the deck"
        text.append(f". Take: {deck}, or {which} a marked card" if count else f". Take: {deck}")
        if keyed:
            text.append(f"; or {'/'.join(key for key, _ in keyed)} {'gives' if len(keyed) == 1 else 'give'} ")
            for n, (_, given) in enumerate(keyed):
                text.append("/" if n else "")
                text.append_text(faces_text([given], ascii_only))
            text.append(" for the joker" if len(keyed) == 1 else " for the jokers")
        text.append(".")
    elif stage == "slap":
        card = view.slap_card
        assert card is not None
        text.append("you took ")
        text.append_text(faces_text([card], ascii_only))
        text.append(", which matches your drop: enter slaps it down, k keeps it.")
    return text


def message_text(message: str, ascii_only: bool = False, tip: str = "") -> Text | str:
    """Why the last key did nothing, in the colour of bad news; else a tip (a hint), in the colour of advice;
    nothing when all is well."""
    if message:
        return Text(in_ascii(notice(message, ascii_only), ascii_only), style=f"bold {colour('bad')}")
    return Text(in_ascii(notice(tip, ascii_only), ascii_only), style=f"bold {colour('gold')}") if tip else ""


def header(session: TableSession, view: PlayerView) -> list[str]:
    """The title bar's words for the table: the rules and the round, "you watch" at a watcher's screen, the command
    friends join with (at the host's), and how many watch ("2 watching"), when anyone does."""
    words = [f"{view.rules.name}", f"round {view.round_no}"]
    join = session.join_command
    if session.is_watcher:
        words.append("you watch")
    if join:
        words.append(join)
    if session.watchers:
        words.append(f"{session.watchers} watching")
    return words


def draw(table: TableState) -> None:
    """Show the table as its viewer may see it now (`Session.view`: no hand while no one's may be seen) on its
    widgets (each redraws only what changed)."""
    view = table.session.view(table.viewer)
    ascii_only = table.ascii_only
    table.sub_title = " · ".join(header(table.session, view))
    news_from = news_for(table, view)
    draw_seats(table, view, news_from)
    table.query_one(DeckView).show(view.deck_size, ascii_only, "0/d" if table.stage == "take" else "")
    swaps = swap_keys(view, table.drop) if table.stage == "take" else None
    table.query_one(PileView).show(view.previous_drop, view.previous_kind, view.takeable, ascii_only, swaps)
    table.query_one(TurnLog).show(log_lines(view, table.reshuffled_after, news_from, ascii_only, table.timed_out))
    draw_hand(table, view)
    status = table.session.status(table.thinking) if table.thinking is not None else ""
    conceded = table.thinking in table.session.meta.conceded
    handed = table.thinking is not None and table.session.handed(table.thinking)
    yours = table.viewer is not None and table.viewer != table.thinking and table.session.handed(table.viewer)
    pass_and_play = table.session.pass_and_play
    prompt = text_in_ascii(
        prompt_text(
            table.stage, view, table.thinking, pass_and_play, table.drop, ascii_only, status, conceded, handed, yours
        ),
        ascii_only,
    )
    shown = (prompt.markup, table.message, table.tip)
    if shown != table.shown_lines:
        table.shown_lines = shown
        table.query_one("#prompt", Static).update(prompt)
        table.query_one("#message", Static).update(message_text(table.message, ascii_only, table.tip))


def draw_seats(table: TableState, view: PlayerView, news_from: int | None) -> None:
    """Each seat in its box, or on one line each when the boxes would not fit across the screen."""
    players = view.players
    name_width = compact_name_width(view, table.size.width - 2)
    seats = table.query_one("#seats")
    seats.set_class(bool(name_width), "-compact")
    seats.styles.height = -(-len(players) // COMPACT_COLUMNS) if name_width else None
    time_left = table.runner.time_left()
    infos = list(seat_infos(view, table.session, table.viewer, table.thinking, news_from, time_left, table.ascii_only))
    scores = scores_width(infos)
    width = table.query_one("#seat-0", SeatPanel).content_size.width
    if name_width and width:
        # One name column for every line: a seat whose move needs room narrows it on all of them, not its own.
        name_width = min(compact_name_room(info, table.ascii_only, name_width, width, scores) for info in infos)
    for seat, info in enumerate(infos):
        table.query_one(f"#seat-{seat}", SeatPanel).show(info, table.ascii_only, name_width, scores)


def no_hand_line(session: TableSession, view: PlayerView) -> str:
    """Why no hand is shown: everyone of this screen conceded (a bot plays their seats out), or it is not the
    viewer's to see (a watcher's, between turns, the game over)."""
    conceded = sorted(session.meta.conceded)
    if conceded and not session.humans_in and not session.is_watcher and view.phase != "over":
        from yaniv_tui.table.players import CONCEDED_LEVEL

        names = " and ".join(view.players[seat] for seat in conceded)
        seats = "the seat" if len(conceded) == 1 else "each seat"
        return f"No hand is shown: {names} conceded, and a {CONCEDED_LEVEL} bot plays {seats} out."
    return "No hand is shown: it is not yours to see."


def draw_hand(table: TableState, view: PlayerView) -> None:
    """The viewer's hand (`view`'s own), face up with each card's key and value, or why no hand is shown."""
    hand_view = table.query_one(HandView)
    seat = table.viewer
    ascii_only = table.ascii_only
    if seat is not None and view.out[seat]:
        hand_view.show("You are out of this game: the others play on.", None, [], (), None, ascii_only)
        return
    if seat is None or seat != view.seat or view.phase == "over":
        hand_view.show(no_hand_line(table.session, view), None, [], (), None, ascii_only)
        return
    hand = shown_order(view.hand, table.sort_by)
    owner = f"{possessive(view.players[seat], start=True)} hand" if table.session.pass_and_play else "Your hand"
    title = text_in_ascii(hand_title(owner, hand, view.rules, table.fresh.get(seat), ascii_only), ascii_only)
    if not hand:
        hand_view.show(title, hand, [], (), None, ascii_only)
        return
    cursor = table.cursor if table.stage == "choose" else None
    values = list(card_values(hand, view.rules))
    hand_view.show(title, hand, values, table.chosen, cursor, ascii_only, hand_keys(table, view, hand))


def hand_keys(table: TableState, view: PlayerView, hand: tuple[Card, ...]) -> dict[int, str] | None:
    """The keys the hand's cards show: their digits while those choose cards (None), else none; at a slap-down
    offer, ⏎ on the card drawn (enter, or a click on it, slaps it down), its edge lit; with ASCII cards, the edge
    alone (a card's edge has room for two cells: "enter" was cut to "e…"). Once the drop is chosen the digits take
    the pile's marked cards: a digit on a card of the hand would say another card."""
    if table.stage == "choose":
        return None
    if table.stage == "slap" and view.slap_card in hand:
        return {hand.index(view.slap_card): "" if table.ascii_only else mark("enter")}
    return {}
