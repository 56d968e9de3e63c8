"""Only text is a document: garbage named `.md` is skipped at acquire, with its reason, as real
`draftflow sources` and `draftflow draft` processes see it; no figure comes from it."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from cli_process import cli

ORIGIN = "https://github.com/o/garbage-bench"
REVISION = "b" * 40
README = """# Bench

| model | decode (tok/s) |
|-------|----------------|
| qwen3-8b | 41.2 |
"""


def random_bytes_without_nul(size: int) -> bytes:
    """Seeded random bytes 1..255: no NUL, so the NUL rule alone lets them through."""
    rng = random.Random(32)
    return bytes(rng.randrange(1, 256) for _ in range(size))


def elf_without_nul() -> bytes:
    """A real ELF executable with every NUL replaced by a space."""
    true = shutil.which("true")
    if true is None:
        pytest.skip("no `true` executable to read")
    data = Path(true).read_bytes()[:200_000]
    assert data.startswith(b"\x7fELF")
    return data.replace(b"\0", b" ")


@pytest.fixture
def garbage_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    (repo / "results.md").write_bytes(random_bytes_without_nul(20_000))
    (repo / "latency.json").write_bytes(elf_without_nul())
    return repo


def test_garbage_is_skipped_with_its_reason_in_sources(garbage_repo: Path, tmp_path: Path) -> None:
    result = cli(tmp_path, "sources", str(garbage_repo), "--origin", ORIGIN,
                 "--revision", REVISION, "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [d["path"] for d in payload["documents"]] == ["README.md"]
    reasons = {s["path"]: s["reason"] for s in payload["skipped"]}
    assert set(reasons) == {"latency.json", "results.md"}
    assert all(r.startswith("not text: ") for r in reasons.values()), reasons
    assert "invalid UTF-8 sequences" in reasons["results.md"]
    human = cli(tmp_path, "sources", str(garbage_repo), "--origin", ORIGIN, "--revision", REVISION)
    assert "2 skipped (2 not text)" in " ".join(human.stdout.split()), human.stdout


def test_a_draft_reads_no_figure_from_garbage_and_lists_it(
    garbage_repo: Path, tmp_path: Path
) -> None:
    records = tmp_path / "records"
    result = cli(tmp_path, "draft", str(garbage_repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--records-dir", str(records))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "results.md: not text: " in result.stdout + result.stderr
    figures = json.loads((records / "o-garbage-bench.figures.json").read_text())["figures"]
    assert figures, "the README's figure is read"
    assert {f["source_document_id"] for f in figures} == {"garbage-bench-README.md"}
    record = json.loads((records / "o-garbage-bench.json").read_text())
    dropped = record["provenance"]["dropped"]
    assert [d.split(": not text")[0] for d in dropped if d.startswith("acquire: ")] == [
        "acquire: latency.json",
        "acquire: results.md",
    ]
    assert "latency" not in record["title"].lower()
