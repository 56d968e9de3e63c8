"""The settings a draft takes from its server: sized to the window, timed to the speed, and
every setting the user gave kept as given."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftflow.llm.server_limits import ContextWindow, ServerFlavour
from draftflow.llm.server_plan import ServerPlan, SettingSource, plan_settings
from draftflow.llm.server_speed import Speed
from draftflow.llm.settings import ModelSettings, resolve_settings

LLAMA_8192 = ContextWindow(tokens=8192, flavour=ServerFlavour.LLAMA_CPP, slots=4)
SLOW = Speed(tokens=64, seconds=6.4)  # 10 tokens/s
FAST = Speed(tokens=64, seconds=0.064)  # 1,000 tokens/s


@pytest.fixture()
def defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> ModelSettings:
    for name in ("CONTEXT_TOKENS", "MAX_TOKENS", "TIMEOUT", "DEADLINE", "CONCURRENCY"):
        monkeypatch.delenv(f"DRAFTFLOW_{name}", raising=False)
    return resolve_settings({}, project_dir=tmp_path)


def sources(plan: ServerPlan) -> dict[str, SettingSource]:
    return {setting.name: setting.source for setting in plan.settings}


def test_a_slow_small_server_gets_fitted_prompts_one_request_and_long_timeouts(
    defaults: ModelSettings,
) -> None:
    planned, plan = plan_settings(defaults, LLAMA_8192, SLOW)
    assert (planned.context_tokens, planned.max_tokens) == (5888, 2048)
    assert planned.concurrency == 1  # four 7,936-token requests do not fit in 8,192
    # 8 x (2,048 reply + 5,888 / 4 prompt) tokens at 10 tokens/s = 2,816 s, rounded up
    assert (planned.timeout, planned.deadline) == (2820.0, 4230.0)
    assert sources(plan) == {
        "context_tokens": SettingSource.WINDOW,
        "max_tokens": SettingSource.WINDOW,
        "timeout": SettingSource.SPEED,
        "deadline": SettingSource.SPEED,
        "concurrency": SettingSource.SLOTS,
    }
    assert [s.flag() for s in plan.changed()][2:4] == ["--timeout 2820 s", "--deadline 4230 s"]


def test_a_fast_server_keeps_the_default_timeouts(defaults: ModelSettings) -> None:
    planned, plan = plan_settings(defaults, None, FAST)
    assert (planned.timeout, planned.deadline) == (120.0, 180.0)
    assert plan.changed() == [] and planned == defaults


def test_what_the_user_gave_is_kept_and_the_deadline_follows_a_given_timeout(
    tmp_path: Path, defaults: ModelSettings
) -> None:
    given = resolve_settings(
        {"timeout": 600.0, "concurrency": 3, "max_tokens": 512}, project_dir=tmp_path
    )
    planned, plan = plan_settings(given, LLAMA_8192, SLOW)
    assert (planned.timeout, planned.concurrency, planned.max_tokens) == (600.0, 3, 512)
    assert planned.context_tokens == 8192 - 512 - 256
    assert planned.deadline == 900.0  # 1.5 x --timeout, as 180 is to 120
    assert sources(plan)["deadline"] is SettingSource.TIMEOUT
    assert sources(plan)["timeout"] is SettingSource.GIVEN


@pytest.mark.parametrize(
    ("window", "concurrency"),
    [
        (ContextWindow(tokens=131072, flavour=ServerFlavour.LLAMA_CPP, slots=4), 4),
        (ContextWindow(tokens=131072, flavour=ServerFlavour.LLAMA_CPP, slots=2), 2),
        (ContextWindow(tokens=32768, flavour=ServerFlavour.LLAMA_CPP, slots=4), 2),
        (ContextWindow(tokens=8192, flavour=ServerFlavour.VLLM), 4),  # vLLM pages its cache
    ],
)
def test_concurrency_is_what_a_llama_cpp_window_holds_at_once(
    defaults: ModelSettings, window: ContextWindow, concurrency: int
) -> None:
    planned, _ = plan_settings(defaults, window, None)
    assert planned.concurrency == concurrency


def test_a_given_deadline_leaves_the_timeout_unscaled(
    tmp_path: Path, defaults: ModelSettings
) -> None:
    given = resolve_settings({"deadline": 30.0}, project_dir=tmp_path)
    planned, plan = plan_settings(given, None, SLOW)
    assert (planned.timeout, planned.deadline) == (120.0, 30.0)
    assert plan.changed() == []


def test_a_crawling_probe_is_timed_at_the_ceiling_with_warnings(defaults: ModelSettings) -> None:
    crawl = Speed(tokens=1, seconds=59.0)  # 0.02 tokens/s: the old plan waited 2,838,400 s
    planned, plan = plan_settings(defaults, None, crawl)
    assert (planned.timeout, planned.deadline) == (7200.0, 10800.0)
    assert sources(plan)["timeout"] is SettingSource.CEILING
    assert [w.split(":")[0] for w in plan.warnings] == [
        "the speed probe measured 0.02 tokens/s (1 tokens in 59.0 s), slower than the 1 token/s "
        "draftflow can time",
        "the measured speed asks for longer waits than draftflow sets by itself",
    ]


def test_a_claim_of_more_tokens_than_asked_counts_as_the_tokens_asked(
    defaults: ModelSettings,
) -> None:
    boast = Speed(tokens=10**9, seconds=64.0)  # claimed: 15 M tokens/s; counted: 1 token/s
    planned, plan = plan_settings(defaults, None, boast)
    assert planned.timeout == 7200.0
    assert plan.warnings[0].startswith("the server claims 1,000,000,000 tokens")
