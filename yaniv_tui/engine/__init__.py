"""The Yaniv rules engine: cards, drops, rulesets, scoring and the game state. No interface code.

The public face a tester of the rules needs: `load_ruleset` / `ruleset_from_dict` for the rules; `Game.new` to
deal a game and `Game.from_state` to build one in any consistent state (mid-round included, checked: a
GameStateError names the field at fault); `Game.legal_actions`, `Game.apply` and `Game.view` to play it;
`score_round` to settle a call; `is_game_over` for whether a set of totals ends the game; `final_standings`
(and `Game.standings`) for the order at the end, ties sharing a place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_exports

if TYPE_CHECKING:
    from .cards import JOKER, Card, CardError, cards_text, parse_card, parse_cards, standard_deck
    from .deal import MAX_SEED_DIGITS, GameSetupError, check_seed, full_deck_of
    from .defaults import DEFAULT_BOT_DELAY, DEFAULT_RULESET
    from .drops import (
        DropError,
        DropKind,
        arrange_drop,
        card_values,
        drop_kind,
        hand_value,
        joker_swaps,
        legal_drops,
        slap_matches,
        suit_runs,
        swing_values,
        takeable,
    )
    from .game import (
        Action,
        CallYaniv,
        Game,
        GameStateError,
        IllegalActionError,
        KeepCard,
        Play,
        PlayerView,
        SlapDown,
        Turn,
    )
    from .names import MAX_NAME, SAVED_NAME, BadName, check_name, is_name, name_cells, name_key, same_name
    from .ruleset import Ruleset
    from .ruleset_file import (
        KEYS,
        PRESET_GROUPS,
        RulesetError,
        check_ruleset,
        load_ruleset,
        load_ruleset_file,
        preset_files,
        preset_group,
        preset_paths,
        presets_dir,
        ruleset_from_dict,
    )
    from .ruleset_keys import Key
    from .scoring import RoundScore, Standing, final_standings, is_game_over, score_round
    from .seats import BOT_LEVELS, DEFAULT_BOT_LEVEL, Seat, SeatKind
    from .state import STATE_FIELDS, GameState

#: Where each name lives. The modules are imported when a name is first used, not with the package: the setup
#: screen needs the rulesets, not the game, and `yaniv` opens it sooner without the rest.
_HOME = {
    **dict.fromkeys(
        ("JOKER", "Card", "CardError", "cards_text", "parse_card", "parse_cards", "standard_deck"), "cards"
    ),
    **dict.fromkeys(("MAX_SEED_DIGITS", "GameSetupError", "check_seed", "full_deck_of"), "deal"),
    **dict.fromkeys(("DEFAULT_BOT_DELAY", "DEFAULT_RULESET"), "defaults"),
    **dict.fromkeys(
        (
            "DropError",
            "DropKind",
            "arrange_drop",
            "card_values",
            "drop_kind",
            "hand_value",
            "joker_swaps",
            "legal_drops",
            "slap_matches",
            "suit_runs",
            "swing_values",
            "takeable",
        ),
        "drops",
    ),
    **dict.fromkeys(
        (
            "Action",
            "CallYaniv",
            "Game",
            "GameStateError",
            "IllegalActionError",
            "KeepCard",
            "Play",
            "PlayerView",
            "SlapDown",
            "Turn",
        ),
        "game",
    ),
    **dict.fromkeys(
        ("MAX_NAME", "SAVED_NAME", "BadName", "check_name", "is_name", "name_cells", "name_key", "same_name"), "names"
    ),
    "Ruleset": "ruleset",
    **dict.fromkeys(
        (
            "KEYS",
            "PRESET_GROUPS",
            "RulesetError",
            "check_ruleset",
            "load_ruleset",
            "load_ruleset_file",
            "preset_group",
            "preset_files",
            "preset_paths",
            "presets_dir",
            "ruleset_from_dict",
        ),
        "ruleset_file",
    ),
    "Key": "ruleset_keys",
    **dict.fromkeys(("RoundScore", "Standing", "final_standings", "is_game_over", "score_round"), "scoring"),
    **dict.fromkeys(("BOT_LEVELS", "DEFAULT_BOT_LEVEL", "Seat", "SeatKind"), "seats"),
    **dict.fromkeys(("STATE_FIELDS", "GameState"), "state"),
}


__getattr__ = lazy_exports(__name__, _HOME, globals())


__all__ = [
    "BOT_LEVELS",
    "DEFAULT_BOT_DELAY",
    "DEFAULT_BOT_LEVEL",
    "DEFAULT_RULESET",
    "JOKER",
    "KEYS",
    "MAX_NAME",
    "MAX_SEED_DIGITS",
    "PRESET_GROUPS",
    "SAVED_NAME",
    "STATE_FIELDS",
    "Action",
    "BadName",
    "CallYaniv",
    "Card",
    "CardError",
    "DropError",
    "DropKind",
    "Game",
    "GameSetupError",
    "GameState",
    "GameStateError",
    "IllegalActionError",
    "KeepCard",
    "Key",
    "Play",
    "PlayerView",
    "RoundScore",
    "Ruleset",
    "RulesetError",
    "Seat",
    "SeatKind",
    "SlapDown",
    "Standing",
    "Turn",
    "arrange_drop",
    "card_values",
    "cards_text",
    "check_name",
    "check_ruleset",
    "check_seed",
    "drop_kind",
    "final_standings",
    "full_deck_of",
    "hand_value",
    "is_game_over",
    "is_name",
    "joker_swaps",
    "legal_drops",
    "load_ruleset",
    "load_ruleset_file",
    "name_cells",
    "name_key",
    "parse_card",
    "parse_cards",
    "preset_files",
    "preset_group",
    "preset_paths",
    "presets_dir",
    "ruleset_from_dict",
    "same_name",
    "score_round",
    "slap_matches",
    "standard_deck",
    "suit_runs",
    "swing_values",
    "takeable",
]
