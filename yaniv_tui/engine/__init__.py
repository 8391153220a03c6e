"""The Yaniv rules engine: cards, drops, rulesets, scoring and the game state. No interface code."""

from .cards import JOKER, Card, CardError, cards_text, parse_card, parse_cards, standard_deck
from .defaults import DEFAULT_RULESET
from .drops import DropError, DropKind, arrange_drop, card_values, drop_kind, hand_value, legal_drops, takeable
from .game import (
    Action,
    CallYaniv,
    Game,
    GameSetupError,
    GameStateError,
    IllegalActionError,
    KeepCard,
    Play,
    PlayerView,
    SlapDown,
    Turn,
    check_seed,
)
from .ruleset import Ruleset
from .ruleset_file import (
    KEYS,
    RulesetError,
    check_ruleset,
    load_ruleset,
    load_ruleset_file,
    preset_paths,
    presets_dir,
    ruleset_from_dict,
)
from .scoring import RoundScore, score_round
from .seats import BOT_LEVELS, DEFAULT_BOT_LEVEL, Seat, SeatKind

__all__ = [
    "BOT_LEVELS",
    "DEFAULT_BOT_LEVEL",
    "DEFAULT_RULESET",
    "JOKER",
    "KEYS",
    "Action",
    "CallYaniv",
    "Card",
    "CardError",
    "DropError",
    "DropKind",
    "Game",
    "GameSetupError",
    "GameStateError",
    "IllegalActionError",
    "KeepCard",
    "Play",
    "PlayerView",
    "RoundScore",
    "Ruleset",
    "RulesetError",
    "Seat",
    "SeatKind",
    "SlapDown",
    "Turn",
    "arrange_drop",
    "card_values",
    "cards_text",
    "check_ruleset",
    "check_seed",
    "drop_kind",
    "hand_value",
    "legal_drops",
    "load_ruleset",
    "load_ruleset_file",
    "parse_card",
    "parse_cards",
    "preset_paths",
    "presets_dir",
    "ruleset_from_dict",
    "score_round",
    "standard_deck",
    "takeable",
]
