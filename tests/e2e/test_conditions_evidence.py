"""Conditions only from evidence (issue 31), on the corpus repositories that showed it.

Each repository is extracted as `draftflow draft` does without a model (harvest, then the
deterministic extraction); each figure's conditions must come from its own context chain,
each cited to a place that states it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from pydantic import JsonValue

from conftest import CORPUS, KeptExtractions
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.conditions.cite import CITED_KEYS, Place, parse_place, restated
from draftflow.extract.conditions.place_reading import read_where_read
from draftflow.extract.deterministic import extract_deterministic
from draftflow.extract.harvest.run import harvest
from draftflow.record.model import ReportedResult


@cache
def _extracted(repository: str, *paths: str) -> tuple[Snapshot, tuple[ReportedResult, ...]]:
    """The repository's figures in `paths` (the README is always read: the repository's
    own statement of its runs), extracted from those documents alone."""
    whole = acquire(str(CORPUS / repository))
    kept = [d for d in whole.documents if d.path in {*paths, "README.md"}]
    fields = {name: getattr(whole, name) for name in Snapshot.model_fields}
    snapshot = Snapshot.model_validate({**fields, "documents": kept})
    extraction = extract_deterministic(snapshot, harvest(snapshot))
    return snapshot, tuple(extraction.reported_results)


def _at(repository: str, path: str, lines: range | list[int]) -> list[ReportedResult]:
    _, results = _extracted(repository, path)
    found = [r for r in results if r.source_path == path and r.source_line in lines]
    assert found, f"no figure of {repository} {path} on lines {lines}"
    return found


def _condition(result: ReportedResult, key: str) -> JsonValue:
    return result.conditions.get(key)


def test_strix_halo_results_are_not_on_a_dgx_spark() -> None:
    """An AMD Strix Halo box: its README's section `AMD Strix Halo vs Nvidia DGX Spark`
    named the Spark first, and every result there took `Nvidia DGX Spark`."""
    results = _at("lhl__strix-halo-testing", "README.md", range(40, 100))
    assert all("spark" not in str(_condition(r, "system")).lower() for r in results)


def test_llm_lab_accuracy_runs_on_vllm_with_the_nvfp4_checkpoint() -> None:
    """The README's recipe table: `Serving | vLLM TP1, ...` and `Weights |
    unsloth/Qwen3.6-35B-A3B-NVFP4 — MoE`, not Ollama and not the whole weights cell."""
    for result in _at("luongnv89__dgx-spark-llm-lab", "README.md", [28]):
        assert _condition(result, "engine") == "vLLM"
        assert _condition(result, "weight_precision") == "NVFP4"
        assert _condition(result, "model") == "unsloth/Qwen3.6-35B-A3B-NVFP4"


def test_dgx_spark_bench_deepseek_rows_are_not_sglang_and_scores_are_no_model() -> None:
    """`DeepSeek-V4-Flash / vLLM / TP=2` rows: never SGLang; `54.3/63` is a score."""
    results = _at("rhattala__dgx-spark-bench", "README.md", range(190, 245))
    deepseek = [r for r in results if "deepseek" in str(r.conditions.get("source_cells", ""))]
    assert all(_condition(r, "engine") != "SGLang" for r in deepseek)
    assert all("/" not in str(_condition(r, "model")) for r in results if "63" in r.label)
    for result in _at("rhattala__dgx-spark-bench", "README.md", [239]):
        assert _condition(result, "model") != "54.3/63"


def test_hardware_rows_take_no_engine_from_a_package_list() -> None:
    """The spec table's bandwidth and memory rows took `SGLang` from a `Package | Version`
    table in another section."""
    results = _at("E27-25__fusionxpark-gb10-hwtest", "README.md", range(45, 70))
    assert all(_condition(r, "engine") is None for r in results)


def test_a_swarm_powered_by_a_hosted_model_is_not_on_the_spark() -> None:
    """Latencies of an agent swarm `powered by Gemini Flash` were published as measured on
    one NVIDIA DGX Spark: the README's machine is not theirs."""
    repository = "teaql__nvidia-dgx-spark-model-benchmark"
    results = [
        *_at(repository, "reports/400-OBJECTS-BENCHMARK-MILESTONE.md", range(19, 23)),
        *_at(repository, "reports/1000-OBJECTS-BENCHMARK-BREAKTHROUGH.md", range(14, 31)),
    ]
    rows_naming_the_spark = {22, 23}  # `DGX Spark (Nemotron REST API)` in the row itself
    for result in results:
        if result.source_line in rows_naming_the_spark:
            continue
        assert _condition(result, "system") is None
        assert _condition(result, "engine") is None


def _states(
    snapshot: Snapshot, key: str, value: Any, places: list[Place], own: ReportedResult
) -> bool:
    """Whether the places state `value` as verify re-reads them for the figure `own`: a count,
    an engine, a system or a precision where its reader reads it (its own listed item on its
    own line: `8bit ~88 t/s, FP16 ~144 t/s`), any other condition by its words."""
    documents = {d.path: d for d in snapshot.documents}
    if not read_where_read(key, value):
        return restated(value, places, documents)
    reads = ConditionReader(snapshot).reads_for((own.source_path, own.source_line, own.value))
    return any(reads(documents[p.path], p.line, key, value) for p in places)


def test_every_condition_cites_a_place_that_states_it() -> None:
    """Each chain-read condition has its places, and re-read there, they state it."""
    for repository, path in (
        ("luongnv89__dgx-spark-llm-lab", "README.md"),
        ("jethac__dgx-spark-hijinks", "docs/BASELINE_RESULTS.md"),
    ):
        snapshot, results = _extracted(repository, path)
        cited = 0
        for result in results:
            sources = result.condition_sources or {}
            for key in CITED_KEYS:
                value = result.conditions.get(key)
                if value is None:
                    continue
                places = [p for p in map(parse_place, sources.get(key, [])) if p is not None]
                assert places, f"{result.source_place} {key}={value!r} cites nothing"
                assert _states(snapshot, key, value, places, result), (
                    result.source_place,
                    key,
                    value,
                )
                cited += 1
        assert cited > 20


DISTRIBUTED_LLAMA = "b4rtaz__distributed-llama"


def test_a_hand_edited_condition_is_an_error_at_its_pointer(
    tmp_path: Path,
    manifest: dict[str, dict[str, Any]],
    monkeypatch: Any,
    kept_extractions: KeptExtractions,
) -> None:
    """A condition changed by hand in the record or in the figures file no longer says what
    its cited place says: `draftflow verify` flags it at its JSON pointer; a clean draft has
    no such flag. (The draft's extraction is the run's kept one of b4rtaz, conftest.)"""
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_CASSETTE"):
        monkeypatch.delenv(variable, raising=False)
    folder, entry = CORPUS / DISTRIBUTED_LLAMA, manifest[DISTRIBUTED_LLAMA]
    args = ["draft", str(folder), "--origin", entry["url"], "--revision", entry["revision"]]
    with kept_extractions():
        drafted = CliRunner().invoke(main, [*args, "--records-dir", str(tmp_path), "--json"])
    assert drafted.exit_code == 0, drafted.output
    path = Path(json.loads(drafted.stdout)["record_path"])
    clean = CliRunner().invoke(main, ["verify", str(path), "--source", str(folder), "--json"])
    assert not [f for f in json.loads(clean.stdout)["flags"] if f["rule"] == "conditions"]

    record = json.loads(path.read_text())
    index = next(
        i
        for i, r in enumerate(record["editorial"]["reported_results"])
        if r["conditions"].get("engine")
    )
    record["editorial"]["reported_results"][index]["conditions"]["engine"] = "vLLM"
    path.write_text(json.dumps(record, indent=2))
    figures_path = path.with_name(path.name.replace(".json", ".figures.json"))
    figures = json.loads(figures_path.read_text())
    cited = next(
        i for i, f in enumerate(figures["figures"]) if "engine" in f.get("condition_sources", {})
    )
    figures["figures"][cited]["conditions"]["engine"] = "SGLang"
    figures_path.write_text(json.dumps(figures, indent=2))

    result = CliRunner().invoke(main, ["verify", str(path), "--source", str(folder), "--json"])
    errors = {f["location"] for f in json.loads(result.stdout)["flags"] if f["severity"] == "error"}
    assert f"/editorial/reported_results/{index}/conditions/engine" in errors
    assert f"/figures/{cited}/conditions/engine" in errors
    assert result.exit_code == 1
