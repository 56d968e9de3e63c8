"""Keywords in documents: whole words in any case, as the case-insensitive regex finds them."""

from __future__ import annotations

import re

import pytest

from draftflow.acquire.snapshot import Document
from draftflow.select.keywords import RUNTIMES, found_in, naming, pattern, topics

TABLE = {
    "vLLM": ("vllm",),
    "llama.cpp": ("llama[.-]?cpp", "llama-server"),
    "spark": (r"dgx[\s-]?sparks?",),
}


def document(name: str, text: str) -> Document:
    data = text.encode()
    return Document(
        document_id=name,
        path=f"{name}.md",
        sha256="0" * 64,
        bytes=len(data),
        lines=text.count("\n") + 1,
        pinned_url=f"https://github.com/o/r/blob/{'0' * 40}/{name}.md",
        data=data,
    )


@pytest.mark.parametrize(
    "text",
    [
        "served by vLLM 0.9",
        "VLLM",
        "xvllm and vllmx",  # inside words: no
        "run llama-server --port 8080",
        "Llama.CPP b4100",
        "llamacpp",
        "two DGX Sparks",
        "dgx-spark",
        "DGX\nSpark",  # across a line break, as the regex reads a whole text
        "dgx sparkle",
        "_vllm",  # `_` is a word character
        "vllm_",
        "é vllm",
        "évllm",
        "",
    ],
)
def test_the_same_answer_as_the_case_insensitive_regex(text: str) -> None:
    for keyword in TABLE.values():
        assert found_in(text.lower(), keyword) == bool(pattern(keyword).search(text)), keyword


def test_a_later_match_counts_when_an_earlier_one_is_inside_a_word() -> None:
    assert found_in("xvllm then vllm", ("vllm",))
    assert not found_in("xvllm then vllmx", ("vllm",))


def test_topics_in_table_order_from_any_document() -> None:
    documents = [document("a", "DGX Spark notes"), document("b", "llama-server, then vLLM")]
    assert topics(documents, TABLE) == ["vLLM", "llama.cpp", "spark"]
    assert topics(documents[:1], TABLE) == ["spark"]


def test_naming_keeps_only_the_documents_a_line_search_can_hit() -> None:
    documents = [document("a", "no runtime\nhere"), document("b", "intro\nUses VLLM.")]
    assert [d.document_id for d in naming(documents, ("vllm",))] == ["b"]


def test_pattern_is_whole_words_in_any_case() -> None:
    regex = pattern(("llama[.-]?cpp", "llama-server"))
    assert regex.flags & re.IGNORECASE
    assert regex.search("LLAMA-SERVER") and not regex.search("llama-servers")


def test_a_runtime_is_not_named_by_a_line_about_its_port() -> None:
    # guoqingbao/vllm.rs ReadMe.md:1: the record's runtime was `vLLM`
    regex = pattern(RUNTIMES["vLLM"])
    assert not regex.search("vLLM.rs – A Minimalist vLLM in Rust")
    assert not regex.search("A lightweight Rust implementation of vLLM.")
    assert not regex.search("inspired by the vLLM scheduler")  # setup_names.ORIGIN_WORDS
    assert not regex.search("* [Candle-vLLM](https://github.com/EricLBuehler/candle-vllm)")
    assert regex.search("Benchmarks\nserved by vLLM 0.6 on one A100")
    assert pattern(RUNTIMES["llama.cpp"]).search("built llama.cpp b4567")
