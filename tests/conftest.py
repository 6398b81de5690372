"""Test-suite wide settings: which tests are *slow*.

The whole suite runs with ``python -m pytest`` (a worker process per core: ``-n auto`` in
pyproject.toml); a quick run of everything but the slow tests (about three minutes on two cores)
is ``python -m pytest -m "not slow"``. A test is slow when it takes
about a second or more: hypothesis properties over whole games, fuzzing, brute-force proofs and
commands run as subprocesses over every version. They are listed here, in one place, rather than
decorated one by one, so that the list can be read and kept at a glance.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

#: Whole modules whose every test is slow.
SLOW_MODULES = {
    "test_interpreter_properties_cards.py",
    "test_interpreter_properties_replay.py",
    "test_interpreter_properties_scores.py",
    "test_interpreter_properties_views.py",
    "test_fuzz_expressions.py",
    "test_fuzz_rule_files.py",
    "test_hostile.py",
}

#: Single slow tests, by module and function name (every parameter of them).
SLOW_TESTS = {
    "test_agents.py": {"test_agents_never_decide_illegally", "test_whole_heuristic_games_for_each_player_count"},
    "test_analysis_brute_force.py": {"test_checker_against_brute_force"},
    "test_heuristic_undeclared.py": {"test_the_picked_contract_does_better_than_an_average_one"},
    "test_po_import_tools.py": {
        "test_what_the_translator_meant_is_kept",
        "test_what_cannot_be_kept_is_refused_at_its_line",
    },
    "test_play_typed_text.py": {"test_any_text_is_taken_or_refused"},
    "test_play_lock.py": {
        "test_a_second_game_writing_the_same_save_is_refused_while_the_first_plays",
        "test_the_lock_goes_with_the_first_game_however_it_ends",
    },
    "test_play_help.py": {
        "test_every_prompt_explains_itself_and_asks_again",
        "test_a_real_game_explains_its_bid_card_and_enter_prompts",
    },
    "test_play_save_fails.py": {"test_play_goes_on_and_says_so_when_the_folder_of_the_save_disappears"},
    "test_server_tables.py": {"test_a_server_restarted_before_every_move_plays_the_game_it_would_have_played"},
    "test_analysis_combo_whist.py": {
        "test_the_full_analysis_takes_seconds",
        "test_the_impossible_sets_of_each_version",
    },
    "test_interpreter_saves.py": {
        "test_resume_replays_the_save_then_finishes_the_game",
        "test_an_interrupted_resume_keeps_every_saved_decision",
        "test_the_save_holds_exactly_the_decisions_before_the_interruption",
    },
    "test_locales_real_tree.py": {
        "test_translate_check_fails_on_a_missing_key_and_warns_on_a_stale_one",
        "test_translate_check_passes_on_the_real_tree",
    },
    "test_christmas_scoring.py": {
        "test_a_tied_hand_is_replayed",
        "test_hand_points_are_the_tricks_after_the_close_and_the_melds",
        "test_the_match_ends_after_the_schedule_with_the_most_hands_won",
    },
    "test_christmas_cli.py": {"test_simulate_prints_winners_and_points_per_kind_of_hand_and_repeats"},
    "test_christmas_hands.py": {
        "test_cards_are_conserved_and_drawn_as_the_rules_say",
        "test_views_hide_the_pile_and_the_set_aside_cards",
    },
    "test_parallel.py": {
        "test_ctrl_c_stops_every_worker",
        "test_the_command_gives_the_same_json_for_any_jobs",
        "test_a_run_time_error_in_a_simulation_names_the_same_moment_as_a_full_game",
    },
    "test_yaml_parsers.py": {"test_every_bundled_file_reads_the_same"},
    "test_po_import_placeholders.py": {"test_after_any_import_the_language_still_shows"},
    "test_translate_house_writes.py": {"test_a_house_import_writes_only_the_house_rules_own_file"},
    "test_versions_played.py": {
        "test_simulates_end_to_end",
        "test_three_players_simulate",
        "test_the_first_version_finishes_with_heuristic_agents",
        "test_limited_variant_simulates",
    },
    "test_versions_texts.py": {"test_whist_show_table"},
    "test_versions_files.py": {"test_round_trips_through_whist_show"},
    "test_versions_three_players.py": {"test_old_versions_keep_cards_scores_and_marks_sound"},
    "test_refusal_words.py": {"test_every_impossible_combo_of_every_version_is_said_from_the_wire_alone"},
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        module = item.path.name
        name = getattr(item, "originalname", item.name)
        if module in SLOW_MODULES or name in SLOW_TESTS.get(module, ()):
            item.add_marker(pytest.mark.slow)


def unseeded_property(test: object) -> bool:
    """Whether ``test`` is a hypothesis test that is not reproducible: every property test runs with
    ``@settings(derandomize=True, …)`` or an explicit ``@seed(N)``, so a failure shows on every run.

    Asked of tests made under :func:`undecided_profile` (the test modules are imported under it): a
    test that leaves ``derandomize`` out then has it off, not on as the CI profile would give it to
    every test (which would hide the gap wherever CI is set)."""
    if not getattr(test, "is_hypothesis_test", False):
        return False
    from hypothesis import settings as profile

    settings = getattr(test, "_hypothesis_internal_use_settings", None)
    seeded = getattr(test, "_hypothesis_internal_use_seed", None) is not None
    # A bare @given gets the profile's settings object: only settings written on the test itself count.
    explicit = settings is not None and settings is not profile.default
    return not seeded and not (explicit and settings.derandomize)


def current_profile() -> str:
    """The name of the Hypothesis profile loaded now (older Hypothesis has no public way to ask)."""
    from hypothesis import settings

    asked = getattr(settings, "get_current_profile_name", None)
    return (asked() if asked is not None else getattr(settings, "_current_profile", None)) or "default"


@contextlib.contextmanager
def undecided_profile() -> Iterator[None]:
    """The loaded Hypothesis profile, but with ``derandomize`` off, while the body runs (then the
    profile itself again): settings made in the body derandomize only if they say so, and take
    every other value (deadline, health checks) from the profile as before."""
    from hypothesis import settings

    name = current_profile()
    settings.register_profile("undecided", settings.get_profile(name), derandomize=False)
    settings.load_profile("undecided")
    try:
        yield
    finally:
        settings.load_profile(name)


_COLLECTING: list[contextlib.AbstractContextManager[None]] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    if not _COLLECTING:  # the test modules are imported under it (they are collected after this)
        _COLLECTING.append(undecided_profile())
        _COLLECTING[0].__enter__()


def pytest_collection_finish(session: pytest.Session) -> None:
    while _COLLECTING:  # the tests run under the profile the environment chose
        _COLLECTING.pop().__exit__(None, None, None)


def pytest_itemcollected(item: pytest.Item) -> None:
    if unseeded_property(getattr(item, "obj", None)):
        raise pytest.UsageError(f"{item.nodeid}: a hypothesis test needs @settings(derandomize=True) or @seed(N)")
