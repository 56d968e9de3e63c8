"""verify_record on a hand-built, correct record over the real MiaAI-Lab corpus repository,
and on targeted breakages of it: each must be caught at the right JSON pointer."""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

import pytest

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.verify import ClaimStatus, Rule, VerificationReport, verify_record

REPO = "MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
FOLDER = "MiaAI-Lab__DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
RESULTS_MD = "results/RESULTS-2026-08-14.md"
SWEEP_JSON = "results/deepseek-v4-flash-0731-2x-dgx-spark.json"


@pytest.fixture(scope="module")
def snapshot(corpus_dir: Path, manifest: dict[str, dict[str, Any]]) -> Snapshot:
    """The MiaAI-Lab repository pinned at its manifest revision (a plain folder copy)."""
    entry = manifest[FOLDER]
    return acquire(str(corpus_dir / FOLDER), revision=entry["revision"], origin=entry["url"])


def _doc(snapshot: Snapshot, path: str) -> dict[str, str]:
    document = snapshot.by_path(path)
    assert document is not None
    return {"path": path, "url": document.pinned_url, "sha": document.sha256}


def _result(
    snapshot: Snapshot,
    path: str,
    line: int,
    value: float,
    statistic: str,
    conditions: dict[str, Any],
    uncertainty: dict[str, Any] | None = None,
) -> dict[str, Any]:
    doc = _doc(snapshot, path)
    return {
        "label": f"{path}#{line}",
        "metric": "decode_rate",
        "value": value,
        "unit": "tokens/s",
        "statistic": statistic,
        "uncertainty": uncertainty,
        "conditions": conditions,
        "evidence_state": "source_reported",
        "site_reproduced": False,
        "evidence_url": f"{doc['url']}#L{line}",
        "source_document_sha256": doc["sha"],
        "source_document_id": _doc_id(path),
        "source_line": line,
    }


def _doc_id(path: str) -> str:
    return "miaai-" + path.replace("/", "-")


def build_record(snapshot: Snapshot) -> dict[str, Any]:
    """A correct record: every number below was read off the corpus files by hand."""
    readme = _doc(snapshot, "README.md")
    results_md, sweep = _doc(snapshot, RESULTS_MD), _doc(snapshot, SWEEP_JSON)

    def supplemental(doc: dict[str, str]) -> dict[str, Any]:
        return {
            "document_id": _doc_id(doc["path"]),
            "parent_record_id": "miaai-dsv4-flash",
            "publisher": "MiaAI-Lab",
            "repository": REPO,
            "revision": snapshot.revision,
            "document_path": doc["path"],
            "pinned_url": doc["url"],
            "document_sha256": doc["sha"],
            "checked_on": "2026-08-22",
        }

    return {
        "id": "miaai-dsv4-flash",
        "title": "DeepSeek V4 Flash 0731 on two DGX Sparks",
        "kind": "benchmark",
        "source_type": "community_operator_report",
        "summary": "Decode rates at one to six concurrent streams from the 2026-08-14 matrix.",
        "runtime": "vLLM",
        "runtime_topics": ["vLLM"],
        "hardware_topics": ["spark"],
        "platform_topics": ["linux"],
        "model_label": "DeepSeek-V4-Flash-0731",
        "model_family": "DeepSeek",
        "model_id": "deepseek-ai/DeepSeek-V4-Flash-0731",
        "model_release_date": None,
        "model_artifact": {
            "id": "deepseek-ai/DeepSeek-V4-Flash-0731",
            "revision": "9e165c30e2704aec5d9d593cce3eebd58bbef1cb",
        },
        "evidence_state": "source_reported",
        "site_reproduced": False,
        "record_type": "curated_reference",
        "performance_ranking_allowed": False,
        "metrics": None,
        "metrics_status": "site_metrics_unmeasured",
        "conditions": {
            "model_revision": "9e165c30e2704aec5d9d593cce3eebd58bbef1cb",
            "concurrency": None,
        },
        "reported_setup": {
            "system": "2 x DGX Spark",
            "node_count": 2,
            "parallelism": "TP=2",
            "kv_dtype": None,
            "context_limit_tokens": 1048576,
            "experiment_date": "2026-08-14",
        },
        "test_profiles": [
            {
                "label": "c=1 256-token prompt",
                "evidence_url": f"{sweep['url']}#L4",
                "conditions": {"concurrency": 1, "input_tokens": 256, "thinking": False},
            }
        ],
        "deployment_options": [],
        "recipe_parameters": None,
        "measurement_scope": "inference_speed",
        "notes": ["The c=6 aggregate for 256-token prompts was 162 tok/s."],
        "limitations": ["Source-reported only; one run per cell."],
        "comparison_status": "not_comparable",
        "editorial_status": "draft",
        "public_benchmark_snapshot": False,
        "source": {
            "publisher": "MiaAI-Lab",
            "url": f"https://github.com/{REPO}",
            "repository": REPO,
            "platform": "github",
            "revision": snapshot.revision,
            "document_path": "README.md",
            "pinned_url": readme["url"],
            "report_url": readme["url"],
            "document_sha256": readme["sha"],
            "last_commit_at": "2026-08-22T07:17:09Z",
            "checked_on": "2026-08-22",
            "metadata_status": "checked",
        },
        "supplemental_sources": [
            supplemental(readme),
            supplemental(results_md),
            supplemental(sweep),
        ],
        "license": {"declared_spdx": None, "scope": "not stated"},
        "editorial": {
            "version": 1,
            "published_on": "2026-08-22",
            "modified_on": "2026-08-22",
            "byline": "test",
            "creation_method": "by hand",
            "answer": "Solo decode stays between 62.0 and 82.6 tok/s from 256 to 131,072 "
            "prompt tokens.",
            "sections": [
                {
                    "heading": "What does the 2026-08-14 matrix show?",
                    "paragraphs": [
                        "At c=1 the 256-token prompt decoded at 82.6 tok/s and the 2,048-token "
                        "prompt at 64.6 tok/s. Six concurrent streams reached 162 tok/s in "
                        "aggregate. The 128K prompt at c=6 had a median TTFT of 282 s.",
                        "Five prompt sizes were measured on August 14.",
                    ],
                    "citations": [results_md["url"]],
                },
                {
                    "heading": "What does the raw sweep say?",
                    "paragraphs": [
                        "Two requests at concurrency 2 decoded at a mean of 58.3 tok/s, "
                        "individually 60.26 and 56.35 tok/s.",
                    ],
                    "citations": [sweep["url"]],
                },
                {
                    "heading": "Which checkpoint?",
                    "paragraphs": [
                        "The official checkpoint is pinned at 9e165c30 and served with image "
                        "version 0.1.1 at TP=2.",
                    ],
                    "citations": [readme["url"]],
                },
            ],
            "facts": [],
            "reported_results": [
                _result(
                    snapshot,
                    RESULTS_MD,
                    32,
                    82.6,
                    "median per-stream decode, as source",
                    {"concurrency": 1, "input_tokens": 256},
                ),
                _result(
                    snapshot,
                    RESULTS_MD,
                    33,
                    64.6,
                    "median per-stream decode, as source",
                    {"concurrency": 1, "input_tokens": 2048},
                ),
                _result(
                    snapshot,
                    SWEEP_JSON,
                    8,
                    75.42,
                    "median output rate, rounded",
                    {"concurrency": 1},
                ),
                _result(
                    snapshot,
                    SWEEP_JSON,
                    24,
                    116.61,
                    "sum of two request-level output rates",
                    {"concurrency": 2, "per_run_values": [60.26, 56.35]},
                    {
                        "observed_min": 56.35,
                        "observed_max": 60.26,
                        "interval_kind": "observed range, not confidence interval",
                    },
                ),
            ],
            "source_document_sha256": readme["sha"],
        },
    }


@pytest.fixture()
def record(snapshot: Snapshot) -> dict[str, Any]:
    """A fresh copy of the correct record for each test to break."""
    return copy.deepcopy(build_record(snapshot))


def _errors_at(report: VerificationReport) -> set[str]:
    return {f.location for f in report.errors}


def test_correct_record_passes_clean(record: dict[str, Any], snapshot: Snapshot) -> None:
    report = verify_record(record, snapshot)
    assert report.errors == [], [f"{f.location}: {f.message}" for f in report.errors]
    assert report.warnings == [], [f"{f.location}: {f.message}" for f in report.warnings]
    assert report.checked.documents == 3
    assert report.checked.results == 4
    assert report.checked.unsupported == 0
    statuses = {c.location: c.status for c in report.claims if c.location.endswith("/value")}
    assert statuses["/editorial/reported_results/0/value"] is ClaimStatus.SUPPORTED
    assert statuses["/editorial/reported_results/3/value"] is ClaimStatus.DERIVED


def test_report_is_deterministic(record: dict[str, Any], snapshot: Snapshot) -> None:
    record["editorial"]["reported_results"][0]["value"] = 82.7
    first = verify_record(record, snapshot).to_json()
    second = verify_record(copy.deepcopy(record), snapshot).to_json()
    assert first == second
    assert first["flags"][0]["id"] == second["flags"][0]["id"]


def test_every_prose_number_gets_a_claim_with_its_span(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    report = verify_record(record, snapshot)
    paragraph = record["editorial"]["sections"][0]["paragraphs"][0]
    claims = [c for c in report.claims if c.location == "/editorial/sections/0/paragraphs/0"]
    assert [paragraph[c.start : c.end] for c in claims] == [c.claim for c in claims]
    assert {"82.6", "2,048-token", "64.6", "Six", "162", "128K", "282"} <= {c.claim for c in claims}


def _set(path: str, value: Any) -> Any:
    """A mutation setting one JSON-pointer path of the record to `value`."""

    def apply(record: dict[str, Any]) -> None:
        *parents, last = [int(p) if p.isdigit() else p for p in path.strip("/").split("/")]
        target: Any = record
        for part in parents:
            target = target[part]
        target[last] = value(target[last]) if callable(value) else value

    return apply


OTHER_REVISION = "0" * 40
BREAKAGES: dict[str, tuple[Any, str]] = {
    "changed digit": (
        _set("/editorial/reported_results/0/value", 82.7),
        "/editorial/reported_results/0/value",
    ),
    "decimal shift": (
        _set("/editorial/reported_results/1/value", 6.46),
        "/editorial/reported_results/1/value",
    ),
    "anchor disagrees with source_line": (
        _set("/editorial/reported_results/0/evidence_url", lambda u: u[:-3] + "L33"),
        "/editorial/reported_results/0/evidence_url",
    ),
    "flipped document hash": (
        _set("/supplemental_sources/1/document_sha256", lambda h: h[:-1] + "0"),
        "/supplemental_sources/1/document_sha256",
    ),
    "wrong revision in pinned URL": (
        _set(
            "/supplemental_sources/2/pinned_url",
            lambda u: u.replace("489af9589684127ece879dd9e53395c5ff9157c8", OTHER_REVISION),
        ),
        "/supplemental_sources/2/pinned_url",
    ),
    "unsupported sentence": (
        _set("/editorial/sections/0/paragraphs/1", lambda p: p + " It peaked at 917.3 tok/s."),
        "/editorial/sections/0/paragraphs/1",
    ),
    "changed prose number": (
        _set("/editorial/sections/0/paragraphs/0", lambda p: p.replace("82.6", "83.6")),
        "/editorial/sections/0/paragraphs/0",
    ),
    "changed number word": (
        _set("/editorial/sections/0/paragraphs/1", lambda p: p.replace("Five", "Nineteen")),
        "/editorial/sections/0/paragraphs/1",
    ),
    "changed hex prefix": (
        _set("/editorial/sections/2/paragraphs/0", lambda p: p.replace("9e165c30", "9e165c31")),
        "/editorial/sections/2/paragraphs/0",
    ),
    "changed date": (
        _set("/editorial/sections/0/paragraphs/1", lambda p: p.replace("August 14", "May 3")),
        "/editorial/sections/0/paragraphs/1",
    ),
    "number from an uncited document": (
        _set("/editorial/sections/2/paragraphs/0", lambda p: p + " One cell reads 54.3."),
        "/editorial/sections/2/paragraphs/0",
    ),
    "foreign citation": (
        _set(
            "/editorial/sections/1/citations/0",
            "https://github.com/other/repo/blob/" + OTHER_REVISION + "/x.md",
        ),
        "/editorial/sections/1/citations/0",
    ),
    "uncited section": (
        _set("/editorial/sections/1/citations", []),
        "/editorial/sections/1/citations",
    ),
    "wrong uncertainty bound": (
        _set("/editorial/reported_results/3/uncertainty/observed_min", 56.2),
        "/editorial/reported_results/3/uncertainty/observed_min",
    ),
    "changed input value": (
        _set("/editorial/reported_results/3/conditions/per_run_values/0", 61.26),
        "/editorial/reported_results/3/conditions/per_run_values/0",
    ),
    "statistic does not say derived": (
        _set("/editorial/reported_results/3/statistic", "as reported"),
        "/editorial/reported_results/3/statistic",
    ),
    "unsupported condition": (
        _set("/test_profiles/0/conditions/concurrency", 100003),
        "/test_profiles/0/conditions/concurrency",
    ),
    "unknown document id": (
        _set("/editorial/reported_results/2/source_document_id", "nope"),
        "/editorial/reported_results/2/source_document_id",
    ),
    "line past the end": (
        _set("/editorial/reported_results/2/source_line", 99999),
        "/editorial/reported_results/2/source_line",
    ),
    "editorial hash disagrees": (
        _set("/editorial/source_document_sha256", "f" * 64),
        "/editorial/source_document_sha256",
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_breakage_is_an_error_at_its_location(
    name: str, record: dict[str, Any], snapshot: Snapshot
) -> None:
    mutate, location = BREAKAGES[name]
    mutate(record)
    report = verify_record(record, snapshot)
    assert location in _errors_at(report), [(f.location, f.message) for f in report.flags]


def test_shifted_line_names_the_line_where_the_value_is(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    result = record["editorial"]["reported_results"][1]
    result["source_line"] = 34
    result["evidence_url"] = result["evidence_url"].replace("#L33", "#L34")
    report = verify_record(record, snapshot)
    flag = next(f for f in report.errors if f.location == "/editorial/reported_results/1/value")
    assert "line 33" in flag.message
    assert flag.rule is Rule.REPORTED_RESULTS
    assert [e.line for e in flag.evidence][:2] == [34, 33]


def test_swapped_values_are_both_flagged(record: dict[str, Any], snapshot: Snapshot) -> None:
    results = record["editorial"]["reported_results"]
    results[0]["value"], results[1]["value"] = results[1]["value"], results[0]["value"]
    errors = _errors_at(verify_record(record, snapshot))
    assert {"/editorial/reported_results/0/value", "/editorial/reported_results/1/value"} <= errors


def test_flag_ids_are_stable_and_distinct(record: dict[str, Any], snapshot: Snapshot) -> None:
    """A flag's id is its rule, place and claim (12 hex digits of sha256 over them), so a
    sign-off's acknowledgement keeps naming it across runs and processes: not its message,
    its position among the flags or anything else of the run."""
    results = record["editorial"]["reported_results"]
    results[0]["value"], results[1]["value"] = 82.7, 64.7
    ids = [f.id for f in verify_record(record, snapshot).errors]

    def stable(location: str, claim: str) -> str:
        text = f"reported_results\x1f/editorial/reported_results/{location}\x1f{claim}"
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    assert ids == [stable("0/value", "82.7"), stable("1/value", "64.7")]
    assert len(set(ids)) == 2
    results[0]["value"] = 82.9  # the other flag keeps its id
    assert [f.id for f in verify_record(record, snapshot).errors] == [
        stable("0/value", "82.9"),
        ids[1],
    ]


def test_uncited_prose_number_names_the_document_it_is_in(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    BREAKAGES["number from an uncited document"][0](record)
    report = verify_record(record, snapshot)
    claim = next(
        c
        for c in report.claims
        if c.location == "/editorial/sections/2/paragraphs/0" and c.claim == "54.3"
    )
    assert claim.status is ClaimStatus.ELSEWHERE
    assert claim.evidence[0].path == RESULTS_MD


def test_unique_hex_prefix_passes_and_unknown_hex_fails(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    record["summary"] += f" Checked at {snapshot.revision[:10]}; not at deadbeef1234."
    report = verify_record(record, snapshot)
    statuses = {c.claim: c.status for c in report.claims if c.location == "/summary"}
    assert statuses[snapshot.revision[:10]] is ClaimStatus.SUPPORTED
    assert statuses["deadbeef1234"] is ClaimStatus.UNSUPPORTED
    assert any(f.location == "/summary" and f.claim == "deadbeef1234" for f in report.errors)


def test_document_of_another_repository_is_a_warning_not_a_pass(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    record["supplemental_sources"].append(
        {
            **record["supplemental_sources"][0],
            "document_id": "hf-readme",
            "repository": "deepseek-ai/DeepSeek-V4-Flash-0731",
            "pinned_url": "https://huggingface.co/deepseek-ai/DeepSeek-V4-Flash-0731/blob/"
            f"{OTHER_REVISION}/README.md",
            "revision": OTHER_REVISION,
        }
    )
    report = verify_record(record, snapshot)
    assert report.errors == []
    assert [f.location for f in report.warnings] == ["/supplemental_sources/3"]
    assert report.checked.documents_missing == 1


def test_verify_accepts_a_record_model(record: dict[str, Any], snapshot: Snapshot) -> None:
    from draftflow.record.model import Record

    report = verify_record(Record.model_validate(record), snapshot)
    assert report.passed and report.record_id == "miaai-dsv4-flash"


def test_test_profile_evidence_must_be_a_pinned_document_line(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    profile = record["test_profiles"][0]
    profile["evidence_url"] = profile["evidence_url"].replace("#L4", "#L999999")
    record["test_profiles"].append({**profile, "evidence_url": "https://example.com/x#L1"})
    errors = _errors_at(verify_record(record, snapshot))
    assert {"/test_profiles/0/evidence_url", "/test_profiles/1/evidence_url"} <= errors


def test_a_bare_year_is_supported_by_a_source_date(
    record: dict[str, Any], snapshot: Snapshot
) -> None:
    record["editorial"]["sections"][0]["paragraphs"][1] += " The matrix ran in 2026, not 2019."
    report = verify_record(record, snapshot)
    statuses = {
        c.claim: c.status
        for c in report.claims
        if c.location == "/editorial/sections/0/paragraphs/1"
    }
    assert statuses["2026"] is ClaimStatus.SUPPORTED
    assert statuses["2019"] is ClaimStatus.UNSUPPORTED


def test_invalid_record_data_is_an_input_error(snapshot: Snapshot) -> None:
    from draftflow.errors import InputError

    with pytest.raises(InputError):
        verify_record({"id": "x"}, snapshot)
