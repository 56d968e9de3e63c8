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


def random_printable_ascii(size: int) -> bytes:
    """Seeded random printable ASCII with line breaks: valid UTF-8, no control character, digits
    everywhere; text by its encoding, no document by its content."""
    rng = random.Random(33)
    alphabet = [*range(32, 127), 10]
    return bytes(rng.choice(alphabet) for _ in range(size))


def random_legacy_bytes(size: int) -> bytes:
    """Seeded random bytes 0x20-0xFF that cp1252 decodes in full (its five undefined bytes and
    DEL left out): no NUL, no control character, invalid UTF-8, a legacy reading that fits."""
    rng = random.Random(34)
    alphabet = [b for b in range(32, 256) if b not in (0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D)]
    return bytes(rng.choice(alphabet) for _ in range(size))


def test_text_whose_content_is_no_document_is_skipped_with_its_reason(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    (repo / "notes.md").write_bytes(random_printable_ascii(20_000))
    (repo / "bench.md").write_bytes(random_legacy_bytes(20_000))
    (repo / "legacy.md").write_bytes(
        ("# Résultats\n\nDébit de décodage mesuré : 41,2 tok/s à 4 requêtes.\n" * 40).encode(
            "cp1252"
        )
    )
    result = cli(tmp_path, "sources", str(repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [d["path"] for d in payload["documents"]] == ["README.md", "legacy.md"]
    reasons = {s["path"]: s["reason"] for s in payload["skipped"]}
    assert set(reasons) == {"notes.md", "bench.md"}, reasons
    assert "spread like random bytes" in reasons["notes.md"]
    assert "outside ASCII in a single-byte reading" in reasons["bench.md"]


def random_multibyte(encoding: str, seed: int, size: int = 20_000) -> bytes:
    """Seeded random bytes 0x20-0xFE kept where they form characters of `encoding`: a strict
    reading in that encoding fits them, with no control character."""
    rng = random.Random(seed)
    raw = bytes(rng.randrange(0x20, 0xFF) for _ in range(size * 2))
    return raw.decode(encoding, errors="ignore").encode(encoding)[:size]


CHINESE = (
    "# 推理吞吐量\n\n在一台 DGX Spark 上测试 Qwen3-8B 的解码速度：每秒 41.2 个词元，"
    "并发 4 个请求。\n"
)


def test_random_bytes_in_a_multibyte_encoding_are_skipped(tmp_path: Path) -> None:
    """Random bytes that read as GB18030, Big5, Shift JIS or EUC-KR are no document; a real
    Chinese page written in GB18030 is one."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    garbage = {"gb.md": "gb18030", "big5.md": "big5", "sjis.md": "shift_jis", "kr.md": "euc_kr"}
    for seed, (name, encoding) in enumerate(garbage.items()):
        (repo / name).write_bytes(random_multibyte(encoding, seed))
    (repo / "zh.md").write_bytes((CHINESE * 40).encode("gb18030"))
    result = cli(tmp_path, "sources", str(repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [d["path"] for d in payload["documents"]] == ["README.md", "zh.md"]
    reasons = {s["path"]: s["reason"] for s in payload["skipped"]}
    assert set(reasons) == set(garbage), reasons
    assert all(r.startswith("not text: ") for r in reasons.values()), reasons


def test_an_elf_binary_named_md_is_skipped(tmp_path: Path) -> None:
    """The issue's case by its own name: an ELF executable with its NULs replaced, saved as
    `results.md`, is no document (the fixture above names it `latency.json`)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(README)
    (repo / "results.md").write_bytes(elf_without_nul())
    result = cli(tmp_path, "sources", str(repo), "--origin", ORIGIN, "--revision", REVISION,
                 "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [d["path"] for d in payload["documents"]] == ["README.md"]
    reasons = {s["path"]: s["reason"] for s in payload["skipped"]}
    assert reasons["results.md"].startswith("not text: "), reasons
