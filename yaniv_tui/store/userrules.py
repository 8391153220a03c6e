"""The user's own rulesets: `*.toml` files in the config folder, listed beside the shipped presets; saving new ones.

A user file cannot shadow a shipped preset: an id such as "israeli" always means the shipped rules (saves and
the history name rulesets by id), and a user file with a shipped id is listed with an error asking to rename it.
A name is read as a person means it, whatever its case (`named_in`): "ISRAELI" is the preset "israeli", so a file
`ISRAELI.toml` is refused as `israeli.toml` is (a file system that ignores case holds them as one file anyway).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from yaniv_tui.engine import (
    KEYS,
    PRESET_GROUPS,
    Ruleset,
    RulesetError,
    load_ruleset_file,
    preset_files,
    preset_group,
    preset_paths,
    ruleset_from_dict,
)
from yaniv_tui.engine.ruleset_file import named
from yaniv_tui.engine.ruleset_keys import OMIT, Key
from yaniv_tui.engine.ruleset_read import printable, read_ruleset_bytes

from .files import atomic_write, changing, private_folder, write_new
from .paths import user_rulesets_dir

if TYPE_CHECKING:
    import tomlkit

# tomlkit (which keeps a file's comments) and the saves' writer are imported only when a ruleset is saved.

Origin = Literal["shipped", "user"]
#: What a new ruleset's id (its file name) may be: it is typed on the command line and shown in lists.
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
#: The group of the user's own rulesets, listed after the shipped presets' groups (PRESET_GROUPS).
USER_GROUP = "user"
#: Each group's heading, in the order `yaniv rulesets` and the setup screen list them: the presets of the rule
#: books we follow, the tables of other Yaniv programs and rule pages, then the user's own files.
GROUP_HEADINGS: Mapping[str, str] = {
    PRESET_GROUPS[0]: "From the rule books",
    PRESET_GROUPS[1]: "Other programs' tables",
    USER_GROUP: "Your own rulesets",
}
_BY_FIELD = {key.field: key for key in KEYS}
_BY_PATH = {key.path: key for key in KEYS}


@dataclass(frozen=True, slots=True)
class RulesetEntry:
    """One ruleset file: its id, where it comes from, and either its rules or its one-line error."""

    id: str
    origin: Origin
    path: Path
    rules: Ruleset | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.rules is not None

    @property
    def group(self) -> str:
        """Its group in GROUP_HEADINGS: a shipped preset's by its source (a damaged one's, the last shipped group),
        else the user's own."""
        if self.origin == "user":
            return USER_GROUP
        return PRESET_GROUPS[-1] if self.rules is None else preset_group(self.rules)

    @property
    def not_loaded(self) -> str:
        """One printable line for a list of files that do not load: the file's name, then its error."""
        error = printable(self.error or "").removeprefix(f"{printable(str(self.path))}: ")
        return f"{printable(self.path.name)} not loaded: {error}"


def user_ruleset_paths(folder: Path | None = None) -> dict[str, Path]:
    """Each user ruleset file by id, sorted by id; {} when the folder is missing or unreadable.

    Every `*.toml` entry is listed, a FIFO or a directory too: loading it then says in one line why it is
    no ruleset, rather than the file being skipped without a word.
    """
    where = folder or user_rulesets_dir()
    try:
        return {p.stem: p for p in sorted(where.glob("*.toml"))}
    except OSError:
        return {}


def named_in(name: str, ids: Mapping[str, Path]) -> str | None:
    """The id among `ids` that `name` names: the same id, else the one id that differs from it only by case (None
    when there is none, or more than one)."""
    if name in ids:
        return name
    alike = [ruleset_id for ruleset_id in ids if ruleset_id.casefold() == name.casefold()]
    return alike[0] if len(alike) == 1 else None


def _entry(ruleset_id: str, origin: Origin, path: Path) -> RulesetEntry:
    try:
        return RulesetEntry(ruleset_id, origin, path, load_ruleset_file(path, ruleset_id), None)
    except RulesetError as error:
        return RulesetEntry(ruleset_id, origin, path, None, str(error))


def all_rulesets(folder: Path | None = None) -> list[RulesetEntry]:
    """The shipped presets, then the user's files, each with its rules or its one-line error."""
    shipped = preset_paths()
    entries = [_entry(i, "shipped", p) for i, p in shipped.items()]
    for ruleset_id, path in user_ruleset_paths(folder).items():
        if (preset := named_in(ruleset_id, shipped)) is not None:
            error = f"{printable(str(path))}: the id {preset!r} is a shipped preset's; rename the file to use it"
            entries.append(RulesetEntry(ruleset_id, "user", path, None, error))
        elif not ruleset_id.isprintable():
            error = f"{printable(str(path))}: the file name has a control character; rename the file to use it"
            entries.append(RulesetEntry(ruleset_id, "user", path, None, error))
        else:
            entries.append(_entry(ruleset_id, "user", path))
    return entries


def find_ruleset(name_or_path: str | os.PathLike[str], folder: Path | None = None) -> Ruleset:
    """A shipped preset or a user ruleset by id, or the ruleset in a `.toml` file; RulesetError (one line)."""
    text = os.fspath(name_or_path)
    shipped = preset_files()
    if (preset := named_in(text, shipped)) is not None:
        return load_ruleset_file(shipped[preset], preset)
    user = user_ruleset_paths(folder)
    if (own := named_in(text, user)) is not None:
        return load_ruleset_file(user[own], own)
    if text.endswith(".toml") or "/" in text or os.sep in text:
        return load_ruleset_file(text)
    raise RulesetError(f"unknown ruleset {text!r}: the rulesets are {_known(folder)}, or give a path to a .toml file")


#: The most rulesets a line naming them names; the rest are counted.
_NAMED = 24


def _known(folder: Path | None) -> str:
    """The rulesets a name may choose, for a line saying which: the presets, then the user's files that load (a
    broken one is no choice, and a file's name may hold anything), at most _NAMED of them."""
    ids = [entry.id for entry in all_rulesets(folder) if entry.ok]
    named = ", ".join(printable(ruleset_id) for ruleset_id in ids[:_NAMED]) or "none found"
    more = len(ids) - _NAMED
    return f"{named} and {more} more (see 'yaniv rulesets')" if more > 0 else named


def _locate(base: str | os.PathLike[str], folder: Path) -> tuple[str, Path]:
    text = os.fspath(base)
    shipped = preset_files()
    if (preset := named_in(text, shipped)) is not None:
        return preset, shipped[preset]
    user = user_ruleset_paths(folder)
    if (own := named_in(text, user)) is not None:
        return own, user[own]
    path = Path(text)
    if path.suffix == ".toml" or path.is_file():
        return path.stem, path
    raise RulesetError(f"unknown ruleset {text!r} to start from: the rulesets are {_known(folder)}")


def _normalize(key: Key, value: Any) -> Any:
    """A change as the Ruleset field holds it, through the same checks as the file's value: RulesetError."""
    if key.leaves_out(value):
        return value

    def fail(message: str) -> RulesetError:
        return RulesetError(f"{key.path}: {message}")

    return key.load(key.to_data(value), fail)


def _set(doc: tomlkit.TOMLDocument, key: Key, value: Any) -> None:
    """Write a field's value into the file at its key, keeping the rest; an empty default leaves the key out."""
    import tomlkit
    from tomlkit.items import Table

    node: Any = doc
    for part in key.path.split(".")[:-1]:
        if part not in node or not isinstance(node[part], Table):
            node[part] = tomlkit.table()
        node = node[part]
    written = key.to_data(value)
    if written is OMIT:
        if key.name in node:
            del node[key.name]
    elif isinstance(written, dict):  # a table inside a table is written inline: at = { 100 = 50 }
        inline = tomlkit.inline_table()
        inline.update(written)
        node[key.name] = inline
    else:
        node[key.name] = written


def save_user_ruleset(
    base: str | os.PathLike[str],
    changes: Mapping[str, Any],
    new_id: str,
    *,
    folder: Path | None = None,
) -> RulesetEntry:
    """Write `<config>/rulesets/<new_id>.toml`: the `base` ruleset's file with `changes`, its comments kept.

    `base` is a ruleset id (shipped or user) or a file path; `changes` maps Ruleset field names (or file keys
    such as "drops.slap_down") to values as a Ruleset holds them. Writing over another user file is refused,
    except the base itself (editing a user ruleset in place). Returns the new file's entry, whose rules equal
    the base's with the changes; RulesetError (one line) for a bad id, key or value, or rules that cannot play.
    """
    where = folder or user_rulesets_dir()
    _check_new_id(new_id)
    base_id, base_path = _locate(base, where)
    target = where / f"{new_id}.toml"
    in_place = target.resolve() == base_path.resolve()  # a user ruleset edited, not a new file
    # Edited in place, the file is read, changed and written by one yaniv at a time: another's edit is kept.
    with changing(target) if in_place else contextlib.nullcontext():
        text = _changed_text(base_id, base_path, changes, new_id, target, in_place)
        try:
            if in_place:
                atomic_write(target, text.encode("utf-8"), through_link=True)  # a link stays
            else:  # a new file: never over one another yaniv wrote since it was looked for
                private_folder(where)
                write_new(target, text.encode("utf-8"))
        except FileExistsError:
            raise _already_there(target) from None
        except OSError as error:
            raise RulesetError(f"cannot write {target}: {error.strerror or error}") from None
    return _entry(new_id, "user", target)


def _changed_text(
    base_id: str, base_path: Path, changes: Mapping[str, Any], new_id: str, target: Path, in_place: bool
) -> str:
    """The text of the ruleset file `save_user_ruleset` writes: the base's file as it is now, with the changes."""
    base_rules = load_ruleset_file(base_path, base_id)
    if target.exists() and not in_place:
        raise _already_there(target)
    fields = _fields_of(changes)
    intended = named(dataclasses.replace(base_rules, id=new_id, **fields))
    text = _written(base_path, fields, intended, target)
    if not in_place:
        stamp = datetime.now(UTC).strftime("%Y-%m-%d")
        text = f"# Saved by yaniv-tui on {stamp} from the {base_id!r} ruleset ({base_path.name}).\n" + text
    return text


def _already_there(target: Path) -> RulesetError:
    return RulesetError(f"{target} already exists: choose another id, or edit that ruleset")


def _check_new_id(new_id: str) -> None:
    if not ID_PATTERN.fullmatch(new_id):
        raise RulesetError(
            f"ruleset id {new_id!r}: use 1 to 40 lowercase letters, digits, '-' or '_', not starting with '-' or '_'"
        )
    if new_id in preset_files():
        raise RulesetError(f"ruleset id {new_id!r} is a shipped preset's: choose another id")


def _fields_of(changes: Mapping[str, Any]) -> dict[str, Any]:
    """The changes by Ruleset field, each value through its key's checks."""
    fields: dict[str, Any] = {}
    for name, value in changes.items():
        key = _BY_PATH.get(name) or _BY_FIELD.get(name)
        if key is None:
            raise RulesetError(f"{name!r} is not a rule; the rules are {', '.join(k.path for k in KEYS)}")
        fields[key.field] = _normalize(key, value)
    return fields


def _written(base_path: Path, fields: dict[str, Any], intended: Ruleset, target: Path) -> str:
    """The base file's text with the changes set, comments kept, checked to load as `intended`."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        # Read with the same checks as loading (a regular file, at most 1 MiB): it may have changed since.
        doc = tomlkit.parse(read_ruleset_bytes(base_path, printable(str(base_path))).decode("utf-8"))
    except (UnicodeDecodeError, TOMLKitError, RecursionError) as error:
        raise RulesetError(f"{printable(str(base_path))}: cannot be read as TOML ({error})") from None
    for field, value in fields.items():
        _set(doc, _BY_FIELD[field], value)
    text = tomlkit.dumps(doc)
    # Keys left out of the base file take defaults that may follow other keys (the limit choices follow the
    # limit), so any field that does not come out as intended is written out in full.
    for _ in range(2):
        loaded = ruleset_from_dict(tomllib.loads(text), ruleset_id=intended.id, source=str(target))
        wrong = [
            f.name
            for f in dataclasses.fields(Ruleset)
            if f.compare and getattr(loaded, f.name) != getattr(intended, f.name)
        ]
        if not wrong:
            return text
        for field in wrong:
            _set(doc, _BY_FIELD[field], getattr(intended, field))
        text = tomlkit.dumps(doc)
    raise RulesetError(f"{target}: {', '.join(wrong)} cannot be written as intended")
