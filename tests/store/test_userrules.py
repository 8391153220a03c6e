"""The user's own rulesets: listed with their origin, bad files named, new presets saved with their comments."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console

from yaniv_tui.cli.listings import print_rulesets
from yaniv_tui.engine import RulesetError, load_ruleset, load_ruleset_file, preset_paths
from yaniv_tui.store.userrules import RulesetEntry, all_rulesets, find_ruleset, save_user_ruleset


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("YANIV_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path / "config" / "rulesets"


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


def test_without_a_user_folder_the_shipped_presets_are_listed() -> None:
    entries = all_rulesets()
    assert [e.id for e in entries] == list(preset_paths())
    assert all(e.ok and e.origin == "shipped" for e in entries)


def test_good_user_files_load_and_bad_ones_are_listed_with_their_error(folder: Path) -> None:
    israeli = preset_paths()["israeli"].read_text()
    write(folder, "home.toml", israeli.replace("penalty = 30", "penalty = 40"))
    write(folder, "typo.toml", israeli.replace("penalty = 30", "penalty = -3"))
    write(folder, "broken.toml", israeli[: len(israeli) // 3] + "\n[[[")
    write(folder, "israeli.toml", israeli)
    write(folder, "notes.txt", "not a ruleset")
    entries = {(e.origin, e.id): e for e in all_rulesets()}
    home = entries["user", "home"]
    assert home.rules is not None and home.rules.assaf_penalty == 40 and home.path == folder / "home.toml"
    assert entries["shipped", "israeli"].rules == load_ruleset("israeli")
    for bad, words in [("typo", "assaf.penalty"), ("broken", "not valid TOML"), ("israeli", "rename")]:
        entry = entries["user", bad]
        assert entry.rules is None and entry.error is not None
        assert words in entry.error and str(folder / f"{bad}.toml") in entry.error and "\n" not in entry.error
    assert ("user", "notes") not in entries


def test_find_ruleset_by_user_id_shipped_id_or_path(folder: Path) -> None:
    path = write(folder, "home.toml", 'name = "Home"\n[yaniv]\nlimit = 7\n')
    assert find_ruleset("home").yaniv_limit == 7
    assert find_ruleset("home").id == "home"
    assert find_ruleset("israeli") == load_ruleset("israeli")
    assert find_ruleset(str(path)).name == "Home"
    with pytest.raises(RulesetError, match=r"unknown ruleset 'nope'.*home"):
        find_ruleset("nope")


def test_a_saved_ruleset_loads_back_equal_to_the_intended_rules(folder: Path) -> None:
    changes = {
        "name": "Our table",
        "slap_down": True,
        "yaniv_limit_choices": (7, 5),
        "assaf.penalty": 40,
        "resets": ((100, 50),),
        "jack_swing_up_to": 6,
    }
    entry = save_user_ruleset("israeli", changes, "ours")
    base = load_ruleset("israeli")
    intended = dataclasses.replace(
        base,
        id="ours",
        name="Our table",
        slap_down=True,
        yaniv_limit_choices=(5, 7),
        assaf_penalty=40,
        resets=((100, 50),),
        jack_swing_up_to=6,
    )
    assert entry.path == folder / "ours.toml" and entry.origin == "user"
    assert entry.rules == intended
    assert load_ruleset_file(entry.path) == intended
    text = entry.path.read_text()
    assert "# the text names sequences only" in text  # the base file's comments are kept
    assert "from the 'israeli' ruleset" in text.splitlines()[0]
    assert find_ruleset("ours") == intended


def test_a_default_that_follows_another_key_is_written_out(folder: Path) -> None:
    # sursis.toml gives no yaniv.limit_choices, so they follow yaniv.limit; a saved copy must keep (5,).
    entry = save_user_ruleset("sursis", {"end_limit": 200}, "sursis-200")
    assert entry.rules == dataclasses.replace(load_ruleset("sursis"), id="sursis-200", end_limit=200)
    with pytest.raises(RulesetError, match=r"yaniv\.limit_choices: must include yaniv\.limit"):
        save_user_ruleset("sursis", {"yaniv_limit": 7}, "sursis-7")
    assert not (folder / "sursis-7.toml").exists()


def test_a_user_ruleset_edited_in_place_keeps_its_comments(folder: Path) -> None:
    write(folder, "home.toml", '# our kitchen table\nname = "Home"\n\n[assaf]\npenalty = 25  # Dad insists\n')
    entry = save_user_ruleset("home", {"assaf_penalty": 35, "more_decks_from": (5,)}, "home")
    text = entry.path.read_text()
    assert text.startswith("# our kitchen table") and "# Dad insists" in text
    assert entry.rules is not None and entry.rules.assaf_penalty == 35 and entry.rules.more_decks_from == (5,)
    again = save_user_ruleset("home", {"more_decks_from": ()}, "home")
    assert again.rules is not None and again.rules.more_decks_from == ()
    assert "more_decks_from" not in again.path.read_text()


def test_saving_from_a_file_path(tmp_path: Path) -> None:
    elsewhere = tmp_path / "friend.toml"
    elsewhere.write_text('name = "Friend"\n')
    entry = save_user_ruleset(elsewhere, {"joker_value": -5}, "friend")
    assert entry.rules is not None and entry.rules.name == "Friend" and entry.rules.joker_value == -5


@pytest.mark.parametrize(
    ("base", "changes", "new_id", "message"),
    [
        ("israeli", {}, "israeli", "shipped preset"),
        ("israeli", {}, "Bad Id!", "ruleset id"),
        ("israeli", {"wild_twos": True}, "x", "'wild_twos' is not a rule"),
        ("israeli", {"slap_down": "yes"}, "x", "drops.slap_down: must be true or false"),
        ("israeli", {"assaf_penalty": 5000}, "x", "assaf.penalty: must be a whole number from 0 to 1000"),
        ("israeli", {"yaniv_limit_choices": "5"}, "x", "yaniv.limit_choices: must be a list"),
        ("israeli", {"resets": {"a": 1}}, "x", "resets.at"),
        ("israeli", {"id": "y"}, "x", "'id' is not a rule"),
        ("nowhere", {}, "x", "unknown ruleset 'nowhere'"),
    ],
)
def test_bad_saves_are_one_line_and_write_nothing(
    folder: Path, base: str, changes: dict[str, object], new_id: str, message: str
) -> None:
    with pytest.raises(RulesetError) as error:
        save_user_ruleset(base, changes, new_id)
    assert message in str(error.value) and "\n" not in str(error.value)
    assert not folder.exists() or not list(folder.iterdir())


def test_another_user_ruleset_is_not_overwritten(folder: Path) -> None:
    save_user_ruleset("israeli", {"name": "A"}, "a")
    with pytest.raises(RulesetError, match="already exists"):
        save_user_ruleset("israeli", {"name": "B"}, "a")
    assert find_ruleset("a").name == "A"


def test_yaniv_rulesets_shows_origins_the_folder_and_bad_files(folder: Path) -> None:
    save_user_ruleset("israeli", {"name": "Our table"}, "ours")
    write(folder, "typo.toml", "[yaniv]\nlimit = true\n")
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=250)) == 0
    text = out.getvalue()
    assert "Our table" in text and "yours: ours.toml" in text and "shipped" in text
    assert "invalid" in text and "yaniv.limit" in text
    assert str(folder) in text.replace("\n", "")


def test_files_that_are_no_rulesets_are_listed_with_one_line_each(folder: Path) -> None:
    """Before: a FIFO blocked the listing, /dev/zero ate memory, 50 MB took seconds, 500 levels raised. The
    listing runs in a thread only so that a FIFO that blocks it fails the test instead of hanging the suite
    (the bound is a hang guard, not a speed target: the file's size is refused before it is read)."""
    import os
    import threading

    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    with open(folder / "big.toml", "wb") as big:
        big.truncate(50 * 1024 * 1024)

    write(folder, "deep.toml", "name = " + "[" * 500 + "]" * 500)
    write(folder, "fine.toml", 'name = "Fine"\n')
    listed: list[RulesetEntry] = []
    lister = threading.Thread(target=lambda: listed.extend(all_rulesets()), daemon=True)
    lister.start()
    lister.join(timeout=120)
    assert not lister.is_alive(), "listing the rulesets folder never ended"
    entries = {e.id: e for e in listed if e.origin == "user"}
    assert entries["fine"].ok
    for bad, words in [("pipe", "is a FIFO"), ("zero", "is a device"), ("big", "too big"), ("deep", "nested too deep")]:
        error = entries[bad].error
        assert error is not None and words in error and "\n" not in error, (bad, error)
    with pytest.raises(RulesetError, match="is a FIFO"):
        find_ruleset("pipe")
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=250)) == 0
    assert "is a FIFO" in out.getvalue() and "Fine" in out.getvalue()


def test_yaniv_rulesets_never_prints_control_characters_or_markup_from_a_file(folder: Path) -> None:
    """Before: a name like "a\\u001b[31mRED\\u0007" reached the terminal raw; file names and markup too."""
    write(folder, "evil.toml", 'name = "a\\u001b[31mRED\\u0007"\n')
    write(folder, "markup.toml", 'name = "[red]x"\ndescription = "[bold]y[/]"\n')
    write(folder, "bad\x1b[2Jname.toml", "[yaniv]\nlimit = true\n")
    write(folder, "[blink]key.toml", '"[red]k\\u001b" = 1\n')
    out = io.StringIO()
    assert print_rulesets(Console(file=out, width=300, force_terminal=True, color_system=None)) == 0
    text = out.getvalue()
    assert "\x1b" not in text and "\x07" not in text
    assert "[red]x" in text and "[bold]y[/]" in text and "[blink]key" in text
    assert "\\x1b[2J" in text
    entries = {e.id: e for e in all_rulesets()}
    assert entries["evil"].error is not None and "control character" in entries["evil"].error


def test_each_key_is_written_by_its_kind(folder: Path) -> None:
    """Resets as an inline table, lists as arrays; an empty default (no resets, the jack swing at the limit) is
    written by leaving the key out."""
    entry = save_user_ruleset("israeli", {"resets.at": ((150, 75),), "jack_swing_up_to": 7}, "lucky")
    text = entry.path.read_text()
    assert "at = {150 = 75}" in text.replace("{ ", "{").replace(" }", "}") and "jack_swing_up_to = 7" in text
    again = save_user_ruleset("lucky", {"resets": (), "jack_swing_up_to": None}, "lucky")
    assert again.rules is not None and again.rules.resets == () and again.rules.jack_swing_up_to is None
    text = again.path.read_text()
    assert "at =" not in text and "jack_swing_up_to" not in text


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"resets": ((100, 150),)}, "resets.at: 100 must reset to a whole number from 0 to 99, got 150"),
        ({"hand_size": "5"}, 'deck.hand_size: must be a whole number from 1 to 20, got "5"'),
        ({"end_limit_choices": (100, 100)}, "end.limit_choices: must not repeat a number"),
        ({"take_from_set": "all"}, 'take.from_set: must be "ends" or "any", got "all"'),
    ],
)
def test_a_change_is_refused_with_the_files_message(folder: Path, changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesetError) as error:
        save_user_ruleset("israeli", changes, "x")
    assert str(error.value) == message


def test_a_cleared_name_saves_and_reads_as_the_new_id(tmp_path: Path) -> None:
    """Clearing the name in the house-rules dialog: the ruleset is shown by its id, not nameless."""
    entry = save_user_ruleset("israeli", {"name": ""}, "blanky", folder=tmp_path)
    assert entry.rules is not None and entry.rules.name == "blanky"


def test_the_setup_list_and_the_command_line_read_each_preset_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`yaniv` at start resolves the default preset, sorts the presets into their groups and lists them all:
    each preset's text is parsed and checked once, not three times."""
    from yaniv_tui.engine import ruleset_file
    from yaniv_tui.store import all_rulesets, find_ruleset

    ruleset_file._ruleset_of.cache_clear()
    ruleset_file._group_of_file.cache_clear()
    parsed: list[str] = []
    from yaniv_tui.engine.ruleset_read import parse_ruleset_text as real

    def counting(text: str, source: str) -> dict[str, object]:
        parsed.append(source)
        return real(text, source)

    monkeypatch.setattr(ruleset_file, "parse_ruleset_text", counting)
    find_ruleset("israeli")
    entries = all_rulesets(folder=Path("/nonexistent"))
    assert len(parsed) == len(set(parsed)) == len(entries)


def test_finding_one_preset_by_its_id_reads_no_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """`yaniv --ruleset sursis --players ...` opens the table at once: it reads that preset, not every preset to
    sort them into their groups (only a listing needs the groups)."""
    from yaniv_tui.engine import load_ruleset, ruleset_file
    from yaniv_tui.engine.ruleset_read import parse_ruleset_text as real

    ruleset_file._ruleset_of.cache_clear()
    ruleset_file._group_of_file.cache_clear()
    parsed: list[str] = []

    def counting(text: str, source: str) -> dict[str, object]:
        parsed.append(source)
        return real(text, source)

    monkeypatch.setattr(ruleset_file, "parse_ruleset_text", counting)
    assert find_ruleset("sursis").id == "sursis"
    assert load_ruleset("yanivo").id == "yanivo"
    assert [Path(source).stem for source in parsed] == ["sursis", "yanivo"]


def test_an_unknown_ruleset_is_told_with_the_ones_that_load_printable_and_few(folder: Path) -> None:
    # A file named with an escape sequence reached the terminal in this line (it cleared the screen), broken files
    # were named as rulesets to choose, and a folder of hundreds made a line of hundreds.
    write(folder, "home.toml", 'name = "Home"\n')
    write(folder, "\x1b[2J\x1b[31mevil.toml", 'name = "Evil"\n')
    write(folder, "broken.toml", "[[[")
    with pytest.raises(RulesetError) as told:
        find_ruleset("nope")
    line = str(told.value)
    assert "\x1b" not in line and line.isprintable()
    assert "home" in line and "broken" not in line and "israeli" in line
    for n in range(60):
        write(folder, f"mine{n:02d}.toml", 'name = "Mine"\n')
    with pytest.raises(RulesetError) as told:
        find_ruleset("nope")
    line = str(told.value)
    assert len(line) < 500 and "more (see 'yaniv rulesets')" in line and line.isprintable()


def test_a_user_ruleset_kept_as_a_link_is_edited_where_it_points(folder: Path, tmp_path: Path) -> None:
    kept = write(tmp_path / "dotfiles", "home.toml", '# ours\nname = "Home"\n')
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "home.toml").symlink_to(kept)
    entry = save_user_ruleset("home", {"assaf_penalty": 35}, "home")
    assert (folder / "home.toml").is_symlink() and entry.rules is not None and entry.rules.assaf_penalty == 35
    assert "# ours" in kept.read_text() and load_ruleset_file(kept, "home").assaf_penalty == 35


@pytest.mark.parametrize("name", ["israeli.toml", "ISRAELI.toml", "Israeli.toml"])
def test_a_user_file_named_as_a_preset_in_any_case_is_refused_alike(folder: Path, name: str) -> None:
    # Before: 'israeli.toml' was refused as a preset's name while 'ISRAELI.toml' was a ruleset of its own (and on a
    # file system that ignores case, the two are one file). A name that differs from a preset's only by case means
    # that preset, so the user's file is listed with the same error, and the preset is what the name finds.
    write(folder, name, 'name = "Mine"\n[yaniv]\nlimit = 3\n')
    stem = name.removesuffix(".toml")
    [entry] = [e for e in all_rulesets() if e.origin == "user"]
    assert entry.id == stem and entry.rules is None and entry.error is not None
    assert "is a shipped preset's" in entry.error and "'israeli'" in entry.error and "rename" in entry.error
    assert find_ruleset(stem) == load_ruleset("israeli")


@pytest.mark.parametrize("typed", ["SURSIS", "Sursis", "sursis"])
def test_a_preset_is_found_whatever_the_case_it_is_typed_in(typed: str) -> None:
    assert find_ruleset(typed) == load_ruleset("sursis")


def test_a_user_ruleset_is_found_whatever_the_case_when_one_file_has_that_name(folder: Path) -> None:
    write(folder, "Home.toml", 'name = "Home"\n[yaniv]\nlimit = 7\n')
    assert find_ruleset("home").id == "Home"
    assert find_ruleset("HOME").yaniv_limit == 7
    write(folder, "HOME.toml", 'name = "Home2"\n[yaniv]\nlimit = 5\n')
    assert find_ruleset("HOME").yaniv_limit == 5  # its own file's name first
    with pytest.raises(RulesetError, match=r"unknown ruleset 'home'"):
        find_ruleset("home")  # two files that differ only by case: neither is guessed
