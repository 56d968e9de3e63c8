"""A figure re-read at its cited place as extract reads it (verify/reread.py): the unit, metric,
statistic and label words the record publishes against the place's reading; and the setup
words and limitations a record claims (verify/setup.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draftflow.record.model import ReportedResult
from draftflow.verify import reread
from draftflow.verify.context import DocumentIndexes, ListedDocument
from draftflow.verify.layout import DocumentLayout
from draftflow.verify.reread import check_reading, kind_of, named_statistic, unit_id
from draftflow.verify.setup import check_setup_words
from extract_support import snapshot_of

RUN = {
    "points": [
        {
            "concurrency": 1,
            "agg_tok_s": 99.6,
            "per_session_tok_s": 107.7,
            "ttft_ms": {"p50": 178, "p95": 181},
        }
    ],
    "config": {
        "kv_cache_dtype": "fp8",
        "hardware": "NVIDIA DGX Spark",
        "series": "decode sweep, rising concurrency",
    },
}
TEXT = json.dumps(RUN, indent=2)
DOCUMENT = snapshot_of({"run.json": TEXT}).documents[0]


@dataclass
class FakeContext:
    """What the checks read of a verification run: the indexes, the documents, the flags."""

    record: Any = None
    indexes: DocumentIndexes = field(default_factory=DocumentIndexes)
    flags: list[tuple[str, str]] = field(default_factory=list)
    document: Any = DOCUMENT

    def flag(self, severity: Any, rule: Any, location: str, claim: str, message: str, *_: Any):
        self.flags.append((location, message))

    def available(self) -> list[ListedDocument]:
        d = self.document
        return [ListedDocument(d.document_id, d.path, d.pinned_url, d.sha256, "", "", "", d)]

    def index(self, listed: ListedDocument) -> Any:
        return self.indexes.of(self.document)


def line_of(fragment: str, document: Any = DOCUMENT) -> int:
    return next(n for n, text in enumerate(document.line_list, 1) if fragment in text)


def result(fragment: str, value: float, document: Any = DOCUMENT, **fields: Any) -> ReportedResult:
    data: dict[str, Any] = {
        "label": "run, concurrency 1",
        "metric": "aggregate_throughput",
        "value": value,
        "unit": "tokens/s",
        "statistic": "as reported",
        "uncertainty": None,
        "conditions": {},
        "evidence_state": "source_reported",
        "site_reproduced": False,
        "evidence_url": f"{document.pinned_url}#L{line_of(fragment, document)}",
        "source_document_sha256": document.sha256,
        "source_document_id": document.document_id,
        "source_line": line_of(fragment, document),
    }
    data.update(fields)
    return ReportedResult.model_validate(data)


def flagged(figure: ReportedResult, document: Any = DOCUMENT) -> list[str]:
    ctx = FakeContext(document=document)
    check_reading(ctx, "/r", figure, document, lambda: None)  # type: ignore[arg-type]
    return [location for location, _ in ctx.flags]


def test_the_vocabulary_names_units_statistics_and_kinds() -> None:
    assert unit_id("tok/s") == unit_id("tokens/s") == "tokens/s"
    assert unit_id("msec") == "ms" and unit_id("furlongs") is None
    assert named_statistic("mean of 5 runs") == "mean"
    assert named_statistic("p95") == "p95" and named_statistic("as reported") is None
    assert kind_of("ttft") == "latency" and kind_of("prefill_throughput") == "speed"
    assert kind_of("throughput") is None  # a generic metric fits every speed


def test_a_figure_as_the_place_reads_it_raises_nothing() -> None:
    assert flagged(result('"agg_tok_s"', 99.6)) == []
    assert flagged(result('"p50"', 178, metric="ttft", unit="ms", statistic="median")) == []


@pytest.mark.parametrize(
    ("fragment", "value", "fields", "where"),
    [
        ('"p50"', 178, {"metric": "ttft", "unit": "s", "statistic": "p50"}, "/r/unit"),
        ('"agg_tok_s"', 99.6, {"unit": "requests/s"}, "/r/unit"),
        ('"p50"', 178, {"metric": "inter_token_latency", "unit": "ms"}, "/r/metric"),
        ('"agg_tok_s"', 99.6, {"metric": "decode_rate"}, "/r/metric"),
        ('"p50"', 178, {"metric": "ttft", "unit": "ms", "statistic": "mean"}, "/r/statistic"),
        ('"agg_tok_s"', 99.6, {"statistic": "p95"}, "/r/statistic"),
        ('"agg_tok_s"', 99.6, {"label": "run, prefill throughput"}, "/r/label"),
    ],
)
def test_a_meaning_the_place_does_not_state_is_an_error(fragment, value, fields, where) -> None:
    assert where in flagged(result(fragment, value, **fields))


def test_a_setting_s_key_names_no_statistic_of_the_results() -> None:
    """`max_num_seqs` is a server's limit, not the maximum of a run's figures: a peak the
    record claims for a per-session rate beside it is an error. A note in words (`"note":
    "each value is the peak of 3 runs"`) names the statistic for the file's figures."""
    run = {"config": {"max_num_seqs": 64}, "points": [{"per_session_tok_s": 84.6}]}
    setting = snapshot_of({"run.json": json.dumps(run, indent=2)}).documents[0]
    claim = {"metric": "decode_rate", "statistic": "peak"}
    assert flagged(result('"per_session_tok_s"', 84.6, setting, **claim), setting) == [
        "/r/statistic"
    ]
    noted = snapshot_of(
        {"run.json": json.dumps({**run, "note": "each value is the peak of 3 runs"}, indent=2)}
    ).documents[0]
    assert flagged(result('"per_session_tok_s"', 84.6, noted, **claim), noted) == []


def test_a_report_s_setting_keys_and_flags_name_no_statistic() -> None:
    """A README's `max_tokens: 512` or `--max-model-len` is a limit (review34: the key-opening
    `max_` pattern read it as a maximum): a peak claimed for a figure beside it is an error;
    a sentence saying so in words names the statistic."""
    settings = "# Run\n\n```yaml\nmax_tokens: 512\n```\n\nvllm serve --max-model-len 8192\n"
    table = "| run | decode tok/s |\n|---|---|\n| a | 84.6 |\n"
    claim = {"metric": "decode_rate", "statistic": "peak", "unit": "tokens/s"}
    report = snapshot_of({"README.md": settings + "\n" + table}).documents[0]
    assert "/r/statistic" in flagged(result("| a |", 84.6, report, **claim), report)
    said = snapshot_of({"README.md": "Each value is the peak of 3 runs.\n\n" + table}).documents[0]
    assert flagged(result("| a |", 84.6, said, **claim), said) == []


def test_a_label_in_the_source_s_own_words_is_not_re_read() -> None:
    """`decode sweep` names a decode rate, not this aggregate figure's metric, but it is the
    run's own name for its series: kept as the source writes it. The same metric word in
    words the source does not write is re-read, and flagged."""
    assert flagged(result('"agg_tok_s"', 99.6, label="NVIDIA DGX Spark, agg_tok_s")) == []
    assert flagged(result('"agg_tok_s"', 99.6, label="decode sweep, concurrency 1")) == []
    assert flagged(result('"agg_tok_s"', 99.6, label="decode speed, concurrency 1")) == ["/r/label"]


@pytest.mark.parametrize(
    ("field_name", "value", "error"),
    [
        ("system", "NVIDIA DGX Spark", False),
        ("system", "2x NVIDIA DGX Sparks", False),
        ("system", "NVIDIA DGX Station", True),
        ("kv_dtype", "fp8", False),
        ("kv_dtype", "fp16", True),
        ("parallelism", "tensor parallelism 2", True),
    ],
)
def test_setup_words_must_stand_on_a_line_of_a_source(field_name, value, error) -> None:
    setup = {"system": None, "kv_dtype": None, "parallelism": None, field_name: value}

    @dataclass
    class Setup:
        system: str | None
        kv_dtype: str | None
        parallelism: str | None

    @dataclass
    class Record:
        reported_setup: Setup

    ctx = FakeContext(record=Record(Setup(**setup)))
    check_setup_words(ctx)  # type: ignore[arg-type]
    assert bool(ctx.flags) is error, ctx.flags


_PIECES = st.text(alphabet="ab Σσİ1.|*`\t-:/", max_size=30)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(_PIECES, min_size=1, max_size=6), at=st.integers(min_value=0, max_value=5))
def test_a_cited_lines_cells_stand_in_the_collapsed_document(lines: list[str], at: int) -> None:
    """The cells a label's part is first looked for among (the cited line's and its header
    row's) are each written in the document as the whole-document search reads it: the
    shortcut finds no part the search would not."""
    text = "\n".join(lines) + "\n"
    document = snapshot_of({"README.md": text}).documents[0]
    context = FakeContext()
    line = at % len(lines) + 1
    collapsed = reread._collapsed(context, document)  # type: ignore[arg-type]
    for cell in reread._cited_cells(context, document, line):  # type: ignore[arg-type]
        assert cell in collapsed, (cell, collapsed)


def test_a_label_part_in_the_header_row_is_written_without_searching_the_document() -> None:
    text = "# Sweep\n\n| model | c1 **tok/s** | c2 tok/s |\n|---|---|---|\n| m-0 | 1.5 | 2.5 |\n"
    document = snapshot_of({"README.md": text}).documents[0]
    context = FakeContext()
    assert reread._cited_cells(context, document, 5) >= {"c1 tok/s", "m-0", "1.5"}  # type: ignore[arg-type]
    assert reread._written(context, document, "c1 tok/s", 5)  # type: ignore[arg-type]
    assert not reread._written(context, document, "c3 tok/s", 5)  # type: ignore[arg-type]


def test_a_label_part_read_from_a_cell_with_an_escaped_pipe_is_written() -> None:
    """A cited line's cells are the document model's (`split_pipes`): the header cell
    `a \\| b tok/s` is read as `a | b tok/s`, the label part a reader takes from it, not as
    the two pieces `a \\` and `b tok/s` a split on every `|` gives."""
    text = "| model | a \\| b tok/s |\n|---|---|\n| m-0 | 1.5 |\n"
    document = snapshot_of({"README.md": text}).documents[0]
    context = FakeContext()
    assert reread._written(context, document, "a | b tok/s", 3)  # type: ignore[arg-type]


SERVE_TEXT = "```bash\nvllm serve model \\\n    --tensor-parallel-size 4 --dtype half \\\n```\n"
SERVE = snapshot_of({"report.md": SERVE_TEXT}).documents[0]


@dataclass
class ServeContext(FakeContext):
    """A context whose one listed document is a `vllm serve` command (`SERVE`)."""

    def available(self) -> list[ListedDocument]:
        d = SERVE
        return [ListedDocument(d.document_id, d.path, d.pinned_url, d.sha256, "", "", "", d)]

    def index(self, listed: ListedDocument) -> Any:
        return self.indexes.of(SERVE)


@pytest.mark.parametrize(("value", "error"), [("TP4", False), ("TP2", True), ("TP4 PP2", True)])
def test_a_parallelism_is_read_on_a_line_as_select_reads_it(value: str, error: bool) -> None:
    """`--tensor-parallel-size 4` states `TP4`, the words select writes the field in, though
    no line carries `tp4` (btbtyler09/mi100-llm-testing's draft had an error flag over its
    own serve command); another size is still an error."""

    @dataclass
    class Setup:
        system: str | None = None
        kv_dtype: str | None = None
        parallelism: str | None = None

    @dataclass
    class Record:
        reported_setup: Setup

    ctx = ServeContext(record=Record(Setup(parallelism=value)))
    check_setup_words(ctx)  # type: ignore[arg-type]
    assert bool(ctx.flags) is error, ctx.flags


SHIFTED = snapshot_of(
    {
        "kv.csv": "Hardware,kv_cache_dtype,latency,throughput\n"
        "H100,fp16,0.77,332.47\n"
        "H100,Weight = fp8, KV Cache = fp8,45.70,5736.12\n"
    }
).documents[0]


@pytest.mark.parametrize("quoted", [False, True])
def test_a_row_shifted_by_an_unquoted_comma_is_read_under_no_header(quoted: bool) -> None:
    """`45.70` sits under `throughput` by position only: a comma inside the row's dtype cell
    moved it there, so verify reads that row's cells under no header (a quote elsewhere in the
    file makes verify read the file whole: the same answer)."""
    text = SHIFTED.text + ('H100,"fp8",1.53,334.43\n' if quoted else "")
    document = snapshot_of({"kv.csv": text}).documents[0]
    layout = DocumentLayout(document)
    cells, header = layout.row_and_header(2) or ((), ())
    assert cells == ("H100", "fp16", "0.77", "332.47")
    assert header[:4] == ("Hardware", "kv_cache_dtype", "latency", "throughput")
    cells, header = layout.row_and_header(3) or ((), ())
    assert "45.70" in cells and set(header) == {""}
