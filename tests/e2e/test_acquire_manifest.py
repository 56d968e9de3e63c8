"""A plain folder named in the MANIFEST.json beside it needs no --origin or --revision, and only
while the documents read from it are the manifest's files, byte for byte."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import KeptExtractions
from draftflow.acquire import acquire
from draftflow.cli import main
from draftflow.errors import InputError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOLDER = "jvr0x__dgx-spark-bench"
REVISION = "a486d93911d504bfeaa33d6af5cdb454fcf29cae"


@pytest.fixture()
def example(tmp_path: Path) -> Path:
    """A copy of the README's example folder with its manifest beside it."""
    shutil.copytree(EXAMPLES / FOLDER, tmp_path / FOLDER)
    shutil.copy(EXAMPLES / "MANIFEST.json", tmp_path / "MANIFEST.json")
    return tmp_path / FOLDER


def test_the_manifest_beside_a_folder_names_its_repository_and_revision(example: Path) -> None:
    snapshot = acquire(str(example))
    assert (snapshot.repository, snapshot.revision) == ("jvr0x/dgx-spark-bench", REVISION)
    entry = json.loads((example.parent / "MANIFEST.json").read_text())[0]
    listed = {f["path"]: f["sha256"] for f in entry["files"]}
    assert snapshot.documents
    for document in snapshot.documents:
        assert listed[document.path] == document.sha256
        assert document.pinned_url.startswith(
            f"https://github.com/jvr0x/dgx-spark-bench/blob/{REVISION}/"
        )


def test_a_changed_file_is_refused_as_not_the_copy_the_manifest_describes(example: Path) -> None:
    readme = example / "README.md"
    readme.write_bytes(readme.read_bytes().replace(b"a", b"b", 1))
    with pytest.raises(
        InputError, match=r"README\.md differs from its sha256 in .*MANIFEST\.json"
    ) as caught:
        acquire(str(example))
    assert "restore the file from https://github.com/jvr0x/dgx-spark-bench" in (
        caught.value.hint or ""
    )


def test_an_added_document_is_refused_as_not_listed(example: Path) -> None:
    (example / "NOTES.md").write_text("tokens/s 99\n")
    with pytest.raises(InputError, match=r"NOTES\.md is not listed in"):
        acquire(str(example))


def test_a_file_that_is_no_document_may_be_added(example: Path) -> None:
    (example / "run.sh").write_text("echo 99\n")
    assert acquire(str(example)).revision == REVISION


def test_flags_take_precedence_over_the_manifest(example: Path) -> None:
    (example / "NOTES.md").write_text("tokens/s 99\n")
    snapshot = acquire(str(example), origin="https://github.com/o/n", revision="c" * 40)
    assert (snapshot.repository, snapshot.revision) == ("o/n", "c" * 40)


def test_a_folder_the_manifest_does_not_name_still_needs_the_flags(example: Path) -> None:
    renamed = example.rename(example.parent / "other__name")
    with pytest.raises(InputError, match=r"no MANIFEST\.json beside it names it") as caught:
        acquire(str(renamed))
    assert "--origin" in (caught.value.hint or "")


def test_a_folder_without_a_manifest_still_needs_the_flags(example: Path) -> None:
    (example.parent / "MANIFEST.json").unlink()
    with pytest.raises(InputError, match="is a plain folder, not a git checkout"):
        acquire(str(example))


@pytest.mark.parametrize("text", ["{not json", '{"repository": "a/b"}', '[{"repository": "a/b"}]'])
def test_an_unreadable_manifest_is_an_input_error_with_a_fix(example: Path, text: str) -> None:
    (example.parent / "MANIFEST.json").write_text(text)
    with pytest.raises(InputError, match="is not a readable manifest") as caught:
        acquire(str(example))
    assert "--origin and --revision" in (caught.value.hint or "")


def test_the_readme_main_command_drafts_the_example_with_no_flags(
    tmp_path: Path, kept_extractions: KeptExtractions
) -> None:
    """The command as the README writes it. The example is the corpus's jvr0x folder byte for
    byte (one snapshot fingerprint), so its extraction is the run's kept one (conftest), made
    here if no other test made it first; the manifest's reading, select, draft, verify and
    what the command prints are this run's own."""
    readme = (EXAMPLES.parent / "README.md").read_text(encoding="utf-8")
    command = "draftflow draft examples/jvr0x__dgx-spark-bench --records-dir /tmp/draftflow-demo"
    assert command in readme
    records = tmp_path / "records"
    with kept_extractions():
        result = CliRunner().invoke(
            main, ["draft", str(EXAMPLES / FOLDER), "--records-dir", str(records)]
        )
    assert result.exit_code == 0, result.output
    claimed = re.search(r"It prints `(\d+ headline results? of \d+ figures?)`", readme)
    assert claimed is not None, "the README says what the main command prints"
    assert claimed.group(1) in result.output, "the README's claim is what the command prints"
    record = json.loads((records / "jvr0x-dgx-spark-bench.json").read_text(encoding="utf-8"))
    assert record["source"]["revision"] == REVISION


def test_nothing_in_src_readme_or_help_points_outside_the_repository() -> None:
    root = EXAMPLES.parent
    texts = [root / "README.md", *sorted((root / "src").rglob("*.py"))]
    offenders = [str(p) for p in texts if "../shared" in p.read_text(encoding="utf-8")]
    assert offenders == []
    assert "../shared" not in CliRunner().invoke(main, ["eval", "--help"]).output
