"""The lead configuration's claim (what the title and summary say), the OOM cells of a figure's
source row, what a "not stated" sentence may say and which engines a sentence may name: over
a small table of two engines."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft import sections
from draftflow.draft.facts.compute import compute_facts
from draftflow.draft.facts.fact_types import FactKind
from draftflow.draft.facts.wording import claim_title, question, sentences
from draftflow.draft.grounding import Grounding, SourceText
from draftflow.draft.parts import Grounded, Profile
from draftflow.draft.record_facts import states
from extract_support import selection_of

RUNS = """# Runs on one DGX Spark

| model | engine | case | decode tok/s | 70B F16 |
|---|---|---|---|---|
| Gemma-4-26B-NVFP4 | vLLM 0.20.1 | short | 47.91 | OOM |
| Gemma-4-26B-NVFP4 | vLLM 0.20.1 | medium | 53.6 | OOM |
| Qwen3-30B-A3B-FP8 | SGLang | short | 59.09 | 12.5 |
| Qwen3-30B-A3B-FP8 | vLLM | short | 61.0 | 13.5 |
"""
LEAD: dict[str, JsonValue] = {
    "model": "Gemma-4-26B-NVFP4",
    "weight_precision": "NVFP4",
    "engine": "vLLM",
    "engine_version": "0.20.1",
    "system": "DGX Spark",
    "node_count": 1,
}


def _grounded() -> list[Grounded]:
    doc = make_document("RUNS.md", RUNS)
    oom: dict[str, JsonValue] = {"source_cells": {"case": "short", "70B F16": "OOM"}}
    rows: list[tuple[int, float, dict[str, JsonValue]]] = [
        (5, 47.91, {**LEAD, "workload": "short", **oom}),
        (6, 53.6, {**LEAD, "workload": "medium", **oom}),
        (7, 59.09, {"model": "Qwen3-30B-A3B-FP8", "engine": "SGLang", "workload": "short"}),
        (8, 61.0, {"model": "Qwen3-30B-A3B-FP8", "engine": "vLLM", "workload": "short"}),
    ]
    return [
        Grounded(make_result(doc, line, value, conditions=conditions), doc)
        for line, value, conditions in rows
    ]


def _written(item: Grounded) -> str:
    return repr(item.result.value)


def test_the_lead_claim_names_the_first_figure_s_configuration_and_its_figures() -> None:
    facts = compute_facts(_grounded(), _written)
    lead = facts[0]
    assert lead.kind is FactKind.MEASURED
    assert [ref.value for ref in lead.inputs] == [47.91, 53.6]  # the lead rows only
    assert lead.workloads == ("short", "medium")  # the range spans two workloads
    assert [ref.evidence_url.rsplit("#", 1)[1] for ref in lead.inputs] == ["L5", "L6"]
    assert lead.citations == ["https://github.com/o/demo/blob/" + "a" * 40 + "/RUNS.md"]
    first, engines = sentences(lead)
    assert first == (
        "Gemma-4-26B-NVFP4 shows a decode rate of 47.91 to 53.6 tokens/s across short and "
        "medium on one DGX Spark under vLLM 0.20.1."
    )
    assert engines == "The headline figures were measured with vLLM and SGLang."
    assert claim_title(lead, "o/demo") == (
        "Gemma-4-26B-NVFP4: decode rate of 47.91 to 53.6 tokens/s on one DGX Spark under "
        "vLLM 0.20.1"
    )
    assert question(lead) == "What decode rate does Gemma-4-26B-NVFP4 show on DGX Spark under vLLM?"


def test_no_claim_without_a_model_engine_or_system() -> None:
    doc = make_document("RUNS.md", RUNS)
    bare = [Grounded(make_result(doc, 5, 47.91, conditions={"workload": "short"}), doc)]
    assert not [f for f in compute_facts(bare, _written) if f.kind is FactKind.MEASURED]


def test_no_range_over_figures_whose_stated_conditions_do_not_tell_them_apart() -> None:
    # two throughputs on one machine whose rows name no model or task (JacobPEvans's two
    # unnamed models; rhattala's 45 s and 228 s of two tasks): no range a reader can place
    doc = make_document("RUNS.md", RUNS)
    stated: dict[str, JsonValue] = {"engine": "MLX", "system": "Apple M4 Max"}
    alike = [
        Grounded(make_result(doc, line, value, conditions=dict(stated)), doc)
        for line, value in ((5, 16.5), (6, 14.6))
    ]
    assert not [f for f in compute_facts(alike, _written) if f.kind is FactKind.MEASURED]
    # the same figures told apart by a stated condition make their range
    told = [
        Grounded(make_result(doc, 5, 16.5, conditions={**stated, "concurrency": 1}), doc),
        Grounded(make_result(doc, 6, 14.6, conditions={**stated, "concurrency": 4}), doc),
    ]
    (lead,) = [f for f in compute_facts(told, _written) if f.kind is FactKind.MEASURED]
    assert [ref.value for ref in lead.inputs] == [14.6, 16.5]
    # runs folded into one figure are no configuration: their values do not tell it apart
    runs = [
        Grounded(make_result(doc, 5, 16.5, conditions={**stated, "per_run_values": [16.4]}), doc),
        Grounded(make_result(doc, 6, 16.5, conditions=dict(stated)), doc),
    ]
    assert [f for f in compute_facts(runs, _written) if f.kind is FactKind.MEASURED]


def test_an_oom_cell_of_the_figure_s_row_is_a_limit_beside_the_figure() -> None:
    facts = compute_facts(_grounded(), _written)
    (limit,) = [f for f in facts if f.kind is FactKind.LIMIT]
    assert (limit.subject, limit.detail) == ("70B F16", "OOM")
    assert [ref.value for ref in limit.inputs] == [47.91, 53.6]
    assert sentences(limit)[0].startswith("The sources mark 70B F16 as OOM beside 47.91 tokens/s")


def test_a_precision_or_a_model_id_naming_its_format_states_the_quantization() -> None:
    assert states({"weight_precision": "NVFP4"}, "quantization")
    assert states({"model": "Qwen/Qwen3-30B-A3B-GPTQ-Int4"}, "quantization")
    assert not states({"model": "Llama 2 7B"}, "quantization")
    assert states({"engine": "vLLM"}, "runtime") and not states({}, "runtime")
    facts = compute_facts(_grounded(), _written)
    unstated = next(f for f in facts if f.kind is FactKind.UNSTATED and f.subject == "conditions")
    assert "quantization" not in unstated.detail and "quantization" not in unstated.arithmetic


@dataclass
class _Metadata:
    """Record-level facts as the select stage reads them: several quantizations, and a
    runtime the README names that no figure was measured with."""

    model_label: str | None = None
    model_id: str | None = None
    runtimes: tuple[str, ...] = ("vLLM", "SGLang", "TensorRT-LLM")
    system: str | None = "DGX Spark"
    node_count: int | None = None
    quantization: str | None = None
    experiment_date: str | None = None
    unstated: dict[str, str] = field(
        default_factory=lambda: {
            "quantization": "the headline figures use several quantizations",
            "node_count": "no source states how many machines were used",
            "experiment_date": "no source dates the measurements",
        }
    )


class _Writer:
    """The template writer's view the general sections read."""

    def __init__(self, grounded: list[Grounded]) -> None:
        self.grounded = grounded
        self.front = [grounded[0].document]
        self.facts = _Metadata()
        self.selection = selection_of([g.result for g in grounded])
        read = {g.document.path: g.document for g in grounded}
        self.snapshot = Snapshot.model_construct(documents=list(read.values()))

    def ground(self, documents: Iterable[Document]) -> Grounding:
        return Grounding([SourceText(d.text) for d in documents])

    def written(self, item: Grounded) -> str:
        return repr(item.result.value)

    def profiles(self) -> list[Profile]:
        return []


def test_not_stated_only_where_no_figure_states_it_and_only_measured_engines() -> None:
    writer = _Writer(_grounded())
    missing = sections.missing_section(writer)
    assert missing is not None
    text = " ".join(missing.paragraphs)
    assert "The sources do not state the date of the measurements." in text
    assert "number of machines" not in text  # the lead rows state one node
    assert "quantization" not in text  # the weight precision and the FP8 model id state it
    artifact = sections.artifact_section(writer)
    assert artifact is not None
    said = " ".join(artifact.paragraphs)
    assert "with vLLM and SGLang on DGX Spark" in said and "TensorRT" not in said


POOL = """# Two GB10 nodes

| case | value |
|---|---|
| KV pool | 3027217 |
| KV pool, second run | 3027216 |
| C1 decode tok/s | 33.85 |
"""


def test_a_figure_without_a_unit_is_never_the_lead_claim_a_speed_is() -> None:
    """The lead configuration reports a unitless count more often than its speed: the claim
    is the speed (`a memory of 3027217.00` is no claim a reader can weigh)."""
    doc = make_document("README.md", POOL)
    conditions: dict[str, JsonValue] = {"model": "DeepSeek-V4-Flash", "engine": "vLLM"}
    unitless = [
        make_result(doc, line, value, label="KV pool", conditions=conditions).model_copy(
            update={"metric": "memory", "unit": ""}
        )
        for line, value in ((5, 3027217.0), (6, 3027216.0))
    ]
    speed = make_result(doc, 7, 33.85, conditions=conditions)
    grounded = [Grounded(result, doc) for result in (*unitless, speed)]
    lead = compute_facts(grounded, _written)[0]
    assert lead.kind is FactKind.MEASURED
    assert (lead.metric, [ref.value for ref in lead.inputs]) == ("decode rate", [33.85])


def test_a_count_of_events_is_never_the_lead_claim() -> None:
    """epappas: "Two fixes, because the problem had two halves" led the record as "a repair
    count of Two fixes on NVIDIA GB10" (read33-s21): a count of remedies measures nothing."""
    doc = make_document(
        "docs/decisions.md", "# Fabric\n\nTwo fixes, because the problem had two halves.\n"
    )
    fixes = make_result(doc, 3, 2.0, label="repair count", conditions={"system": "GB10"})
    fixes = fixes.model_copy(update={"metric": "repair_count", "unit": "fixes"})
    assert not [
        f for f in compute_facts([Grounded(fixes, doc)], _written) if f.kind is FactKind.MEASURED
    ]


def _without(item: Grounded, key: str) -> Grounded:
    """The figure with one condition taken out."""
    conditions = {k: v for k, v in item.result.conditions.items() if k != key}
    return Grounded(item.result.model_copy(update={"conditions": conditions}), item.document)


def _without_engine(grounded: list[Grounded], index: int) -> list[Grounded]:
    """The figures with the engine of one taken out (a training step time beside two
    engines' decode rates)."""
    return [_without(g, "engine") if i == index else g for i, g in enumerate(grounded)]


def test_engines_are_said_of_the_headline_only_when_every_figure_states_one() -> None:
    grounded = _without_engine(_grounded(), 3)
    lead = compute_facts(grounded, _written)[0]
    assert lead.detail == ""  # a vLLM row lost its engine: no "measured with" sentence
    assert len(sentences(lead)) == 1
    said = " ".join(sections.artifact_section(_Writer(grounded)).paragraphs)  # type: ignore[union-attr]
    assert "measured with" not in said and "with vLLM" not in said
    # what the others ran with is not called unknown: their documents may name it
    assert "Some headline figures name their engine: vLLM and SGLang." in said
    assert "unknown" not in said


def test_the_artifact_names_the_models_some_figures_state_and_claims_none_of_all() -> None:
    grounded = _grounded()
    unnamed = [
        Grounded(
            g.result.model_copy(
                update={
                    "conditions": {k: v for k, v in g.result.conditions.items() if k != "model"}
                }
            ),
            g.document,
        )
        for g in grounded
    ]
    some = [unnamed[0], *grounded[1:]]
    said = " ".join(sections.artifact_section(_Writer(some)).paragraphs)  # type: ignore[union-attr]
    assert "do not name the model" not in said
    assert "Some headline figures name their model: Gemma-4-26B-NVFP4 and " in said
    none = " ".join(sections.artifact_section(_Writer(unnamed)).paragraphs)  # type: ignore[union-attr]
    assert "The model of the headline figures is unknown." in none


def test_no_headline_figure_states_it_is_not_said_of_what_its_documents_speak_of() -> None:
    doc = make_document("RUNS.md", "# Runs\n\n| test | t/s |\n|---|---|\n| pp512 | 179.9 |\n")
    grounded = [Grounded(make_result(doc, 5, 179.9, conditions={"model": "M"}), doc)]
    missing = sections.missing_section(_Writer(grounded))
    assert missing is not None
    text = " ".join(missing.paragraphs)
    assert "input tokens" not in text  # the table's `pp512` speaks of the prompt's length
    assert "output tokens" in text and "The record states no" in text


def test_one_end_of_a_stated_range_is_claimed_with_its_bound_never_as_a_point() -> None:
    """luongnv89's README writes "~122–187 tok/s aggregate at concurrency 4"; its title and
    answer claimed "a throughput of 187 tokens/s" (read33-s20)."""
    doc = make_document("README.md", "# Lab\n\n| Throughput | ~122–187 tok/s at concurrency 4 |\n")
    top = make_result(doc, 3, 187.0, conditions={"model": "Qwen3.6-35B-A3B", "engine": "vLLM"})
    top = top.model_copy(
        update={"statistic": "range_max: one end of the range; approximate as written"}
    )
    (lead,) = [
        f for f in compute_facts([Grounded(top, doc)], _written) if f.kind is FactKind.MEASURED
    ]
    assert (
        claim_title(lead, "o/lab")
        == "Qwen3.6-35B-A3B: decode rate of up to 187.0 tokens/s under vLLM"
    )
    assert (
        sentences(lead)[0]
        == "Qwen3.6-35B-A3B shows a decode rate of up to 187.0 tokens/s under vLLM."
    )
    (gap,) = [
        f
        for f in compute_facts([Grounded(top, doc)], _written)
        if f.kind is FactKind.UNSTATED and f.subject == "conditions"
    ]
    assert (
        "for the figure of decode tok/s (up to 187.0 tokens/s), as for every" in (sentences(gap)[0])
    )


def test_an_archived_figure_leads_no_claim() -> None:
    """newbdez33 (read33-s24b): "The lead headline figure shows a throughput of 45.73 tokens/s
    ... under MLX": the README's "📦 Archived" mlx-4bit row, not the current runs."""
    grounded = _grounded()
    archived = grounded[0].result.model_copy(
        update={"label": "MLX, 📦 Archived, mlx-4bit, Avg TPS", "conditions": {"engine": "MLX"}}
    )
    facts = compute_facts([Grounded(archived, grounded[0].document), *grounded[1:]], _written)
    lead = facts[0]
    assert lead.kind is FactKind.MEASURED
    assert 47.91 not in [ref.value for ref in lead.inputs]
    assert [ref.value for ref in lead.inputs] == [53.6]


def test_a_range_joining_two_setups_is_no_claim_its_first_figure_is() -> None:
    """argonne-lcf (read33-s27): "146.53 to 5106.74 tokens/s" joined a batch-1, 1024-token
    power study and a batch-64, 128-token speculative-decoding study of one model and GPU."""
    power = make_document("power.csv", "h\nx\nA100,vLLM,1024,1,146.53\n")
    spec = make_document("spec.csv", "h\nx\nA100,vLLM,128,64,5106.74\n")
    stated: dict[str, JsonValue] = {"model": "Llama-2-7b", "engine": "vLLM", "system": "A100"}
    # the speculative-decoding study's rows carry columns the power study's do not
    spec_cells: dict[str, JsonValue] = {"Length": 128, "speculative model": "None"}
    grounded = [
        Grounded(
            make_result(
                power,
                3,
                146.53,
                conditions={**stated, "concurrency": 1, "source_cells": {"Length": 1024}},
            ),
            power,
        ),
        Grounded(
            make_result(
                spec,
                3,
                5106.74,
                conditions={**stated, "concurrency": 64, "source_cells": spec_cells},
            ),
            spec,
        ),
    ]
    (lead,) = [f for f in compute_facts(grounded, _written) if f.kind is FactKind.MEASURED]
    assert [ref.value for ref in lead.inputs] == [146.53]


def test_a_range_the_record_s_own_figures_of_its_setup_exceed_is_no_claim() -> None:
    """Sergey-Kit (read33-s27): the headline kept llama.cpp's 69.6 ... 117.3 tokens/s at
    concurrency 1 to 16 and left out the same row's 125.4 at 32: "69.6 to 117.3" was not the
    source's range."""
    doc = make_document(
        "README.md", "# x\n\n| 1 | 8 | 32 |\n|---|---|---|\n| 69.6 | 117.3 | 125.4 |\n"
    )
    stated: dict[str, JsonValue] = {"engine": "llama.cpp", "weight_precision": "FP16"}
    rows = [(69.6, 1), (117.3, 8)]
    grounded = [
        Grounded(make_result(doc, 5, v, conditions={**stated, "concurrency": c}), doc)
        for v, c in rows
    ]
    other = make_result(doc, 5, 125.4, conditions={**stated, "concurrency": 32})
    vllm = make_result(doc, 6, 130.0, conditions={"engine": "vLLM", "concurrency": 32})
    figures = [g.result for g in grounded]
    (lead,) = [
        f
        for f in compute_facts(grounded, _written, [*figures, vllm])
        if f.kind is FactKind.MEASURED
    ]
    assert [ref.value for ref in lead.inputs] == [69.6, 117.3]  # another engine's is no end
    (lead,) = [
        f
        for f in compute_facts(grounded, _written, [*figures, other])
        if f.kind is FactKind.MEASURED
    ]
    assert [ref.value for ref in lead.inputs] == [69.6]


def test_a_run_log_s_llama_bench_shorthand_states_tokens_and_repetitions() -> None:
    """sensura-san (read33-s27): "No headline figure in results/bench_errors.log states its
    ... input tokens, output tokens ... these stay unknown" under the log's own
    "Configuration: 4 threads, 512p + 128g tokens, 5 reps"; what is left unsaid is the
    record's blank, not the sources' silence."""
    log = (
        "Configuration: 4 threads, 512p + 128g tokens, 5 reps\n\n"
        "==> m / Q3_K_L\nGeneration: 7.06 t/s\n"
    )
    doc = make_document("results/bench.log", log)
    grounded = [Grounded(make_result(doc, 4, 7.06, conditions={"model": "Qwen3-0.6B"}), doc)]
    facts = compute_facts(grounded, _written, read=[log])
    gaps = [f for f in facts if f.kind is FactKind.UNSTATED]
    assert not [f for f in gaps if f.subject == "repetitions"]
    (conditions,) = [f for f in gaps if f.subject == "conditions"]
    assert "input" not in conditions.detail and "output" not in conditions.detail
    text = sentences(conditions)[0]
    assert "stay unknown" not in text and text.startswith("The record states no concurrency")


def test_a_range_is_over_one_reports_figures_not_two_reports_of_one_name() -> None:
    """btbtyler09 (read33-s26b): the dual and native GPTQ8 runs of one served model, one report
    each, made "a decode rate of 100.32 to 105.25 tokens/s": two setups pooled in one range.
    The claim is the lead figure's report's own."""
    stated: dict[str, JsonValue] = {"model": "Qwen3.5-35B-A3B-GPTQ-8bit", "engine": "vLLM"}
    dual = make_document("reports/benchmark_dual.md", RUNS)
    native = make_document("reports/benchmark_native.md", RUNS)
    rows = [
        Grounded(make_result(dual, 5, 100.32, conditions={**stated, "workload": "single"}), dual),
        Grounded(
            make_result(native, 6, 105.25, conditions={**stated, "workload": "decode"}), native
        ),
    ]
    (lead,) = [f for f in compute_facts(rows, _written) if f.kind is FactKind.MEASURED]
    assert [ref.value for ref in lead.inputs] == [100.32]
    assert "to 105.25" not in claim_title(lead, "o/demo")
