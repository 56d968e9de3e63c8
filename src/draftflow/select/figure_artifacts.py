"""A headline figure's own model artifact: the one model repository id (`owner/Name-GGUF-Q6_K`)
a source names for the model and precision the figure states, cited at its line.

The record's artifact (`measured_model.py`) names the model of a record about one model; a
record comparing models names none, and its figures named none either, though a source states
each (thesteve0's `models/mellum2.md`: `**HuggingFace (Q6_K GGUF):** https://huggingface.co/
JetBrains/Mellum2-12B-A2.5B-Thinking-GGUF-Q6_K` for its `Mellum2 12B-A2.5B | Q6_K` row). An id
is the figure's only when it is the one id of the snapshot that holds every word of the
figure's model name and, where several do, the one that holds its precision too: two
candidates left are a guess, and the artifact stays null. An id that names an engine
(`FastFlowLM/Llama-3.2-1B-NPU2`, an engine's own build) is only a figure of that engine's
(not the same model's LM Studio row beside it: read31-s23).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.conditions.setup_names import engine_in
from draftflow.record.model import ReportedResult
from draftflow.select.model_names import MODEL_SHAPE, hf_ids

ARTIFACT_KEY = "model_artifact"
_WORDS = re.compile(r"[a-z0-9.]+")


def _words(text: str) -> list[str]:
    return _WORDS.findall(text.lower().replace("_", "-"))


def _holds(ident: str, words: Iterable[str]) -> bool:
    """Whether the id's model part holds each word as a whole token (`q6-k`, `12b-a2.5b`)."""
    tokens = set(_words(ident.split("/", 1)[1]))
    return all(word in tokens for word in words)


class FigureArtifacts:
    """Every model repository id the snapshot's documents name, read once, with its first
    line; asked for each headline figure."""

    def __init__(self, documents: Iterable[Document]) -> None:
        self._ids: dict[str, tuple[Document, int]] = {}
        for document in documents:
            for number, ident in hf_ids(document):
                self._ids.setdefault(ident, (document, number))

    def of(self, result: ReportedResult) -> tuple[str, Document, int] | None:
        """The one id the figure's model and precision name, its document and line; None
        when no id or several do."""
        model = result.conditions.get("model")
        if not isinstance(model, str) or not MODEL_SHAPE.search(model):
            return None
        named = [i for i in self._ids if _holds(i, _words(model))]
        precision = result.conditions.get("weight_precision") or result.conditions.get(
            "quantization"
        )
        if len(named) > 1 and isinstance(precision, str):
            named = [i for i in named if _holds(i, _words(precision))]
        if len(named) != 1 or not _engine_fits(named[0], result):
            return None
        document, number = self._ids[named[0]]
        return named[0], document, number


def _engine_fits(ident: str, result: ReportedResult) -> bool:
    """Whether an id that names an engine is the figure's: the figure states that engine."""
    engine = engine_in(re.sub(r"[/_-]", " ", ident))
    return engine is None or result.conditions.get("engine") == engine


def with_figure_artifact(
    result: ReportedResult, artifacts: FigureArtifacts, evidence: dict[str, str], key: str
) -> ReportedResult:
    """The figure with its own model artifact, where it has none and a source names exactly
    one for its model (and precision); the line that states it goes into `evidence` under
    `key` (the record's selection note lists it for the editor)."""
    if result.conditions.get(ARTIFACT_KEY) is not None:
        return result
    found = artifacts.of(result)
    if found is None:
        return result
    ident, document, number = found
    conditions: dict[str, JsonValue] = {**result.conditions, ARTIFACT_KEY: ident}
    sources = {**(result.condition_sources or {}), ARTIFACT_KEY: [f"{document.path}:{number}"]}
    evidence[key] = document.line_url(number)
    return result.model_copy(update={"conditions": conditions, "condition_sources": sources})


def figure_artifacts(snapshot: Snapshot) -> FigureArtifacts:
    """The ids every document of the snapshot names."""
    return FigureArtifacts(snapshot.documents)
