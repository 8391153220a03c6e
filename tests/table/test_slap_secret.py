"""Whether the card a seat drew matches its drop is its secret until it slaps it down: a screen that is not the
drawer's draws the table as it was before the draw while the drawer decides (net/before_draw.py), as the host sends
its remote seats. Before, the screen showed the drop with the drawer still to play: the drawn card matched, and
if the drawer kept it, everyone at the screen knew it held a card that matches."""

from __future__ import annotations

import dataclasses

from yaniv_tui.engine import Game, Play, PlayerView, Seat, load_ruleset
from yaniv_tui.table.options import GameOptions
from yaniv_tui.table.session import Session


def slap_to_come(first: int) -> tuple[Game, Play]:
    """A game (slap-downs on) whose seat `first` is to play, and its play that draws a card matching its drop."""
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    for seed in range(1, 500):
        game = Game.new(rules, ["Ann", "Bea"], seed=seed, first=first)
        for play in game.legal_actions():
            if isinstance(play, Play) and play.take is None:
                trial = game.clone()
                trial.apply(play)
                if trial.phase == "slap":
                    return game, play
    raise AssertionError("no seed draws a matching card")


def public(view: PlayerView) -> tuple[object, ...]:
    return (
        view.hand,
        view.hand_sizes,
        view.deck_size,
        view.discards,
        view.previous_drop,
        view.takeable,
        view.current,
        view.phase,
        list(view.seen),
    )


def test_a_screen_not_the_drawers_shows_the_table_before_the_draw_while_the_drawer_decides() -> None:
    game, play = slap_to_come(first=1)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    session = Session(GameOptions(game.rules, seats, seed=game.seed, bot_delay=0.0), game=game.clone())
    try:
        before = session.game.clone()
        session.apply(play)  # Bea drew a card that matches her drop: she decides now
        assert session.game.phase == "slap" and session.game.current == 1
        assert public(session.view(0)) == public(before.view(0))  # Ann's screen
        assert public(session.view(None)) == public(before.watcher_view())
        mine = session.view(1)  # the drawer's own view is the table as it is
        assert mine.phase == "slap" and mine.slap_card is not None and list(mine.seen) == list(session.game.log)
    finally:
        session.close()


def test_the_drawers_own_screen_shows_its_drop_while_it_decides() -> None:
    game, play = slap_to_come(first=0)
    seats = (Seat.person("Ann"), Seat.bot("easy", "Bea"))
    session = Session(GameOptions(game.rules, seats, seed=game.seed, bot_delay=0.0), game=game.clone())
    try:
        session.apply(play)  # Ann, at this screen, drew a card that matches her drop
        assert session.view(0).phase == "slap"
        assert list(session.view(None).seen) == list(session.game.log)  # her drop, on the table she plays at
        assert session.view(None).current == 0
    finally:
        session.close()
