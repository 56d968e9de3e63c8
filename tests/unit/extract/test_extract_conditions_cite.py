"""Where a condition is stated (`extract/conditions/cite.py`): one reading of "this place
says this value", shared by extract and verify."""

from __future__ import annotations

from documents import make_document
from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.cite import (
    Place,
    cite,
    cited,
    parse_place,
    restated,
    states,
    states_as,
)


def _document(path: str, text: str) -> Document:
    return make_document(path, text)


def test_a_text_value_is_stated_by_its_words() -> None:
    assert states("| Qwen/Qwen3-30B-A3B-FP8 | vLLM 0.20.1 |", "Qwen3-30B-A3B")
    assert states("Serving: vLLM TP1", "vLLM")
    assert not states("Serving: vLLM TP1", "SGLang")
    assert not states("AMD Strix Halo vs", "Nvidia DGX Spark")


def test_a_parameter_count_is_stated_with_or_without_a_space() -> None:
    # Advantech-EdgeSync-Containers/... llm-models-performance-notes-readme.md:8 (s23)
    assert states("| DeepSeek R1 | 7 B | Q4_K_M |", "DeepSeek R1 7B")
    assert states("| DeepSeek R1 7B |", "DeepSeek R1 7B")
    assert not states("| DeepSeek R1 | 70 B |", "DeepSeek R1 7B")


def test_a_count_is_stated_as_written_in_thousands_or_in_words() -> None:
    assert states("--mean-input-tokens 550", 550)
    assert states("1,024 tokens", 1024)
    assert states("a 4K prompt", 4096) and states("a 4K prompt", 4000)
    assert states("two nodes", 2)
    assert not states("tp1 / bs 256", 128)


def test_a_yes_or_no_is_stated_by_an_on_or_off_word() -> None:
    assert states("thinking off", False) and states("thinking on", True)
    assert not states("thinking on", False)


def test_the_nearest_place_that_states_a_value_is_cited() -> None:
    doc = _document("README.md", "# Bench on vLLM\n\nEngine: vLLM\n| 12.5 |\n")
    chain = [(doc, 4), (doc, 3), (doc, 1)]
    assert cite("vLLM", chain) == (Place("README.md", 3),)
    assert cite("SGLang", chain) is None


def test_a_value_stated_in_two_places_together_cites_both() -> None:
    doc = _document("a.md", "# Llama 3\n\n| 8B Q4_K_M |\n| 1.0 |\n")
    assert cite("Llama 3 8B", [(doc, 4), (doc, 3), (doc, 1)]) == (
        Place("a.md", 3),
        Place("a.md", 1),
    )


def test_a_condition_the_chain_does_not_state_is_left_out() -> None:
    doc = _document("a.md", "# GB10 box\n| 12.5 |\n")
    kept, sources = cited(
        {"system": "NVIDIA DGX Spark", "engine": None, "per_run_values": [1]}, [(doc, 2), (doc, 1)]
    )
    assert kept == {"engine": None, "per_run_values": [1]}
    assert sources == {}


def test_verify_rereads_the_cited_places() -> None:
    doc = _document("README.md", "Engine: vLLM\n")
    place = parse_place("README.md:1")
    assert place == Place("README.md", 1)
    assert restated("vLLM", [place], {"README.md": doc})
    assert not restated("SGLang", [place], {"README.md": doc})
    assert not restated("vLLM", [Place("gone.md", 1)], {"README.md": doc})
    assert parse_place("README.md") is None


def test_a_value_without_words_is_never_cited() -> None:
    """A ditto `-` read as a model states nothing: it is left out, not cited to nothing."""
    doc = _document("a.md", "| - | int8 | 1.27 |\n")
    assert cite("-", [(doc, 1)]) is None
    assert cited({"model": "-"}, [(doc, 1)]) == ({}, {})


def test_a_precision_under_another_precision_s_name_is_not_this_one() -> None:
    kv_line = '        "kv_cache_dtype": "fp8",'
    assert states(kv_line, "fp8")
    assert not states_as("weight_precision", kv_line, "fp8")
    assert not states_as("quantization", "- KV cache dtype: `torch.bfloat16`", "bfloat16")
    assert states_as("kv_dtype", kv_line, "fp8")
    assert states_as("weight_precision", '"quant": "NVFP4-mixed +MTP",', "NVFP4-mixed +MTP")
    # the value's own words may name the cache; only the words before it count
    assert states_as("weight_precision", '"quant": "NVFP4 KV + MoE"', "NVFP4 KV + MoE")
    assert not states_as("kv_dtype", '"quant": "nvfp4",', "nvfp4")
    assert states_as("weight_precision", "Qwen3-8B-FP8 on vLLM, KV cache fp8", "fp8")


def test_a_cited_precision_skips_a_kv_cache_line() -> None:
    document = _document("run.json", '{\n  "kv_cache_dtype": "fp8",\n  "tok_s": 41.2\n}\n')
    chain = [(document, 3), (document, 2)]
    assert cite("fp8", chain, "weight_precision") is None
    assert cite("fp8", chain, "kv_dtype") == (Place("run.json", 2),)
    assert cite("fp8", chain) == (Place("run.json", 2),)
