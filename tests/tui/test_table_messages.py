"""The table's widgets own their mouse input: a click becomes a typed message saying what was chosen
(`HandView.Toggled`, `PileView.TakeChosen`, `DeckView.Chosen`), and the screen maps each message to the same
move its keys make. The keys act at once, with no message between: a message could arrive after the next key."""

from __future__ import annotations

from textual.message import Message
from tui_helpers import SIZE, TableApp, make_options, settle, stacked_session

from yaniv_tui.engine import parse_cards
from yaniv_tui.table.session import Session
from yaniv_tui.tui.screens.table import TableScreen
from yaniv_tui.tui.widgets.cards import CardFace
from yaniv_tui.tui.widgets.table import DeckView, HandView, PileView

TWO = make_options("israeli", "Ann,bot:medium:Bea", seed=5)


class Listening(TableApp):
    """The table app, keeping every message its table's widgets post (they bubble up to the app)."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.heard: list[Message] = []

    def on_hand_view_toggled(self, message: HandView.Toggled) -> None:
        self.heard.append(message)

    def on_pile_view_take_chosen(self, message: PileView.TakeChosen) -> None:
        self.heard.append(message)

    def on_deck_view_chosen(self, message: DeckView.Chosen) -> None:
        self.heard.append(message)


def heard(app: Listening) -> list[tuple[str, object]]:
    """What the widgets said, in order: the message's kind and what it carries."""
    said: list[tuple[str, object]] = []
    for message in app.heard:
        if isinstance(message, HandView.Toggled):
            said.append(("toggled", message.index))
        elif isinstance(message, PileView.TakeChosen):
            said.append(("take", message.card))
        else:
            said.append(("deck", None))
    return said


async def test_clicks_on_the_hand_and_the_deck_post_what_was_chosen_and_the_move_is_played() -> None:
    """The mouse chooses cards and takes the deck (this was test_table's mouse test), through the messages."""
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = Listening(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        faces = app.screen.query_one(HandView).query(CardFace)
        await pilot.click(faces[3])
        await pilot.click(faces[4])
        await pilot.click(DeckView)
        await settle(pilot)
        assert heard(app) == [("toggled", 3), ("toggled", 4), ("deck", None)]
        assert session.game.log[0].drop == tuple(parse_cards("KC KS"))
        assert session.game.log[0].take is None


async def test_a_click_on_a_pile_card_posts_that_card_and_the_screen_takes_it() -> None:
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = Listening(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter")  # 4♥, shown first by rank
        pile = app.screen.query_one(PileView)
        await pilot.click(pile.query(CardFace)[0])
        await settle(pilot)
        assert heard(app) == [("take", parse_cards("8D")[0])]
        assert session.game.log[0].take == parse_cards("8D")[0]


async def test_the_keys_shown_on_the_deck_and_the_pile_make_the_same_moves_at_once() -> None:
    session = stacked_session(TWO, ["KC KS 4H 5H 6D", "2C 3C 4C 5C 6C"], up="8D")
    app = Listening(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("1", "enter", "1")  # drop 4♥, take the pile's marked card 1
        await settle(pilot)
        await pilot.press("1", "enter", "0")  # the bot played: drop again, take the deck's card
        await settle(pilot)
        assert heard(app) == []
        assert [turn.take for turn in session.game.log if turn.seat == 0] == [parse_cards("8D")[0], None]


async def test_enter_drops_the_chosen_cards_in_the_order_they_are_laid() -> None:
    """A joker chosen before the other cards of a run is laid before them (turn_actions.laid_order's rule)."""
    session = stacked_session(TWO, ["JK 5S 6S 9D KC", "2C 3C 4C 5C 6C"], up="8D")
    app = Listening(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = table.hand_of(0)
        keys = [str(hand.index(card) + 1) for card in parse_cards("JK 5S 6S")]
        await pilot.press(*keys, "enter")
        assert heard(app) == []
        assert table.stage == "take" and table.drop == tuple(parse_cards("JK 5S 6S"))


async def test_a_click_on_a_pile_card_that_is_not_marked_is_refused_in_the_message_line() -> None:
    # Bea drops her run J♣ Q♣ K♣, the heaviest drop there is: only its ends may be taken.
    session = stacked_session(TWO, ["KD KS 4H 5H 6D", "JC QC KC 2D 3D"], up="8D", first=1)
    app = Listening(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = session.game
        table = app.screen
        assert isinstance(table, TableScreen)
        pile = table.query_one(PileView)
        assert game.previous_drop == tuple(parse_cards("JC QC KC"))
        unmarked = [face for face in pile.query(CardFace) if face.card == parse_cards("QC")[0]]
        turns = game.turns
        await pilot.click(unmarked[0])
        assert game.turns == turns
        assert "that card cannot be taken" in table.message
