"""The game's own colours ($felt, $gold, $card-red, ...): their values in each theme, for the stylesheet and Rich text.

The game was drawn in Textual's default theme, and keeps that look there: green felt, white cards,
gold for what is yours to act on. In any other theme (the command palette's "Change theme") each
of its colours is taken from that theme's own colours instead, so the whole game follows the theme.
A theme of its own may also set any of these variables by name.
"""

from __future__ import annotations

from textual.color import Color, ColorParseError
from textual.theme import Theme

#: The theme the game's look was drawn in: there every colour is the one below, as it always was.
DRAWN_IN = "textual-dark"

#: Each colour: its value in the theme the game was drawn in, and the theme colour it takes elsewhere.
GAME_COLOURS: dict[str, tuple[str, str]] = {
    # The table: its cloth, a lit seat, the lines drawn on it, and the text written on it.
    "felt": ("#0b3d2a", "background"),
    "felt-dark": ("#0d2e21", "surface"),
    "felt-lit": ("#14543a", "panel"),
    "felt-line": ("#4f7f68", "primary-darken-2"),
    "felt-line-out": ("#3c5a4b", "panel"),
    "night": ("#10151c", "surface"),
    "shade": ("#000000", "background-darken-3"),
    "ink": ("#dddddd", "foreground"),
    "ink-bright": ("#e8e8e8", "foreground"),
    "ink-strong": ("#f0f0f0", "foreground"),
    "ink-soft": ("#c8d8d0", "foreground-darken-1"),
    "ink-grey": ("#c0c0c0", "foreground-darken-1"),
    "ink-muted": ("#a8c8b8", "foreground-darken-2"),
    "ink-out": ("#7a8f84", "foreground-darken-3"),
    # What speaks: yours to act on, good news, bad news.
    "gold": ("#ffd75f", "accent"),
    "good": ("#87d787", "success"),
    "bad": ("#ff8787", "error"),
    # The cards: faces, their ink, borders and keys; backs and the deck.
    "card-face": ("#f4f1e8", "foreground"),
    "card-ink": ("#111111", "background"),
    "card-red": ("#d40000", "error"),
    "card-joker": ("magenta", "secondary"),
    "card-edge": ("#8a8a8a", "foreground-darken-3"),
    "card-key": ("#1d3a8a", "primary-darken-2"),
    "card-value": ("#444444", "background-lighten-3"),
    "card-back": ("#5f87d7", "primary"),
    "red-on-felt": ("#ff5f5f", "error-lighten-2"),
    "pile-face": ("#d9d6cd", "foreground-darken-2"),
    "pile-edge": ("#777777", "foreground-darken-3"),
    "chosen-face": ("#fff3b0", "accent-lighten-3"),
    "chosen-edge": ("#d48a00", "accent-darken-2"),
    "deck-back": ("#1d3a8a", "primary-darken-2"),
    "deck-edge": ("#9db7ff", "primary-lighten-2"),
    "deck-count": ("#e8e8e8", "foreground"),
}

#: Colours written on another (the keys over the hand's cards on a card's face, the deck's count on its back),
#: with the theme colours tried in turn where a theme's own makes them too faint to read: a light theme's
#: foreground is dark, so its card faces are dark, and a dark blue key on them could not be seen.
READ_ON: dict[str, tuple[str, tuple[str, ...]]] = {
    "card-key": ("card-face", ("primary-lighten-2", "primary-darken-3", "accent", "background")),
    "deck-count": ("deck-back", ("primary-lighten-3", "foreground", "background")),
}
#: The least contrast (WCAG's ratio, 1 to 21) a colour of READ_ON keeps on the one it is written on.
LEAST_CONTRAST = 3.0

#: The colours of the theme in use, for Rich text (a Rich style cannot name a theme variable).
_in_use: dict[str, str] = {name: drawn for name, (drawn, _) in GAME_COLOURS.items()}
#: How many times the colours in use have changed: a widget that keeps what it drew redraws when it moves.
_changes = 0


def theme_colours(theme: Theme) -> dict[str, str]:
    """The game's colours in `theme`; they also become the ones `colour` gives."""
    if theme.name == DRAWN_IN:
        colours = {name: drawn for name, (drawn, _) in GAME_COLOURS.items()}
    else:
        generated = theme.to_color_system().generate()
        colours = {name: _opaque(generated.get(source, drawn), drawn) for name, (drawn, source) in GAME_COLOURS.items()}
        # An ANSI theme's colours are the terminal's own, whatever they are: no contrast can be measured there.
        for name, (under, others) in {} if theme.ansi else READ_ON.items():
            tried = [
                colours[name],
                *(_opaque(generated[other], colours[name]) for other in others if other in generated),
            ]
            readable = [value for value in tried if contrast(value, colours[under]) >= LEAST_CONTRAST]
            colours[name] = readable[0] if readable else max(tried, key=lambda value: contrast(value, colours[under]))
    colours.update({name: value for name, value in theme.variables.items() if name in GAME_COLOURS})
    global _changes
    if colours != _in_use:
        _changes += 1
        _in_use.clear()
        _in_use.update(colours)
    return colours


def reads_on_a_page(theme: Theme) -> bool:
    """Whether `theme` can be read on a browser's page (`yaniv serve`): not an ANSI theme ("ansi-light",
    "ansi-dark"), whose colours are the terminal's own palette, there the page's, fixed and dark whatever the theme
    says (ansi-light's names, black suits and log could not be read on it). The app offers a page only these."""
    return not theme.ansi


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours as WCAG defines it, from 1 (the same) to 21 (black on white)."""

    def luminance(value: str) -> float:
        def linear(channel: int) -> float:
            c = channel / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        red, green, blue = Color.parse(value).rgb
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _opaque(value: str, fallback: str) -> str:
    """`value` as #rrggbb, which both the stylesheet and Rich read."""
    try:
        return Color.parse(value).hex6
    except ColorParseError:
        return fallback


def colour(name: str) -> str:
    """One of the game's colours in the theme in use, for a Rich style: `Text(..., style=f"bold {colour('gold')}")`."""
    return _in_use[name]


def palette() -> int:
    """Which colours are in use: it changes when the theme changes them (for a widget's "drawn already" check)."""
    return _changes
