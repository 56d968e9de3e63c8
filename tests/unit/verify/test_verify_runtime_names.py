"""A record's runtime stands in its sources by its name or by any spelling the vocabulary
gives its engine, so adding an engine is one entry in `numbers/vocabulary.toml`."""

from __future__ import annotations

from typing import Any, cast

import pytest

from draftflow.numbers.vocabulary import vocabulary
from draftflow.verify import fields

NO_CONTEXT = cast(Any, None)


def test_a_runtime_stands_by_any_spelling_of_its_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    source = "served by text-generation-inference 1.4 on one gpu"
    monkeypatch.setattr(fields, "_named", lambda ctx, name: name in source)
    assert fields._runtime_named(NO_CONTEXT, "TGI")
    assert not fields._runtime_named(NO_CONTEXT, "vLLM")
    assert not fields._runtime_named(NO_CONTEXT, "lmdeploy")  # no engine: its name only


def test_an_engine_is_found_by_its_record_name_in_any_case() -> None:
    engine = vocabulary().engine_named("tensorrt-llm")
    assert engine is not None and engine.name == "TensorRT-LLM"
    assert vocabulary().engine_named("no such engine") is None


def test_an_engine_spelling_in_capitals_is_rejected() -> None:
    from draftflow.numbers.vocabulary import VocabularyError, load

    text = '[[unit]]\nid = "s"\n[[metric]]\nid = "x"\n[[engine]]\nname = "A"\nspellings = ["LMD"]\n'
    with pytest.raises(VocabularyError, match="lowercase"):
        load(text)
