"""The title and answer from the record's facts (draft/framing.py), the title fallbacks a
rejected title gives way to, and the limits that must not contradict the text."""

from __future__ import annotations

from typing import Any, cast

import pytest
from pydantic import JsonValue

from documents import make_result
from draftflow.draft import EditorialDraft, drop_sentences
from draftflow.draft.facts import questions
from draftflow.draft.facts.fact_types import Direction, Fact, FactKind, FigureRef
from draftflow.draft.framing import claim_phrase
from draftflow.draft.template_wording import UNRANKED
from draftflow.draft.templates import draft_deterministic
from draftflow.extract import harvest
from draftflow.extract.deterministic import extract_deterministic
from draftflow.select.metadata_model import RecordMetadata
from extract_support import selection_of, snapshot_of

RUNS = """# Strix Halo runs

Each run was made sequentially (concurrency 1), warm cache.

| model | engine | decode tok/s |
|---|---|---|
| Qwen3-30B-A3B | llama.cpp | 71.5 |
| Qwen3-30B-A3B | vLLM | 52.2 |

A DGX Spark owner reports other figures on their box.
"""
STRIX: dict[str, JsonValue] = {"model": "Qwen3-30B-A3B", "system": "Strix Halo"}


def _draft(system: str | None) -> EditorialDraft:
    snapshot = snapshot_of({"README.md": RUNS})
    document = snapshot.documents[0]
    results = [
        make_result(document, 7, 71.5, conditions={**STRIX, "engine": "llama.cpp"}),
        make_result(document, 8, 52.2, conditions={**STRIX, "engine": "vLLM"}),
    ]
    meta = RecordMetadata(
        model_label="Qwen3-30B-A3B", runtimes=["llama.cpp", "vLLM"], system=system
    )
    return draft_deterministic(snapshot, selection_of(results), meta)


def test_the_title_names_model_engine_system_and_claim_only_where_measured() -> None:
    draft = _draft("DGX Spark")  # the README names a DGX Spark, but no figure ran on one
    assert "DGX Spark" not in draft.title and "DGX Spark" not in draft.answer
    # the claim is the llama.cpp figure: the title names the engine it was measured with
    assert draft.title.startswith("Qwen3-30B-A3B: llama.cpp on Strix Halo, ")
    assert "71.5" in draft.title
    assert "engine, version" not in draft.title and "needs an editor" not in draft.title
    assert "Strix Halo" in _draft(None).title


def test_the_answer_says_what_is_established_and_what_is_not() -> None:
    answer = _draft(None).answer
    assert "measures Qwen3-30B-A3B under llama.cpp / vLLM on Strix Halo" in answer
    # read33-s18: every answer ended with the limits' "What it does not establish: none of
    # these figures was re-run here ..."; the limits say it, the answer says this record's
    assert "does not establish" not in answer
    draft = _draft(None)
    assert any("reproduced independently" in item for item in draft.limitations)
    assert "reports benchmark figures" not in answer


def test_no_limit_or_gap_contradicts_the_text() -> None:
    draft = _draft(None)
    text = " ".join([draft.answer, *(p for s in draft.sections for p in s.paragraphs)])
    if "leads with" in text:
        assert UNRANKED not in draft.limitations
    # the README says `concurrency 1` and `warm cache`: not something no figure states
    assert "concurrency" not in text and "cache state" not in text
    assert "input tokens" in text  # a condition no document speaks of stays named


def test_a_rejected_title_gives_way_to_a_shorter_title_from_the_facts() -> None:
    draft = _draft(None)
    assert draft.title_fallbacks and all("71.5" not in t for t in draft.title_fallbacks[:1])
    dropped = drop_sentences(draft, [("/title", "71.5")])
    assert dropped.title == draft.title_fallbacks[0]
    assert "needs an editor" not in dropped.title


TWO_MODELS = """# Two boxes, two models

| run | decode tok/s |
|---|---|
| DeepSeek-V4-Flash suite | 45 |
| Qwen3-32B suite | 30 |
"""


def test_a_claim_whose_figures_name_no_model_is_not_given_the_record_s_model() -> None:
    snapshot = snapshot_of({"README.md": TWO_MODELS})
    document = snapshot.documents[0]
    results = [
        make_result(document, 5, 45, label="DeepSeek-V4-Flash suite"),
        make_result(document, 6, 30, label="Qwen3-32B suite", conditions={"model": "Qwen3-32B"}),
    ]
    draft = draft_deterministic(
        snapshot, selection_of(results), RecordMetadata(model_label="Qwen3-32B")
    )
    assert "45" in draft.title and not draft.title.startswith("Qwen3-32B"), draft.title


def test_the_facts_are_computed_once_per_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    # each computation scans every figure of the record: the sections and the framing's
    # claims read the same facts
    calls: list[int] = []
    compute = questions.compute_facts

    def counted(*args: Any, **kwargs: Any) -> list[Fact]:
        calls.append(1)
        return compute(*args, **kwargs)

    monkeypatch.setattr(questions, "compute_facts", counted)
    draft = _draft(None)
    assert draft.sections and "71.5" in draft.title
    assert len(calls) == 1


class _Leading:
    """A writer whose only claim is the main comparison's leader (no lead claim)."""

    def __init__(self, direction: Direction) -> None:
        self.grounded: list[object] = []  # no figure of its own leads: the leader stands
        best = FigureRef(
            label="tg128",
            metric="decode_rate",
            unit="tokens/s",
            value=77.96,
            written="77.96",
            evidence_url="https://github.com/o/r/blob/" + "a" * 40 + "/README.md#L3",
        )
        self.fact = Fact(
            kind=FactKind.LEADER,
            metric="decode rate",
            unit="tokens/s",
            subject="",
            inputs=(best,),
            arithmetic="",
            direction=direction,
        )

    def lead_claim(self) -> None:
        return None

    def main_claim(self) -> tuple[Fact, ...]:
        return (self.fact,)


@pytest.mark.parametrize("direction", [Direction.HIGHER, Direction.LOWER])
def test_a_title_claims_the_leading_figure_never_a_bound(direction: Direction) -> None:
    # lhl/strix-halo-testing: "decode rate up to 77.96 tokens/s" over a repository that
    # reports 195.65 elsewhere: the headline's best is not the repository's (an editor's read)
    phrase = claim_phrase(cast(Any, _Leading(direction)))
    assert phrase == "decode rate of 77.96 tokens/s"


def test_the_title_names_no_engine_the_claim_s_figures_do_not_state() -> None:
    """The README's runtimes are vLLM and llama.cpp, but the lead figure states no engine
    (an interconnect bandwidth beside a vLLM decode rate): the title names neither."""
    snapshot = snapshot_of({"README.md": RUNS})
    document = snapshot.documents[0]
    results = [
        make_result(document, 7, 71.5, conditions=dict(STRIX)),
        make_result(document, 8, 52.2, conditions={**STRIX, "engine": "vLLM"}),
    ]
    meta = RecordMetadata(
        model_label="Qwen3-30B-A3B", runtimes=["llama.cpp", "vLLM"], system="Strix Halo"
    )
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert "71.5" in draft.title
    assert "vLLM" not in draft.title and "llama.cpp" not in draft.title
    assert "under" not in draft.answer.split(".")[0]  # not every headline figure names one


EDGE = """# Edge boards

| Board | Framework | MobileNet v2 (ms) |
|---|---|---|
| Jetson Nano | TensorFlow | 309.3 |
| Jetson Nano | TensorRT | 72.3 |
| Intel NCS2 | OpenVINO | 80.4 |
"""


def test_figures_of_several_engines_are_not_said_to_be_one_engines() -> None:
    """aallan/benchmarking-ml-on-the-edge: "reports figures measured under OpenVINO" over
    figures of TensorFlow, TensorRT and OpenVINO, OpenVINO being the one runtime topic the
    vocabulary spells (read33-s24)."""
    snapshot = snapshot_of({"README.md": EDGE})
    document = snapshot.documents[0]
    results = [
        make_result(document, 5, 309.3, conditions={"engine": "TensorFlow"}),
        make_result(document, 6, 72.3, conditions={"engine": "TensorRT"}),
        make_result(document, 7, 80.4, conditions={"engine": "OpenVINO"}),
    ]
    meta = RecordMetadata(runtimes=["OpenVINO"])
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert "under OpenVINO" not in draft.answer and "OpenVINO" not in draft.title


TWO_CLAIMS = """# Dual GPUs

`gemma-4-31B` (w4a16) decodes at **43 tok/s** on two GPUs, and a 26B MoE at **108 tok/s**.

| prompt | decode tok/s |
|---|---|
| short | 12.5 |
"""


def test_the_title_claims_the_first_figure_never_a_model_its_line_gives_another() -> None:
    # cadamcat/dual-radeon-vllm (read33): "throughput of 108 tokens/s for gemma-4-31B", where
    # the line gives 43 tok/s to gemma-4-31B and 108 to the 26B MoE
    snapshot = snapshot_of({"README.md": TWO_CLAIMS})
    document = snapshot.documents[0]
    gemma: dict[str, JsonValue] = {"model": "gemma-4-31B", "engine": "vLLM"}
    results = [
        make_result(document, 3, 108, conditions=dict(gemma)),
        make_result(document, 3, 43, conditions=dict(gemma)),
        make_result(document, 7, 12.5, label="short", conditions={"engine": "vLLM"}),
    ]
    draft = draft_deterministic(snapshot, selection_of(results), RecordMetadata())
    assert "108" in draft.title, draft.title  # the first figure is the record's lead claim
    assert "gemma-4-31B" not in draft.title, draft.title
    assert all("gemma-4-31B" not in t for t in draft.title_fallbacks if "108" in t)


def test_a_title_says_what_it_knows_never_a_template() -> None:
    # lhl/strix-halo-testing, luongnv89/dgx-spark-llm-lab (read33): "source-reported benchmark
    # figures" says nothing; a figure without a unit or a name gives the repository alone
    snapshot = snapshot_of({"README.md": TWO_MODELS})
    document = snapshot.documents[0]
    result = make_result(document, 5, 45, label="DeepSeek-V4-Flash suite")
    bare = result.model_copy(update={"unit": "", "metric": "score"})
    draft = draft_deterministic(snapshot, selection_of([bare]), RecordMetadata())
    assert "source-reported" not in draft.title and "benchmark figures" not in draft.title
    assert all("source-reported" not in t for t in draft.title_fallbacks)


FABRIC = """# Two nodes of Qwen3-8B

The interconnect measures 13.9 GB/s of all-reduce bus bandwidth.

Single-stream decode runs at 65.8 tok/s.
"""


def test_a_title_claims_a_model_s_figure_before_an_interconnect_s() -> None:
    # rhattala/dgx-spark-bench and epappas/gx10-cluster (read33): a bandwidth leads a title
    # only where no speed, latency or accuracy is in the headline
    snapshot = snapshot_of({"README.md": FABRIC})
    document = snapshot.documents[0]
    fabric = make_result(document, 3, 13.9).model_copy(
        update={"metric": "bandwidth", "unit": "GB/s"}
    )
    # (the decode rate is a stated model's: a title claims no model's speed of no model)
    decode = make_result(document, 5, 65.8, conditions={"model": "Qwen3-8B"})
    both = draft_deterministic(snapshot, selection_of([fabric, decode]), RecordMetadata())
    assert "65.8" in both.title and "13.9" not in both.title, both.title
    alone = draft_deterministic(snapshot, selection_of([fabric]), RecordMetadata())
    assert "bandwidth of 13.9 GB/s" in alone.title, alone.title


JOURNAL = """# Session

Highlights: MoE crushes dense. gpt-oss-120b is the throughput champion at 16.5 tok/s long-512;
Qwen3.5-122B-A10B at 14.6 tok/s.
"""
SWEEP = """| backend | pp512 |
|---|---|
| llama.cpp-vulkan_amdvlk | **179.91** |
"""


def test_the_title_names_the_model_the_figure_s_own_line_or_folder_names() -> None:
    """read33-s18: Jacob's title "MLX on Apple M4 Max, throughput of 16.5 tokens/s" left out
    gpt-oss-120b, which its line names before the figure; lhl's "prefill rate of 179.91
    tokens/s" the GLM-4.5-Air its folder `GLM-4.5-Air-UD-Q4_K_XL` is named after. The
    condition reader reads both into the figure's conditions, cited, and the title takes
    the model from there (s20: framing's own name test is gone)."""
    snapshot = snapshot_of({"docs/journal.md": JOURNAL})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    draft = draft_deterministic(snapshot, selection_of(results), RecordMetadata())
    assert "16.5 tokens/s for gpt-oss-120b" in draft.title, draft.title
    folder = "llm-bench/GLM-4.5-Air-UD-Q4_K_XL/README.md"
    snapshot = snapshot_of({folder: SWEEP})
    results = extract_deterministic(snapshot, harvest(snapshot)).reported_results
    (result,) = [r for r in results if r.value == 179.91]
    assert result.conditions["model"] == "GLM-4.5-Air"
    assert (result.condition_sources or {})["model"] == [f"{folder}:0"]
    draft = draft_deterministic(snapshot, selection_of([result]), RecordMetadata())
    assert "GLM-4.5-Air" in draft.title and "179.91 tokens/s" in draft.title, draft.title


AGGREGATE = """# Qwen3.6-35B under vLLM on one Spark

- ~35–48 tok/s per stream · ~122–187 tok/s aggregate at concurrency 4
"""


def test_a_title_claims_a_range_as_written_and_its_concurrency() -> None:
    """luongnv89 (read33-s21): "~122–187 tok/s aggregate at concurrency 4" became "throughput
    of at least 122 tokens/s", dropping the range's top and the concurrency."""
    snapshot = snapshot_of({"README.md": AGGREGATE})
    document = snapshot.documents[0]
    # (the model its heading names, as the condition reader reads it)
    stated: dict[str, JsonValue] = {"concurrency": 4, "model": "Qwen3.6-35B"}
    low = make_result(document, 3, 122, conditions=stated).model_copy(
        update={"metric": "throughput", "statistic": "range_min"}
    )
    draft = draft_deterministic(snapshot, selection_of([low]), RecordMetadata())
    assert "at least" not in draft.title, draft.title
    assert "throughput of ~122–187 tokens/s at concurrency 4" in draft.title, draft.title


def test_a_lead_claim_on_one_end_of_a_range_claims_the_range_as_written() -> None:
    """luongnv89's lead configuration (model and engine stated) claimed "throughput of at
    least 122 tokens/s" from "~122–187 tok/s aggregate at concurrency 4" (read33-s21)."""
    snapshot = snapshot_of({"README.md": AGGREGATE})
    document = snapshot.documents[0]
    stated: dict[str, JsonValue] = {"model": "Qwen3.6-35B", "engine": "vLLM", "concurrency": 4}
    low = make_result(document, 3, 122, conditions=stated).model_copy(
        update={"metric": "throughput", "statistic": "range_min"}
    )
    high = make_result(document, 3, 187, conditions=stated).model_copy(
        update={"metric": "throughput", "statistic": "range_max"}
    )
    draft = draft_deterministic(snapshot, selection_of([low, high]), RecordMetadata())
    assert "at least" not in draft.title, draft.title
    assert "throughput of ~122–187 tokens/s at concurrency 4" in draft.title, draft.title


def test_a_title_claims_no_figure_of_no_stated_model() -> None:
    """er0080 (read33-s23): "vLLM, throughput of 4427 tokens/s" was a 125M model's plumbing
    check beside the repository's Qwen3.5-9B sweep, and sirrand27's "throughput of 15-30
    tokens/s" a rule of thumb for "Models up to 8GB": a figure whose model neither it nor the
    record states claims nothing in a title; nor does a later figure of a stated model when
    it is not the lead's (newbdez33's title claimed 40.31 tokens/s over a lead of 37.37 for
    the same configuration, read-s32): the title then claims no figure."""
    text = (
        "# Checks\n\n| check | tok/s |\n|---|---|\n| normalisation | 4427 |\n\n"
        "| model | tok/s |\n|---|---|\n| Qwen3.5-9B | 63.6 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    vllm: dict[str, JsonValue] = {"engine": "vLLM"}
    bare = make_result(document, 5, 4427.0, label="normalisation", conditions=vllm)
    draft = draft_deterministic(snapshot, selection_of([bare]), RecordMetadata(runtimes=["vLLM"]))
    assert "4427" not in draft.title
    qwen = make_result(document, 9, 63.6, conditions={**vllm, "model": "Qwen3.5-9B"})
    meta = RecordMetadata(runtimes=["vLLM"])
    draft = draft_deterministic(snapshot, selection_of([bare, qwen]), meta)
    assert "4427" not in draft.title and "63.6" not in draft.title
    alone = draft_deterministic(snapshot, selection_of([qwen]), meta)
    assert "63.6" in alone.title  # the lead's own figure, of a stated model


def test_a_title_names_the_column_of_one_cell_of_a_swept_row() -> None:
    """FastFlowLM (read33-s23): "throughput of 3.1 tokens/s for LLaMA 3.1 8B" was the 64k
    cell of a row swept from 1k (7.6) to 128k (2.0)."""
    text = (
        "# Decoding speed at different sequence lengths\n\n"
        "| Model | 1k | 32k | 64k | 128k |\n|---|---|---|---|---|\n"
        "| LLaMA 3.1 8B | 7.6 | 4.4 | 3.1 | 2.0 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    cells: dict[str, JsonValue] = {"Model": "LLaMA 3.1 8B", "1k": 7.6, "32k": 4.4, "128k": 2.0}
    result = make_result(
        document,
        5,
        3.1,
        label="LLaMA 3.1 8B, 64k",
        conditions={"model": "LLaMA 3.1 8B", "source_cells": cells},
    )
    draft = draft_deterministic(snapshot, selection_of([result]), RecordMetadata())
    assert "3.1 tokens/s at 64k" in draft.title, draft.title


def test_a_stack_s_name_read_as_the_model_claims_nothing_in_a_title() -> None:
    """MiaAI (session 24): "throughput of ~160–190 tokens/s for Anemll 1M" named the
    "Anemll 1M/6" stack as the model; a model name has a family, a hub id or a size."""
    text = "# Stack\n\n| Workload | See |\n|---|---|\n| Six chats | ~160–190 tok/s aggregate |\n"
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    stack = make_result(document, 5, 160, conditions={"model": "Anemll 1M"}).model_copy(
        update={"metric": "throughput", "statistic": "range_min"}
    )
    draft = draft_deterministic(snapshot, selection_of([stack]), RecordMetadata())
    assert "Anemll" not in draft.title and "160" not in draft.title, draft.title
    from draftflow.draft.framing import looks_like_a_model  # (new in session 24)

    for name in ("Qwen3.5-9B", "meta-llama/Llama-2-70b-chat-hf", "Nemotron-3-Super-120B"):
        assert looks_like_a_model(name), name


def test_a_title_without_a_claim_names_the_headline_s_setting_not_a_left_out_figure_s() -> None:
    """ninehills (session 24): with no claim of a stated model, the title read "LMDeploy on
    NVIDIA RTX4090 24GB", the engine of one figure of a comparison of four engines."""
    text = (
        "# TPS on RTX4090\n\n| engine | TPS@1 |\n|---|---|\n| LMDeploy | 88.5 |\n| vLLM | 50.7 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    results = [
        make_result(document, 5, 88.5, conditions={"engine": "LMDeploy", "system": "RTX4090"}),
        make_result(document, 6, 50.7, conditions={"engine": "vLLM", "system": "RTX4090"}),
    ]
    meta = RecordMetadata(runtimes=["LMDeploy", "vLLM"], system="RTX4090")
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert "88.5" not in draft.title, draft.title
    assert "LMDeploy on" not in draft.title, draft.title  # both engines, or none


def test_a_setting_names_every_engine_of_its_figures_or_none() -> None:
    """ninehills (session 24): "vLLM / ExLlamaV2 on NVIDIA RTX4090 24GB" named two of the
    four engines its headline compares."""
    rows = [("LMDeploy", 88.5), ("vLLM", 50.7), ("TGI", 40.1), ("ExLlamaV2", 60.2)]
    text = "# TPS on RTX4090\n\n| engine | TPS@1 |\n|---|---|\n" + "".join(
        f"| {engine} | {value} |\n" for engine, value in rows
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    results = [
        make_result(document, 5 + i, value, conditions={"engine": engine, "system": "RTX4090"})
        for i, (engine, value) in enumerate(rows)
    ]
    meta = RecordMetadata(runtimes=["vLLM", "ExLlamaV2"], system="RTX4090")
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert "vLLM / ExLlamaV2" not in draft.title and "vLLM / ExLlamaV2" not in draft.answer


CARDS = """# Ollama on three cards

| Card | Model | TG/s |
|---|---|---|
| RTX4090 | mistral-small3.2 | 43.16 |
| A100-24GB | mistral-small3.2 | 55.96 |
| A100-24GB | mistral-small3.2 | 48.95 |
"""


def test_the_title_names_the_system_of_its_claim_s_figure_not_the_headline_s_most() -> None:
    """gparemsky/48gb4090: "mistral-small3.2:latest on A100-24GB, decode rate of 43.16
    tokens/s", 43.16 being the RTX4090 row's (read33-s25): most headline rows are the A100's,
    the claimed one is not."""
    snapshot = snapshot_of({"README.md": CARDS})
    document = snapshot.documents[0]
    model: dict[str, JsonValue] = {"model": "mistral-small3.2"}
    results = [
        make_result(document, 5, 43.16, conditions={**model, "system": "RTX4090"}),
        make_result(document, 6, 55.96, conditions={**model, "system": "A100-24GB"}),
        make_result(document, 7, 48.95, conditions={**model, "system": "A100-24GB"}),
    ]
    draft = draft_deterministic(snapshot, selection_of(results), RecordMetadata())
    assert "43.16" in draft.title, draft.title
    assert "A100" not in draft.title and "RTX4090" in draft.title, draft.title


def test_the_title_names_the_records_system_its_evidence_states() -> None:
    # lhl/strix-halo-testing: `AMD Strix Halo (Ryzen AI Max+ 395)` is stated in README.md:3
    # only, the headline figures are in per-model folders: the title left the system out
    readme = "# strix-halo-testing\n\nTesting for the AMD Strix Halo (Ryzen AI Max+ 395) APU.\n"
    table = (
        "# Benchmark Results\n| backend | pp512 | tg128 |\n|---|---|---|\n"
        "| llama.cpp-vulkan | **179.907472** | 22.659149 |\n"
    )
    snapshot = snapshot_of({"README.md": readme, "llm-bench/GLM-4.5-Air/README.md": table})
    document = snapshot.documents[1]
    results = [make_result(document, 4, 179.907472, conditions={"model": "GLM-4.5-Air"})]
    system = "AMD Strix Halo (Ryzen AI Max+ 395)"
    evidence = {"system": f"{snapshot.documents[0].pinned_url}#L3"}
    meta = RecordMetadata(model_label="GLM-4.5-Air", system=system, evidence=evidence)
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert system in draft.title


def test_the_title_names_the_system_the_readme_states_though_no_figure_stands_there() -> None:
    # lhl/strix-halo-testing (read33-s25): the README names the machine, the headline
    # figures stand in each model's folder; the title named no hardware at all
    files = {
        "README.md": "# Strix Halo testing\n\nRuns on an AMD Ryzen AI Max+ 395 box.\n",
        "llm-bench/GLM/README.md": "| test | t/s |\n|---|---|\n| pp512 | 179.91 |\n",
    }
    snapshot = snapshot_of(files)
    readme, bench = snapshot.documents
    results = [make_result(bench, 3, 179.91, conditions={"model": "GLM-4.5-Air"})]
    meta = RecordMetadata(system="Ryzen AI Max+ 395", evidence={"system": readme.line_url(3)})
    draft = draft_deterministic(snapshot, selection_of(results), meta)
    assert "Ryzen AI Max+ 395" in draft.title


def test_a_title_names_a_concurrency_column_as_a_concurrency() -> None:
    """Sergey-Kit (read33-s27): llama.cpp's 69.6 tokens/s, the first cell of a row across 1 ...
    32 concurrent requests, read "throughput of 69.6 tokens/s at 1"."""
    text = (
        "# Throughput by concurrency\n\n"
        "| Runtime | 1 | 4 | 8 |\n|---|---|---|---|\n"
        "| llama.cpp | 69.6 | 102.7 | 117.3 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    cells: dict[str, JsonValue] = {"Runtime": "llama.cpp", "4": 102.7, "8": 117.3}
    result = make_result(
        document,
        5,
        69.6,
        label="llama.cpp, 1",
        conditions={
            "model": "Qwen3-0.6B",
            "engine": "llama.cpp",
            "concurrency": 1,
            "source_cells": cells,
        },
    )
    draft = draft_deterministic(snapshot, selection_of([result]), RecordMetadata())
    assert "69.6 tokens/s at concurrency 1" in draft.title, draft.title


def test_a_title_s_one_row_of_a_precision_sweep_names_its_precision() -> None:
    """sensura-san (read33-s27): "qwen3-06b: throughput of 7.06 tokens/s" was the Q3_K_L row
    of a sweep over seven quantizations, read as the model's speed."""
    text = (
        "==> qwen3-06b / Q3_K_L\nGeneration: 7.06 t/s\n==> qwen3-06b / Q6_K\nGeneration: 5.74 t/s\n"
    )
    snapshot = snapshot_of({"results/bench.log": text})
    document = snapshot.documents[0]
    results = [
        make_result(
            document, line, value, conditions={"model": "qwen3-06b", "weight_precision": quant}
        ).model_copy(update={"metric": "throughput"})
        for line, value, quant in ((2, 7.06, "Q3_K_L"), (4, 5.74, "Q6_K"))
    ]
    draft = draft_deterministic(snapshot, selection_of(results), RecordMetadata())
    assert "7.06 tokens/s in Q3_K_L" in draft.title, draft.title
    # beside a row that states no precision, the figure is no row of a sweep
    same = [results[0], results[1].model_copy(update={"conditions": {"model": "qwen3-06b"}})]
    draft = draft_deterministic(snapshot, selection_of(same), RecordMetadata())
    assert " in Q3_K_L" not in draft.title, draft.title


def test_a_title_counts_the_machines_its_claims_figures_ran_on() -> None:
    """jvr0x's MiniMax rows state two Sparks (`node_count` 2) while the record states no
    count: the title said "on NVIDIA DGX Spark", one machine (read-s32)."""
    text = (
        "# Bench\n\nAll runs on two NVIDIA DGX Sparks.\n\n"
        "| model | tok/s |\n|---|---|\n| Qwen3.5-9B | 63.6 |\n"
    )
    snapshot = snapshot_of({"README.md": text})
    document = snapshot.documents[0]
    two: dict[str, JsonValue] = {
        "model": "Qwen3.5-9B",
        "engine": "vLLM",
        "system": "NVIDIA DGX Spark",
        "node_count": 2,
    }
    result = make_result(document, 7, 63.6, conditions=two)
    meta = RecordMetadata(runtimes=["vLLM"])
    draft = draft_deterministic(snapshot, selection_of([result]), meta)
    assert "two NVIDIA DGX Sparks" in draft.title, draft.title
