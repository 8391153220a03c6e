"""Write the key tables of rulesets/README.md from the keys declared on `Ruleset`; `--check` says if they differ.

python tools/ruleset_docs.py            # rewrite the tables in rulesets/README.md
python tools/ruleset_docs.py --check    # exit 1, naming the first line that differs, if they are stale
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from itertools import groupby
from pathlib import Path

from yaniv_tui.engine import KEYS
from yaniv_tui.engine.ruleset_keys import Key, toml_text

README = Path(__file__).resolve().parent.parent / "rulesets" / "README.md"
BEGIN = "<!-- The key tables below are written by tools/ruleset_docs.py from the keys declared on Ruleset. -->"
END = "<!-- End of the generated key tables. -->"

#: What a table is for, written above its keys.
INTROS = {
    "values": "A card's value in hand. Two to ten always count their face value.",
    "take": "Which cards of the previous player's drop may be taken instead of the deck's top card. A single can "
    "always be taken.",
    "resets": "Lucky resets: a round that adds points (more than 0; see `on_zero_added` and `with_penalty`) and "
    "lands a score exactly on a listed total drops it. A reset is applied once (it does not chain into another) "
    "and before anyone is knocked out or the game's end is checked.",
    "bonus": "The house rule of source 000: a player who wins rounds with a hand of 0 takes points off their score.",
}


def _default(key: Key) -> str:
    return key.default_doc or f"`{toml_text(key.behaviour.to_data(key.default))}`"


def _allowed(key: Key) -> str:
    return ", ".join(part for part in (key.behaviour.allowed(key), key.allowed_also) if part)


def _row(key: Key) -> str:
    cells = [f"`{key.name}`", key.behaviour.doc_name, _default(key), _allowed(key), key.doc]
    return "|" + "|".join(f" {cell} " if cell else " " for cell in cells) + "|"


def render() -> str:
    """The generated part of the README: a heading, an intro where there is one, and a table for each table."""
    lines = [BEGIN]
    for table, keys in groupby(KEYS, key=lambda key: key.table):
        lines += ["", f"### [{table}]" if table else "### Top level", ""]
        if table in INTROS:
            lines += [textwrap.fill(INTROS[table], width=80), ""]
        lines += ["| key | type | default | allowed | meaning |", "|---|---|---|---|---|"]
        lines += [_row(key) for key in keys]
    return "\n".join([*lines, "", END])


def updated(text: str) -> str:
    """The README's text with its generated part written afresh; ValueError if the markers are missing."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"the README has no generated part: put the lines\n{BEGIN}\n{END}\nwhere the tables go")
    return text[:start] + render() + text[end + len(END) :]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the tables are up to date")
    parser.add_argument("--readme", type=Path, default=README, help="the README to write or check")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    try:
        fresh = updated(text)
    except ValueError as error:
        print(f"{args.readme}: {error}", file=sys.stderr)
        return 1
    if fresh == text:
        return 0
    if args.check:
        old, new = text.splitlines(), fresh.splitlines()
        line = next((n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        print(
            f"{args.readme}:{line + 1}: the key tables differ from the keys declared on Ruleset; "
            "run python tools/ruleset_docs.py",
            file=sys.stderr,
        )
        return 1
    args.readme.write_text(fresh, encoding="utf-8")
    print(f"wrote the key tables of {args.readme}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
