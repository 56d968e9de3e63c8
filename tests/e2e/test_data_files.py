"""The carried test data: every file matches its checksum, and the check names any that does not."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import data_files
from data_files import DATA, EXAMPLES, check, refresh, sums_problems


def test_the_carried_data_and_example_match_their_checksums_and_manifests() -> None:
    assert check() == []
    assert len(data_files.read_sums(DATA / "SHA256SUMS")) >= 1291


@pytest.fixture(scope="module")
def copied(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """`refresh` run from the carried data into a fresh folder, as from a shared/ folder."""
    root = tmp_path_factory.mktemp("copy")
    data, examples = root / "data", root / "examples"
    data.mkdir()
    examples.mkdir()
    refresh(DATA, data, examples)
    return data, examples


def test_refresh_copies_byte_exact_and_writes_checksums_that_check(
    copied: tuple[Path, Path],
) -> None:
    data, examples = copied
    assert check(data, examples) == []
    shared_sums = [
        line
        for line in (DATA / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
        if not line.split("  ", 1)[1].startswith("teamgold/")  # the team's own: not refreshed
    ]
    assert (data / "SHA256SUMS").read_text(encoding="utf-8").splitlines() == shared_sums
    assert (examples / "MANIFEST.json").read_bytes() == (EXAMPLES / "MANIFEST.json").read_bytes()


@pytest.mark.parametrize(
    ("relative", "says"),
    [
        ("devgold/POLICY.md", "differs from its recorded sha256"),
        ("corpus/turboderp__exllamav2/README.md", "differs from its recorded sha256"),
        ("seeds/000_6cdd457144339b26.txt", "differs from its recorded sha256"),
    ],
)
def test_one_changed_byte_is_named(tmp_path: Path, relative: str, says: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    target = data / relative
    content = bytearray(target.read_bytes())
    content[0] ^= 1
    target.write_bytes(bytes(content))
    problems = check(data, EXAMPLES)
    assert problems and all(str(target) in p for p in problems)
    assert says in problems[0]


def test_a_missing_or_extra_file_is_named(copied: tuple[Path, Path], tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(copied[0], data)
    (data / "seeds" / "README.md").unlink()
    (data / "devgold" / "extra.json").write_text("{}")
    problems = sums_problems(data)
    assert any("seeds/README.md is missing" in p for p in problems)
    assert any("devgold/extra.json is not listed" in p for p in problems)


def test_a_changed_example_file_is_named(copied: tuple[Path, Path], tmp_path: Path) -> None:
    data, examples = copied[0], tmp_path / "examples"
    shutil.copytree(copied[1], examples)
    target = examples / "jvr0x__dgx-spark-bench" / "README.md"
    target.write_bytes(target.read_bytes() + b"\n")
    assert check(data, examples) == [f"{target} differs from its recorded sha256 07bcf3dc9a37…"]


def test_refresh_refuses_a_source_folder_without_the_parts(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="not found"):
        refresh(tmp_path, tmp_path / "data", tmp_path / "examples")


def test_the_command_prints_usage_without_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert data_files.main([]) == 2
    assert "usage:" in capsys.readouterr().err
