"""Widgets of the table: cards, seats, the deck and pile, the hand, the log."""
