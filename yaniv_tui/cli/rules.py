"""The one way a command finds a ruleset by name: a preset id, then one of the user's own, then a file path."""

from __future__ import annotations

from yaniv_tui.engine import DEFAULT_RULESET, Ruleset

from .parser import UsageError


def resolve_ruleset(name: str | None, prog: str = "yaniv") -> Ruleset:
    """The ruleset `name` means (None: the default preset), as `yaniv rulesets` lists them.

    UsageError for an empty name; RulesetError (one line) for a name that is none of them or a file that
    cannot be read.
    """
    if name is None:
        name = DEFAULT_RULESET
    if not name.strip():
        raise UsageError("--ruleset needs a preset id or a .toml file (see 'yaniv rulesets')", prog)
    from yaniv_tui.store import find_ruleset

    return find_ruleset(name)
