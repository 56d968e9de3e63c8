"""Batch drafting: the source list, worker processes, one failure among successes, the exit
code, and the one bound on model requests in flight across every repository of the batch."""

from __future__ import annotations

import json
import queue
import socket
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import draftflow.pipeline.draft as pipeline
from draftflow.cli import main
from draftflow.errors import ConfigError, InputError
from draftflow.llm import ModelSettings, RecordMode
from draftflow.pipeline.batch import plan_workers, run_batch
from draftflow.pipeline.batch_model import BatchFailure, BatchItem, BatchState, batch_exit_code
from draftflow.pipeline.batch_sources import SourceLine, parse_source_list
from draftflow.pipeline.batch_worker import serve_jobs
from draftflow.pipeline.draft import DraftRequest
from draftflow.record.files import load_record

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from latency_server import LatencyServer  # type: ignore[import-not-found]

ROBBIEMU = "robbiemu__dgx-spark-inference"
PALATINE = "PalatineVision__dgx-spark-benchmark"
REEDEREY = "Reederey87__dgx-spark-2x-deepseek-v4-flash"


def run(*args: str) -> Result:
    # a wide console, so that table cells are not folded across lines
    return CliRunner(env={"COLUMNS": "200"}).invoke(main, list(args), catch_exceptions=False)


def list_line(corpus: Path, folder: str, entry: dict[str, Any], *extra: str) -> str:
    words = [str(corpus / folder), "--origin", entry["url"], "--revision", entry["revision"]]
    return " ".join([*words, *extra])


# --- the source list -------------------------------------------------------------------------


def test_source_list_reads_comments_options_and_relative_paths(tmp_path: Path) -> None:
    text = """
# a comment line
corpus/a --origin https://github.com/o/a --revision 0123  # a trailing comment
https://github.com/o/b --id=b-record --only 'results/*.csv' --only "docs/a b.md"

/abs/c
"""
    lines = parse_source_list(text, base=tmp_path)
    assert lines == [
        SourceLine(str(tmp_path / "corpus/a"), origin="https://github.com/o/a", revision="0123"),
        SourceLine(
            "https://github.com/o/b", record_id="b-record", only=("results/*.csv", "docs/a b.md")
        ),
        SourceLine("/abs/c"),
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a --origin", "line 1: --origin needs a value"),
        ("a\nb --colour red", "line 2: unknown word '--colour'"),
        ("--origin x a", "line 1: the line starts with the option --origin"),
        ("a --id x --id y", "line 1: --id is given twice"),
        ("a 'unclosed", "line 1: No closing quotation"),
        ("# only a comment\n\n", "lists no source"),
    ],
)
def test_source_list_errors_name_the_line(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(InputError, match=problem) as raised:
        parse_source_list(text, base=tmp_path, name="list.txt")
    assert raised.value.hint


# --- exit code and planning ------------------------------------------------------------------


def _item(state: BatchState, errors: int = 0, exit_code: int | None = None) -> BatchItem:
    failure = None
    if exit_code is not None:
        failure = BatchFailure(error="E", message="m", hint=None, exit_code=exit_code)
    return BatchItem(source="s", state=state, errors=errors, failure=failure)


def test_exit_code_is_the_worst_outcome() -> None:
    ok, flagged = _item(BatchState.NEW), _item(BatchState.CHANGED, errors=2)
    assert batch_exit_code([ok, _item(BatchState.UNCHANGED)]) == 0
    assert batch_exit_code([ok, flagged]) == 1
    assert batch_exit_code([flagged, _item(BatchState.FAILED, exit_code=2)]) == 2
    assert (
        batch_exit_code(
            [_item(BatchState.FAILED, exit_code=2), _item(BatchState.FAILED, exit_code=3), ok]
        )
        == 3
    )


def test_plan_keeps_every_cpu_and_every_request_slot_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    # in progress: 2 for the CPUs + one per 4 slots; processes: per CPU or per 4 slots
    assert plan_workers(10, 32, None) == (8, 2)  # 10 in progress
    assert plan_workers(10, 1, None) == (2, 2)  # 3 in progress: the slot has work while 2 verify
    assert plan_workers(10, 8, None) == (2, 2)  # 4 in progress
    assert plan_workers(3, 32, None) == (3, 1)  # never more than the repositories
    assert plan_workers(1, 32, None) == (1, 1)
    assert plan_workers(10, 32, 3) == (3, 4)  # --workers decides the processes


# --- the command line, no model --------------------------------------------------------------


def test_batch_drafts_the_good_and_reports_the_bad(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    records = tmp_path / "records"
    listing = tmp_path / "list.txt"
    listing.write_text(
        "# two corpus copies and a folder that does not exist\n"
        + list_line(corpus_dir, ROBBIEMU, manifest[ROBBIEMU])
        + "\n"
        + "missing-folder\n"
        + list_line(corpus_dir, PALATINE, manifest[PALATINE])
        + "\n",
        encoding="utf-8",
    )
    result = run("draft", "--from", str(listing), "--records-dir", str(records), "--workers", "2")
    assert result.exit_code == 2, result.output
    for heading in ("repository", "revision", "results", "flags", "state", "time"):
        assert heading in result.output
    assert "robbiemu/dgx-spark-inference" in result.output
    assert "failed" in result.output and "missing-folder does not exist" in result.output
    assert "3 repositories" in result.output and "1 failed" in result.output
    for folder in (ROBBIEMU, PALATINE):
        record = load_record(records / f"{folder.lower().replace('__', '-')}.json")
        assert record.source.revision == manifest[folder]["revision"]

    again = run("draft", "--from", str(listing), "--records-dir", str(records), "--json")
    assert again.exit_code == 2, again.output
    report = json.loads(again.output)
    assert [i["state"] for i in report["items"]] == ["unchanged", "failed", "unchanged"]
    assert report["items"][1]["failure"]["exit_code"] == 2
    assert report["items"][0]["revision"] == manifest[ROBBIEMU]["revision"]
    assert report["exit_code"] == 2


def test_one_repository_twice_is_refused_for_the_second(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    listing = tmp_path / "list.txt"
    line = list_line(corpus_dir, PALATINE, manifest[PALATINE])
    listing.write_text(f"{line}\n{line}\n{line} --id palatine-copy\n", encoding="utf-8")
    result = run("draft", "--from", str(listing), "--records-dir", str(tmp_path / "r"), "--json")
    report = json.loads(result.output)
    assert [i["state"] for i in report["items"]] == ["new", "failed", "new"]
    assert "which" in report["items"][1]["failure"]["message"]
    assert (tmp_path / "r" / "palatine-copy.json").is_file()


def test_options_for_one_repository_are_refused_with_several(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["draft", "a", "b", "--revision", "x"])
    assert result.exit_code == 2
    assert "--from FILE" in result.output


def test_a_batch_does_not_record_cassettes(tmp_path: Path) -> None:
    settings = ModelSettings(
        base_url="http://127.0.0.1:9/v1", cassette=tmp_path / "c.json", record_mode=RecordMode.NEW
    )
    request = DraftRequest(source="x", records_dir=tmp_path, settings=settings)
    with pytest.raises(ConfigError, match="cannot record a cassette"):
        run_batch([request, request], concurrency=2)


# --- the model path: one bound across repositories and processes -----------------------------


def test_requests_in_flight_never_exceed_concurrency_across_repositories(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    concurrency = 3
    with LatencyServer(0.2) as server:
        settings = ModelSettings(
            base_url=server.url,
            model=server.model,
            use_cache=False,
            concurrency=concurrency,
            max_retries=0,
            timeout=60,
        )
        requests = [
            DraftRequest(
                source=str(corpus_dir / folder),
                records_dir=tmp_path / "records",
                settings=settings,
                revision=manifest[folder]["revision"],
                origin=manifest[folder]["url"],
            )
            for folder in (ROBBIEMU, PALATINE, REEDEREY)
        ]
        report = run_batch(requests, concurrency=concurrency, workers=2)
        stats = server.stats()
    assert report.exit_code == 0, [i.failure for i in report.items]
    assert report.workers == 2
    assert stats["max_in_flight"] <= concurrency
    assert stats["max_in_flight"] == concurrency  # and the pool is used, not starved
    per_repository = [i.outcome.usage["requests"] for i in report.items if i.outcome]
    assert all(count > 0 for count in per_repository)
    assert sum(per_repository) == stats["requests"] == report.usage["requests"]


def test_a_server_that_is_down_fails_every_repository_with_exit_3(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    listing = tmp_path / "list.txt"
    listing.write_text(
        "\n".join(list_line(corpus_dir, f, manifest[f]) for f in (ROBBIEMU, PALATINE)) + "\n",
        encoding="utf-8",
    )
    result = run(
        "draft",
        "--from",
        str(listing),
        "--records-dir",
        str(tmp_path / "r"),
        "--base-url",
        f"http://127.0.0.1:{port}/v1",
        "--model",
        "m",
        "--max-retries",
        "0",
        "--no-cache",
        "--json",
    )
    assert result.exit_code == 3, result.output
    report = json.loads(result.stdout)
    assert [i["failure"]["exit_code"] for i in report["items"]] == [3, 3]
    assert all("cannot reach" in i["failure"]["message"] for i in report["items"])
    assert not (tmp_path / "r").exists() or not list((tmp_path / "r").glob("*.json"))


def test_a_repository_stuck_in_a_cpu_stage_holds_no_request_slot(
    corpus_dir: Path,
    manifest: dict[str, dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One worker drafts two repositories at once with one request slot between them. While
    the first is stuck in its verify stage (its event loop's thread blocked, as seconds of CPU
    block it), the second makes every one of its requests through that slot and finishes."""
    stuck, release = threading.Event(), threading.Event()
    stuck_repository = manifest[ROBBIEMU]["repository"]
    real_verified, real_acquire = pipeline.assemble_verified, pipeline.acquire

    def blocking_verify(inputs: Any, *rest: Any) -> Any:
        if inputs.snapshot.repository == stuck_repository:
            stuck.set()
            release.wait(timeout=60)  # holds this thread, as a CPU-bound stage does
        return real_verified(inputs, *rest)

    def acquire_once_stuck(source: str, **options: Any) -> Any:
        if source.endswith(PALATINE):
            assert stuck.wait(timeout=60)  # the other one is in verify before this one starts
        return real_acquire(source, **options)

    monkeypatch.setattr(pipeline, "assemble_verified", blocking_verify)
    monkeypatch.setattr(pipeline, "acquire", acquire_once_stuck)
    jobs: queue.Queue[tuple[int, DraftRequest] | None] = queue.Queue()
    results: queue.Queue[tuple[int, BatchItem]] = queue.Queue()
    with LatencyServer(0.05) as server:
        settings = ModelSettings(
            base_url=server.url,
            model=server.model,
            use_cache=False,
            max_retries=0,
            timeout=60,
        )
        for index, folder in enumerate((ROBBIEMU, PALATINE)):
            request = DraftRequest(
                source=str(corpus_dir / folder),
                records_dir=tmp_path / "records",
                settings=settings,
                revision=manifest[folder]["revision"],
                origin=manifest[folder]["url"],
            )
            jobs.put((index, request))
        jobs.put(None)
        jobs.put(None)
        worker = threading.Thread(
            target=serve_jobs, args=(jobs, results, threading.BoundedSemaphore(1), 2)
        )
        worker.start()
        try:
            first = results.get(timeout=60)  # queue.Empty here: the stuck one blocked it
        finally:
            release.set()
            worker.join(timeout=120)
        second = results.get(timeout=60)
        stats = server.stats()
    index, item = first
    assert index == 1 and item.state is BatchState.NEW, item.failure
    assert item.outcome is not None and item.outcome.usage["requests"] >= 4  # one after another
    assert second[0] == 0 and second[1].state is BatchState.NEW, second[1].failure
    assert stats["max_in_flight"] == 1
