"""Help: the keys of the screen you came from and the active rules in words, both generated."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from yaniv_tui.engine import Ruleset, parse_cards

from ..app_seam import game_app, notes_of
from ..colours import colour
from ..marks import in_ascii, mark
from ..rules_text import describe
from ..widgets.keybar import KeyBar
from .common import ScrollsBody, TooSmall, scroll_bindings
from .turn_actions import NO_HINT


def keys_table(screen: Screen[object], extra: list[Binding]) -> Table:
    """Every described binding of `screen` and the app, once each, with its shown key."""
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column("key", style=f"bold {colour('gold')}", no_wrap=True)
    table.add_column("does")
    seen: set[str] = set()
    app = screen.app
    for binding in [*Binding.make_bindings(getattr(screen, "BINDINGS", [])), *extra]:
        # Keys hidden from the footer are listed too; one row per thing a key does.
        # The key bar's words are short; a binding's tooltip, where it has one, says it whole.
        words = binding.tooltip or binding.description
        if binding.action == "quit":  # what quitting does now (a game saved, ...), as the bar's key and the palette say
            said = game_app(screen).quit_words()
            words = said[:1].lower() + said[1:]
        if not words or words in seen:
            continue
        if not _offered(screen, binding.action):
            continue  # a key this table never has (say, at a table of one screen)
        seen.add(words)
        key = binding.key_display or app.get_key_display(binding)
        ascii_only = game_app(screen).ascii_cards
        table.add_row(in_ascii(key, ascii_only), in_ascii(words, ascii_only))
    return table


#: What undo gives back, and what it cannot: a card drawn from the deck has been seen.
UNDO_TEXT = (
    "\nUndo (u, one human against bots) takes back your last move if it took a card from the pile, or kept or "
    "slapped down the card you drew, and says which. A move that drew the deck's card cannot be taken back: "
    "that card has been seen. Before you take, escape takes back the cards chosen to drop. The deck and the "
    "bots stay as they were, so the same move again gives the same game, and undo never shows a card you "
    "had not seen; what the bots showed you stays known."
)


#: What the table shows and offers beyond a move (said only over the table, each part only where it is offered),
#: its cards ({7S}) and marks ({dropped}) written as the table writes them (`marks_text`).
MARKS_TEXT = (
    "\nWhen your turn comes, each other seat shows what it did since your last move until you act: "
    "{dropped}{7S} {7H} dropped those cards, +{3C} took {3C} from the pile, +deck took the deck's card (never named). "
    "The log marks those turns with {news}."
)
SWAP_TEXT = (
    "\nThe joker swap: once your drop is chosen, j (or a click on the joker marked j inside the run just dropped) "
    "gives the card that joker stands for and takes the joker instead of a card (with more jokers inside the run, "
    "J swaps the second, then k, K, l and L, each the joker it marks, or a click on a joker swaps that one); a "
    "seat that swapped shows {dropped}{KS} {6H} +{JK} (dropped {KS}, gave {6H})."
)

SLAP_TEXT = (
    "\nThe slap-down: when the card you took from the deck may be dropped at once (the rules say when), the line "
    "over your hand says so: enter (or a click on that card) slaps it down, k keeps it. Either ends your turn; a "
    "seat that slapped shows {dropped}{7S} {7H} +deck (dropped {7S}, then slapped down {7H}, the deck's card)."
)


def marks_text(text: str, ascii_only: bool) -> str:
    """`text` with its cards' faces and the table's marks as the table shows them (in ASCII with ASCII cards)."""
    cards = {code: parse_cards(code)[0].face(ascii_only) for code in ("7S", "7H", "3C", "KS", "6H", "JK")}
    return text.format(**cards, dropped=mark("dropped", ascii_only), news=mark("news", ascii_only))


HINT_TEXT = (
    "\nA hint (h) asks the expert bot what it would play in your seat, from what you can see, and why; "
    "the stats mark a game won with hints."
)
CONCEDE_TEXT = (
    "\nConcede (c) hands your seat to a medium bot for the rest of the game. Once no one at this screen is "
    "left in (or in a game of bots only), w watches the rest and e skips to the end, played at once."
)

SEATS_TEXT = (
    "\nSeats and watchers (t, or the command palette; the host only): hand a remote seat to a bot of the level "
    "chosen (it plays at once if it is that seat's turn), give it back, open it for someone else (its token stops "
    "working; the seat waits for whoever joins with the code), or remove a watcher. A bot plays a handed seat until "
    "you give it back or its player is back: any key at their screen takes the seat back, as after the clock's "
    "timeouts."
)


#: The table's paragraphs that go with a key the table may not offer (a table joined from another machine).
AT_TABLE = (
    ("slap", SLAP_TEXT),
    ("swap", SWAP_TEXT),
    ("hint", HINT_TEXT),
    ("concede", CONCEDE_TEXT),
    ("seats", SEATS_TEXT),
)


def _offered(screen: Screen[object], action: str) -> bool:
    """Whether `screen` ever has the key for `action` (its name, without the parameters: `swap(1)` is the swap's)."""
    offers = getattr(screen, "offers", None)
    return offers is None or bool(offers(action.partition("(")[0]))


def _has(screen: Screen[object], action: str) -> bool:
    return any(binding.action == action for binding in Binding.make_bindings(getattr(screen, "BINDINGS", [])))


class HelpScreen(ScrollsBody[None], ModalScreen[None]):
    """Keys and rules over the current screen; escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,f1", "close", "close"),
        # The rules (and at a table the keys) run below a small screen's fold: the keys scroll both columns together.
        *scroll_bindings("scroll_body"),
    ]
    SCROLLED = "#help-keys, #help-rules"

    def __init__(self, under: Screen[object], rules: Ruleset | None, extra: list[Binding]) -> None:
        super().__init__(classes="dialog-screen")
        self.under = under
        self.rules = rules
        self.extra = extra

    def compose(self) -> ComposeResult:
        ascii_only = game_app(self).ascii_cards
        yield TooSmall()
        with Vertical(classes="dialog"):
            yield Static(Text("Help", style="bold"), classes="dialog-title")
            with Horizontal(id="help-columns"):
                with VerticalScroll(id="help-keys"):
                    yield Static(Text("Keys", style="bold underline"))
                    yield Static(keys_table(self.under, self.extra))
                    # A table where a seat is played here: not a watcher's (it plays no seat), nor a replay.
                    plays = _has(self.under, "drop") and _offered(self.under, "drop")
                    if _has(self.under, "hint") and plays:
                        yield Static(marks_text(MARKS_TEXT, ascii_only))
                        shown = (text for action, text in AT_TABLE if _offered(self.under, action))
                        yield from (Static(marks_text(text, ascii_only)) for text in shown)
                        if not _offered(self.under, "hint"):  # what `h` says at such a table
                            yield Static(f"\n{NO_HINT[:1].upper()}{NO_HINT[1:]}.")
                    if _has(self.under, "undo") and _offered(self.under, "undo"):
                        yield Static(UNDO_TEXT)
                    if field_keys := notes_of(self.under).FIELD_KEYS:
                        yield Static(in_ascii(field_keys, ascii_only))
                    if words := notes_of(self.under).WORDS:
                        yield Static(Text(in_ascii(words, ascii_only)))
                    mouse = (
                        "\nMouse: click cards to choose them (a click after enter chooses the drop again), then the "
                        "deck or a marked card to take it.\n"
                        if plays
                        else ""
                    )
                    yield Static(
                        f"{mouse}\nctrl+p opens the command palette: help, scores, ASCII cards, the bell, and themes "
                        "(the theme you choose is kept for the next start)."
                    )
                with VerticalScroll(id="help-rules"):
                    if self.rules is None:
                        # A screen with no rules in play says where they come from (the join screen: the host).
                        yield Static(notes_of(self.under).NO_RULES)
                    else:
                        yield Static(Text(f"The rules: {self.rules.name}", style="bold underline"))
                        lines = (f"{mark('bullet', ascii_only)} {line}" for line in describe(self.rules))
                        yield Static(Text(in_ascii("\n".join(lines), ascii_only)))
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.body_scrolls() if action == "scroll_body" else True

    def action_close(self) -> None:
        self.dismiss(None)
