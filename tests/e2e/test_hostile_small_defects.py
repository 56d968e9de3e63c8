"""The small defects of issue 32, each as a real `python -m draftflow` process: an open bound
is never a value, eval refuses a gold of other bytes, prompt overrides in any encoding or line
ending, a batch list with a byte-order mark, and the record lock's messages."""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cli_process import assert_fails_cleanly, clean_env, cli
from draftflow.store.write import RecordStore
from stub_server import DEFAULT_MODEL, StubReply, StubRequest, StubServer, completion

ORIGIN = "https://github.com/o/bench"
REVISION = "c" * 40
OPEN_BOUND = """# Bench

Time to first token on the GB10 with vLLM.

| model | TTFT (ms) | decode (tok/s) |
|-------|-----------|----------------|
| qwen3-8b | 500+ | 41.2 |
| llama-3-8b | 320 | 38.0 |
"""


def draft_folder(tmp: Path, readme: str, *extra: str) -> Path:
    repo = tmp / "repo"
    repo.mkdir(exist_ok=True)
    (repo / "README.md").write_text(readme, encoding="utf-8")
    records = tmp / "records"
    result = cli(tmp, "draft", str(repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--records-dir", str(records), *extra)  # fmt: skip
    assert result.returncode == 0, result.stderr
    return records


def test_500_plus_is_never_published_as_500_ms(tmp_path: Path) -> None:
    records = draft_folder(tmp_path, OPEN_BOUND)
    record = json.loads((records / "o-bench.json").read_text())
    assert "500" not in record["title"], record["title"]
    assert all(r["value"] != 500 for r in record["editorial"]["reported_results"])
    figures = json.loads((records / "o-bench.figures.json").read_text())["figures"]
    assert [f["value"] for f in figures if f["unit"] == "ms"] == [320]
    assert "500 ms" not in (records / "o-bench.md").read_text()


def gold_beside_a_corpus(tmp: Path, readme: str, sha256: str) -> Path:
    """A corpus folder and a gold file for it, laid out as tests/data lays them out."""
    folder = tmp / "corpus" / "o__bench"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(readme, encoding="utf-8")
    gold = {
        "repository": "o/bench",
        "revision": REVISION,
        "commit_time": "2026-01-01T00:00:00Z",
        "documents": [{"path": "README.md", "sha256": sha256}],
        "covered_lines": {"README.md": [1, 8]},
        "figures": [{"path": "README.md", "line": 8, "metric": "decode_rate", "value": 38.0,
                     "unit": "tokens/s", "label": "llama-3-8b", "raw": "38.0"}],
        "headline": [],
    }  # fmt: skip
    (tmp / "devgold").mkdir()
    path = tmp / "devgold" / "o__bench.json"
    path.write_text(json.dumps(gold), encoding="utf-8")
    return path


def test_eval_refuses_a_gold_made_from_other_bytes(tmp_path: Path) -> None:
    other = hashlib.sha256(b"another version of the README").hexdigest()
    gold = gold_beside_a_corpus(tmp_path, OPEN_BOUND, other)
    result = cli(tmp_path, "eval", str(gold))
    assert_fails_cleanly(result, 2, f"was made from README.md with sha256 {other[:12]}")
    assert "scripts/check-gold.py" in result.stderr


def test_eval_scores_a_gold_made_from_these_bytes(tmp_path: Path) -> None:
    same = hashlib.sha256(OPEN_BOUND.encode()).hexdigest()
    result = cli(tmp_path, "eval", str(gold_beside_a_corpus(tmp_path, OPEN_BOUND, same)))
    assert result.returncode == 0, result.stderr
    assert "1/1 (100.0%)" in result.stdout


PACKAGED_SPEED = (Path(__file__).resolve().parents[2] / "prompts" / "speed.md").read_bytes()
BINARY_PROMPTS = {
    "random bytes": bytes(random.Random(5).randrange(1, 256) for _ in range(2000)),
    "NUL bytes": PACKAGED_SPEED.replace(b"\n", b"\0"),
}


@pytest.mark.parametrize("kind", sorted(BINARY_PROMPTS))
def test_a_binary_prompt_override_is_one_clear_error(kind: str, tmp_path: Path) -> None:
    folder = tmp_path / "prompts"
    folder.mkdir()
    (folder / "speed.md").write_bytes(BINARY_PROMPTS[kind])
    result = cli(tmp_path, "prompts", env={"DRAFTFLOW_PROMPTS_DIR": str(folder)})
    assert_fails_cleanly(result, 2, f"prompt {folder / 'speed.md'} ")
    assert "a prompt is a UTF-8 text file" in result.stderr


def plain_or_valid(request: StubRequest) -> StubReply:
    if request.body.get("response_format"):
        return completion('{"word": "draftflow", "count": 3}')
    return completion("1 2 3", completion_tokens=3)


@pytest.mark.parametrize("form", ["CRLF", "BOM", "BOM and CRLF"])
def test_a_crlf_or_bom_prompt_override_reads_as_the_same_prompt(form: str, tmp_path: Path) -> None:
    data = PACKAGED_SPEED
    if "CRLF" in form:
        data = data.replace(b"\n", b"\r\n")
    if "BOM" in form:
        data = b"\xef\xbb\xbf" + data
    folder = tmp_path / "prompts"
    folder.mkdir()
    (folder / "speed.md").write_bytes(data)
    env = {"DRAFTFLOW_PROMPTS_DIR": str(folder)}
    listed = cli(tmp_path, "prompts", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    with StubServer(plain_or_valid) as stub:
        doctor = cli(tmp_path, "doctor", "--base-url", stub.url, "--model", DEFAULT_MODEL,
                     "--json", env=env)  # fmt: skip
        probes = [r.body["messages"] for r in stub.chat_requests if "response_format" not in r.body]
    assert doctor.returncode == 0, doctor.stderr
    speed = {c["name"]: c for c in json.loads(doctor.stdout)["checks"]}["speed"]
    assert speed["status"] == "ok", speed
    assert probes == [[
        {"role": "system", "content": "You follow instructions exactly."},
        {"role": "user", "content": "Write the numbers from 1 to 100, one per line."},
    ]]  # fmt: skip


def test_a_batch_list_starting_with_a_bom_reads_its_first_line(tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        folder.mkdir()
        (folder / "README.md").write_text(OPEN_BOUND, encoding="utf-8")
    listing = tmp_path / "sources.txt"
    lines = [f"{first} --origin https://github.com/o/first --revision {REVISION}",
             f"{second} --origin https://github.com/o/second --revision {REVISION}"]  # fmt: skip
    listing.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode() + b"\r\n")
    records = tmp_path / "records"
    result = cli(tmp_path, "draft", "--from", str(listing), "--records-dir", str(records),
                 "--workers", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr + result.stdout
    assert sorted(p.name for p in records.glob("*.json") if p.name.count(".") == 1) == [
        "o-first.json",
        "o-second.json",
    ]


def draft_command(tmp: Path) -> list[str]:
    repo = tmp / "repo"
    repo.mkdir(exist_ok=True)
    (repo / "README.md").write_text(OPEN_BOUND, encoding="utf-8")
    return ["draft", str(repo), "--origin", ORIGIN, "--revision", REVISION,
            "--records-dir", str(tmp / "records")]  # fmt: skip


def test_a_lock_path_that_is_a_folder_gets_the_right_fix(tmp_path: Path) -> None:
    lock = tmp_path / "records" / ".locks" / "o-bench.lock"
    (lock / "inside").mkdir(parents=True)
    result = cli(tmp_path, *draft_command(tmp_path))
    assert_fails_cleanly(result, 4, f"cannot take the record lock {lock}: it is a folder")
    assert f"rmdir {lock}" in result.stderr
    assert "out.md" not in result.stderr  # not "name a file instead, e.g. …/out.md"


def test_a_locks_folder_that_is_a_file_gets_the_right_fix(tmp_path: Path) -> None:
    locks = tmp_path / "records" / ".locks"
    locks.parent.mkdir()
    locks.write_text("not a folder")
    result = cli(tmp_path, *draft_command(tmp_path))
    assert_fails_cleanly(result, 4, f"{locks} is a file, not the folder")
    assert f"move {locks} away" in result.stderr


def test_a_second_writer_says_that_it_waits_and_for_what(tmp_path: Path) -> None:
    command = draft_command(tmp_path)
    (tmp_path / "records").mkdir()
    env = {**clean_env(tmp_path), "DRAFTFLOW_LOCK_WAIT": "30"}
    lines: list[str] = []
    with RecordStore(tmp_path / "records").writer("o-bench"):
        second = subprocess.Popen(
            [sys.executable, "-m", "draftflow", *command],
            cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        assert second.stderr is not None
        # the lock is held until the second writer says that it waits (or ends without it)
        while not lines or "waiting for it to finish" not in lines[-1]:
            line = second.stderr.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
    _, rest = second.communicate(timeout=120)
    stderr = "\n".join([*lines, rest])
    assert second.returncode == 0, stderr
    waiting = [line for line in stderr.splitlines() if "waiting for it to finish" in line]
    assert waiting == [
        f"draftflow: record o-bench is being written by another draftflow command (process "
        f"{os.getpid()}); waiting for it to finish (up to 30 s, DRAFTFLOW_LOCK_WAIT), lock "
        f"{tmp_path / 'records' / '.locks' / 'o-bench.lock'}"
    ], stderr
