"""Facts computed over real corpus tables, the sections they answer, and verify redoing a
ratio: each kind of fact with its value, arithmetic and citations; a ratio whose input figure
is removed is flagged."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from conftest import DEVGOLD, SharedCorpusDraft, SharedCorpusExtraction
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.draft.facts.compute import compute_facts
from draftflow.draft.facts.fact_types import Direction, Fact, FactKind
from draftflow.draft.facts.wording import figures_range, sentences, unnamed
from draftflow.draft.parts import Grounded
from draftflow.draft.record_facts import states
from draftflow.draft.templates import Writer
from draftflow.extract.artifact import Extraction
from draftflow.extract.vocabulary import SPEED_AND_TIME_METRICS
from draftflow.llm.settings import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.record.files import load_record
from draftflow.record.model import Record, ReportedResult
from draftflow.select.figures_file import load_figures
from draftflow.verify import verify_record
from extract_support import selection_of

XIONG = "XiongjieDai__GPU-Benchmarks-on-LLM-Inference"
B4RTAZ = "b4rtaz__distributed-llama"


@dataclass
class Drafted:
    record: Record
    snapshot: Snapshot
    facts: list[Fact]
    extraction: Extraction
    """The no-model extraction the draft was made from (conftest's shared one)."""


def _draft(folder: str, corpus_dir: Path, manifest: dict[str, Any], out: Path) -> Record:
    """A second, independent no-model draft of `folder` into `out`: its record."""
    entry = manifest[folder]
    request = DraftRequest(
        source=str(corpus_dir / folder),
        records_dir=out,
        settings=ModelSettings(),
        origin=entry["url"],
        revision=entry["revision"],
    )
    outcome = asyncio.run(run_draft(request))
    return load_record(Path(outcome.record_path))


def _drafted(
    folder: str, corpus_dir: Path, manifest: dict[str, Any], drafts: SharedDrafts
) -> Drafted:
    """The folder's shared no-model draft (conftest): its record, snapshot, facts and the
    extraction it was made from."""
    entry = manifest[folder]
    path = drafts.record(folder)
    record = load_record(path)
    snapshot = acquire(str(corpus_dir / folder), revision=entry["revision"], origin=entry["url"])
    extraction = drafts.extraction(folder)
    results = _with_parts(record.editorial.reported_results, extraction)
    grounded = [Grounded(r, d) for r in results if (d := snapshot.by_url(r.evidence_url))]
    writer = Writer(snapshot, selection_of(list(results)), grounded)
    figures = load_figures(path.with_name(f"{path.stem}.figures.json"))
    facts = compute_facts(grounded, writer.written, [figure.result for figure in figures])
    return Drafted(record, snapshot, facts, extraction)


@dataclass(frozen=True)
class SharedDrafts:
    record: SharedCorpusDraft
    extraction: SharedCorpusExtraction


@pytest.fixture(scope="module")
def drafts(
    shared_corpus_draft: SharedCorpusDraft, shared_corpus_extraction: SharedCorpusExtraction
) -> SharedDrafts:
    return SharedDrafts(shared_corpus_draft, shared_corpus_extraction)


def _with_parts(results: list[ReportedResult], extraction: Extraction) -> list[ReportedResult]:
    """The record's figures with the typed label parts extract gave them: a record does not
    store them, and the drafter named configurations from them."""
    parts = {
        (r.evidence_url, r.metric, r.label, float(r.value)): r.parts
        for r in extraction.reported_results
    }
    return [
        r.model_copy(update={"parts": parts.get((r.evidence_url, r.metric, r.label, r.value))})
        for r in results
    ]


@pytest.fixture(scope="module")
def xiong(corpus_dir: Path, manifest: dict[str, Any], drafts: SharedDrafts) -> Drafted:
    return _drafted(XIONG, corpus_dir, manifest, drafts)


@pytest.fixture(scope="module")
def b4rtaz(corpus_dir: Path, manifest: dict[str, Any], drafts: SharedDrafts) -> Drafted:
    return _drafted(B4RTAZ, corpus_dir, manifest, drafts)


def _of(drafted: Drafted, kind: FactKind, metric: str) -> Fact:
    return next(f for f in drafted.facts if f.kind is kind and f.metric == metric)


def _line(drafted: Drafted, url: str) -> str:
    document = drafted.snapshot.by_url(url)
    assert document is not None
    return document.line(int(url.rsplit("#L", 1)[1])) or ""


@pytest.mark.xfail(
    strict=True,
    reason="session 29's lead model (retrained on 78 repositories) publishes no XiongjieDai "
    "headline figure with a comparable next best, so its draft states no leader fact; the "
    "leader's rules stay covered by tests/unit/draft/test_draft_facts_lead.py",
)
def test_leader_is_the_best_figure_and_its_margin_over_the_next(xiong: Drafted) -> None:
    """README.md L33 (H100 PCIe 80GB, 144.49) over the 3070 8GB's 70.94 (L15): the next best
    8B Q4_K_M headline figure at tg 1024, since the headline holds only the lead claims. The
    table's own runner-up, 138.31 at L31 (A100 PCIe), is no headline figure, so the sentence
    says `the next best headline figure`. (Session 23's lead ranker publishes the four-H100
    70B F16 prefill, a gold headline figure, where it published the 4090's 127.74, another.)"""
    fact = _of(xiong, FactKind.LEADER, "throughput")
    best, runner = fact.inputs
    assert (best.value, runner.value) == (144.49, 70.94)
    assert fact.direction is Direction.HIGHER
    assert fact.result == fact.recompute() == 2.04
    assert "H100 PCIe 80GB" in best.label and "3070 8GB" in runner.label
    assert fact.detail == "tg 1024"  # the workload once, not also `output tokens 1024`
    assert "tg 1024" not in best.label + runner.label
    assert "144.49" in _line(xiong, best.evidence_url)
    assert "70.94" in _line(xiong, runner.evidence_url)
    assert fact.citations == [best.evidence_url.split("#")[0]]
    assert fact.citations[0].endswith("/README.md")


def test_limit_names_the_oom_cells_beside_figures(xiong: Drafted) -> None:
    fact = next(f for f in xiong.facts if f.kind is FactKind.LIMIT and f.subject == "70B F16")
    assert fact.detail == "OOM"
    assert len(fact.inputs) >= 2
    for ref in fact.inputs:
        assert "OOM" in _line(xiong, ref.evidence_url)


def _table_facts(drafted: Drafted, path: str, lines: set[int]) -> list[Fact]:
    """The facts computed over every figure extract reads on `lines` of `path`: the headline
    holds only the lead claims, so a table's whole series is taken from the extraction."""
    rows = [
        r
        for r in drafted.extraction.reported_results
        if r.evidence_url.split("#L")[0].endswith(f"/{path}")
        and int(r.evidence_url.rsplit("#L", 1)[1]) in lines
    ]
    grounded = [Grounded(r, d) for r in rows if (d := drafted.snapshot.by_url(r.evidence_url))]
    writer = Writer(drafted.snapshot, selection_of(rows), grounded)
    return compute_facts(grounded, writer.written)


def test_scaling_follows_the_node_count_and_names_where_it_stops(b4rtaz: Drafted) -> None:
    """README.md L117: Llama 2 7B on 1, 2 and 4 RasPi 4B, 1312.50, 793.69 and 494.00 ms; L118:
    Llama 2 13B takes 848.19 ms on 4 and 1114.88 ms on 8, where it stops gaining."""
    facts = _table_facts(b4rtaz, "README.md", {117, 118, 119})
    series = [
        f
        for f in facts
        if f.kind is FactKind.SCALING and f.subject == "nodes" and f.metric == "latency"
    ]
    fact = next(f for f in series if f.inputs[0].value == 1312.5)
    assert [ref.value for ref in fact.inputs] == [1312.5, 793.69, 494.0, 588.19]
    assert fact.direction is Direction.LOWER
    assert fact.result == fact.recompute()
    # no series runs along the model size: 7B, 13B and 70B are models, not a setting
    assert all("N" not in f.subject.split() for f in facts if f.kind is FactKind.SCALING)
    stops = next(f for f in series if f.inputs[0].value == 1497.19)
    assert [ref.value for ref in stops.inputs] == [1497.19, 848.19, 1114.88]
    for scaling in (fact, stops):  # each names the step that gains less than a tenth
        values = [ref.value for ref in scaling.inputs]
        at = next(i for i, ref in enumerate(scaling.inputs) if ref.label == scaling.detail)
        assert values[at] >= values[at - 1] / 1.1, scaling.detail


def test_span_and_unstated_facts(xiong: Drafted) -> None:
    # the headline's throughput runs from README.md L37's 5.82 (3090 24GB * 6, 70B F16) to
    # 144.49, over several models and GPUs, and L47's 4.09 (M1 Max, 70B Q4_K_M) is outside
    # it: no range is stated, it would be the headline's cut, not the source's
    assert not [f for f in xiong.facts if f.kind is FactKind.SPAN]
    unstated = [f for f in xiong.facts if f.kind is FactKind.UNSTATED]
    assert {f.subject for f in unstated} == {"repetitions", "conditions", "engine version"}
    conditions = next(f for f in unstated if f.subject == "conditions")
    # the caption (README.md L11, `generating 1024 tokens`) now states the token counts
    assert conditions.detail.startswith("concurrency, temperature")
    assert next(f for f in unstated if f.subject == "engine version").detail == "llama.cpp"


@pytest.mark.xfail(
    strict=True,
    reason="the lead ranker leaves no headline figure that differs from XiongjieDai's 144.49 "
    "in one condition only beside it in a section (session 24; session 25's leader test passes "
    "again): the leader's rules stay covered by tests/unit/draft/test_draft_facts_lead.py",
)
def test_sections_are_questions_each_with_a_cited_fact(xiong: Drafted) -> None:
    sections = xiong.record.editorial.sections
    assert len(sections) >= 3
    for section in sections:
        assert section.heading.endswith("?") and section.citations
    leader = next(s for s in sections if s.heading.startswith("Which configuration leads"))
    assert "144.49 tokens/s, 2.04× the 70.94 tokens/s" in leader.paragraphs[0]
    first = leader.paragraphs[0].split(". ")[0]
    assert first.count("tg 1024") == 1 and "output tokens" not in first  # each setting once
    # the title is the first headline row's claim; the summary adds the comparison it is in
    assert "throughput of 70.94 tokens/s for LLaMA 3 8B" in xiong.record.title
    assert "2.04×" in xiong.record.summary


@pytest.mark.xfail(
    strict=True,
    reason="the lead ranker leaves no headline figure that differs from XiongjieDai's 144.49 "
    "in one condition only beside it in a section (session 24; session 25's leader test passes "
    "again): the leader's rules stay covered by tests/unit/draft/test_draft_facts_lead.py",
)
def test_verify_derives_the_ratio_and_flags_it_when_an_input_is_removed(xiong: Drafted) -> None:
    clean = verify_record(xiong.record, xiong.snapshot)
    assert not [f for f in clean.flags if f.is_error]
    assert any(c.status == "derived" and c.claim.startswith("2.04") for c in clean.claims)
    data = json.loads(xiong.record.model_dump_json())
    results = data["editorial"]["reported_results"]
    data["editorial"]["reported_results"] = [r for r in results if r["value"] != 70.94]
    report = verify_record(data, xiong.snapshot)
    flagged = [f for f in report.flags if f.is_error and f.claim.startswith("2.04")]
    assert flagged and all(
        "/editorial/sections/" in f.location or f.location in ("/summary", "/editorial/answer")
        for f in flagged
    )


def test_no_model_draft_is_deterministic(
    corpus_dir: Path, manifest: dict[str, Any], tmp_path: Path, xiong: Drafted
) -> None:
    """Same input, same bytes: the editorial text (the record's timestamps aside)."""
    again = _draft(XIONG, corpus_dir, manifest, tmp_path)

    def text(record: Record) -> bytes:
        parts = [record.title, record.summary, record.editorial.model_dump_json()]
        return json.dumps(parts).encode()

    assert text(again) == text(xiong.record)


# the seeds' general questions, which stand only when no fact can be written
GENERAL_HEADINGS = {
    "Which artifact was measured?",
    "What was measured?",
    "What differs between the configurations?",
    "What is comparable and what is not?",
    "What is missing?",
}
NOT_STATED = re.compile(r"[^.]*\b(?:do not state|does not state|states? its)\b[^.]*\.")


RECORD_QUESTIONS = re.compile(
    r"^(?:Which .+ artifact was measured|What changes between the .+ arms"
    r"|How were the derived figures formed)\?$"
)


def _check_article(folder: str, drafted: Drafted, bodies: dict[str, str]) -> None:
    """Each heading a question this repository's facts raise, each section the sentence of a
    computed fact with that fact's citations, no body another repository's."""
    sections = drafted.record.editorial.sections
    # at least one question of its own: a headline the lead model keeps short (teaql's three
    # counts) raises one fact's question, not two
    assert sections, folder
    terms = {f.metric for f in drafted.facts} | {f.subject for f in drafted.facts if f.subject}
    for section in sections:
        body = " ".join(section.paragraphs)
        assert section.heading.endswith("?") and section.heading not in GENERAL_HEADINGS, folder
        assert bodies.setdefault(body, folder) == folder, (folder, bodies[body])
        if RECORD_QUESTIONS.match(section.heading):  # the record's, not one fact's (asked.py)
            assert section.citations, (folder, section.heading)
            continue
        assert any(term in section.heading for term in terms), (folder, section.heading)
        stated = [
            f
            for f in drafted.facts
            if any(said and said[0] in body for said in (sentences(f), unnamed(f)))
        ]
        assert stated, (folder, section.heading)
        assert any(set(f.citations) <= set(section.citations) for f in stated), folder
        assert any(ch.isdigit() for ch in body), (folder, section.heading)
        assert bodies.setdefault(body, folder) == folder, (folder, bodies[body])


def _check_claims(folder: str, drafted: Drafted) -> None:
    """The title makes the lead configuration's claim from the first headline figure's
    conditions; "not stated" and engine sentences say only what no figure contradicts."""
    record = drafted.record
    results = record.editorial.reported_results
    lead = next((f for f in drafted.facts if f.kind is FactKind.MEASURED), None)
    first = record.editorial.reported_results[0].conditions
    claimable = lead is not None and all(
        ref.unit and ref.metric in SPEED_AND_TIME_METRICS for ref in lead.inputs
    )  # a count or a memory size is detail a title does not claim (framing.claim_phrase)
    if lead is not None:
        assert not claimable or figures_range(lead) in record.title, (folder, record.title)
        # a name the title gives is one most headline figures state (framing.measured_system)
        for key in ("model", "engine", "system"):
            value = first.get(key)
            shared = sum(r.conditions.get(key) == value for r in results) * 2 > len(results)
            assert not isinstance(value, str) or not shared or value in record.title, (folder, key)
        assert record.summary.startswith(sentences(lead)[0]), folder
    results = record.editorial.reported_results
    engines = {r.conditions.get("engine") for r in results}
    text = " ".join(p for s in record.editorial.sections for p in s.paragraphs)
    for sentence in NOT_STATED.findall(text):
        for key, word in (("quantization", "quantization"), ("runtime", "runtime")):
            if word in sentence:
                assert not any(states(r.conditions, key) for r in results), (folder, sentence)
    measured = re.search(r"measured with (.*?)\.(?:\s|$)", text)
    if measured:
        named = re.split(r", | and ", measured.group(1))
        assert set(named) <= engines, (folder, named)


ARTICLE_CHECKED = frozenset(
    {
        "jethac__dgx-spark-hijinks",
        "PalatineVision__dgx-spark-benchmark",
        "XiongjieDai__GPU-Benchmarks-on-LLM-Inference",
        "b4rtaz__distributed-llama",
        "ray-project__llmperf-leaderboard",
        "turboderp__exllamav2",
    }
)
"""Six of the seven dev repositories the article rules were written beside; the six that joined
the dev gold later (scored blind first) do not all meet them yet (issue 33). teaql's left in
session 25: its headline's restated error counts now lead once (select/rules.py), so no fact
of its own is left to ask about and its article asks the seed's general questions."""


def test_the_dev_repositories_articles_ask_their_own_questions(
    corpus_dir: Path, manifest: dict[str, Any], drafts: SharedDrafts
) -> None:
    """Every dev repository's no-model article: each heading a question about it, each
    section a computed fact with its citations, no section body shared between repositories,
    the title and summary the lead configuration's claim, and verify without a flag on the
    prose."""
    folders = sorted(p.stem for p in DEVGOLD.glob("*.json") if p.stem in ARTICLE_CHECKED)
    assert len(folders) == len(ARTICLE_CHECKED)
    bodies: dict[str, str] = {}
    for folder in folders:
        drafted = _drafted(folder, corpus_dir, manifest, drafts)
        _check_article(folder, drafted, bodies)
        _check_claims(folder, drafted)
        report = verify_record(drafted.record, drafted.snapshot)
        assert not [f for f in report.flags if f.rule in ("prose", "citations")], folder
