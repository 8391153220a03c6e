"""What the fast loop (`python -m pytest -q -m "not slow"`, CONTRIBUTING.md) leaves out: tests/conftest.py marks
these `slow`, and tests/test_slow_marks.py checks that each names what is there. A module of its own, not the
conftest, so that a test can import it: `conftest` is the name of more than one module under tests/."""

from __future__ import annotations

#: Folders of tests/ whose every test is slow: the app driven through Pilot, the network, the command line in
#: processes, a browser. `python -m pytest -q -m "not slow"` leaves them out (CONTRIBUTING.md's fast loop).
SLOW_FOLDERS = frozenset({"tui", "net", "cli", "browser"})
#: Files whose every test is slow: a wheel built and installed.
SLOW_FILES = frozenset({"test_packaging.py", "test_packaging_ratings.py"})
#: Single slow tests in the fast folders (engine, store, table, bots), as "folder/file::name" (a parameter's id left
#: off): each took 3.5 s or more, measured per test on this 2-core machine (busy with four other developers), in
#: `python -m pytest -q -m "not slow" --durations=30`.
SLOW_TESTS = frozenset(
    {
        "bots/test_empty_hand.py::test_expert_slap_down_games_never_stop_it",
        "bots/test_empty_hand.py::test_thousands_of_slap_down_games_never_stop_a_bot",
        "bots/test_expert.py::test_a_lean_guesses_the_kept_cards_lower_and_still_fits_the_view",
        "bots/test_sim.py::test_a_game_to_the_highest_end_score_a_file_may_ask_is_played_to_its_end",
        "engine/test_game_properties.py::test_plain_bot_games_keep_every_card_and_end",
        "engine/test_game_properties.py::test_random_players_keep_every_card_and_end",
        "engine/test_game_properties.py::test_house_rule_games_keep_every_card_and_end",
        "engine/test_rules_oracle.py::test_rounds_are_scored_as_the_rules_say",
        "engine/test_ruleset_fuzz.py::test_any_ruleset_dict_loads_and_plays_or_is_one_line",
        "store/test_concede_history.py::test_a_finished_game_recorded_at_the_next_start_keeps_who_conceded_and_the_hints",
        "store/test_concede_history.py::test_the_rounds_from_the_one_a_person_conceded_in_are_not_theirs",
        "store/test_flow.py::test_a_game_stopped_and_resumed_twice_is_recorded_once_and_whole",
        "store/test_fuzz_saves.py::test_a_save_with_numbers_changed",
        "store/test_history_schema.py::test_any_schema_damage_is_moved_aside_or_used_never_stuck",
        "store/test_hostile_saves.py::test_a_real_save_changed_anywhere_resumes_or_is_one_line_and_nothing_is_lost",
        "store/test_properties.py::test_a_generated_ruleset_file_is_a_ruleset_or_a_ruleset_error",
        "store/test_properties.py::test_a_hand_edited_save_is_a_game_or_a_save_error",
        "store/test_properties.py::test_an_edited_snapshot_is_a_game_or_a_snapshot_error",
        "table/test_game_record.py::test_a_hosted_game_with_a_joined_seat_ends_with_a_record_that_replays",
    }
)
