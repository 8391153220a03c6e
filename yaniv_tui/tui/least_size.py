"""The least terminal the app draws in (below it, a screen asks for a larger one), in one home: the screens read it
(screens/common.py), and `yaniv serve`'s page, which sizes its font to it, through the app's door (launch.py)."""

#: Columns and rows.
MIN_WIDTH, MIN_HEIGHT = 80, 24
