"""Bad input never gets past the project's own errors: generated ruleset files and save files, damaged at random."""

from __future__ import annotations

import copy
import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomlkit
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from yaniv_tui.engine import KEYS, RulesetError, load_ruleset_file, preset_paths
from yaniv_tui.store.game_format import SnapshotError, game_from_dict, game_to_dict
from yaniv_tui.store.saves import SaveError, SaveMeta, Seat, UndoStack, read_save, save_game

from .helpers import new_game, play, slap_rules

PRESETS = {name: path.read_bytes() for name, path in preset_paths().items()}
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def load_or_ruleset_error(path: Path) -> None:
    try:
        load_ruleset_file(path)
    except RulesetError as error:
        assert "\n" not in str(error)


# -- ruleset files -----------------------------------------------------------------------------


@st.composite
def damaged_bytes(draw: st.DrawFn, original: bytes) -> bytes:
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        how = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if not data:
            break
        at = draw(st.integers(0, len(data) - 1))
        if how == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del data[at:]
        elif how == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        else:
            del data[at : at + draw(st.integers(1, 20))]
    return bytes(data)


@given(st.sampled_from(sorted(PRESETS)).flatmap(lambda name: damaged_bytes(PRESETS[name])))
@SETTINGS
def test_a_damaged_preset_file_is_a_ruleset_or_a_ruleset_error(scratch: Path, data: bytes) -> None:
    path = scratch / "damaged.toml"
    path.write_bytes(data)
    load_or_ruleset_error(path)


KNOWN_PATHS = [key.path for key in KEYS]
SCALARS = (
    st.integers(-(2**70), 2**70)
    | st.integers(-3, 300)
    | st.booleans()
    | st.text(max_size=12)
    | st.sampled_from([c for key in KEYS for c in key.choices])
    | st.floats(allow_nan=False)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)
# Keys for resets.at include digits of other scripts, which str.isdigit accepts and int() may not.
RESET_KEYS = st.text(alphabet="0123456789²١٢¹⁵", min_size=1, max_size=5) | st.text(max_size=5)


@st.composite
def ruleset_documents(draw: st.DrawFn) -> dict[str, Any]:
    document: dict[str, Any] = {}
    paths = st.sampled_from(KNOWN_PATHS) | st.just("resets.at") | st.text(max_size=10)
    for path in draw(st.lists(paths, max_size=8)):
        node = document
        parts = path.split(".")
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                break
            node = child
        else:
            if path == "resets.at":
                node[parts[-1]] = draw(st.dictionaries(RESET_KEYS, VALUES, max_size=3))
            else:
                node[parts[-1]] = draw(VALUES)
    return document


@given(ruleset_documents(), st.booleans())
@SETTINGS
def test_a_generated_ruleset_file_is_a_ruleset_or_a_ruleset_error(
    scratch: Path, document: dict[str, Any], truncate: bool
) -> None:
    try:
        text = tomlkit.dumps(document)
    except Exception:  # a value TOML cannot hold (such as a number beyond 64 bits) is not a file to test
        return
    if truncate:
        text = text[: len(text) // 2]
    path = scratch / "generated.toml"
    path.write_text(text)
    load_or_ruleset_error(path)


@pytest.mark.parametrize("key", ["²", "1²", "١٠٠", "9" * 5000, "0", "-5", ""])
def test_a_reset_score_that_is_no_whole_number_is_a_ruleset_error(scratch: Path, key: str) -> None:
    # Found by the test above: str.isdigit() takes "²", which int() refuses.
    path = scratch / "resets.toml"
    path.write_text(f'[resets]\nat = {{ "{key}" = 1 }}\n')
    with pytest.raises(RulesetError, match="must be a whole number of at least 1"):
        load_ruleset_file(path)


@pytest.mark.parametrize(
    "text", ['"a\\nb" = 1\n', '[players]\nfirst = "x\\ny"\n', '[deck]\n"\\r" = 2\n'], ids=["key", "value", "table key"]
)
def test_a_line_break_in_a_ruleset_file_stays_out_of_the_message(scratch: Path, text: str) -> None:
    # Found by the generated files above: a quoted key "\n" was echoed into a two-line message.
    path = scratch / "breaks.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as error:
        load_ruleset_file(path)
    assert "\n" not in str(error.value) and "\r" not in str(error.value)


# -- save files ----------------------------------------------------------------------------------


def _good_save(folder: Path) -> bytes:
    game = play(new_game(slap_rules(), players=3, seed=21), rounds=2)
    undo = UndoStack()
    undo.checkpoint(game)
    play(game, actions=3)
    meta = SaveMeta((Seat.person(), Seat.bot("medium"), Seat.bot("medium")), screen_seat=0)
    return save_game(game, meta, undo, path=folder / "good.json").read_bytes()


@pytest.fixture(scope="module")
def good_save(scratch: Path) -> bytes:
    return _good_save(scratch)


def read_or_save_error(path: Path) -> None:
    try:
        read_save(path)
    except SaveError as error:
        assert "\n" not in str(error)


@given(st.data())
@SETTINGS
def test_a_damaged_save_file_is_a_game_or_a_save_error(scratch: Path, good_save: bytes, data: st.DataObject) -> None:
    path = scratch / "damaged.json"
    path.write_bytes(data.draw(damaged_bytes(good_save)))
    read_or_save_error(path)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**66), 2**66) | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
CARDISH = st.sampled_from(["AS", "10H", "TH", "JK", "KD", "QC", "1S", "11H", "AX", "", "jk", "♠A", "A♠"])


def _places(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _places(value, (*path, i))


@st.composite
def edited_saves(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """The save with a few values replaced, removed or given a neighbour's value: a hand-edited save."""
    edited = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in _places(edited) if p]
        # Most of the save is the random state; pick among the rest far more often.
        pool = [p for p in places if "rng" not in p] if draw(st.integers(0, 9)) else places
        path = draw(st.sampled_from(pool))
        parent = edited
        for step in path[:-1]:
            parent = parent[step]
        last = path[-1]
        how = draw(st.sampled_from(["json", "card", "number", "remove", "copy"]))
        if how == "remove":
            if isinstance(parent, dict):
                del parent[last]
            else:
                parent.pop(last)
            continue
        if how == "json":
            value = draw(JSON)
        elif how == "card":
            value = draw(CARDISH)
        elif how == "number":
            value = draw(st.integers(-3, 12))
        else:
            keys = list(parent.keys()) if isinstance(parent, dict) else list(range(len(parent)))
            value = copy.deepcopy(parent[draw(st.sampled_from(keys))])
        parent[last] = value
    return edited


@given(st.data())
@SETTINGS
def test_a_hand_edited_save_is_a_game_or_a_save_error(scratch: Path, good_save: bytes, data: st.DataObject) -> None:
    document = json.loads(good_save)
    path = scratch / "edited.json"
    path.write_text(json.dumps(data.draw(edited_saves(document))))
    read_or_save_error(path)


@given(st.data())
@SETTINGS
def test_an_edited_snapshot_is_a_game_or_a_snapshot_error(good_save: bytes, data: st.DataObject) -> None:
    document = json.loads(good_save)["game"]
    edited = data.draw(edited_saves(document))
    try:
        game = game_from_dict(edited)
    except SnapshotError as error:
        assert "\n" not in str(error)
        return
    # Whatever is accepted is a whole game: every card there, it writes itself back the same, and it plays on.
    assert game.cards_in_play() == Counter(game.full_deck())
    assert game_to_dict(game_from_dict(game_to_dict(game))) == game_to_dict(game)
    play(game, actions=60)


# -- saving a user ruleset ---------------------------------------------------------------------------

RULE_VALUE = {
    "int": st.integers(-60, 1200),
    "bool": st.booleans(),
    "str": st.text(max_size=15),
    "choice": st.sampled_from([c for key in KEYS for c in key.choices]),
    "ints": st.lists(st.integers(-5, 300), max_size=4).map(tuple),
    # A table: one reset for each total (a file cannot say two).
    "resets": st.lists(st.tuples(st.integers(0, 300), st.integers(-5, 300)), max_size=3, unique_by=lambda p: p[0]).map(
        tuple
    ),
    # A card's own value (issue 31): card codes, now and then not a card, and values in and out of range.
    "card_values": st.lists(
        st.tuples(st.sampled_from(["KH", "10S", "AC", "JK", "ZZ"]), st.integers(-60, 60)),
        max_size=3,
        unique_by=lambda p: p[0],
    ).map(tuple),
}


@st.composite
def rule_changes(draw: st.DrawFn) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=5, unique_by=lambda k: k.path)):
        # Now and then a value of another kind, or the file key instead of the field name.
        kind = key.kind if draw(st.integers(0, 5)) else draw(st.sampled_from(sorted(RULE_VALUE)))
        name = key.path if draw(st.booleans()) else key.field
        changes[name] = draw(RULE_VALUE[kind])
    return changes


@given(st.sampled_from(sorted(PRESETS)), rule_changes())
@SETTINGS
def test_saving_changed_rules_gives_the_intended_rules_or_a_ruleset_error(
    scratch: Path, base: str, changes: dict[str, Any]
) -> None:
    import dataclasses

    from yaniv_tui.engine import load_ruleset
    from yaniv_tui.engine.ruleset_file import named
    from yaniv_tui.store.userrules import save_user_ruleset

    folder = scratch / "user-rulesets"
    for old in folder.glob("*.toml"):
        old.unlink()
    try:
        entry = save_user_ruleset(base, changes, "house", folder=folder)
    except RulesetError as error:
        assert "\n" not in str(error)
        assert not (folder / "house.toml").exists()
        event("refused")
        return
    event("saved")
    fields = {next(k.field for k in KEYS if name in (k.path, k.field)): value for name, value in changes.items()}
    fields = {f: tuple(sorted(v)) if isinstance(v, tuple) else v for f, v in fields.items()}
    # A blank name is the id (engine.ruleset_file.named), as a file with a blank name reads.
    assert entry.rules == named(dataclasses.replace(load_ruleset(base), id="house", **fields))
    assert load_ruleset_file(entry.path) == entry.rules
