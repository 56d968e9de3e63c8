"""A figures-file figure whose condition verify cannot read at its cited place loses only that
condition, as a headline result does, not the figure (issue 32).

Session 16's MiaAI draft gave the figures of `| Single-stream | ~52–54 tok/s |` the node count
8000 of `| Nodes | head 10.100.10.4:8000, worker 10.100.10.1 |` (a port): verify refused it,
and the draft dropped the four figures. Extract no longer cites a count where its reader does
not read it, so the test plants that citation again (`ConditionReader.read`) and runs the
draft: the figures stay, without the node count, and the provenance says which condition
went and why.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import JsonValue

from draftflow.extract.candidates import Candidate
from draftflow.extract.conditions import ConditionReader
from draftflow.extract.ground import Grounded
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.select import load_figures

MIAAI = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
SETUP = "docs/SETUP.md"
PORTS = {38: (8000, 35), 48: (8888, 45)}
"""A figure's line: the port read as its node count, and the line that writes it."""


def test_a_figure_keeps_its_place_and_loses_only_the_condition_verify_refuses(
    corpus_dir: Path,
    manifest: dict[str, Any],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = ConditionReader.read

    def with_port(
        self: ConditionReader, raw: dict[str, JsonValue], candidate: Candidate, figure: Grounded
    ) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
        conditions, sources = real(self, raw, candidate, figure)
        if figure.document.path == SETUP and figure.line in PORTS:
            port, line = PORTS[figure.line]
            conditions = {**conditions, "node_count": port}
            sources = {**sources, "node_count": [f"{SETUP}:{line}"]}
        return conditions, sources

    monkeypatch.setattr(ConditionReader, "read", with_port)
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_MODEL"):
        monkeypatch.delenv(variable, raising=False)
    entry = manifest[MIAAI]
    request = DraftRequest(
        source=str(corpus_dir / MIAAI),
        records_dir=tmp_path,
        settings=ModelSettings(),
        revision=entry["revision"],
        origin=entry["url"],
        only=("README.md", SETUP),
    )
    outcome = asyncio.run(run_draft(request))
    figures = [f.result for f in load_figures(Path(outcome.figures_path))]
    record = json.loads(Path(outcome.record_path).read_text())
    ported = [f for f in figures if f.source_path == SETUP and f.source_line in PORTS]
    assert len(ported) >= 3, [(f.source_line, f.value) for f in figures]
    assert all("node_count" not in f.conditions for f in ported)
    assert all("node_count" not in (f.condition_sources or {}) for f in ported)
    removed = record["provenance"].get("removed") or []
    assert not [r for r in removed if f"{SETUP}#L38" in r["evidence_url"]]
    dropped = record["provenance"].get("dropped") or []
    said = [d for d in dropped if "/conditions/node_count: 8000" in d]
    assert said and all("docs/SETUP.md:35" in d and "states no node count" in d for d in said)
    assert json.loads(Path(outcome.report_path).read_text())["checked"]["errors"] == 0
