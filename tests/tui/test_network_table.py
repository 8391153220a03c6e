"""The table at a game with seats on other machines: the host plays remote seats like bots (through its host),
and a joined seat plays the same table fed by the host's views. Fakes of net's host and client stand in."""

from __future__ import annotations

import asyncio
import io

import pytest
from fake_net import ActionRefused, FakeClient, FakeHost, fake_hosting
from rich.console import Console
from textual import events
from textual.widgets import Button, Input, Static
from tui_helpers import SIZE, footer_keys, game_of, make_options, notices, play_turn, screen_text, settle, until

from yaniv_tui.engine import CallYaniv, Game, PlayerView, load_ruleset
from yaniv_tui.table.client_session import ClientSession
from yaniv_tui.table.remote import JoinRequest
from yaniv_tui.tui.app import YanivApp
from yaniv_tui.tui.screens.game_end import GameEndScreen
from yaniv_tui.tui.screens.join import JoinScreen
from yaniv_tui.tui.screens.round_end import RoundEndScreen
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.table import SeatPanel


def hosted_app(players: str = "Ann,remote:Noa,bot:easy") -> tuple[YanivApp, list[FakeHost]]:
    factory, made = fake_hosting()
    return YanivApp(make_options("sursis", players), hosting=factory), made


async def test_the_host_plays_a_remote_seat_through_its_host_and_publishes_every_change() -> None:
    app, made = hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        host = made[0]
        table = app.screen
        assert isinstance(table, TableScreen) and host.started
        assert "yaniv join 127.0.0.1:7777 K7QF" in screen_text(app)
        remote_moves = 0
        for _ in range(60):
            await until(pilot, lambda: table.stage != "wait" or table.thinking is not None or app.screen is not table)
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
            elif table.stage != "wait":
                await play_turn(pilot)
            elif table.thinking == 1:
                # Noa's turn waits for her host's action.
                assert "Waiting for Noa: nobody has joined that seat yet." in screen_text(app)
                before = game_of(table).turns
                host.give(1, game_of(table).legal_actions()[0])
                await until(pilot, lambda before=before: game_of(table).turns > before)  # type: ignore[misc]
                remote_moves += 1
                if remote_moves == 3:
                    break
            else:
                await pilot.pause()
        assert remote_moves == 3
        assert host.published[-1] == game_of(table).turns, "the host is sent the game after each action"
        assert table.session.why_no_undo() == "there is no undo at a table with players on other machines"


async def test_a_remote_seat_shows_waiting_joined_and_away() -> None:
    app, made = hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.pause()
        panel = app.screen.query_one("#seat-1", SeatPanel)
        assert "waiting" in str(panel.border_subtitle)
        made[0].set_status(1, "joined")
        await pilot.pause()
        assert "joined" in str(panel.border_subtitle)
        made[0].set_status(1, "away")
        await pilot.pause()
        assert "away" in str(panel.border_subtitle) and panel.has_class("-away")


def client_app(client: FakeClient) -> YanivApp:
    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        return client

    request = JoinRequest(joiner, refused=(ActionRefused,), address="127.0.0.1:7777", code="K7QF", name="Noa")
    return YanivApp(joining=request)


def host_game(seed: int = 5) -> Game:
    return Game.new(load_ruleset("sursis"), ["Ann", "Noa", "Dana"], seed=seed)


async def test_the_hosts_screen_says_whose_turn_it_is_on_another_machine() -> None:
    """Before: "Noa is thinking…" while Noa, a person, played her turn on her own machine."""
    app, made = hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        made[0].set_status(1, "joined")
        table = app.screen
        assert isinstance(table, TableScreen)
        for _ in range(20):
            await until(pilot, lambda: table.stage != "wait" or table.thinking is not None)
            if table.thinking == 1:
                break
            if table.stage != "wait":
                await play_turn(pilot)
        else:
            raise AssertionError("Noa's turn never came")
        await pilot.pause()
        text = screen_text(app)
        assert "Noa's turn on another machine." in text and "Noa is thinking" not in text, text


async def test_a_joined_seat_plays_the_same_table_from_the_hosts_views() -> None:
    client = FakeClient(host_game(), seat=1)
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and isinstance(table.session, ClientSession)
        assert table.viewer == 1
        for _ in range(3):
            while isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")
                await settle(pilot)
            shown = table.session.view(1)
            await play_turn(pilot)
            await settle(pilot)
            assert table.session.view(1) is not shown, "the move went to the host, and its view came back"
        assert len(client.sent) >= 3
        assert list(table.session.view(None).seen) == client.real.log
        # Nothing saved on this machine: the host keeps the game.
        assert table.session.save(1) is None
        # Nor hints nor conceding: the host's history could not count a hint asked here, and its table plays on.
        keys = footer_keys(app)
        assert "h" not in keys and "c" not in keys
        assert not table.offers("hint") and not table.offers("concede")


async def test_h_at_a_joined_table_says_in_one_line_why_there_is_no_hint_as_the_help_does() -> None:
    """At a joined table `h` did nothing and said nothing (`u` refused says why): it says why in one line, the words
    the help over the table gives where it would say what a hint is."""
    from yaniv_tui.tui.screens.help import HelpScreen

    client = FakeClient(host_game(), seat=1)
    app = client_app(client)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and not table.session.can_hint
        await pilot.press("h")
        await pilot.pause()
        line = table.message
        assert line.startswith("no hints") and "joined" in line, line
        assert line.lower() in screen_text(app).lower(), screen_text(app)  # whole, in one line at 80 columns
        assert "h" not in footer_keys(app)  # the bar offers no key that only says no
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        said = " ".join(" ".join(str(static.render()) for static in app.screen.query(Static)).split())
        assert line.lower() in said.lower() and "expert bot" not in said, said


async def test_an_action_the_host_refuses_is_said_in_the_message_line() -> None:
    client = FakeClient(host_game(), seat=0)
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        turns = client.real.turns
        table.act(CallYaniv())  # over the limit: the key is off, so sent straight
        await settle(pilot)
        assert table.message.startswith("the host says:"), table.message
        assert table.stage == "choose" and client.real.turns == turns
        assert "The host says:" in screen_text(app)


async def test_while_a_joined_seat_chooses_its_screen_shows_who_comes_and_goes_and_who_watches() -> None:
    """The host's views carry the seats' statuses and the watchers: a view that comes while this seat's player
    chooses (another seat joins or leaves, someone starts watching) is shown at once. Before, the screen kept the
    statuses and watchers it had when the turn began until the player moved."""
    client = FakeClient(host_game(), seat=0)
    client.kinds = ("remote", "remote", "bot:medium")
    client.statuses = ("joined", "joined", "here")
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.stage == "choose"
        panel = table.query_one("#seat-1", SeatPanel)
        assert "joined" in str(panel.border_subtitle) and "1 watching" not in screen_text(app)
        client.statuses = ("joined", "away", "here")
        client.watchers = 1
        assert client.on_view is not None
        client.on_view()
        await settle(pilot)
        assert table.stage == "choose", "still this seat's turn"
        assert "away" in str(panel.border_subtitle) and "1 watching" in screen_text(app)


async def test_a_joined_seat_plays_a_whole_game_to_the_end_screen() -> None:
    client = FakeClient(Game.new(load_ruleset("sursis").with_choices(end_limit=100), ["Ann", "Noa"], seed=2), 0)
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(600):
            screen = app.screen
            if isinstance(screen, GameEndScreen):
                break
            if isinstance(screen, RoundEndScreen):
                await pilot.press("enter")
            else:
                await play_turn(pilot)
            await settle(pilot)
        assert isinstance(app.screen, GameEndScreen)
        assert app.screen.session.view(None).phase == "over" and client.real.is_over
        # Another game at a table of several machines is hosted anew: the end offers only to quit.
        end = app.screen
        buttons = [button.id for button in end.query(Button)]
        assert buttons == ["quit"]
        # Enter, pressed twice from the last round's end (or held), quit at once: Quit had the focus, and the
        # player never saw the standings (in a browser, "Session ended"). The standings have it: q or a click quits.
        assert end.focused is not None and end.focused.id == "end-body", end.focused
        await pilot.press("enter", "enter", "p")
        await pilot.pause()
        assert app.screen is end and app.is_running
        assert "Quit (q)" in screen_text(app)
        await pilot.press("q")
        await until(pilot, lambda: not app.is_running)


async def test_the_join_screen_says_why_a_table_cannot_be_joined() -> None:
    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    app = YanivApp(joining=JoinRequest(joiner))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"127.0.0.1", "tab", *"K7QF", "enter")
        await pilot.pause()
        await pilot.pause()
        assert "cannot join 127.0.0.1: connection refused" in screen_text(app)


async def test_the_room_codes_grey_example_reads_as_an_example_not_a_code() -> None:
    """The empty code field showed "K7QF" in grey: a code like any the host's screen shows, taken for a code
    already filled in. Its grey words say what to type, in as many characters as a code has."""
    import re

    from yaniv_tui.net.secrets_gate import CODE_LENGTH
    from yaniv_tui.tui.screens.join import CODE_CHARACTERS

    app = YanivApp(joining=JoinRequest(client_app_never_joins))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        field = app.screen.query_one("#join-code", Input)
        await pilot.pause()
        assert field.value == "" and not re.fullmatch(CODE_CHARACTERS, field.placeholder), field.placeholder
        assert str(CODE_LENGTH) in field.placeholder and "host" in field.placeholder, field.placeholder
        assert field.placeholder in screen_text(app), "the whole example shows in the field at 80 columns"


async def client_app_never_joins(address: str, code: str, name: str | None) -> FakeClient:
    raise AssertionError("nothing is joined")


async def test_a_remembered_table_that_cannot_be_joined_leaves_the_form_with_why_and_the_code_to_type() -> None:
    """A browser's page come back to joins the table it last joined (cli/join.py remembers it); when that table
    is not there, the guest is shown why on the join screen, every field kept (Join tries again once the host is
    back), at the code to type over. Before, the app ended with the line, and the page said "Session ended" until
    it was reloaded once more."""
    tried: list[str] = []

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        tried.append(code)
        raise OSError("connection refused")

    request = JoinRequest(joiner, address="127.0.0.1:7777", code="K7QF", name="Noa", remembered=True)
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: tried == ["K7QF"])
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, JoinScreen) and app.exit_line is None
        assert "cannot join 127.0.0.1:7777: connection refused" in screen_text(app)
        values = {field.id: field.value for field in app.screen.query(Input)}
        assert values == {"join-address": "127.0.0.1:7777", "join-code": "K7QF", "join-name": "Noa"}
        assert app.focused is not None and app.focused.id == "join-code"


@pytest.mark.parametrize(
    ("address", "code", "focused"),
    [("", "", "join-address"), ("127.0.0.1:7777", "", "join-code"), ("", "K7QF", "join-address")],
)
async def test_the_join_screen_starts_at_the_first_field_left_to_type(address: str, code: str, focused: str) -> None:
    """`ssh -p PORT NAME@HOST` opens `yaniv join ADDRESS --name=NAME`: the code is what is left to type. Before, the
    focus stayed on the address already given, and a player had to find tab first."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    app = YanivApp(joining=JoinRequest(joiner, address=address, code=code, name="Noa"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        assert app.focused is not None and app.focused.id == focused, app.focused


async def test_the_join_screens_key_bar_says_esc_and_quit_once() -> None:
    """esc and ctrl+q both leave the join screen: the bar said `esc quit` and `^q quit`, one word for two keys; then
    it said nothing of esc at all. It says `esc leave` (asked first) and `^q quit` (at once), each once."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    app = YanivApp(joining=JoinRequest(joiner, address="", code="", name="Noa"))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        keys = footer_keys(app)
        descriptions = list(keys.values())
        assert descriptions.count("quit") == 1, keys
        assert keys.get("esc") == "leave", keys


@pytest.mark.parametrize("web", [False, True], ids=["terminal-or-ssh", "page"])
async def test_esc_on_the_join_screen_asks_before_it_quits_in_a_terminal_and_over_ssh_too(
    monkeypatch: pytest.MonkeyPatch, web: bool
) -> None:
    """Over SSH (`yaniv host --ssh` runs `yaniv join` on a terminal of its own) esc, pressed to leave a field, ended
    the guest's session at once, and what was typed with it: only a browser's page asked first. Now both ask (a
    terminal at home too: it cannot be told from an SSH session's), and n or esc stay with what was typed, y quits as
    ctrl+q does. A page's question says what the page shows then, and that its Restart opens the screen again."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    from yaniv_tui.tui.screens.saved_games import ConfirmScreen

    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: web))
    app = YanivApp(joining=JoinRequest(joiner, address="", code="", name=""))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        await pilot.press(*"host", "escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = " ".join(screen_text(app).split())
        # A page's says what it shows next, not "reload" (it offers a Restart button).
        assert "Quit yaniv?" in text and ("Restart" in text) == web and "reload" not in text, text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        assert app.is_running and app.screen.query_one("#join-address", Input).value == "host"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        assert app.is_running and app.screen.query_one("#join-address", Input).value == "host"
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(pilot, lambda: app.return_code is not None or not app.is_running)


async def test_in_a_browser_the_join_screen_starts_with_the_keys_in_its_first_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """textual-serve's driver says the app is blurred as it starts (its page's focus may come first): the join
    screen showed no field with the keys and its bar said `? help`, though a key typed went to the address."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    monkeypatch.setattr(YanivApp, "is_web", property(lambda app: True))
    app = YanivApp(joining=JoinRequest(joiner, address="", code="", name=""))
    async with app.run_test(size=SIZE) as pilot:
        app.post_message(events.AppBlur())  # as the web driver does once started
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        await pilot.pause()
        assert app.app_focus
        assert app.focused is not None and app.focused.id == "join-address", app.focused
        keys = footer_keys(app)  # `?` types a question mark there: the bar says f1
        assert "?" not in keys and keys.get("f1") == "help", keys
        app.post_message(events.AppBlur())  # a later blur (the page left) is heeded
        await pilot.pause()
        assert not app.app_focus and app.focused is None
        await pilot.press("a")  # a key brings the focus back to the field (Textual's own)
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "join-address"


async def test_a_join_screen_opened_too_small_has_the_keys_in_its_first_field_once_enlarged() -> None:
    """Below 80x24 only the notice shows, so the first field could not take the focus; once the terminal (or the
    browser's window) was enlarged no field had it: enter did nothing, a key typed went nowhere."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise OSError("connection refused")

    app = YanivApp(joining=JoinRequest(joiner, address="", code="", name=""))
    async with app.run_test(size=(70, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "join-address", app.focused
        await pilot.press("h", "o")
        assert app.screen.query_one("#join-address", Input).value == "ho"


def test_a_joined_seat_sees_who_plays_each_other_seat() -> None:
    """The host says who plays each seat: its bots show their level, its own screen's human says so."""
    client = FakeClient(host_game(), seat=1)
    client.kinds = ("human", "remote", "bot:hard")
    session = ClientSession(client)
    assert [seat.kind for seat in session.options.seats] == ["remote", "human", "bot"]
    assert session.options.seats[2].level == "hard"
    assert session.status(0) == "at the host" and session.status(2) == ""


async def test_quitting_a_hosted_table_says_how_everyone_comes_back() -> None:
    app, made = hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("ctrl+q")
        await pilot.pause()
    line = app.exit_line or ""
    assert "yaniv host --resume" in line and made[0].join_command() in line
    assert made[0].stopped


async def test_a_lost_host_stops_the_game_even_while_the_player_chooses() -> None:
    client = FakeClient(host_game(), seat=0)
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("1")  # choosing a card: the table waits for keys, not for the host
        client.lose()
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await until(pilot, lambda: "stopped before its end" in screen_text(app))
        text = screen_text(app)
        assert "The game stopped before its end: the connection to the host ended." in text
        assert "Join again" in text and not any(isinstance(s, GameEndScreen) for s in app.screen_stack)


async def test_m_says_a_fixed_message_to_the_table_and_others_are_heard() -> None:
    app, made = hosted_app()
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("m")
        await until(pilot, lambda: type(app.screen).__name__ == "SayScreen")
        await pilot.press("down", "enter")  # the second message: "good game"
        await until(pilot, lambda: bool(made[0].sayings))
        assert made[0].sayings == [(0, "good game")]
        made[0].on_said(1, "well played")  # type: ignore[misc]
        await pilot.pause()
        assert any("Noa: well played" in n for n in notices(app))


async def test_a_table_of_one_screen_offers_nothing_to_say() -> None:
    app = YanivApp(make_options("israeli", "Ann,bot:easy", seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        assert "say to the table" not in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_any_key_at_a_joined_table_takes_back_the_seat_a_bot_plays() -> None:
    """The host handed this seat to a bot (or its clock ran out twice): the bot plays its turns at once, so a key
    is the player's only way back. Before, a key did nothing at a joined table (it has no clock of its own)."""
    client = FakeClient(host_game(), seat=0)
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("s", "escape")  # any key: nothing to take back yet, so the host is not told
        await pilot.pause()
        assert client.backs == 0
        client.handed = True
        await pilot.press("s")  # the scores: the key still does what it does
        await until(pilot, lambda: client.backs == 1 and not client.handed)
        await until(pilot, lambda: any("back" in line for line in notices(app)))


def test_a_joined_seat_a_bot_plays_is_told_over_its_hand_how_to_take_it_back() -> None:
    from yaniv_tui.tui.screens.table_view import prompt_text

    game = host_game()
    others = next(seat for seat in range(3) if seat != game.current)
    text = prompt_text("wait", game.view(others), game.current, False, (), False, "", False, False, True)
    assert text.plain == "A bot plays your seat for now: any key takes it back."


class FakeWatcher(FakeClient):
    """A watcher of the table (no seat): the host's watcher views, every hand face down."""

    def __init__(self, game: Game) -> None:
        super().__init__(game, seat=0)
        self.seat = None
        self.statuses = tuple("here" for _ in game.players)
        self.kinds = tuple("bot:medium" for _ in game.players)
        self.view = game.watcher_view()

    async def changed(self) -> PlayerView:
        await asyncio.sleep(0)
        if self.shown == self.real.turns and not self.real.is_over:
            current = self.real.current
            self.real.apply(self.bots[current].choose(self.real.view(current)))
        self.shown = self.real.turns
        self.view = self.real.clone().watcher_view()
        return self.view


async def test_a_watcher_is_never_offered_to_skip_to_the_end() -> None:
    """The host plays the game: a watcher (or a joined seat knocked out) cannot skip its rest. Before, a watcher's
    key bar offered `e skip to the end`; pressing it said "Playing the rest…" and the table stopped drawing moves."""
    client = FakeWatcher(host_game())
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.is_watcher
        await until(pilot, lambda: client.real.turns >= 2)
        assert "skip to the end" not in footer_keys(app).values(), footer_keys(app)
        assert not table.offers("skip_rest")
        await pilot.press("e")
        # The watcher still sees each round's end, every hand shown.
        await until(pilot, lambda: isinstance(app.screen, RoundEndScreen), limit=3000)
        assert table.follow != "skip" and "Playing the rest" not in table.tip
        assert "skip to the end" not in footer_keys(app).values(), footer_keys(app)


async def test_a_watcher_whose_table_was_lost_is_asked_to_watch_again_not_to_take_back_a_seat() -> None:
    """A watcher has no seat: the lost table's screen said "Join again to take back your seat" all the same."""
    client = FakeWatcher(host_game())

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise AssertionError("a watcher never joins")

    async def watcher(address: str, code: str) -> FakeClient:
        return client

    request = JoinRequest(
        joiner, refused=(ActionRefused,), address="127.0.0.1:7777", code="K7QF", watcher=watcher, watch=True
    )
    app = YanivApp(joining=request)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        client.lose()
        await until(pilot, lambda: isinstance(app.screen, JoinScreen))
        await until(pilot, lambda: "stopped before its end" in screen_text(app))
        text = screen_text(app)
        assert "Watch again to follow the table, once the host's table is up." in text, text
        assert "take back your seat" not in text


async def test_the_watch_screens_first_button_watches() -> None:
    """`yaniv watch` (and a watcher whose table was lost) opens the join screen to watch: its blue, first button was
    Join all the same, which takes a seat. Watch is the first button there, and the one in blue."""

    async def joiner(address: str, code: str, name: str | None) -> FakeClient:
        raise AssertionError("a watcher never joins")

    async def watcher(address: str, code: str) -> FakeClient:
        raise OSError("connection refused")

    for watch in (True, False):
        request = JoinRequest(joiner, refused=(ActionRefused,), watcher=watcher, watch=watch)
        app = YanivApp(joining=request)
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda app=app: isinstance(app.screen, JoinScreen))  # type: ignore[misc]
            buttons = list(app.screen.query(Button))
            first = "watch" if watch else "join"
            assert buttons[0].id == first and buttons[0].variant == "primary", [(b.id, b.variant) for b in buttons]
            assert all(button.variant != "primary" for button in buttons[1:])


async def test_a_watchers_help_lists_only_the_keys_a_watcher_has() -> None:
    """A watcher plays no seat: its help listed the keys to choose, drop, call Yaniv and take, none of which it
    has, and "When your turn comes", though it has no turn."""
    from yaniv_tui.tui.screens.help import HelpScreen

    client = FakeWatcher(host_game())
    app = client_app(client)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("question_mark")  # the game goes on at full speed: a round's end may come over the help
        await until(pilot, lambda: any(isinstance(screen, HelpScreen) for screen in app.screen_stack))
        help_screen = next(screen for screen in app.screen_stack if isinstance(screen, HelpScreen))
        console = Console(width=60, record=True, file=io.StringIO())
        for static in help_screen.query_one("#help-keys").query(Static):
            console.print(static.content)
        text = console.export_text()
        for words in ("choose cards", "drop the cards chosen", "call Yaniv", "take the deck's card", "sort by"):
            assert words not in text, words
        assert "When your turn comes" not in text and "click cards to choose them" not in text
        # ctrl+q's row says what quitting does for a watcher (the words of the palette's Quit).
        assert "scores" in text and "^q  stop watching: the game goes on" in text


async def test_a_redraw_due_as_the_table_leaves_draws_nothing() -> None:
    """A table leaving the screen (the game over, the app closed) unmounts its widgets, then runs the callbacks
    still due: a redraw asked meanwhile (a watcher's game goes on at full speed, each move asks one) found no
    '#seats' and raised NoMatches; it failed `test_a_watchers_help_lists_only_the_keys_a_watcher_has` as its
    app closed. Here a widget of the table asks for the redraw as it is unmounted, as a move heard then would."""
    from textual.screen import Screen
    from textual.widget import Widget

    app = YanivApp(make_options("sursis", "Ann,bot:easy,bot:easy"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        table: TableScreen = screen

        class AsksARedraw(Widget):
            def on_unmount(self) -> None:
                table.redraw_soon()

        await table.mount(AsksARedraw())
        await app.switch_screen(Screen())
        await until(pilot, lambda: not table.is_attached)
