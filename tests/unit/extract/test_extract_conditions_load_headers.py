"""A column header that opens with the concurrency its figures ran at (`c16 aggregate`,
`c=6`, `C1 decode`) states that concurrency, and verify reads it there as extract does:
flowy0/gb10-experiments README.md:64-66 left the condition blank (dev gold: concurrency 16).
A header naming one request at a time (`Single-stream decode`) states concurrency 1."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from click.testing import CliRunner

from draftflow.cli import main
from draftflow.extract import extract
from draftflow.extract.conditions.columns import load_of_header
from extract_support import snapshot_of

SPEED = """\
# GB10 experiments

## Main Model Speed (SGLang + Qwen3.8-27B — measured on this box)

| Config | Solo | c16 aggregate | Notes |
|---|---|---|---|
| DSpark k7 | ~20 tok/s | ~188 tok/s | fresh codegen |
"""


def test_a_header_opening_with_a_concurrency_states_it() -> None:
    assert load_of_header("c16 aggregate") == 16
    assert load_of_header("c=6") == 6
    assert load_of_header("C1 decode") == 1
    assert load_of_header("Single-stream decode") == 1
    # a bare `C4` may name a case or a column; `c2c latency` is no load
    assert load_of_header("C4") is None
    assert load_of_header("Config") is None
    results = asyncio.run(extract(snapshot_of({"README.md": SPEED}), None)).reported_results
    found = {r.value: r.conditions.get("concurrency") for r in results}
    assert found[188] == 16
    assert found[20] is None


def test_verify_reads_a_headers_concurrency_as_extract_does(tmp_path: Path) -> None:
    folder = tmp_path / "someone__gb10"
    folder.mkdir()
    (folder / "README.md").write_text(SPEED)
    records = tmp_path / "records"
    args = ["draft", str(folder), "--origin", "https://github.com/someone/gb10"]
    done = CliRunner().invoke(
        main, [*args, "--revision", "a" * 40, "--records-dir", str(records), "--json"]
    )
    assert done.exit_code in (0, 1), done.output
    path = Path(json.loads(done.stdout)["record_path"])
    figures = json.loads(path.with_name(path.name.replace(".json", ".figures.json")).read_text())
    kept = {f["value"]: f["conditions"].get("concurrency") for f in figures["figures"]}
    assert kept.get(188) == 16
