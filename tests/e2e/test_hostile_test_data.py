"""`scripts/refresh-test-data.sh` as a real process, in a copy of the repository's layout with a
small shared folder: it refuses its own destination, never follows a symlink, and replaces
`tests/data` whole or not at all."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = "jvr0x__dgx-spark-bench"


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` (symlinks as their target text), relative path → bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(root))] = os.readlink(path).encode()
        elif path.is_file():
            found[str(path.relative_to(root))] = path.read_bytes()
    return found


def shared_folder(where: Path, version: str) -> Path:
    """A shared data folder: one corpus repository (the example), an empty wild, gold, seeds."""
    shared = where / f"shared-{version}"
    readme = f"# bench {version}\n\n| model | tok/s |\n|---|---|\n| q | 41.2 |\n".encode()
    (shared / "corpus" / EXAMPLE).mkdir(parents=True)
    (shared / "corpus" / EXAMPLE / "README.md").write_bytes(readme)
    digest = hashlib.sha256(readme).hexdigest()
    entry = {
        "repository": "jvr0x/dgx-spark-bench",
        "url": "https://github.com/jvr0x/dgx-spark-bench",
        "files": [{"path": "README.md", "sha256": digest}],
    }
    (shared / "corpus" / "MANIFEST.json").write_text(json.dumps([entry]))
    (shared / "wild").mkdir()
    (shared / "wild" / "MANIFEST.json").write_text("[]")
    for part in ("devgold", "seeds"):
        (shared / part).mkdir()
        (shared / part / f"{part}-{version}.json").write_text(f'{{"v": "{version}"}}')
    return shared


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository layout holding the script and tests/data_files.py, its data from `v1`."""
    root = tmp_path / "repo"
    (root / "scripts").mkdir(parents=True)
    (root / "tests").mkdir()
    shutil.copy2(ROOT / "scripts" / "refresh-test-data.sh", root / "scripts")
    shutil.copy2(ROOT / "tests" / "data_files.py", root / "tests")
    (root / "tests" / "data").mkdir()
    (root / "examples").mkdir()
    first = script(root, shared_folder(tmp_path, "v1"))
    assert first.returncode == 0, first.stderr
    return root


def script(root: Path, shared: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(root / "scripts" / "refresh-test-data.sh"), str(shared)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def test_its_own_destination_is_refused_and_left_alone(repo: Path) -> None:
    data = repo / "tests" / "data"
    before = tree(data)
    result = script(repo, data)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert "is the destination" in result.stderr and "fix: " in result.stderr, result.stderr
    assert tree(data) == before


def test_a_symlink_in_the_source_is_skipped_never_followed(repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP-SECRET")
    shared = shared_folder(tmp_path, "v2")
    (shared / "devgold" / "etc").symlink_to(outside)
    (shared / "seeds" / "passwd.json").symlink_to(outside / "secret.txt")
    result = script(repo, shared)
    assert result.returncode == 0, result.stderr
    for name in ("devgold/etc", "seeds/passwd.json"):
        assert f"skipped {shared / name}: a symlink, never followed" in result.stderr
    copied = tree(repo / "tests" / "data")
    assert not any(b"TOP-SECRET" in content for content in copied.values())
    assert "devgold/devgold-v2.json" in copied and "devgold/devgold-v1.json" not in copied


def test_a_copy_that_fails_leaves_tests_data_as_it_was(repo: Path, tmp_path: Path) -> None:
    data = repo / "tests" / "data"
    before = tree(data)
    shared = shared_folder(tmp_path, "v2")
    os.mkfifo(shared / "seeds" / "pipe.json")  # copied last; shutil refuses named pipes
    result = script(repo, shared)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert f"{data} is left as it was" in result.stderr, result.stderr
    assert tree(data) == before  # not half-replaced: corpus, devgold and wild are still v1
    assert sorted(p.name for p in data.parent.iterdir()) == ["data", "data_files.py"]


@pytest.mark.parametrize("part", ["corpus", "wild"])
def test_a_part_that_is_a_symlink_is_refused_never_followed(
    repo: Path, tmp_path: Path, part: str
) -> None:
    """A part of the source (`corpus/`, `wild/`) that is itself a symlink to a folder outside
    (the issue's `/etc`) is refused before any copy; `tests/data` is left as it was."""
    data = repo / "tests" / "data"
    before = tree(data)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOP-SECRET")
    (outside / "MANIFEST.json").write_text("[]")
    shared = shared_folder(tmp_path, "v2")
    shutil.rmtree(shared / part)
    (shared / part).symlink_to(outside)
    result = script(repo, shared)
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert f"{shared / part} is a symlink, never followed" in result.stderr, result.stderr
    assert tree(data) == before
