"""The "not stated" facts (`gaps.unstated`): repetitions, the conditions a reader needs to
compare figures, and an engine's version, each named only when no figure states it and no
document speaks of it, in that order."""

from __future__ import annotations

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.draft.facts.fact_types import Fact
from draftflow.draft.facts.gaps import unstated
from draftflow.draft.parts import Grounded
from draftflow.record.model import Uncertainty

PLAIN = "# Runs\n\n| engine | decode tok/s |\n|---|---|\n| vLLM | 47.91 |\n"
# every condition of `gaps.UNKNOWN_KEYS` stated
COMPARABLE: dict[str, JsonValue] = {
    "concurrency": 1,
    "input_tokens": 512,
    "output_tokens": 128,
    "temperature": 0.0,
    "top_p": 1.0,
    "cache_state": "cold",
    "quantization": "FP8",
    "speculative_decoding": False,
}


def _gaps(
    conditions: dict[str, JsonValue],
    text: str = PLAIN,
    *,
    count: int = 1,
    uncertainty: Uncertainty | None = None,
) -> list[Fact]:
    doc = make_document("RUNS.md", text)
    grounded = [
        Grounded(
            make_result(doc, 5, 47.91 + i, conditions=conditions).model_copy(
                update={"uncertainty": uncertainty}
            ),
            doc,
        )
        for i in range(count)
    ]
    return unstated(grounded, lambda item: repr(item.result.value))


def _subjects(facts: list[Fact]) -> list[str]:
    return [f.subject for f in facts]


def test_each_gap_in_its_order_with_its_figures() -> None:
    facts = _gaps({"engine": "vLLM"}, count=5)
    assert _subjects(facts) == ["repetitions", "conditions", "engine version"]
    repetitions, conditions, version = facts
    assert repetitions.arithmetic == "no figure states repetitions or a spread"
    assert conditions.arithmetic == (
        "no figure states concurrency, input_tokens, output_tokens, temperature, top_p, "
        "cache_state, quantization"
    )
    assert conditions.detail == "concurrency, input tokens, output tokens, temperature"
    assert (version.arithmetic, version.detail) == ("no figure states an engine version", "vLLM")
    assert all(f.weight == 5 and len(f.inputs) == 4 for f in facts)


def test_nothing_unstated_names_no_gap() -> None:
    stated = {**COMPARABLE, "engine": "vLLM", "engine_version": "0.10.1", "repetitions": 3}
    assert _gaps(stated) == []


def test_repetitions_stated_by_a_figure_a_spread_or_a_document() -> None:
    assert "repetitions" not in _subjects(_gaps({"repetitions": 3}))
    spread = Uncertainty(observed_min=47.0, observed_max=49.0, interval_kind="min-max")
    assert "repetitions" not in _subjects(_gaps({}, uncertainty=spread))
    assert "repetitions" not in _subjects(_gaps({}, PLAIN + "\nEach of 3 runs.\n"))


def test_a_condition_a_figure_states_or_a_document_speaks_of_is_no_gap() -> None:
    (conditions,) = [f for f in _gaps({"concurrency": 4}) if f.subject == "conditions"]
    assert "concurrency" not in conditions.arithmetic
    said = PLAIN + "\nRun sequentially at temperature 0.\n"
    (conditions,) = [f for f in _gaps({}, said) if f.subject == "conditions"]
    assert conditions.detail == "input tokens, output tokens, top p, cache state"


def test_a_parallel_requests_column_speaks_of_concurrency_and_tensor_parallel_does_not() -> None:
    # savoirtech/ollama-parallel-performance: "No headline figure in README.md states its
    # concurrency" over a column "Number of Parallel Model Requests Allowed" (an editor's read)
    column = PLAIN + "\n| Number of Parallel Model Requests Allowed | Errors |\n"
    (conditions,) = [f for f in _gaps({}, column) if f.subject == "conditions"]
    assert "concurrency" not in conditions.detail
    tensor = PLAIN + "\nServed with tensor parallel size 2.\n"
    (conditions,) = [f for f in _gaps({}, tensor) if f.subject == "conditions"]
    assert "concurrency" in conditions.detail


def test_an_engine_version_a_figure_or_document_states_is_no_gap() -> None:
    assert "engine version" not in _subjects(_gaps({}))  # no engine named
    assert "engine version" not in _subjects(_gaps({"engine": "vLLM", "engine_version": "0.1"}))
    assert "engine version" not in _subjects(_gaps({"engine": "vLLM"}, PLAIN + "vllm==0.11.0\n"))


def test_a_version_in_the_engine_s_table_row_or_a_spread_on_a_line_is_no_gap() -> None:
    row = PLAIN + "\n| runtime | version |\n|---|---|\n| vllm-mlx / llama-swap | 0.2.6 / v165 |\n"
    assert "engine version" not in _subjects(_gaps({"engine": "vLLM-MLX"}, row))
    spread = PLAIN + "\nAfter correcting: median **629 ms**, min 531 ms, max 827 ms\n"
    assert "repetitions" not in _subjects(_gaps({"engine": "vLLM"}, spread))
    assert "repetitions" in _subjects(_gaps({"engine": "vLLM"}, PLAIN + "\nmin 531 ms\n"))


def test_the_engine_version_gap_cites_the_documents_of_the_figures_naming_it() -> None:
    runs = make_document("RUNS.md", PLAIN)
    setup = make_document("docs/provision.md", "# Provision\n\nBuild llama.cpp: 30 min\n")
    grounded = [
        Grounded(make_result(runs, 5, 47.91, conditions={}), runs),
        Grounded(make_result(setup, 3, 30.0, conditions={"engine": "llama.cpp"}), setup),
    ]
    facts = unstated(grounded, lambda i: repr(i.result.value))
    gap = next(f for f in facts if f.subject == "engine version")
    assert gap.detail == "llama.cpp"
    assert [ref.value for ref in gap.inputs] == [30.0]
    assert gap.citations == [setup.pinned_url]


def test_a_gap_holds_of_every_document_read_not_only_the_headline_s() -> None:
    """bhodgens (read33-s20): "No headline figure in FAILURE_ANALYSIS.md and README.md states
    how many runs it repeats" and "... name llama.cpp but not its version" over a README that
    says "2 decode runs averaged" and "llama.cpp v9836"; djangodevreng's vLLM version is in the
    run's `meta.json`, no headline document. A gap is a claim about every document read."""
    readme = (
        "Benchmarks on a Tesla V100 32GB, llama.cpp v9836 (upstream-dflash branch).\n\n"
        "All tests: 8K context, flash attention on, 2 decode runs averaged.\n"
    )
    assert _subjects(_gaps({"engine": "llama.cpp"}, PLAIN + readme)) == ["conditions"]
    meta = '{\n  "vllm_version_reported": "0.26.0",\n  "runs": 3\n}\n'
    doc = make_document("RUNS.md", PLAIN)
    grounded = [Grounded(make_result(doc, 5, 47.91, conditions={"engine": "vLLM"}), doc)]

    def value(item: Grounded) -> str:
        return repr(item.result.value)

    assert "engine version" in _subjects(unstated(grounded, value))
    read = ["results/run/meta.json", meta]
    assert "engine version" not in _subjects(unstated(grounded, value, read))
    repeated = ["NOTES.md", "Each configuration: n=10 trials, ±0.30 tok/s."]
    assert "repetitions" not in _subjects(unstated(grounded, value, repeated))
    assert "repetitions" in _subjects(unstated(grounded, value, ["NOTES.md", "One pass."]))


def test_speculative_decoding_is_never_named_a_gap() -> None:
    """lhl's llama-bench pp512/tg128 (read33-s23): "No headline figure ... states its
    speculative decoding": a method that never decodes speculatively leaves nothing unknown,
    and a gap is written only where no document speaks of it."""
    (conditions,) = [f for f in _gaps({}) if f.subject == "conditions"]
    assert "speculative" not in conditions.arithmetic
    bench = PLAIN + "\n| model | test | t/s |\n| m | pp512 | 9 |\n| m | tg128 | 3 |\n"
    assert [
        f
        for f in _gaps({**COMPARABLE, "speculative_decoding": None}, bench)
        if f.subject == "conditions"
    ] == []


def test_a_sequence_length_speaks_of_the_input_tokens() -> None:
    """FastFlowLM's "Decoding Speed (TPS at different sequence lengths)" with a 64k column:
    "No headline figure ... states its input tokens" misled (read33-s23)."""
    lengths = PLAIN + "\n### Decoding Speed (TPS at different sequence lengths)\n"
    (conditions,) = [f for f in _gaps({}, lengths) if f.subject == "conditions"]
    assert "input_tokens" not in conditions.arithmetic


def _gap_of(result_update: dict[str, JsonValue], text: str = PLAIN) -> Fact | None:
    doc = make_document("RUNS.md", text)
    conditions = result_update.pop("conditions", {})
    assert isinstance(conditions, dict)
    result = make_result(doc, 5, 47.91, conditions=conditions).model_copy(update=result_update)
    facts = unstated([Grounded(result, doc)], lambda item: repr(item.result.value))
    return next((f for f in facts if f.subject == "conditions"), None)


GENERATION = ("concurrency", "input_tokens", "output_tokens", "temperature", "top_p", "cache")


def test_generation_settings_are_no_gap_of_an_embedding_model_or_a_detector() -> None:
    """read33-s24b: "No headline figure ... states its input tokens, output tokens,
    temperature or top p" over EmbeddingGemma's tokens/s (atomicjets), a reranker's latency
    (shreyansh26), an SSD detector's ms (aallan) and a diffusion pipeline's it/s (fal-ai)."""
    embedding = _gap_of({"metric": "throughput", "conditions": {"model": "EmbeddingGemma-300M"}})
    assert embedding is None or not any(k in embedding.arithmetic for k in GENERATION)
    detector = _gap_of({"metric": "latency", "unit": "ms"})
    assert detector is not None and not any(k in detector.arithmetic for k in GENERATION)
    assert "quantization" in detector.arithmetic  # a detector's precision is still a gap
    diffusion = _gap_of({"metric": "iteration_rate", "unit": "it/s"})
    assert diffusion is None or not any(k in diffusion.arithmetic for k in GENERATION)
    # a chat model's rate in tokens/s keeps them
    chat = _gap_of({"metric": "throughput", "conditions": {"model": "Llama 3.2 3B"}})
    assert chat is not None and all(k in chat.arithmetic for k in GENERATION)


def test_ollama_s_eval_counts_and_a_run_for_n_tokens_state_the_tokens() -> None:
    """dambergn (read33-s24b): every data file prints `prompt eval count: 11 token(s)` and
    `eval count: 882 token(s)` above its rate; morteza89 runs "for 10 tokens"."""
    verbose = PLAIN + "\nprompt eval count:    11 token(s)\neval count:           882 token(s)\n"
    gap = _gap_of({}, verbose)
    assert gap is not None
    assert "input_tokens" not in gap.arithmetic and "output_tokens" not in gap.arithmetic
    ten = _gap_of({}, PLAIN + "\nAverage Latency: 2218.8 ms for 10 tokens\n")
    assert ten is not None and "output_tokens" not in ten.arithmetic


def test_the_generation_gap_cites_the_figures_it_is_a_gap_of() -> None:
    """sagasusa (read33-s24b): "... states its concurrency, input tokens, temperature or top
    p: for the 62 min of MLX ..., latency": a load time in minutes beside a chat model's
    tokens/s; the sentence cites the tokens/s."""
    doc = make_document("RUNS.md", PLAIN)
    model: dict[str, JsonValue] = {"model": "Llama-3.2-3B", "weight_precision": "4bit"}
    minutes = make_result(doc, 5, 62.0, conditions=model).model_copy(
        update={"metric": "latency", "unit": "min"}
    )
    rate = make_result(doc, 5, 47.91, conditions=model)
    facts = unstated([Grounded(minutes, doc), Grounded(rate, doc)], lambda i: repr(i.result.value))
    (gap,) = [f for f in facts if f.subject == "conditions"]
    assert [ref.value for ref in gap.inputs] == [47.91]
