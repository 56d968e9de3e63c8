"""A system, a precision, a device count, a tensor-parallel degree or a batch size re-read where
it is cited, as the figure's (issues 31 and 32).

Each case edits one condition of a drafted figure (in its figures file) to a value whose words
stand on the place it cites, but not as that figure's: another system named beside it
(`AMD Strix Halo vs Nvidia DGX Spark`, a header's other column), a precision named beside
another (`❌ OOM BF16 / ~10–15 INT4`), the KV cache's precision given as the weights'
(`NVFP4 MLA KV cache`) or the weights' as the KV cache's, another row's count of GPUs, a TP
degree or batch size the place states otherwise (`TP=2`, `bs=4`). Re-read by extract's
readers (`extract/conditions/name_reading.py`, `place_reading.py`), the place states another
value or none: `verify` flags the condition at its JSON pointer. Before, these were checked
by their words appearing on the cited line (systems, precisions), or not cited at all (device
counts, parallel degrees, batch sizes): every edit passed. The clean drafts have no error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS
from draft_cli import MODEL_VARIABLES, draft_only_in_process
from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record, ReportedResult
from draftflow.verify import DocumentIndexes, verify_figures

E27, MIAAI = "E27-25__fusionxpark-gb10-hwtest", "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
LHL, JETHAC = "lhl__strix-halo-testing", "jethac__dgx-spark-hijinks"
XIONGJIE = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference"
COMPARISON = "docs/GB10_vs_RTX5070Ti_comparison.md"
ONLY = {
    E27: (COMPARISON,),
    MIAAI: ("docs/DEEPSEEK_V4_FLASH_0731.md", "CHANGELOG.md"),
    LHL: (),
    JETHAC: ("docs/SOLUTIONS_STATUS.md",),
    XIONGJIE: (),
}
"""The documents drafted besides the README."""


@dataclass(frozen=True)
class Case:
    """An edit of one condition of a figure of `path`: to `edited`, cited to `place` (the
    place the figure cites for it already when `place` is its `was` citation)."""

    name: str
    folder: str
    path: str
    key: str
    edited: str | int
    place: str
    was: object = None
    """The drafted value the figure has at `place` (None: any figure of `path`, its
    citation replaced by `place`)."""


CASES = (
    # `| Qwen3-32B | 32B | **2.3 tok/s** | ❌ OOM BF16 / ~10–15 INT4 | ✅ BF16 GB10 only |`
    Case("precision-named-beside-another", E27, COMPARISON, "weight_precision", "INT4",
         f"{COMPARISON}:68", "BF16"),
    # `| Model | Params | GB10 tok/s | RTX 5070 Ti tok/s [est] | GB10 faster? |`
    Case("system-of-another-column", E27, COMPARISON, "system", "RTX 5070 Ti",
         f"{COMPARISON}:60", "GB10"),
    # `| Scenario | GB10 | RTX 5070 Ti [est] | Ratio |`: a GB10 figure's column says GB10 only
    Case("system-of-the-next-column", E27, COMPARISON, "system", "RTX 5070 Ti",
         f"{COMPARISON}:208", "GB10"),
    # `## AMD Strix Halo vs Nvidia DGX Spark` (the example: a Strix Halo box's results
    # all given the Spark)
    Case("system-named-beside-another", LHL, "README.md", "system", "Nvidia DGX Spark",
         "README.md:27"),
    Case("system-named-beside-another-strix", LHL, "README.md", "system", "AMD Strix Halo",
         "README.md:27"),
    # `... MTP-5 probabilistic speculation, NVFP4 MLA KV cache, ...`: the KV cache's, not the
    # weights'
    Case("kv-precision-as-weights", MIAAI, "docs/DEEPSEEK_V4_FLASH_0731.md", "weight_precision",
         "NVFP4", "docs/DEEPSEEK_V4_FLASH_0731.md:51"),
    # `SGLang Qwen2.5 1.5B BF16/auto and fp8 KV serve around 58-59 tok/s`: fp8 is the KV
    # cache's (jethac's fp8-KV row)
    Case("weights-precision-as-kv", JETHAC, "docs/SOLUTIONS_STATUS.md", "kv_dtype", "BF16",
         "docs/SOLUTIONS_STATUS.md:18"),
    Case("kv-precision-as-weights-jethac", JETHAC, "docs/SOLUTIONS_STATUS.md",
         "weight_precision", "fp8", "docs/SOLUTIONS_STATUS.md:18"),
    # `| 3090 24GB * 2 | 108.07 | ...`: two GPUs (four are another row's)
    Case("gpu-count-of-another-row", XIONGJIE, "README.md", "gpu_count", 4, "README.md:24"),
    # `Live A/B on 2× DGX Spark TP=2 ...`: tensor parallelism 2, not 1
    Case("tensor-parallel-one", MIAAI, "CHANGELOG.md", "tensor_parallel", 1, "CHANGELOG.md:85"),
    # `| SGLang FP8 bs=4 | RTX 5070 Ti | **9.09** ⭐ | **1.71** ⭐ |`
    Case("batch-size-of-another-run", E27, "README.md", "batch_size", 1, "README.md:326"),
)  # fmt: skip
_INDEXES = DocumentIndexes()


@pytest.fixture(autouse=True)
def _no_model(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in MODEL_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture(scope="module")
def drafts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cited-names")


@cache
def _manifest() -> dict[str, dict[str, Any]]:
    entries = json.loads((CORPUS / "MANIFEST.json").read_text())
    return {e["repository"].replace("/", "__"): e for e in entries}


@cache
def _drafted(folder: str, records: Path) -> tuple[Record, list[dict[str, Any]], Snapshot]:
    record, figures, snapshot = draft_only_in_process(
        CORPUS / folder, _manifest()[folder], records, ("README.md", *ONLY[folder])
    )
    return record, figures, snapshot


def _errors(record: Record, figures: list[dict[str, Any]], snapshot: Snapshot) -> list[str]:
    results = []
    for figure in figures:
        result = ReportedResult.model_validate(
            {k: v for k, v in figure.items() if k not in ("id", "condition_sources")}
        )
        sources = figure.get("condition_sources")
        results.append(result.model_copy(update={"condition_sources": sources}))
    report = verify_figures(record, results, snapshot, indexes=_INDEXES)
    return [f"{f.location} {f.message}" for f in report.flags if f.is_error]


def _figure_index(figures: list[dict[str, Any]], case: Case) -> int:
    for index, figure in enumerate(figures):
        if not figure["evidence_url"].split("#L")[0].endswith("/" + case.path):
            continue
        cited = (figure.get("condition_sources") or {}).get(case.key)
        if case.was is None or (
            figure["conditions"].get(case.key) == case.was and cited == [case.place]
        ):
            return index
    raise AssertionError(f"no figure of {case.path} with {case.key}={case.was!r} at {case.place}")


@pytest.mark.parametrize("case", [pytest.param(c, id=c.name) for c in CASES])
def test_a_condition_edited_to_words_its_place_states_otherwise_is_an_error(
    drafts: Path, case: Case
) -> None:
    record, clean, snapshot = _drafted(case.folder, drafts / case.folder)
    assert not _errors(record, clean, snapshot)
    figures = json.loads(json.dumps(clean))
    index = _figure_index(figures, case)
    figures[index]["conditions"][case.key] = case.edited
    figures[index].setdefault("condition_sources", {})[case.key] = [case.place]
    where = f"/figures/{index}/conditions/{case.key}"
    found = [e for e in _errors(record, figures, snapshot) if e.startswith(where + " ")]
    assert found, where
    assert any(f"{case.key} = {case.edited!r} is not what" in e for e in found), found


def test_an_uncited_device_count_is_an_error(drafts: Path) -> None:
    """A `gpu_count` (or TP degree, batch size) no place is cited for is not published."""
    record, clean, snapshot = _drafted(XIONGJIE, drafts / XIONGJIE)
    figures = json.loads(json.dumps(clean))
    figures[0]["conditions"]["gpu_count"] = 2
    found = [e for e in _errors(record, figures, snapshot) if "/figures/0/conditions/gpu" in e]
    assert any("no place of the figure's context" in e for e in found), found


def test_the_drafts_cite_no_system_or_precision_where_another_stands_beside_it(
    drafts: Path,
) -> None:
    """Extract cites where verify reads: lhl's Strix Halo results are not given the Spark of
    `## AMD Strix Halo vs Nvidia DGX Spark`, nor MiaAI's weights the KV cache's NVFP4."""
    _, lhl, _ = _drafted(LHL, drafts / LHL)
    assert not [f for f in lhl if f.get("condition_sources", {}).get("system") == ["README.md:27"]]
    _, miaai, _ = _drafted(MIAAI, drafts / MIAAI)
    kv = "docs/DEEPSEEK_V4_FLASH_0731.md:51"
    assert not [f for f in miaai if f.get("condition_sources", {}).get("weight_precision") == [kv]]
