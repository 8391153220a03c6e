"""The setup screen: choose the house rules, seat humans and bots, pick the limits and a seed, start."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from yaniv_tui.engine import DEFAULT_RULESET, Ruleset
from yaniv_tui.engine.names import unnamed_seat
from yaniv_tui.engine.ruleset import end_limit_range
from yaniv_tui.store import SavedGame, all_rulesets
from yaniv_tui.store.userrules import GROUP_HEADINGS, USER_GROUP
from yaniv_tui.table.launch_options import LaunchOptions
from yaniv_tui.table.options import (
    MAX_SEED_DIGITS,
    GameOptions,
    OptionsError,
    Seat,
    YouAmongOthers,
    check_name,
    check_seats,
    choose_limits,
    finish_seats,
    read_seed,
)

from ..app_seam import ScreenNotes, game_app
from ..colours import colour
from ..marks import in_ascii, mark, text_in_ascii
from ..rules_text import describe, source_line
from ..widgets.choice import Choice
from ..widgets.form import FormButton, FormInput
from ..widgets.keybar import KeyBar
from .common import StyledOnce, TooSmall
from .setup_saved import SetupSaved
from .setup_seats import (
    HUMAN,
    NAME_CHARACTERS,
    REMOTE,
    FieldScroll,
    RulesBox,
    RulesetList,
    SeatLine,
    SeatRow,
    load_presets,
    next_field,
)

#: The turn clocks a hosted table's setup offers, in seconds (0: none); `--turn-seconds` may give another.
TURN_CLOCKS = (0, 15, 30, 60, 120)


def clock_choices(given: int | float | None) -> list[tuple[str, int]]:
    """The turn clock's choices on the setup screen: none, the usual ones, and the one `--turn-seconds` gave."""
    seconds = sorted({*TURN_CLOCKS, *([int(given)] if given else [])})
    return [("off" if each == 0 else f"{each} s", each) for each in seconds]


#: What the seed and an end score take as typed: digits (a sign or a letter is refused as typed).
DIGITS = r"[0-9]*"

__all__ = ["HUMAN", "NAME_CHARACTERS", "SeatRow", "SetupScreen", "load_presets"]


#: The buttons' labels with a mark (written in ASCII with ASCII cards).
REMOVE_SEAT = "− seat"
EDIT_RULES = "Edit rules…"


class SetupScreen(StyledOnce, ScreenNotes, SetupSaved):
    """Choose a game; dismissed with a new game's options, or the saved game to continue.

    Focus starts on the ruleset list, with or without a saved game; enter there starts the highlighted rules
    with the defaults: one human against two bots. ↑↓ move between fields as tab does wherever a field has no
    use for them (↓ past the last rules too), at every size: the fields scroll, Start and its row stay in view.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "start", "start"),
        # The screen's keys win in a name or number field too, over Input's own ctrl+a (home), ctrl+d (delete
        # right) and ctrl+e (end): home, delete and end do those there (the help says so: FIELD_KEYS).
        Binding("ctrl+a", "add_seat", "+ seat", priority=True),
        Binding("ctrl+d", "remove_seat", "− seat", priority=True),
        Binding("ctrl+r", "continue_game", "continue"),
        Binding("ctrl+o", "saved_games", "saved games"),
        Binding("ctrl+t", "stats", "stats"),
        # A browser keeps ctrl+t for a new tab and never hands it to a page (`yaniv serve`): a page offers ctrl+g.
        Binding("ctrl+g", "stats_in_page", "stats"),
        Binding("ctrl+e", "house_rules", "edit rules", priority=True),
        # ↑↓ move between the fields as tab does (`app.py`), and as quickly: bound first (priority), the focus moves
        # before the keys typed behind them reach the field left. In the ruleset list they are the list's own.
        Binding("down", "next_field", "next field", show=False, priority=True),
        Binding("up", "previous_field", "previous field", show=False, priority=True),
    ]
    AUTO_FOCUS = "#presets"
    #: What the help says of the keys in a field, where a text field's own keys meet the screen's.
    FIELD_KEYS: ClassVar[str] = (
        "\nA name or number field reached by tab or the arrows has its text selected: what is typed replaces it "
        "(end first keeps it, to type after it). In a field: ctrl+a, ctrl+d and ctrl+e add a seat, remove one and "
        "edit the rules, as everywhere on this screen; home moves to the start, end to the end, and delete deletes. "
        "shift+arrows select, ctrl+w deletes a word, ctrl+c, ctrl+x and ctrl+v copy, cut and paste. "
        "? and q are letters in a name: f1 is help there.\n"
        "The rules' text under the list, where it runs past its box, is a stop for tab (and a click): ↑↓ scroll it a "
        "line, page up and down a page, home and end to its ends; ↓ at its end goes on to the seats."
    )
    #: What the seats' figures mean: a bot's rating, from the ladder (`ratings.py`), beside its level.
    WORDS: ClassVar[str] = (
        "\nThe ≈ number beside a bot's level is its rating, from the bots' games against each other "
        "(yaniv sim --ladder): the higher, the stronger."
    )

    def __init__(self, launch: LaunchOptions | None = None, *, hosting: bool = False) -> None:
        super().__init__(classes="setup")
        self.launch = LaunchOptions() if launch is None else launch
        self.notices = self.launch.notices
        #: `yaniv host`: a seat may be played from another machine.
        self.hosting = hosting
        self.presets, self.groups, self.bad_rulesets = load_presets(self.launch.ruleset)
        wanted = self.launch.ruleset or DEFAULT_RULESET
        self.ruleset_id = wanted if wanted in self.presets else next(iter(self.presets))
        self.seats: list[Seat] = list(self.launch.seats)
        rules = self.rules
        self.count = max(rules.min_players, min(len(self.seats), rules.max_players))
        #: The games in progress, newest first; Continue goes back to the newest not open in another yaniv.
        self.games: list[SavedGame] = []
        self.saved: SavedGame | None = None
        #: Damaged saves moved aside, finished games recorded late: a line each.
        self.save_problem = ""
        #: The rows only some rules need, built the first time (kept here, not looked up: a row being mounted
        #: is not found yet, and keys faster than the screen would build it twice).
        self.end_field: Input | None = None
        self.hand_field: Choice[int] | None = None
        self.load_saves()

    @property
    def rules(self) -> Ruleset:
        return self.presets[self.ruleset_id]

    def yaniv_choices(self) -> list[tuple[str, int]]:
        return [(f"{n} or less", n) for n in self.rules.yaniv_limit_choices]

    def end_choices(self) -> list[tuple[str, int]]:
        return [(str(n), n) for n in self.rules.end_limit_choices]

    def hand_choices(self) -> list[tuple[str, int]]:
        return [(f"{n} cards", n) for n in self.rules.hand_sizes]

    def title_text(self) -> Text:
        return Text.assemble(("Yaniv", "bold"), f" {mark('dot', game_app(self).ascii_cards)} a new game")

    def show_marks(self) -> None:
        """Write again each text of the screen that holds a mark, in ASCII or not: ASCII cards were switched (from
        the command palette) while the screen is open."""
        ascii_only = game_app(self).ascii_cards
        self.query_one("#setup-title", Static).update(self.title_text())
        self.query_one("#setup-hint", Static).update(self.hint_text())
        self.query_one("#preset-rules", Static).update(self.rules_summary())
        self.query_one("#remove-seat", Button).label = in_ascii(REMOVE_SEAT, ascii_only)
        self.query_one("#house-rules", Button).label = in_ascii(EDIT_RULES, ascii_only)
        self.show_saved_marks()

    def compose(self) -> ComposeResult:
        ascii_only = game_app(self).ascii_cards
        yield TooSmall("the setup screen")
        yield Static(self.title_text(), id="setup-title")
        with Horizontal(id="setup-body"):
            with Vertical(id="presets-box"):
                yield Static("House rules", classes="section")
                yield RulesetList(*self.preset_options(), id="presets")
                if self.bad_rulesets:
                    lines = [entry.not_loaded for entry in self.bad_rulesets]
                    yield Static(Text("\n".join(lines), style=f"{colour('bad')}"), id="bad-rulesets")
                yield Static(self.hint_text(), id="setup-hint")
                with RulesBox(id="preset-rules-box"):
                    yield Static(self.rules_summary(), id="preset-rules")
            with Vertical(id="setup-side-box"):
                with FieldScroll(id="setup-side", can_focus=False):
                    yield from self.compose_saved()
                    yield Static("Seats", classes="section")
                    for index in range(self.count):
                        yield SeatLine(index, self.seat_at(index), remote=self.hosting)
                    with Horizontal(id="seat-buttons"):
                        full, fewest = self.count >= self.rules.max_players, self.count <= self.rules.min_players
                        yield FormButton("+ seat", id="add-seat", compact=True, action="screen.add_seat", disabled=full)
                        yield FormButton(
                            in_ascii(REMOVE_SEAT, ascii_only),
                            id="remove-seat",
                            compact=True,
                            action="screen.remove_seat",
                            disabled=fewest,
                        )
                    yield Static("Limits", classes="section")
                    yaniv, end, typed, hand = self.limits_wanted(first=True)
                    yield Choice(self.yaniv_choices(), value=yaniv, label="Call Yaniv at", id="yaniv-limit")
                    yield Choice(self.end_choices(), value=end, label="End score", id="end-limit")
                    if self.rules.end_limit_any:
                        yield self.end_typed(typed)
                    if len(self.rules.hand_sizes) > 1:
                        yield self.hand_size(hand)
                    seed = self.launch.seed
                    seed_text = "" if seed is None else str(seed)
                    yield labelled("Seed", digits_field(seed_text, "random", id="seed", most=MAX_SEED_DIGITS))
                    if self.hosting:
                        clock = self.launch.turn_seconds
                        yield Choice(clock_choices(clock), value=int(clock or 0), label="Turn clock", id="turn-clock")
                # Below the fields, never scrolled away: what went wrong, and Start.
                yield Static("", id="setup-error")
                with Horizontal(id="start-row"):
                    yield FormButton("Start", id="start", variant="success", action="screen.start")
                    yield FormButton("Stats", id="stats", tooltip="ctrl+t: every player's record", action="app.stats")
                    yield FormButton(
                        in_ascii(EDIT_RULES, ascii_only),
                        id="house-rules",
                        tooltip="ctrl+e: change these rules, save as your own",
                        action="screen.house_rules",
                    )
        yield KeyBar()

    @property
    def mine(self) -> set[str]:
        """The ids of the user's own rulesets (marked in the list)."""
        return {ruleset_id for ruleset_id, group in self.groups.items() if group == USER_GROUP}

    def preset_options(self) -> list[Option]:
        """One option per loadable ruleset, by name, the user's own marked, each group under its heading: a
        disabled option, which the keys and a click pass over (the highlighted ruleset is described below the
        list)."""
        options: list[Option] = []
        heading = ""
        for ruleset_id, rules in self.presets.items():
            group = self.groups[ruleset_id]
            if group != heading:
                heading = group
                options.append(Option(Content(GROUP_HEADINGS[group]), disabled=True))
            dot = mark("dot", game_app(self).ascii_cards)
            yours = (f"  {dot} your file", f"{colour('gold')}") if group == USER_GROUP else ""
            options.append(Option(Text.assemble((rules.name, "bold"), yours), id=ruleset_id))
        return options

    # Built as they are first shown, not filled in once mounted: each change after that would lay out and
    # draw the screen again before it is first shown.

    def rules_summary(self) -> Text:
        """The highlighted rules, whole: their name, what they are, their source, then a line per rule (at 80×24
        the box shows the first four lines: the name and its description)."""
        rules = self.rules
        summary = Text()
        summary.append(rules.name, style="bold")
        if rules.description:
            summary.append(f"\n{rules.description}", style="italic")
        if rules.source:
            summary.append(f"\n{source_line(rules)}")
        for line in describe(rules):
            summary.append(f"\n• {line}")
        return text_in_ascii(summary, game_app(self).ascii_cards)

    def limits_wanted(self, first: bool = False) -> tuple[int, int, str, int]:
        """The limits to show for the highlighted rules: the call, the end score (chosen, and typed when the
        rules take any), the hand size. At first, those given on the command line, where these rules offer
        them; else the rules' own."""
        rules = self.rules
        given = self.launch if first else LaunchOptions()
        wanted = given.yaniv_limit
        yaniv = wanted if wanted in rules.yaniv_limit_choices else rules.yaniv_limit
        wanted = given.end_limit
        typed = ""
        if wanted in rules.end_limit_choices:
            end = wanted
        else:
            end = rules.end_limit if rules.end_limit in rules.end_limit_choices else rules.end_limit_choices[0]
            if rules.end_limit_any and wanted is not None:
                typed = str(wanted)
        wanted = given.hand_size
        hand = wanted if wanted in rules.hand_sizes else rules.hand_size
        return yaniv, end, typed, hand

    def end_typed(self, value: str) -> Horizontal:
        """The row for any end score: only for rules that take one (end.any_limit)."""
        low, high = end_limit_range()
        field = digits_field(value, "any end score", id="end-typed", most=len(str(high)))
        field.tooltip = f"any end score from {low} to {high}"
        self.end_field = field
        return labelled("  or type", field)

    def hand_size(self, hand: int) -> Choice[int]:
        """The hand size: a row only for rules that offer more than one (deck.hand_size_choices)."""
        self.hand_field = Choice(self.hand_choices(), value=hand, label="Hand size", id="hand-size")
        return self.hand_field

    def on_mount(self) -> None:
        self.watch(self.app, "ascii_cards", lambda _: self.show_marks(), init=False)
        presets = self.query_one("#presets", OptionList)
        presets.highlighted = presets.get_option_index(self.ruleset_id)

    # -- the chosen preset ----------------------------------------------------------------

    @on(OptionList.OptionHighlighted, "#presets")
    def preset_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id and event.option.id != self.ruleset_id:
            self.ruleset_id = event.option.id
            # The list's first highlight can pass over another ruleset at mount: the command line's limits and
            # hand size still hold for the ruleset it named.
            self.show_rules(first=event.option.id == self.launch.ruleset)

    @on(OptionList.OptionSelected, "#presets")
    def preset_selected(self) -> None:
        self.query_one("#start", Button).focus()  # a click chose the rules; enter starts (RulesetList)

    def show_rules(self, first: bool = False) -> None:
        """Fit the seats and limit choices to the highlighted preset."""
        rules = self.rules
        self.query_one("#preset-rules", Static).update(self.rules_summary())
        self.count = max(rules.min_players, min(self.count, rules.max_players))
        self.show_seats()
        yaniv_value, end_value, typed_value, hand_value = self.limits_wanted(first)
        yaniv: Choice[int] = self.query_one("#yaniv-limit", Choice)
        yaniv.set_choices(self.yaniv_choices())
        yaniv.value = yaniv_value
        end: Choice[int] = self.query_one("#end-limit", Choice)
        end.set_choices(self.end_choices())
        end.value = end_value
        # Each is built the first time some rules need it, then shown or hidden.
        if self.end_field is None and rules.end_limit_any:
            self.query_one("#setup-side").mount(self.end_typed(typed_value), after="#end-limit")
        elif self.end_field is not None:
            if self.end_field.parent is not None:
                self.end_field.parent.display = rules.end_limit_any
            self.end_field.value = typed_value
        if self.hand_field is None and len(rules.hand_sizes) > 1:
            self.query_one("#setup-side").mount(self.hand_size(hand_value), before="#seed-row")
        elif self.hand_field is not None:
            self.hand_field.display = len(rules.hand_sizes) > 1
            self.hand_field.set_choices(self.hand_choices())
            self.hand_field.value = hand_value
        self.query_one("#setup-error", Static).update("")

    def seat_at(self, index: int) -> Seat:
        """The seat shown in row `index`: as given or typed before, else a new player."""
        return self.seats[index] if index < len(self.seats) else Seat.person(unnamed_seat(index))

    def show_seats(self) -> None:
        """Mount or remove seat rows to match the count (rows are built only when needed: startup is faster)."""
        rows = list(self.query(SeatRow))
        side = self.query_one("#setup-side")
        for index in range(len(rows), self.count):
            side.mount(SeatLine(index, self.seat_at(index), remote=self.hosting), before="#seat-buttons")
        for line in list(self.query(SeatLine))[self.count :]:
            line.remove()
        rules = self.rules
        self.query_one("#add-seat", Button).disabled = self.count >= rules.max_players
        self.query_one("#remove-seat", Button).disabled = self.count <= rules.min_players

    def action_add_seat(self) -> None:
        """One seat more, or (at the rules' most) why not, above Start: the key is in the bar either way."""
        if self.count < self.rules.max_players:
            self.count += 1
            self.show_seats()
            self.say_problem("")
        else:
            self.say_problem(f"The {self.rules.name} rules seat at most {self.rules.max_players} players")

    def action_remove_seat(self) -> None:
        """One seat fewer, or (at the rules' fewest) why not."""
        if self.count > self.rules.min_players:
            self.remember_seats()
            self.count -= 1
            self.show_seats()
            self.say_problem("")
        else:
            self.say_problem(f"The {self.rules.name} rules seat at least {self.rules.min_players} players")

    def say_problem(self, line: str) -> None:
        """What is wrong, in the line above Start (nothing: all is well)."""
        self.query_one("#setup-error", Static).update(Text(line, style=f"bold {colour('bad')}") if line else "")

    def remember_seats(self) -> None:
        """Keep what was typed, so a seat removed and added again comes back as it was."""
        for row in self.query(SeatRow):
            name = row.value or unnamed_seat(row.index)
            seat = row.seat_named(name)
            if row.index < len(self.seats):
                self.seats[row.index] = seat
            else:
                self.seats.append(seat)

    # -- starting ---------------------------------------------------------------------------

    def read_options(self) -> GameOptions:
        """The game the form describes; OptionsError says what to fix."""
        specs: list[tuple[str | None, str | None]] = []
        for row in list(self.query(SeatRow))[: self.count]:
            kind = row.kind
            name = row.value
            if kind == HUMAN:
                specs.append((check_name(name), None))
            elif kind == REMOTE:
                specs.append((check_name(name or unnamed_seat(row.index)), REMOTE))
            else:
                specs.append((check_name(name) if name.strip() else None, str(kind)))
        seats = finish_seats(specs)
        check_seats(seats, self.rules)
        yaniv = self.query_one("#yaniv-limit", Choice).value
        end = self.query_one("#end-limit", Choice).value
        typed = self.end_field
        if typed is not None and typed.parent is not None and typed.parent.display and typed.value.strip():
            try:
                end = int(typed.value)
            except ValueError:
                raise OptionsError(f"the end score must be a whole number, not {typed.value[:30]!r}") from None
        shown = self.hand_field
        hand = shown.value if shown is not None and shown.display else self.rules.hand_size
        rules = choose_limits(self.rules, int(str(yaniv)), int(str(end)), int(str(hand)))
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = read_seed(seed_text) if seed_text else None
        except OptionsError as error:
            raise OptionsError(f"the seed {error}") from None
        return GameOptions(
            rules,
            seats,
            seed=seed,
            bot_delay=self.launch.bot_delay,
            ascii=self.launch.ascii,
            ruleset_ref=self.ruleset_id,
            turn_seconds=self.turn_seconds(),
            timeouts_to_bot=self.launch.timeouts_to_bot,
        )

    def turn_seconds(self) -> float | None:
        """The turn clock chosen (hosting: on this screen; else as `--turn-seconds` gave it); None: none."""
        if not self.hosting:
            return self.launch.turn_seconds
        seconds = self.query_one("#turn-clock", Choice).value
        return float(seconds) if seconds else None

    def offers(self, action: str) -> bool:
        """Whether the screen has the key for `action` now (the footer and the help list only those): the saved
        games with a game listed, Continue as its button is shown (`continues`)."""
        if action == "continue_game":
            return self.continues()
        if action in ("stats", "stats_in_page"):
            return self.app.is_web == (action == "stats_in_page")
        return bool(self.games) or action != "saved_games"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offers(action)

    async def action_stats(self) -> None:
        await self.app.run_action("stats")

    action_stats_in_page = action_stats  # ctrl+g, a page's

    def action_next_field(self) -> None:
        """↓: the next field (past the rules' text: `next_field`), or in the ruleset list the next ruleset (the next
        field after the last), or in the rules' text the next line (the next field at its end)."""
        focused = self.focused
        if isinstance(focused, RulesetList):
            focused.action_cursor_down()
        elif not (isinstance(focused, RulesBox) and focused.step("down")):
            next_field(self, forward=True)

    def action_previous_field(self) -> None:
        """↑: the field before (past the rules' text), or in the ruleset list the ruleset before (none before the
        first), or in the rules' text the line before (the list at its top)."""
        focused = self.focused
        if isinstance(focused, RulesetList):
            focused.action_cursor_up()
        elif not (isinstance(focused, RulesBox) and focused.step("up")):
            next_field(self, forward=False)

    def action_house_rules(self) -> None:
        from .house_rules import HouseRulesScreen

        taken = {entry.id for entry in all_rulesets()}
        self.app.push_screen(HouseRulesScreen(self.ruleset_id, self.rules, taken), self.house_rules_saved)

    def house_rules_saved(self, new_id: str | None) -> None:
        """Reload the presets after the dialog saved one, and highlight the new file."""
        if new_id is None:
            return
        self.presets, self.groups, self.bad_rulesets = load_presets(self.launch.ruleset)
        if new_id not in self.presets:
            return
        self.ruleset_id = new_id
        presets = self.query_one("#presets", OptionList)
        presets.clear_options()
        presets.add_options(self.preset_options())
        presets.highlighted = presets.get_option_index(new_id)
        self.show_rules()

    def action_start(self) -> None:
        try:
            options = self.read_options()
        except OptionsError as error:
            self.say_problem(str(error))
            if isinstance(error, YouAmongOthers):  # the name is kept, selected: what is typed replaces it
                self.query(SeatRow)[error.seat].focus()
            return
        self.dismiss(options)

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_start()


def digits_field(value: str, placeholder: str, *, id: str, most: int) -> Input:
    """A field for a whole number (the seed, an end score): digits only, at most `most` of them, as typed or pasted;
    reached by the keyboard, its number is selected, so the first digit typed replaces it."""
    return FormInput(
        value,
        placeholder=placeholder,
        restrict=DIGITS,
        max_length=most,
        type="integer",
        valid_empty=True,
        compact=True,
        id=id,
    )


def labelled(label: str, field: Input) -> Horizontal:
    """A form's row: `label` in Choice's label columns, then `field` (its id with "-row" names the row)."""
    return Horizontal(Static(label, classes="field-label"), field, classes="field-row", id=f"{field.id}-row")
