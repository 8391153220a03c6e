"""Cards: the value type, the text codes players type, and full decks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RED_SUITS = frozenset({"D", "H"})
#: A joker's face on the screen, before its code: `★JK` (`JK` with ASCII cards).
JOKER_FACE = "★"

#: Rank 0 is the joker; 1 is the ace, 11 to 13 are jack, queen and king.
JOKER_RANK = 0
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANK_CODES = {
    0: "JK",
    1: "A",
    **{r: str(r) for r in range(2, 11)},
    11: "J",
    12: "Q",
    13: "K",
}
RANK_NAMES = {
    0: "joker",
    1: "ace",
    **{r: str(r) for r in range(2, 11)},
    11: "jack",
    12: "queen",
    13: "king",
}

_RANK_BY_CODE = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
_RANK_BY_CODE.update({str(r): r for r in range(2, 11)})
_SUIT_BY_CODE = {"C": "C", "D": "D", "H": "H", "S": "S"}
_SUIT_BY_CODE.update({sym: s for s, sym in SUIT_SYMBOLS.items()})
_SUIT_BY_CODE.update({"♧": "C", "♢": "D", "♡": "H", "♤": "S"})


#: What a card is, as every refusal of something that is not one says it.
CARD_RULE = "a card is a rank A 2-10 T J Q K and a suit C D H S, or JK"


class CardError(ValueError):
    """A card code that does not name a card."""


class Card(NamedTuple):
    """One playing card; a joker has rank 0 and no suit.

    A tuple underneath, so cards compare, hash and sort fast; two decks hold
    equal cards, and an equal card is the same card for every rule.
    """

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def code(self) -> str:
        """The card's code, as `parse_cards` reads it: `10H`, `AS`, `JK`."""
        if self.rank == JOKER_RANK:
            return "JK"
        return RANK_CODES[self.rank] + self.suit

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def face(self, ascii_only: bool = False) -> str:
        """The card as a player reads it on the screen: `10♥`, `Q♠`, `★JK` (or its code, `10H`, in ASCII)."""
        if ascii_only:
            return self.code
        if self.rank == JOKER_RANK:
            return JOKER_FACE + "JK"
        return RANK_CODES[self.rank] + SUIT_SYMBOLS[self.suit]

    def name(self) -> str:
        """The card in words: `queen of hearts`, `joker`."""
        if self.rank == JOKER_RANK:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(JOKER_RANK, "")


def faces(cards: Iterable[Card]) -> str:
    """Cards as the screen shows them, separated by spaces: `A♣ Q♠ ★JK`; every message about cards uses these
    (`ascii_faces` turns them into the ASCII cards' `AC QS JK`)."""
    return " ".join(card.face() for card in cards)


_ASCII_SUITS = str.maketrans({symbol: suit for suit, symbol in SUIT_SYMBOLS.items()})


def ascii_faces(text: str) -> str:
    """`text` with every card face in it written as with ASCII cards: `A♣ ★JK` becomes `AC JK`."""
    return text.replace(JOKER_FACE + "JK", "JK").translate(_ASCII_SUITS)


def parse_card(code: str) -> Card:
    """Read one card code: rank `A 2-10 T J Q K` then suit `C D H S` or a suit symbol, or `JK`."""
    text = code.strip().upper()
    if text in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(text) < 2 or text[-1] not in _SUIT_BY_CODE or text[:-1] not in _RANK_BY_CODE:
        raise CardError(f"not a card: {code!r} ({CARD_RULE})")
    return Card(_RANK_BY_CODE[text[:-1]], _SUIT_BY_CODE[text[-1]])


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas: `"AS 10H TH JK QD"`."""
    return [parse_card(part) for part in text.replace(",", " ").split()]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as codes separated by spaces, which `parse_cards` reads back."""
    return " ".join(card.code for card in cards)


def standard_deck(jokers: int = 2) -> list[Card]:
    """One 52-card deck plus `jokers` jokers, in a fixed order."""
    deck = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    deck.extend([JOKER] * jokers)
    return deck


#: Every card there is: the 52 and the joker.
ALL_CARDS = frozenset(standard_deck(1))


def not_a_card(cards: Iterable[object]) -> str | None:
    """Why `cards` are refused when one of them is no card (a `Card` of a rank and suit that do not exist, or
    something else), in one line; None when each is a card."""
    for card in cards:
        if not (isinstance(card, Card) and card in ALL_CARDS):
            shown = tuple(card) if isinstance(card, tuple) else card
            return f"not a card: {shown!r} ({CARD_RULE})"
    return None
