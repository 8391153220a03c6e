"""Reading a file of ours safely (see `yaniv_tui.engine.files`, its home, where the bots' ratings file reads it too)."""

from __future__ import annotations

from yaniv_tui.engine.files import NotAFile, TooBig, is_dangling_link, kind_of, read_regular

__all__ = ["NotAFile", "TooBig", "is_dangling_link", "kind_of", "read_regular"]
