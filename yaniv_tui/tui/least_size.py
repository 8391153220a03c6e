"""The least terminal the app draws in (below it, a screen asks for a larger one), and the most it is given, each in
one home: the screens read the least (screens/common.py); `yaniv serve`'s page, which sizes its font to the least,
and its servers (a browser's page, an SSH client), which give the app the size asked for within both, read them
through the app's door (launch.py)."""

import re

#: Columns and rows.
MIN_WIDTH, MIN_HEIGHT = 80, 24
#: The largest terminal a page or an SSH client may ask the app to draw in: far more than any screen shows, far less
#: than a process cannot hold.
MAX_WIDTH, MAX_HEIGHT = 400, 150


def given_size(width: object, height: object) -> tuple[int, int]:
    """The size a page or an SSH client asked for (whole numbers, or their text), each from 1 to the most; the least
    size for one that is none (missing, 0, not a number)."""
    return _within(width, MAX_WIDTH, MIN_WIDTH), _within(height, MAX_HEIGHT, MIN_HEIGHT)


def _within(value: object, most: int, default: int) -> int:
    if isinstance(value, str):
        value = int(value) if re.fullmatch(r"-?[0-9]{1,12}", value) else default
    if not isinstance(value, int) or isinstance(value, bool) or value == 0:
        value = default
    return max(1, min(most, value))
