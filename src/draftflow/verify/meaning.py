"""Rule 2 continued, a figure's meaning at its cited place: what the record says a value is
must be what its cited cell or leaf says, read again from the document.

- the quantity: a leaf whose own key names only a statistic (`"p50": 178`) is named by the
  object around it (`"ttft_ms": {`), so a time published as a rate is caught;
- the statistic: a standard deviation (`std_tpot_ms`) is not a latency, whatever its unit;
- the settings: a condition or label naming a setting (`concurrency 1`) must agree with the
  value its row or object states for it (`"concurrency": 4`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache

from draftflow.extract.conditions.file_name import file_name_conditions
from draftflow.extract.conditions.place_reading import SETTING_SPELLINGS
from draftflow.extract.conditions.run_settings import SINGLE_STREAM
from draftflow.extract.conditions.setup_names import header_key
from draftflow.numbers import find_numbers
from draftflow.numbers.vocabulary import spelling_pattern, vocabulary
from draftflow.record.model import ReportedResult
from draftflow.text.pointer import pointer
from draftflow.verify.context import VerifyContext, number_of
from draftflow.verify.dimensions import MEASURED, metric_dimension, unit_dimensions
from draftflow.verify.index import DocumentIndex
from draftflow.verify.layout import DocumentLayout
from draftflow.verify.report import Evidence, Rule, Severity
from draftflow.verify.reread import check_reading

# Words that name a spread, not a level: a value under them is never the quantity itself.
SPREAD_WORDS = frozenset(
    {"std", "sd", "stdev", "stddev", "variance", "standard_deviation", "sigma"}
)
# A key that names only a statistic (`p50`, `mean`): the quantity is its object's.
STATISTIC_WORDS = frozenset(
    {"p50", "p90", "p95", "p99", "p999", "median", "mean", "avg", "average", "min", "max"}
)
# The settings a row or object states beside its figures, each with its spellings as a key
# or column header (lower case, `_` for any run of other characters).
SETTING_NAMES: dict[str, frozenset[str]] = {
    "concurrency": frozenset(
        {"concurrency", "max_concurrency", "conc", "c", "concurrent_requests", "parallel_requests"}
    ),
    "node_count": frozenset({"node_count", "nodes", "num_nodes", "n_nodes"}),
    **SETTING_SPELLINGS,  # batch size, GPU count, tensor-parallel degree: as extract cites them
    "pipeline_parallel": frozenset(
        {"pipeline_parallel", "pipeline_parallel_size", "pipeline_parallelism", "pp", "pp_size"}
    ),
}
_SETTING_LABELS = {
    "gpu_count": "GPU count",
    "tensor_parallel": "tensor-parallel degree",
    "pipeline_parallel": "pipeline-parallel degree",
}


def setting_label(name: str) -> str:
    """How a message names a setting (`node_count` → `node count`, `gpu_count` → `GPU
    count`)."""
    return _SETTING_LABELS.get(name, name.replace("_", " "))


_SETTING_OF = {
    spelling: name for name, spellings in SETTING_NAMES.items() for spelling in spellings
}
# A setting written in a label or title with its value: `concurrency 1`, `batch size: 8`,
# `c=4`, `bs=16`, `8 nodes`, `2 GPUs`, `TP=2`, `tensor parallelism 2`.
_LABEL_SETTING_RE = re.compile(
    r"\b(?:(?P<name>concurrency|batch[ _-]?size|batch)\s*(?:of\s+|[=:]\s*)?(?P<value>\d+)\b"
    r"|(?P<short>c|bs)\s*=\s*(?P<short_value>\d+)\b"
    r"|(?P<nodes_value>\d+)[ -]nodes?\b"
    r"|(?P<gpus_value>\d+)\s*(?:x\s*)?gpus?\b"
    r"|(?:tp|tensor[ _-]parallel(?:ism)?(?:[ _-]size)?)\s*(?:of\s+|[=:]\s*)?(?P<tp_value>\d+)\b"
    r"|(?P<streams_value>\d+)\s+(?:(?:concurrent|parallel|simultaneous)\s+)?"
    r"(?:users?|sessions?|streams?|clients?|requests?)\b(?!\s*/|\s+per\b)"
    r"|(?P<single>single|one)[ -](?:stream|user|session|request)(?:ed|s)?\b)",
    re.IGNORECASE,
)
_SHORT = {"c": "concurrency", "bs": "batch_size"}
_NAME_RE = re.compile(r"[^a-z0-9]+")
# How a source may name a setting beside its value, when not as a key or column header.
_SETTING_WORDS = {
    "concurrency": re.compile(
        r"concurren|parallel|\bc\s*=|\b(?:sessions?|users?|streams?|clients?|requests?)\b"
        # a rate header with its load after `@` (`TPS@4`), as extract reads it
        rf"|(?<![\w/])(?:{spelling_pattern(vocabulary().run_context.rate_at_headers)})\s*@\s*\d",
        re.IGNORECASE,
    ),
    "batch_size": re.compile(r"batch|\bbs\b|\bb\s*=", re.IGNORECASE),
    "node_count": re.compile(
        r"\bnodes?\b|node_count|\b(?:machines?|hosts?|sparks?|boxes|systems?|units?|ranks?)\b"
        r"|\dx\b|\d\s*[x×]\s+[a-z]|\bx\s*dgx"  # `2x`, a header's `4 x RasPi 5`
        r"|\S\s+[*×x]\s*\d{1,3}\s*(?:\||$)",  # a table cell: `H100 80GB * 4`
        re.IGNORECASE,
    ),
    "gpu_count": re.compile(
        r"\bgpus?\b|gpu_count|num_gpus|\bdevices?\b|\bcards?\b|\baccelerators?\b"
        r"|\dx\b|\d\s*[x×]\s+[a-z]|\S\s+[*×x]\s*\d{1,3}\s*(?:\||$)",
        re.IGNORECASE,
    ),
    "tensor_parallel": re.compile(r"tensor[\s_-]*parallel|\btp(?:\b|_?size|\d)", re.IGNORECASE),
    "pipeline_parallel": re.compile(r"pipeline[\s_-]*parallel|\bpp(?:\b|_?size|\d)", re.IGNORECASE),
}
NEAR = 32
"""How many characters either side of a value its setting's name may stand (within its
clause): `two clones ... a Spark` does not say two nodes."""
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|\n")
_ELLIPSIS = re.compile(r"\.{2,}|…")  # `1, 2, 4... 2^n nodes` goes on
MAX_NAMED_LINES = 400

# Settings one of which goes without saying: a count (or a parallel degree) of one.
_COUNTED_WHEN_MANY = frozenset({"node_count", "gpu_count", "tensor_parallel", "pipeline_parallel"})

Stated = dict[str, tuple[str, int]]
"""Setting name → (the text that states its value, the line stating it)."""


def setting_name(key: str) -> str | None:
    """The setting a key or column header names (`Max Concurrency` → `concurrency`), or the
    one extract reads under it (`Number of Parallel Model Requests Allowed` → `concurrency`)."""
    found = _SETTING_OF.get(_NAME_RE.sub("_", key.lower()).strip("_"))
    if found is None and header_key(key) in _HEADER_SETTING_KEYS:
        found = header_key(key)
    return found


_HEADER_SETTING_KEYS = frozenset({"concurrency", "node_count"})
"""The condition keys extract reads by header that are settings verify holds to their name."""


_HEADER_SETTINGS: dict[int, tuple[tuple[str, ...], tuple[tuple[int, str], ...]]] = {}


def _names_of_header(text: str) -> tuple[str, ...]:
    """The settings a column header names: its own (`batch` names the batch size) and the
    one extract reads under it (a `batch` column's cell is its row's concurrency)."""
    names = dict.fromkeys(
        name
        for name in (setting_name(text), header_key(text))
        if name is not None and (name == setting_name(text) or name in _HEADER_SETTING_KEYS)
    )
    return tuple(names)


def _header_settings(header: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """The columns whose headers name a setting, with the setting: read once per table (its
    every figure asks; keyed by identity, as hashing a wide header costs what reading it
    does, and the header kept beside it so that its identity is not reused)."""
    kept = _HEADER_SETTINGS.get(id(header))
    if kept is not None and kept[0] is header:
        return kept[1]
    settings = tuple(
        (column, name) for column, text in enumerate(header) for name in _names_of_header(text)
    )
    if len(_HEADER_SETTINGS) >= 256:
        _HEADER_SETTINGS.clear()
    _HEADER_SETTINGS[id(header)] = (header, settings)
    return settings


def check_meaning(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    index: DocumentIndex,
    context: str,
    near: str,
    evidence: Callable[[], Evidence],
) -> None:
    """Flag a result whose quantity, statistic, conditions or label contradict what its
    cited place says. `context` is what the source calls the value (its key, column header
    or unit), `near` the words just before it on its line."""
    line = result.source_line
    _check_enclosing_quantity(ctx, base, result, index.layout, line, context, evidence)
    _check_spread(ctx, base, result, index.layout, line, f"{context} {near}", evidence)
    stated = stated_settings(index, line)
    if stated:
        _check_settings(ctx, base, result, stated, evidence)
    _check_named_settings(ctx, base, result, stated)
    check_reading(ctx, base, result, index.document, evidence)


def _check_enclosing_quantity(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    layout: DocumentLayout,
    line: int,
    context: str,
    evidence: Callable[[], Evidence],
) -> None:
    """A value whose own name is only a statistic (`p50`) is what the object around it
    names (`"ttft_ms": {`)."""
    if not context or not _words(context) <= STATISTIC_WORDS:
        return
    source = _enclosing_dimension(layout, line)
    if source is None:
        return
    metric = metric_dimension(result.metric)
    units = unit_dimensions(result.unit)
    if metric is not None and metric != source:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/metric",
            result.metric,
            f"the metric {result.metric!r} (a {metric}) is not what the source calls this "
            f"value ({context!r} inside an object naming a {source})",
            [evidence()],
        )
    if units and source not in units:
        ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{base}/unit",
            result.unit,
            f"the unit {result.unit!r} does not fit what the source calls this value "
            f"({context!r} inside an object naming a {source})",
            [evidence()],
        )


def _enclosing_dimension(layout: DocumentLayout, line: int) -> str | None:
    key = next(iter(layout.enclosing_keys(line)), None)
    dimension = metric_dimension(key) if key else None
    return dimension if dimension in MEASURED else None


@lru_cache(maxsize=1 << 12)  # twice per figure; a column's figures share its header
def _words(text: str) -> frozenset[str]:
    found = re.findall(r"[a-z0-9]+", text.lower().replace("_", " "))
    return frozenset(found) | {f"{a}_{b}" for a, b in itertools.pairwise(found)}


def _check_spread(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    layout: DocumentLayout,
    line: int,
    names: str,
    evidence: Callable[[], Evidence],
) -> None:
    """A spread (`std_tpot_ms`) published without a word saying it is one."""
    named = _words(names) & SPREAD_WORDS
    if not named:
        key = next(iter(layout.enclosing_keys(line)), "")
        named = _words(key) & SPREAD_WORDS
    if not named:
        return
    said = _words(f"{result.statistic} {result.metric}")  # a label's `std` is easily missed
    if said & SPREAD_WORDS:
        return
    ctx.flag(
        Severity.ERROR,
        Rule.REPORTED_RESULTS,
        f"{base}/statistic",
        result.statistic,
        f"the source names this value {names.strip()!r}, a spread (a standard "
        f"deviation or variance), but the record publishes it as {result.statistic!r} "
        f"{result.metric!r}; say which spread it is, or drop it",
        [evidence()],
    )


def stated_settings(index: DocumentIndex, line: int) -> Stated:
    """The settings the cited place states beside its figure: the cells of its table row
    under a setting's header, or the keys of the objects around a JSON or YAML leaf
    (innermost first: a run's own `concurrency` wins over its file's)."""
    layout = index.layout
    table = layout.row_and_header(line)
    if table is not None:
        cells, header = table
        return {
            name: (cells[column], line)
            for column, name in _header_settings(header)
            if column < len(cells)
        }
    stated: Stated = {}
    for key, text, number in layout.enclosing_children(line):
        name = setting_name(key)
        if name is not None and name not in stated:
            stated[name] = (text, number)
    return stated


def _check_settings(
    ctx: VerifyContext,
    base: str,
    result: ReportedResult,
    stated: Stated,
    evidence: Callable[[], Evidence],
) -> None:
    """A condition or a label's setting that its row or object states otherwise."""
    for key, value in _numeric(result.conditions):
        name = setting_name(key)
        if name is None or name not in stated:
            continue
        text, line = stated[name]
        if not _states(text, value):
            ctx.flag(
                Severity.ERROR,
                Rule.CONDITIONS,
                f"{base}/conditions/{key}",
                repr(value),
                f"condition {key} = {value!r}, but the cited place states {name} "
                f"{text.strip().rstrip(',')!r} (line {line})",
                [evidence()],
            )
    for name, value, written in label_settings(result.label):
        if name in stated and not _states(stated[name][0], value):
            text, line = stated[name]
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/label",
                written,
                f"the label says {written!r}, but the cited place states {name} "
                f"{text.strip().rstrip(',')!r} (line {line})",
                [evidence()],
            )


def label_settings(label: str) -> Iterator[tuple[str, int, str]]:
    """(setting, value, as written) for each setting a label or title states."""
    yield from _label_settings(label)


@lru_cache(maxsize=1 << 14)
def _label_settings(label: str) -> tuple[tuple[str, int, str], ...]:
    """`label_settings`, read once per label (each figure's is asked three times)."""
    return tuple(_read_label_settings(label))


def _read_label_settings(label: str) -> Iterator[tuple[str, int, str]]:
    for match in _LABEL_SETTING_RE.finditer(label):
        if match["name"]:
            name = setting_name(match["name"]) or "batch_size"
            yield name, int(match["value"]), match.group(0)
        elif match["short"]:
            yield _SHORT[match["short"].lower()], int(match["short_value"]), match.group(0)
        elif match["nodes_value"]:
            yield "node_count", int(match["nodes_value"]), match.group(0)
        elif match["gpus_value"]:
            yield "gpu_count", int(match["gpus_value"]), match.group(0)
        elif match["tp_value"]:
            yield "tensor_parallel", int(match["tp_value"]), match.group(0)
        elif match["streams_value"]:
            if _concurrent(match):
                yield "concurrency", int(match["streams_value"]), match.group(0)
        else:
            yield "concurrency", 1, match.group(0)


def _concurrent(match: re.Match[str]) -> bool:
    """`16 concurrent requests`, `64 users`: requests count only with a word saying they run at
    once (`70 requests` is how many were sent)."""
    written = match.group(0).lower()
    return not re.search(r"\brequests?\b", written) or bool(
        re.search(r"concurrent|parallel|simultaneous", written)
    )


def _named_in_file_name(path: str) -> frozenset[tuple[str, float]]:
    """The settings a document's file name states under their names (`bs8`, `conc1`)."""
    return frozenset(
        (key, float(value))
        for key, value in file_name_conditions(path)
        if key in _HEADER_SETTING_KEYS and isinstance(value, int)
    )


def _numeric(conditions: Mapping[str, object]) -> Iterator[tuple[str, int | float]]:
    for key, value in conditions.items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            yield key, value


def _states(text: str, value: int | float) -> bool:
    """True when `text` (a cell or a leaf's value) states `value`, or states no number."""
    numbers = [p.value for m in find_numbers(text, decimal_comma=False) for p in m.numbers]
    return not numbers or any(abs(n - value) < 1e-9 for n in numbers)


def _check_named_settings(
    ctx: VerifyContext, base: str, result: ReportedResult, stated: Stated
) -> None:
    """A setting the cited place does not state must be stated under its name elsewhere:
    `node_count: 8` is supported by a line naming nodes with 8, not by any 8."""
    for key, value in _numeric(result.conditions):
        name = setting_name(key)
        if name is not None and name not in stated and not setting_named(ctx, name, value):
            _unnamed(ctx, f"{base}{pointer('conditions', key)}", key, name, value)
    for name, value, written in label_settings(result.label):
        if name not in stated and not setting_named(ctx, name, value):
            ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{base}/label",
                written,
                f"the label says {written!r}, and no listed source states {value} as the "
                f"{setting_label(name)}",
            )


def check_setup_settings(ctx: VerifyContext) -> None:
    """The record's own settings (`reported_setup.node_count`, its conditions and its test
    profiles') must each be stated under their name in a listed document."""
    record = ctx.record
    places: list[tuple[str, Mapping[str, object]]] = [
        (pointer("reported_setup"), record.reported_setup.model_dump()),
        (pointer("conditions"), record.conditions),
    ]
    places += [
        (pointer("test_profiles", i, "conditions"), p.conditions)
        for i, p in enumerate(record.test_profiles)
    ]
    for where, conditions in places:
        for key, value in _numeric(conditions):
            name = setting_name(key)
            if name is not None and not setting_named(ctx, name, value):
                _unnamed(ctx, f"{where}{pointer(key)}", key, name, value)


def _unnamed(ctx: VerifyContext, location: str, key: str, name: str, value: float) -> None:
    ctx.flag(
        Severity.ERROR,
        Rule.CONDITIONS,
        location,
        repr(value),
        f"{key} = {value!r}: no listed source states {value!r} as the "
        f"{setting_label(name)} (a line naming it with that value); unknown conditions "
        "stay null",
    )


def setting_named(ctx: VerifyContext, name: str, value: float) -> bool:
    """True when a listed document states `value` under the setting's name: on a line that
    names it, or in a row or object whose key or header names it (memoised per run)."""
    key = (name, float(value))
    known = ctx.settings_named.get(key)
    if known is None:
        known = ctx.settings_named[key] = _find_named(ctx, name, value)
    return known


def _says_single_stream(ctx: VerifyContext) -> bool:
    """Whether a listed document says a run served one request at a time (`single-stream`)."""
    return any(
        listed.document is not None and SINGLE_STREAM.search(listed.document.text) is not None
        for listed in ctx.available()
    )


def _named_near(words: re.Pattern[str], text: str, value: float) -> bool:
    """True when `text` states `value` with the setting's name beside it, in its clause."""
    for mention in find_numbers(text, decimal_comma=False):
        if not any(abs(p.value - value) < 1e-9 for p in mention.numbers):
            continue
        before = text[max(0, mention.start - NEAR) : mention.start]
        after = text[mention.end : mention.end + NEAR]
        before = _CLAUSE_END.split(_ELLIPSIS.sub(" ", before))[-1]
        after = _CLAUSE_END.split(_ELLIPSIS.sub(" ", after))[0]
        if words.search(f"{before}{mention.text}{after}"):
            return True
    return False


def _find_named(ctx: VerifyContext, name: str, value: float) -> bool:
    if name in _COUNTED_WHEN_MANY and value == 1:
        return True  # a report on one machine seldom counts it; more than one is the claim
    if name == "concurrency" and value == 1 and _says_single_stream(ctx):
        return True  # `single-stream`, as extract reads it (`run_settings.SINGLE_STREAM`)
    number = number_of(value)
    words = _SETTING_WORDS[name]
    for listed in ctx.available():
        if listed.document is not None and (name, value) in _named_in_file_name(listed.path):
            return True  # `..._bs8_in128_out128.json`: the run's file names its settings
        index = ctx.index(listed)
        lines = index.lines_for_number(number, limit=MAX_NAMED_LINES)
        if len(lines) >= MAX_NAMED_LINES:
            return True  # too common to look through: not worth a claim of absence
        for line in lines:
            if _named_near(words, index.document.line(line) or "", value):
                return True
            stated = stated_settings(index, line).get(name)
            if stated is not None and _states(stated[0], value):
                return True
    return False
