"""Saves of real seeded games, damaged at random: each reads back as a game that passes every check and plays on,
or is refused with one line (SaveError), never any other exception."""

from __future__ import annotations

import copy
import dataclasses
import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yaniv_tui.bots import MediumBot
from yaniv_tui.engine import Game, load_ruleset, preset_paths
from yaniv_tui.store.game_format import game_to_dict
from yaniv_tui.store.saves import SaveError, SaveMeta, Seat, UndoStack, load_save, read_save, save_game

from .helpers import play

#: Enough examples to reach every kind of damage, few enough that each test takes a second or two.
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _document(game: Game, seats: tuple[Seat, ...], stack: UndoStack | None = None) -> dict[str, Any]:
    """The save `save_game` writes for this game, as parsed JSON."""
    with tempfile.TemporaryDirectory() as folder:
        path = save_game(game, SaveMeta(seats, screen_seat=0), stack, path=Path(folder) / "save.json")
        document: dict[str, Any] = json.loads(path.read_bytes())
    return document


def _played(preset: str, seed: int, actions: int, *, undo: bool, slap: bool = False) -> dict[str, Any]:
    """A save of a seeded game after `actions` actions, the human's last moves kept for undo if asked."""
    rules = load_ruleset(preset)
    if slap:
        rules = dataclasses.replace(rules, slap_down=True)
    game = Game.new(rules, ["You", "Dana", "Avi"], seed=seed)
    stack = UndoStack()
    bot = MediumBot()
    for _ in range(actions):
        if game.is_over:
            break
        if undo and game.current == 0:
            stack.checkpoint(game)
        game.apply(bot.choose(game.view(game.current)))
    return _document(game, (Seat.person(), Seat.bot("easy"), Seat.bot("medium")), stack)


def _slap_phase_save() -> dict[str, Any]:
    """A save taken while the player to move may slap down the card just drawn."""
    rules = dataclasses.replace(load_ruleset("israeli"), slap_down=True)
    for seed in range(40):
        game = Game.new(rules, ["You", "Dana"], seed=seed)
        bot = MediumBot()
        for _ in range(200):
            if game.phase != "turn":
                break
            game.apply(bot.choose(game.view(game.current)))
        if game.phase == "slap":
            return _document(game, (Seat.person(), Seat.bot("easy")))
    raise AssertionError("no slap-down came up in 40 seeded games")


def _saves() -> list[dict[str, Any]]:
    saves = []
    for i, preset in enumerate(sorted(preset_paths())):
        saves.append(_played(preset, seed=i, actions=0, undo=False))  # the first deal
        saves.append(_played(preset, seed=i, actions=7, undo=True))  # mid-round, with undo entries
        saves.append(_played(preset, seed=i, actions=60, undo=True, slap=True))  # later rounds, slap-downs on
    saves.append(_slap_phase_save())
    return saves


SAVES = _saves()


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def plays_on(game: Game) -> None:
    """A game read back passes every check again (built anew from its state) and takes a legal action."""
    rebuilt = Game.from_state(
        game.rules,
        game.players,
        hands=game.hands,
        deck=game.deck,
        pile=game.pile,
        current=game.current,
        seed=game.seed,
        phase=game.phase,
        slap_card=game.slap_card,
        log=game.log,
        history=game.history,
        scores=game.scores,
        out=game.out,
        zero_wins=game.zero_wins,
        round_no=game.round_no,
        previous_kind=game.previous_kind,
        takeable=game.takeable,
        rng=game.rng,
        turns=game.turns,
        reshuffles=game.reshuffles,
        dealer=game.dealer,
    )
    assert game_to_dict(rebuilt) == game_to_dict(game)
    # What the table and the bots rely on, checked here without the engine's own checks.
    rules = game.rules
    assert game.cards_in_play() == Counter(game.full_deck())
    seats = [s for s, hand in enumerate(game.hands) if hand is not None]
    assert len(seats) >= 2 and game.current in seats
    for s in seats:
        assert len(game.hand(s)) <= rules.hand_size and (game.hand(s) or rules.slap_down)
    if game.is_over:
        assert game.legal_actions() == []
        return
    assert not game.out[game.current]
    actions = game.legal_actions()
    assert actions, "a game going on always has a legal action"
    game.apply(actions[len(actions) // 2])
    play(game, actions=12)


def read_or_refused(path: Path) -> str:
    """`read_save` gives a game that plays on, or one line of SaveError; which of the two, for `event`."""
    try:
        saved = read_save(path)
    except SaveError as error:
        assert "\n" not in str(error), str(error)
        return "refused"
    for old in saved.undo.games:
        plays_on(old.clone())
    plays_on(saved.game)
    return "read"


# -- the damage ---------------------------------------------------------------------------------------

CARD_CODES = [f"{r}{s}" for r in ("A", "2", "5", "9", "10", "J", "Q", "K") for s in "CDHS"] + ["JK"]


def _card_lists(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every list of card codes in the document (hands, deck, pile groups, drops, takeable...)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _card_lists(value, (*path, key))
    elif isinstance(node, list):
        if node and all(isinstance(v, str) for v in node) and path[-1] != "players":
            yield path
        for i, value in enumerate(node):
            yield from _card_lists(value, (*path, i))


def _numbers(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every whole number in the document but the random generator's state."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "rng":
                yield from _numbers(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _numbers(value, (*path, i))
    elif type(node) is int:
        yield path


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@st.composite
def card_damage(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """A card changed, removed, duplicated or moved to another list: a hand-edited save."""
    edited = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        lists = list(_card_lists(edited))
        source = _at(edited, draw(st.sampled_from(lists)))
        if not source:
            continue
        at = draw(st.integers(0, len(source) - 1))
        how = draw(st.sampled_from(["change", "remove", "duplicate", "move", "move many"]))
        if how == "change":
            source[at] = draw(st.sampled_from(CARD_CODES))
        elif how == "remove":
            del source[at]
        elif how == "duplicate":
            source.insert(draw(st.integers(0, len(source))), source[at])
        else:
            target = _at(edited, draw(st.sampled_from(lists)))
            count = 1 if how == "move" else draw(st.integers(1, len(source)))
            moved = source[at : at + count]
            del source[at : at + count]
            target.extend(moved)
    return edited


@st.composite
def number_damage(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """A whole number changed a little or a lot, or given another JSON type."""
    edited = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 2))):
        path = draw(st.sampled_from(list(_numbers(edited))))
        parent = _at(edited, path[:-1])
        old = parent[path[-1]]
        parent[path[-1]] = draw(
            st.sampled_from([old + 1, old - 1, 0, -1, 2**63, 10**400])
            | st.integers(-3, 12)
            | st.sampled_from([None, True, "1", 1.0, [], {}])
        )
    return edited


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**66), 2**66) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)


@st.composite
def replaced_part(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """One part of the game (or of an undo entry) replaced by random JSON, or taken out."""
    edited = copy.deepcopy(document)
    games = [("game",)] + [("undo", i) for i in range(len(edited["undo"]))]
    where = draw(st.sampled_from(games))
    game = _at(edited, where)
    key = draw(st.sampled_from(sorted(game)))
    if draw(st.booleans()):
        del game[key]
    else:
        game[key] = draw(JSON)
    return edited


def _write(path: Path, document: Any) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


SAVE_INDEX = st.integers(0, len(SAVES) - 1)


@given(SAVE_INDEX.flatmap(lambda i: card_damage(SAVES[i])))
@FUZZ
def test_a_save_with_cards_changed_removed_duplicated_or_moved(scratch: Path, document: dict[str, Any]) -> None:
    event(read_or_refused(_write(scratch / "cards.json", document)))


@given(SAVE_INDEX.flatmap(lambda i: number_damage(SAVES[i])))
@FUZZ
def test_a_save_with_numbers_changed(scratch: Path, document: dict[str, Any]) -> None:
    event(read_or_refused(_write(scratch / "numbers.json", document)))


@given(SAVE_INDEX.flatmap(lambda i: replaced_part(SAVES[i])))
@FUZZ
def test_a_save_with_a_part_replaced_by_random_json(scratch: Path, document: dict[str, Any]) -> None:
    event(read_or_refused(_write(scratch / "parts.json", document)))


@given(SAVE_INDEX, st.data())
@FUZZ
def test_a_save_cut_short_or_with_bytes_changed(scratch: Path, index: int, data: st.DataObject) -> None:
    raw = bytearray(json.dumps(SAVES[index]).encode())
    if data.draw(st.booleans()):
        del raw[data.draw(st.integers(0, len(raw) - 1)) :]
    else:
        for _ in range(data.draw(st.integers(1, 4))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    path = scratch / "bytes.json"
    path.write_bytes(bytes(raw))
    event(read_or_refused(path))


@given(JSON)
@FUZZ
def test_random_json_is_refused_in_one_line(scratch: Path, document: Any) -> None:
    assert read_or_refused(_write(scratch / "random.json", document)) == "refused"


@given(SAVE_INDEX.flatmap(lambda i: card_damage(SAVES[i]) | number_damage(SAVES[i])))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_load_save_resumes_the_game_or_moves_the_file_aside(tmp_path: Path, document: dict[str, Any]) -> None:
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    path = _write(folder / "save.json", document)
    try:
        saved = load_save(path)
    except SaveError as error:
        assert "\n" not in str(error)
        if "newer yaniv-tui" in str(error):  # a higher version is not damage: left where that yaniv-tui finds it
            assert path.exists() and error.moved_to is None
            event("left for a newer yaniv-tui")
            return
        assert not path.exists() and error.moved_to is not None and error.moved_to.exists()
        event("refused, moved aside")
        return
    assert saved is not None and path.exists()
    plays_on(saved.game)
    event("resumed")


def test_every_undamaged_save_reads_back_and_plays_on(scratch: Path) -> None:
    for i, document in enumerate(SAVES):
        assert read_or_refused(_write(scratch / f"good-{i}.json", document)) == "read"
    assert any(document["undo"] for document in SAVES)
    assert any(document["game"]["phase"] == "slap" for document in SAVES)
    assert any(document["game"]["history"] for document in SAVES)


def test_the_found_cases_are_refused_and_moved_aside(tmp_path: Path) -> None:
    # Found: 25 deck cards moved into one hand, an empty hand or a 44-card hand all loaded; the table then
    # showed 5 of 30 cards, or the app crashed with bots only.
    base = SAVES[0]
    for count, what in ((25, "25 deck cards in one hand"), (0, "an empty hand"), (-1, "every deck card in one hand")):
        document = copy.deepcopy(base)
        game = document["game"]
        if count == 0:
            game["deck"] += game["hands"][1]
            game["hands"][1] = []
        else:
            moved = game["deck"] if count < 0 else game["deck"][:count]
            game["hands"][1] += moved
            game["deck"] = game["deck"][len(moved) :]
        path = _write(tmp_path / f"{count}.json", document)
        with pytest.raises(SaveError, match=r"hands\[1\]") as error:
            load_save(path)
        assert "\n" not in str(error.value), what
        assert error.value.moved_to is not None and error.value.moved_to.exists() and not path.exists()
