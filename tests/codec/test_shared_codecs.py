"""One codec for each value, which the save and the wire both write with: a card, a turn, a round, a ruleset and
an action are written the same in a save and in a frame, and the network reads no save's module to do it."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import grimp
from playing import play

from yaniv_tui.codec import (
    action_from_dict,
    action_to_dict,
    card_codes,
    read_round,
    read_turn,
    round_to_dict,
    ruleset_from_snapshot,
    ruleset_to_dict,
    turn_to_dict,
)
from yaniv_tui.engine import CallYaniv, Game, KeepCard, Play, SlapDown, load_ruleset, parse_cards
from yaniv_tui.net.protocol import ActionMessage, State, encode
from yaniv_tui.store.game_format import game_to_dict


def a_game() -> Game:
    rules = dataclasses.replace(load_ruleset("sursis"), slap_down=True)
    return play(play(Game.new(rules, ["Ann", "Ben", "Noa"], seed=4), rounds=2), 6)


def test_the_wire_writes_cards_turns_rounds_and_rules_with_the_codecs() -> None:
    game = a_game()
    for seat in range(3):
        view = json.loads(encode(State(game.view(seat), ("here",) * 3)))["view"]
        mine = game.view(seat)
        assert view["rules"] == ruleset_to_dict(game.rules)
        assert view["hand"] == card_codes(mine.hand)
        assert view["log"] == [turn_to_dict(turn) for turn in mine.seen]
        assert view["history"] == [round_to_dict(score) for score in game.history]


def test_the_save_writes_them_with_the_same_codecs() -> None:
    game = a_game()
    saved = game_to_dict(game)
    assert saved["rules"] == ruleset_to_dict(game.rules)
    assert saved["deck"] == card_codes(game.deck)
    assert saved["log"] == [turn_to_dict(turn) for turn in game.log]
    assert saved["history"] == [round_to_dict(score) for score in game.history]


def test_each_value_reads_back_as_it_was() -> None:
    game = a_game()
    assert ruleset_from_snapshot(json.loads(json.dumps(ruleset_to_dict(game.rules)))) == game.rules
    for i, score in enumerate(game.history):
        assert read_round(round_to_dict(score), f"history[{i}]", 3) == score
    for i, turn in enumerate(game.log):
        assert read_turn(turn_to_dict(turn), f"log[{i}]", 3) == turn


def test_an_action_frame_carries_the_codecs_action() -> None:
    five, nine = parse_cards("5H 9C")
    for action in (CallYaniv(), KeepCard(), SlapDown(five), Play((five,), nine), Play(tuple(parse_cards("JK")))):
        frame = json.loads(encode(ActionMessage(1, 0, action, 1, 0)))
        assert frame["action"] == action_to_dict(action)
        assert action_from_dict(frame["action"]) == action


def loaded(module: str, prefix: str) -> list[str]:
    code = f"import sys, {module}; print(*sorted(m for m in sys.modules if m.startswith({prefix!r})))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.split()


def test_the_network_writes_its_frames_without_the_saves_modules() -> None:
    """Before: net/protocol.py and net/views.py wrote with store/fields.py and store/game_format.py, so a change
    to the save changed the protocol."""
    graph = grimp.build_graph("yaniv_tui")
    for module in ("yaniv_tui.net.protocol", "yaniv_tui.net.views"):
        below = graph.find_upstream_modules(module)
        assert sorted(m for m in below if m.startswith("yaniv_tui.store")) == [], module
        assert "yaniv_tui.codec" in below


def test_the_codecs_load_no_screen_library_and_nothing_above_the_engine() -> None:
    assert loaded("yaniv_tui.codec", "textual") == [] and loaded("yaniv_tui.codec", "rich") == []
    ours = loaded("yaniv_tui.codec", "yaniv_tui.")
    assert [m for m in ours if not m.startswith(("yaniv_tui.codec", "yaniv_tui.engine"))] == []


def _swapped() -> Game:
    """A game just after a joker swap (`take.joker_swap`): Ben gave the 6H for the joker inside Ann's run."""
    from playing import deal

    rules = dataclasses.replace(load_ruleset("cpp-yaniv"), slap_down=False)
    game = deal(rules, ["5H JK 7H KD 2H", "6H KS 2C 9D 3S"], up="AS", deck="4D 9S 8C 6C 10D")
    game.apply(Play(parse_cards("5H JK 7H")))
    return game.apply(Play(parse_cards("KS"), parse_cards("JK")[0], parse_cards("6H")[0]))


def test_a_joker_swap_reads_back_in_an_action_a_turn_and_a_save() -> None:
    jk, six = parse_cards("JK 6H")
    action = Play(tuple(parse_cards("KS")), jk, six)
    data = action_to_dict(action)
    assert data == {"kind": "play", "drop": ["KS"], "take": "JK", "given": "6H"}
    assert action_from_dict(json.loads(json.dumps(data))) == action
    game = _swapped()
    turn = game.log[-1]
    assert turn_to_dict(turn)["given"] == "6H"
    assert read_turn(json.loads(json.dumps(turn_to_dict(turn))), "log[1]", 2) == turn
    assert "given" not in turn_to_dict(game.log[0])  # a turn with no swap is written as before
    assert "given" not in action_to_dict(Play((six,), jk))


def test_a_turn_saved_before_the_swap_reads_back_with_none_given() -> None:
    old = {"seat": 1, "drop": ["5H"], "take": None, "slapped": None}
    assert read_turn(old, "log[0]", 2).given is None


def test_a_bad_swap_is_refused_in_one_line_naming_the_field() -> None:
    import pytest

    from yaniv_tui.codec import SnapshotError

    for data, why in (
        ({"kind": "play", "drop": ["KS"], "take": "JK", "given": "ZZ"}, "action.given: not a card"),
        ({"kind": "play", "drop": ["KS"], "take": None, "given": "6H"}, 'action.given: a joker swap takes "JK"'),
        ({"kind": "play", "drop": ["KS"], "take": "JK", "given": "JK"}, "action.given: a natural card"),
    ):
        with pytest.raises(SnapshotError) as caught:
            action_from_dict(data)
        assert why in str(caught.value) and "\n" not in str(caught.value), str(caught.value)
