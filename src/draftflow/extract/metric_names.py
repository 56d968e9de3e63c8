"""What a header, key or caption names: a metric (with its qualifier), a setting, a threshold
or an identifier. Read by the classifier (`classify.py`), the results' settings
(`results.py`), the unspecified figures (`unspecified.py`), the learned model's features and
verify's re-reading, so each reads a name alike.
"""

from __future__ import annotations

import re
from functools import lru_cache

from draftflow.extract.candidates import unit_from_key
from draftflow.extract.vocabulary import (
    HARD_SKIP,
    ID_KEY,
    METRIC_RES,
    SKIP_KEY,
    THRESHOLD_WORDS,
    metric_by_unit,
)
from draftflow.numbers.units import without_listed
from draftflow.numbers.vocabulary import vocabulary

# `c=1`, `x4`, and a count of a setting as a whole header (`2 devices`, `512 tokens`)
_SETTING_VALUE = re.compile(r"\b[a-z_]+\s*=\s*[\d.,]+[km]?\b|^x\d+$|^\d+(\.\d+)?k?\s+[a-z]+$")


@lru_cache(maxsize=1 << 14)
def strip_setting_values(name: str) -> str:
    """A header without the settings it names by value (`c=6 aggregate` → `aggregate`), its
    camelCase words apart, lower-cased.

    Memoised: a column's figures, and every label of its rows, ask about the same header."""
    return _SETTING_VALUE.sub(" ", _camel_words_apart(name).lower()).strip()


def _camel_words_apart(name: str) -> str:
    """A camelCase key's words apart (`averageTokensPerSecond` → `average Tokens Per
    Second`), read as a spaced name's are; so is a key that is one PascalCase word
    (`TokensPerSecond`). In a spaced name a capitalised compound is a product's name
    (MLPerf's `LoadGen`, `ResNet`): its humps are no words (`gen` would name a decode rate)."""
    if not any(character.isspace() for character in name.strip()):
        return _CAMEL_HUMP.sub(" ", name)
    return _CAMEL_WORD.sub(lambda word: _CAMEL_HUMP.sub(" ", word[0]), name)


_CAMEL_HUMP = re.compile(r"(?<=[a-z\d])(?=[A-Z][a-z\d])")
_CAMEL_WORD = re.compile(r"\b[a-z][a-z\d]*(?:[A-Z][a-z\d]+)+")
"""A camelCase word: it opens in lower case (`evalRate`), unlike a product's name."""


_QUALIFIERS: tuple[tuple[re.Pattern[str], str], ...] = (
    # a spread is named before or after its quantity: `std_tpot_ms`, `tok/s stdev`, `σ TTFT`
    (re.compile(r"(?:^|[ _-])(?:std|stdev|stddev|σ|standard.deviation)(?=$|[\W_])"), "_stdev"),
    (re.compile(r"[ _-]?(norm|normali[sz]ed)\b|_norm$"), "_normalised"),
)


@lru_cache(maxsize=1 << 16)  # a wide table's every header (8,192 thrashed at 10,000 columns)
def metric_name(name: str) -> str | None:
    """The canonical metric a header or key names, or None for settings and identifiers.

    A spread or normalised column names its base metric with a suffix
    (`decode_tokens_per_s_std` → `decode_rate_stdev`, `ttft_s_norm` → `ttft_normalised`).
    """
    lowered = strip_setting_values(without_listed(name))
    suffix = ""
    for pattern, qualifier in _QUALIFIERS:
        if pattern.search(lowered):
            lowered, suffix = pattern.sub("", lowered).strip(), qualifier
            break
    if not lowered or HARD_SKIP.search(lowered) or THRESHOLD_WORDS.search(lowered):
        return None
    for metric, regex in METRIC_RES:
        if regex.search(lowered):
            return metric + suffix
    return None


def benchmark_score(name: str) -> str | None:
    """`score` for a column header that is a task benchmark's name alone (`CEval`, `MMLU
    (%)`): its column holds that benchmark's score. Read of column headers only: a row named
    `mmlu` may hold its shot count and spread beside the score."""
    return "score" if _BENCHMARK_SCORED.match(plain_header(name)) else None


def plain_header(name: str) -> str:
    """A header without its markup, lower-cased."""
    return " ".join(name.strip().strip("*_`").lower().split())


def _scored_benchmarks() -> str:
    context = vocabulary().run_context
    scored = set(context.benchmarks) - set(context.perplexity_corpora)
    return "|".join(re.escape(name.lower()) for name in sorted(scored, key=len, reverse=True))


_BENCHMARK_SCORED = re.compile(rf"^\s*(?:{_scored_benchmarks()})\s*(?:\(\s*%\s*\)|%)?\s*$")
"""A header that is a task benchmark's name alone (`CEval`, `CMMLU`, `MMLU (%)`): its column
holds that benchmark's score (a corpus scored by perplexity says so: `Wiki2 PPL`)."""


@lru_cache(maxsize=2048)
def metric_in_prose(text: str) -> str | None:
    """The metric a table caption describes (`Cell value = median decode tok/s`), if any.

    Prose mentions settings freely, so only the metric patterns apply here, not the skips.
    """
    lowered = text.lower()
    for metric, regex in METRIC_RES:
        if regex.search(lowered):
            return metric
    return None


def _engine_stems() -> str:
    """Negative lookbehinds for the engines whose names end like a source file (`llama.cpp`,
    `Llama.cpp`): the vocabulary's engines are no file names."""
    stems = {
        spelling[: -len(".cpp")]
        for engine in vocabulary().engine
        for spelling in engine.spellings
        if spelling.lower().endswith(".cpp")
    }
    tails = {stem[-5:] for stem in stems if stem}
    cased = {variant for tail in tails for variant in (tail, tail[:1].upper() + tail[1:])}
    return "".join(f"(?<!{re.escape(tail)})" for tail in sorted(cased))


NOT_A_LABEL = re.compile(
    r"`|\.(py|sh|md|json|ya?ml|txt|cu|h|toml)\b|" + _engine_stems() + r"\.cpp\b|https?://|/v\d+/"
)
"""Code, a file, a link or an API path: an identifier, never a label of figures (an engine
named like a file, `llama.cpp`, is none: a row or column may name its configuration)."""


def is_metric_key(name: str) -> bool:
    """True when a header or key names a measured figure (used to tell metrics from settings)."""
    return metric_name(name) is not None


@lru_cache(maxsize=1 << 16)  # as metric_name: a wide table's every header
def is_measured_column(name: str) -> bool:
    """True when a header makes its cells figures by itself: a metric word, or a unit that makes
    one (`total seconds`, `power W`) with no setting, identifier or threshold word. The same
    test as a figure's own metric, so a column whose cells are results is never a setting of
    the figures beside it."""
    if is_metric_key(name):
        return True
    bare = strip_setting_values(name)
    if (bare and SKIP_KEY.search(bare)) or THRESHOLD_WORDS.search(name.lower()):
        return False
    if NOT_A_LABEL.search(name):
        return False
    return metric_by_unit(unit_from_key(name), name) is not None


_MEASURED_EXTREME = re.compile(
    r"^\W*peak\b|(?:^|[\W_])(?:peak|max|maximum|high)[\W_]*(?:mem(?:ory)?|rss|vram|gtt|ram)"
    r"(?:[\W_]|$)|(?:^|[\W_])(?:mem(?:ory)?|rss|vram|gtt|ram)[\W_]*(?:peak|max|high)(?:[\W_]|$)",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 12)
def names_measured_extreme(name: str) -> bool:
    """Whether a header names the highest reading of a resource a run took (`Peak`, `max_mem`,
    `max_mem_mib`, `Max RSS`, `mem_peak`): a measurement of the run whatever its unit, never
    a setting of the figures beside it (a label `Qwen3-8B, 6144` carried the run's peak
    memory as if it were its configuration). A limit the run was given says so (`limit`,
    `cap`: `THRESHOLD_WORDS`) and is not this."""
    if THRESHOLD_WORDS.search(name.lower()):
        return False
    return _MEASURED_EXTREME.search(name) is not None


@lru_cache(maxsize=1 << 14)
def names_no_metric(name: str) -> bool:
    """True when a name says its figures are settings, thresholds or identifiers, never a
    metric by their unit. Memoised: the figures of a column (and a row) share their names."""
    bare = strip_setting_values(name)
    if (bare and SKIP_KEY.search(bare)) or THRESHOLD_WORDS.search(name.lower()):
        return True
    if ID_KEY.search(name.lower()):
        return True
    return NOT_A_LABEL.search(name) is not None
