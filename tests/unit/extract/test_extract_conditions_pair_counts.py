"""A `key: value` line that writes several counts (a sweep, an exception) states none of them
for every figure (issue 31: a guess is worse than a blank)."""

from __future__ import annotations

from draftflow.extract.conditions.run_settings import settings_in_pairs


def test_a_sweep_of_counts_states_no_one_count() -> None:
    assert settings_in_pairs([("Concurrency Levels", "1, 2, 4, 8, 16, 32, 64")]).values == {}


def test_an_exception_in_parentheses_is_not_the_rule_for_all() -> None:
    assert settings_in_pairs([("Output Length", "512 tokens (128 for Qwen)")]).values == {}
    assert settings_in_pairs([("Output Length", "512 tokens")]).single() == {"output_tokens": 512}
