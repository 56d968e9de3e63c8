"""A repository whose owner's name holds digits (`1337hero/...`) drafts with no error: the
publisher is the owner its URL names, and its digits are its name, not a quantity a source
must state (found on 1337hero/rx7900xtx-llama-bench-vulcan, session 29: the draft ended 1
with "1337hero in this label is stated by no cited source")."""

from __future__ import annotations

import json
from pathlib import Path

from cli_process import cli_in_process

REVISION = "0123456789abcdef0123456789abcdef01234567"
README = "# Llama on one GPU\n\n| Model | tok/s |\n| --- | ---: |\n| Qwen3-8B | 41.5 |\n"


def test_an_owner_named_with_digits_is_its_publisher_and_no_error(tmp_path: Path) -> None:
    folder = tmp_path / "repo"
    folder.mkdir()
    (folder / "README.md").write_text(README)
    records = tmp_path / "records"
    done = cli_in_process(
        "draft", str(folder), "--origin", "https://github.com/1337hero/gpu-bench",
        "--revision", REVISION, "--records-dir", str(records),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads((records / "1337hero-gpu-bench.verify.json").read_text())
    assert [f for f in report["flags"] if f["severity"] == "error"] == []
    record = json.loads((records / "1337hero-gpu-bench.json").read_text())
    assert record["source"]["publisher"] == "1337hero"
