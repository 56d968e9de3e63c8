"""Configuration words a model writes are claims, checked against the documents as real
processes: a scripted model served by the stub server (tests/stub_server.py) names an engine
no source names, a quantization no source states, a GPU count and a context length no source
states, and says the sources do not state the quantization (they do) and that vLLM was not
used (it was). The draft removes each of those sentences (listed in its provenance) and
keeps the faithful ones; each written back into the record ends in an error flag at its field
and a refused `draftflow approve` (exit 1): three as real processes, three with the same commands
in the test process (`AS_PROCESSES`). The faithful reply passes with no error.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_pipeline_scripted_model import CORPUS_FOLDER, FIXTURE, ScriptedModel

from cli_process import cli_in_process
from draft_cli import MODEL_VARIABLES, draft_args
from stub_server import StubServer

RUN_FILE = "results/qwen3.6-35b-nvfp4-nvidia.json"
RECORD_ID = "jvr0x-dgx-spark-bench"
FAITHFUL = [
    "The model ran under vLLM with NVFP4 weights and a 32K context.",
    "The sources state the quantization as NVFP4.",
]
# (case, sentence, what the flag's message says): each one a misbehaving model writes.
WRONG = [
    ("wrong-engine", "It was served with SGLang on the DGX Spark.", "names an engine"),
    ("wrong-quantization", "The weights were quantized to Q4_K_M.", "a weight precision"),
    ("false-not-stated", "The sources do not state the quantization.", "is not stated"),
    ("false-not-used", "vLLM was not used for these runs.", "was not used"),
    ("wrong-gpu-count", "The run used 8 GPUs.", "as the GPU count"),
    ("wrong-context", "Each session had a 128K context.", "as the context length"),
]

# The write-backs whose `verify` and `approve` run as real processes (a wrong name, a false
# negation, a wrong number); the other three run the same commands in the test process.
AS_PROCESSES = {"wrong-engine", "false-not-used", "wrong-gpu-count"}


def _notes_model(notes: list[str]) -> ScriptedModel:
    """The capable scripted model whose framing adds `notes`, one sentence each."""
    fixture = json.loads(FIXTURE.read_text())
    fixture["replies"]["draft_framing"]["notes"] += notes
    return ScriptedModel(fixture)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in MODEL_VARIABLES}
    command = [sys.executable, "-m", "draftflow", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)


def _run_in_process(*args: str) -> subprocess.CompletedProcess[str]:
    return cli_in_process(*args, env=dict.fromkeys(MODEL_VARIABLES))


def _draft(model: ScriptedModel, folder: Path, entry: dict[str, Any], records: Path) -> Any:
    with StubServer(model) as server:
        args = draft_args(
            folder, entry, records,
            "--base-url", server.url, "--model", "stub-model", "--no-cache", "--json",
            "--only", RUN_FILE, "--only", "README.md", "--timeout", "120",
        )  # fmt: skip
        done = _run(*args)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def faithful_draft(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """The records folder of a draft whose model writes only what the sources state."""
    records = tmp_path_factory.mktemp("faithful") / "records"
    summary = _draft(
        _notes_model(FAITHFUL), corpus_dir / CORPUS_FOLDER, manifest[CORPUS_FOLDER], records
    )
    assert summary["errors"] == 0
    return records


def test_a_faithful_reply_keeps_its_configuration_words(faithful_draft: Path) -> None:
    record = json.loads((faithful_draft / f"{RECORD_ID}.json").read_text())
    assert record["notes"][-len(FAITHFUL) :] == FAITHFUL
    dropped = "\n".join(record["provenance"]["dropped"])
    assert "vLLM" not in dropped and "NVFP4" not in dropped


def test_a_misbehaving_model_s_configuration_words_are_removed(
    corpus_dir: Path, manifest: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    model = _notes_model([sentence for _, sentence, _ in WRONG])
    records = tmp_path / "records"
    summary = _draft(model, corpus_dir / CORPUS_FOLDER, manifest[CORPUS_FOLDER], records)
    assert summary["errors"] == 0
    record = json.loads((records / f"{RECORD_ID}.json").read_text())
    published = json.dumps({k: v for k, v in record.items() if k != "provenance"})
    dropped = "\n".join(record["provenance"]["dropped"])
    for case, sentence, message in WRONG:
        assert sentence not in published, case
        # the drafter drops a sentence whose number it cannot ground before verify sees it
        assert message in dropped or repr(sentence) in dropped, case


@pytest.mark.parametrize(("case", "sentence", "message"), WRONG, ids=[case for case, _, _ in WRONG])
def test_each_configuration_word_written_back_is_an_error_and_approve_refuses(
    faithful_draft: Path,
    corpus_dir: Path,
    tmp_path: Path,
    case: str,
    sentence: str,
    message: str,
) -> None:
    records = Path(shutil.copytree(faithful_draft, tmp_path / "records"))
    path = records / f"{RECORD_ID}.json"
    record = json.loads(path.read_text())
    record["summary"] = f"{record['summary']} {sentence}"
    path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")

    run = _run if case in AS_PROCESSES else _run_in_process
    verified = run("verify", str(path), "--source", str(corpus_dir / CORPUS_FOLDER), "--json")
    assert verified.returncode == 1, (case, verified.stdout[-2000:])
    errors = [f for f in json.loads(verified.stdout)["flags"] if f["severity"] == "error"]
    assert errors and {f["location"] for f in errors} == {"/summary"}, errors
    assert any(message in f["message"] for f in errors), errors

    approved = run("approve", RECORD_ID, "--editor", "Ed", "--records-dir", str(records))
    assert approved.returncode == 1, approved.stdout + approved.stderr
    assert "sign-off refused" in approved.stdout + approved.stderr
