"""`draftflow verify`: exit codes, the JSON shape, the human report and how SOURCE is read."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_verify import FOLDER, build_record

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main


@pytest.fixture(scope="module")
def folder(corpus_dir: Path) -> Path:
    """The corpus folder the test record was built from."""
    return corpus_dir / FOLDER


@pytest.fixture(scope="module")
def clean_record(folder: Path, manifest: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The correct record of test_verify, built from the folder's snapshot."""
    entry = manifest[FOLDER]
    return build_record(acquire(str(folder), revision=entry["revision"], origin=entry["url"]))


def write(tmp_path: Path, record: dict[str, Any], name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    return path


def broken(record: dict[str, Any]) -> dict[str, Any]:
    copy = json.loads(json.dumps(record))
    copy["editorial"]["reported_results"][0]["value"] = 82.7
    return copy


def run(*args: str) -> Any:
    return CliRunner().invoke(main, ["verify", *args])


def test_clean_record_exits_0_with_a_summary(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any]
) -> None:
    result = run(str(write(tmp_path, clean_record)), "--source", str(folder))
    assert result.exit_code == 0, result.output
    assert "documents checked" in result.output
    assert "passed: 0 error(s)" in result.output


def test_json_output_shape(tmp_path: Path, folder: Path, clean_record: dict[str, Any]) -> None:
    result = run(str(write(tmp_path, clean_record)), "--source", str(folder), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data)[:3] == ["record_id", "checked", "flags"]
    assert data["record_id"] == "miaai-dsv4-flash"
    assert data["flags"] == []
    assert data["checked"]["documents"] == 3
    assert data["checked"]["numbers"] == len(data["claims"])


def test_error_flags_exit_1_and_json_names_the_location(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any]
) -> None:
    path = write(tmp_path, broken(clean_record))
    result = run(str(path), "--source", str(folder), "--json")
    assert result.exit_code == 1
    flags = json.loads(result.stdout)["flags"]
    assert [f["location"] for f in flags] == ["/editorial/reported_results/0/value"]
    assert set(flags[0]) == {"id", "severity", "rule", "location", "claim", "evidence", "message"}
    again = run(str(path), "--source", str(folder), "--json")
    assert json.loads(again.stdout)["flags"][0]["id"] == flags[0]["id"]


def test_human_output_shows_the_source_line_with_context(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any]
) -> None:
    result = run(str(write(tmp_path, broken(clean_record))), "--source", str(folder))
    assert result.exit_code == 1
    out = result.output
    assert "/editorial/reported_results/0/value" in out
    assert "claim: 82.7" in out
    assert ">     32 | | 256 | 82.6 |" in out
    assert "    31 | | ---: |" in out  # a line of context before the cited line


def assert_input_error(result: Any, error: str, fix: str) -> None:
    """Exit 2 for bad input, with its one error and one fix (exit 2 is also a usage error
    of the command line itself: the message tells the two apart)."""
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"error: {error}"), result.output
    assert f"\n  fix: {fix}" in result.output, result.output


@pytest.mark.parametrize(
    ("content", "error", "fix"),
    [
        ("{not json", " is not valid JSON", "fix the JSON there"),
        ("[]", " is not a record: expected a JSON object, got list", "a record file holds one"),
        ('{"id": "x"}', ": invalid field /title: Field required", "add the field at /title"),
    ],
)
def test_unreadable_record_exits_2(
    tmp_path: Path, folder: Path, content: str, error: str, fix: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = run(str(path), "--source", str(folder))
    assert_input_error(result, f"{path}{error}", fix)


def test_missing_record_or_source_exits_2(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any]
) -> None:
    none = tmp_path / "none.json"
    result = run(str(none), "--source", str(folder))
    assert_input_error(result, f"record file {none} does not exist", "pass the path of a record")
    path = write(tmp_path, clean_record)
    result = run(str(path), "--source", str(tmp_path / "no-such-folder"))
    error = f"{tmp_path / 'no-such-folder'} does not exist"
    assert_input_error(result, error, "pass an existing folder or git checkout")


def test_without_source_reads_the_records_repository_from_the_cache_and_fetches_on_request(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    def fake_acquire(source: str, **options: Any) -> Snapshot:
        calls.append((source, options))
        return acquire(str(folder), revision=options["revision"], origin=options["origin"])

    # verify finds the sources as status and approve do (review/reverify.py `snapshot_for`)
    reverify = importlib.import_module("draftflow.review.reverify")
    monkeypatch.setattr(reverify, "acquire", fake_acquire)
    result = run(str(write(tmp_path, clean_record)))
    assert result.exit_code == 0, result.output
    source = clean_record["source"]
    assert calls[0][0] == source["url"]
    assert calls[0][1]["revision"] == source["revision"]
    assert calls[0][1]["origin"] == source["url"]
    assert calls[0][1]["offline"] is True
    assert run(str(write(tmp_path, clean_record)), "--fetch").exit_code == 0
    assert calls[1][1]["offline"] is False


def test_without_source_a_stored_source_is_read_offline(
    tmp_path: Path, folder: Path, clean_record: dict[str, Any]
) -> None:
    from draftflow.store.source import RecordSource, record_source_path

    path = write(tmp_path, clean_record, f"{clean_record['id']}.json")
    stored = RecordSource.model_validate(
        {"kind": "folder", "location": str(folder), "origin": clean_record["source"]["url"]}
    )
    record_source_path(tmp_path, clean_record["id"]).write_text(
        stored.model_dump_json(), encoding="utf-8"
    )
    result = run(str(path))
    assert result.exit_code == 0, result.output
    assert "passed: 0 error(s)" in result.output


def test_without_any_source_offline_the_fix_names_source_and_fetch(
    tmp_path: Path, clean_record: dict[str, Any]
) -> None:
    record = json.loads(json.dumps(clean_record))
    record["source"]["url"] = "https://github.com/nobody-here/not-cached-anywhere"
    result = run(str(write(tmp_path, record)))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: ") and "not in the local cache" in lines[0]
    assert lines[1] == (
        "  fix: pass --source PATH (a checkout or folder of the repository at the record's "
        "revision), or --fetch to fetch it"
    )


def test_source_may_be_a_git_checkout_at_the_records_revision(
    tmp_path: Path, folder: Path, make_git_repo: Any
) -> None:
    origin = "https://github.com/MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark"
    checkout = make_git_repo(folder, origin=origin)
    record = build_record(acquire(str(checkout)))
    result = run(str(write(tmp_path, record)), "--source", str(checkout), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["flags"] == []
    record["source"]["revision"] = "f" * 40  # a revision the checkout does not hold
    assert run(str(write(tmp_path, record)), "--source", str(checkout)).exit_code == 2


ROBBIEMU = "robbiemu__dgx-spark-inference"
MISREAD = " Under load the box draws 346,485 W, and TTFT is 262144 ms."


def test_a_hand_added_sentence_misreading_a_token_pool_and_a_context_length_is_flagged(
    tmp_path: Path, corpus_dir: Path, manifest: dict[str, dict[str, Any]], monkeypatch: Any
) -> None:
    """Issue 11: 346,485 is a KV pool in tokens and 262144 a context length in the source; as
    watts and milliseconds nothing supports them, though both numbers stand in the README."""
    for variable in ("DRAFTFLOW_BASE_URL", "OPENAI_BASE_URL", "DRAFTFLOW_CASSETTE"):
        monkeypatch.delenv(variable, raising=False)
    folder, entry = corpus_dir / ROBBIEMU, manifest[ROBBIEMU]
    records = tmp_path / "records"
    args = ["draft", str(folder), "--origin", entry["url"], "--revision", entry["revision"]]
    drafted = CliRunner().invoke(main, [*args, "--records-dir", str(records), "--json"])
    assert drafted.exit_code == 0, drafted.output
    path = Path(json.loads(drafted.stdout)["record_path"])
    record = json.loads(path.read_text())
    record["editorial"]["sections"][0]["paragraphs"][0] += MISREAD
    path.write_text(json.dumps(record, indent=2))
    result = run(str(path), "--source", str(folder), "--json")
    errors = {(f["location"], f["claim"]) for f in json.loads(result.stdout)["flags"]}
    pointer = "/editorial/sections/0/paragraphs/0"
    assert {(pointer, "346,485"), (pointer, "262144")} <= errors, errors
    assert result.exit_code == 1
