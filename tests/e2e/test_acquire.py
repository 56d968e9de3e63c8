"""acquire(): the whole corpus as plain folders and as git checkouts, and hostile trees."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from conftest import CORPUS
from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot, pinned_url, sha256_hex
from draftflow.errors import InputError
from gitrepo import FIXED_DATE, git

ORIGIN = "https://github.com/example-owner/Hostile-Repo"
REVISION = "0123456789abcdef0123456789abcdef01234567"
SECRET = "TOP-SECRET-OUTSIDE-THE-REPOSITORY"


def _manifest_folders() -> list[str]:
    """Every corpus folder MANIFEST.json lists (`owner__name`); empty where the corpus is absent,
    so the corpus fixture fails with its own message instead of collection failing."""
    manifest = CORPUS / "MANIFEST.json"
    if not manifest.is_file():
        return []
    return sorted(e["repository"].replace("/", "__") for e in json.loads(manifest.read_text()))


CORPUS_FOLDERS = _manifest_folders()


def _in_any(path: str, folders: set[str]) -> bool:
    return any(path == f or path.startswith(f.rstrip("/") + "/") for f in folders)


def github_line_count(data: bytes) -> int:
    """Lines as GitHub shows them, computed independently of `split_lines`."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data:
        return 0
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


def assert_matches_manifest(snapshot: Snapshot, entry: dict[str, Any], revision: str) -> None:
    """Every manifest file is read byte-exact, except vendored folders, which are skipped aloud."""
    vendored = {s.path for s in snapshot.skipped}
    assert all(s.reason.startswith("excluded folder ") for s in snapshot.skipped)
    expected = {f["path"]: f for f in entry["files"] if not _in_any(f["path"], vendored)}
    assert all(any(_in_any(f["path"], {v}) for f in entry["files"]) for v in vendored)
    assert {d.path for d in snapshot.documents} == set(expected)
    assert snapshot.repository == entry["repository"]
    assert snapshot.url == entry["url"]
    assert snapshot.revision == revision
    for document in snapshot.documents:
        assert document.sha256 == expected[document.path]["sha256"], document.path
        assert document.bytes == expected[document.path]["bytes"], document.path
        assert sha256_hex(document.data) == document.sha256
        assert document.pinned_url == pinned_url(entry["repository"], revision, document.path)
        assert document.pinned_url.startswith(f"{entry['url']}/blob/{revision}/")
        assert document.lines == github_line_count(document.data), document.path
    ids = [d.document_id for d in snapshot.documents]
    assert len(set(ids)) == len(ids)
    assert [d.path for d in snapshot.documents] == sorted(expected)


def test_corpus_folders_are_all_listed(corpus_dir: Path, manifest: dict[str, Any]) -> None:
    on_disk = sorted(p.name for p in corpus_dir.iterdir() if p.is_dir())
    assert on_disk == sorted(manifest) == CORPUS_FOLDERS
    assert len(CORPUS_FOLDERS) >= 10


@pytest.mark.parametrize("folder", CORPUS_FOLDERS)
def test_plain_corpus_folder_matches_manifest(
    folder: str, corpus_dir: Path, manifest: dict[str, Any]
) -> None:
    entry = manifest[folder]
    snapshot = acquire(str(corpus_dir / folder), origin=entry["url"], revision=entry["revision"])
    # Every corpus file passes selection: the corpus was copied with the same rules.
    assert_matches_manifest(snapshot, entry, entry["revision"])
    assert snapshot.commit_time is None


@pytest.mark.parametrize("folder", CORPUS_FOLDERS)
def test_git_checkout_of_corpus_folder_matches_manifest(
    folder: str, corpus_dir: Path, manifest: dict[str, Any], make_git_repo: Any
) -> None:
    entry = manifest[folder]
    repo = make_git_repo(corpus_dir / folder, origin=f"{entry['url']}.git")
    snapshot = acquire(str(repo))
    head = git(repo, "rev-parse", "HEAD")
    assert_matches_manifest(snapshot, entry, head)
    assert snapshot.commit_time == FIXED_DATE


def test_document_ids_follow_the_architecture(corpus_dir: Path, manifest: dict[str, Any]) -> None:
    entry = manifest["heitor-mocelin__dgx-spark-research"]
    snapshot = acquire(
        str(corpus_dir / "heitor-mocelin__dgx-spark-research"),
        origin=entry["url"],
        revision=entry["revision"].upper(),
    )
    assert snapshot.revision == entry["revision"]
    document = snapshot.by_path("Monitoring/.env.example")
    assert document is not None
    assert document.document_id == "dgx-spark-research-Monitoring-.env.example"


def test_colliding_document_ids_get_a_hash_suffix(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "b.md").write_text("one\n")
    (tmp_path / "a-b.md").write_text("two\n")
    snapshot = acquire(str(tmp_path), origin=ORIGIN, revision=REVISION)
    ids = {d.path: d.document_id for d in snapshot.documents}
    assert ids["a-b.md"] == "hostile-repo-a-b.md"
    assert ids["a/b.md"].startswith("hostile-repo-a-b.md-")
    assert len(ids["a/b.md"]) == len("hostile-repo-a-b.md-") + 8


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    """A folder outside the repository holding a secret file and a secret folder."""
    folder = tmp_path / "outside"
    (folder / "dir").mkdir(parents=True)
    (folder / "secret.md").write_text(SECRET + "\n")
    (folder / "dir" / "inner.md").write_text(SECRET + "\n")
    return folder


def build_hostile_tree(root: Path, outside: Path) -> Path:
    """A repository copy with every hostile case the acquire stage must survive."""
    root.mkdir()
    files: dict[str, bytes] = {
        "README.md": b"# ok\n",
        "nul.md": b"looks like markdown\0but is binary\n",
        "invalid.md": b"caf\xe9 \xff\xfe\nsecond\n",
        "crlf.md": b"one\r\ntwo\r\nthree\r\n",
        "bom.md": b"\xef\xbb\xbfone\ntwo\n",
        "no-final-newline.md": b"one\ntwo",
        "empty.txt": b"",
        "blank-lines.md": b"one\n\n\n",
        "big.csv": b"x,y\n" + b"1,2\n" * 40,
        "script.py": b"print('hi')\n",
        "image.png": b"\x89PNG\r\n",
        ".env": b"API_KEY=real-secret\n",
        ".env.example": b"API_KEY=\n",
        "runtime/cluster.env.example": b"NODES=2\n",
        "config.example": b"port = 1\n",
        "tool.py.example": b"print(1)\n",
        "docs/guide.markdown": b"guide\n",
        "data/rows.tsv": b"a\tb\n",
        "data/rows.jsonl": b"{}\n",
        "node_modules/pkg/README.md": b"vendored\n",
        ".github/workflows/ci.yml": b"on: push\n",
        "src/vendor/lib/notes.md": b"vendored\n",
    }
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    (root / "leak.md").symlink_to(outside / "secret.md")
    (root / "linked-dir").symlink_to(outside / "dir", target_is_directory=True)
    (root / "inside-link.md").symlink_to("README.md")
    return root


EXPECTED_DOCUMENTS = {
    ".env.example": 1,
    "README.md": 1,
    "blank-lines.md": 3,
    "bom.md": 2,
    "config.example": 1,
    "crlf.md": 3,
    "data/rows.jsonl": 1,
    "data/rows.tsv": 1,
    "docs/guide.markdown": 1,
    "empty.txt": 0,
    "invalid.md": 2,
    "no-final-newline.md": 2,
    "runtime/cluster.env.example": 1,
}
EXPECTED_SKIPS = {
    ".env": "not a document type",
    ".github/": "excluded folder .github/: CI configuration",
    "big.csv": "too large: 164 bytes > 100 limit",
    "image.png": "not a document type",
    "inside-link.md": "symlink: not followed",
    "leak.md": "symlink: not followed",
    "linked-dir": "symlink: not followed",
    "node_modules/": "excluded folder node_modules/: vendored or environment files",
    "nul.md": "binary: NUL byte",
    "script.py": "not a document type",
    "src/vendor/": "excluded folder vendor/: vendored or environment files",
    "tool.py.example": "not a document type",
}


def assert_hostile_snapshot(snapshot: Snapshot, extra_skips: dict[str, str]) -> None:
    assert {d.path: d.lines for d in snapshot.documents} == EXPECTED_DOCUMENTS
    assert {s.path: s.reason for s in snapshot.skipped} == EXPECTED_SKIPS | extra_skips
    for document in snapshot.documents:
        assert SECRET.encode() not in document.data
        assert b"real-secret" not in document.data
    invalid = snapshot.by_path("invalid.md")
    assert invalid is not None
    assert invalid.data == b"caf\xe9 \xff\xfe\nsecond\n"
    assert invalid.line(1) == "caf\ufffd \ufffd\ufffd"
    assert invalid.line(2) == "second"
    crlf, bom = snapshot.by_path("crlf.md"), snapshot.by_path("bom.md")
    assert crlf is not None and crlf.line(3) == "three"
    assert bom is not None and bom.line(1) == "one"


def test_hostile_plain_folder(tmp_path: Path, outside: Path) -> None:
    root = build_hostile_tree(tmp_path / "copy", outside)
    os.mkfifo(root / "pipe.md")  # reading a FIFO would hang: it must be skipped unopened
    snapshot = acquire(str(root), origin=ORIGIN, revision=REVISION, max_bytes=100)
    assert_hostile_snapshot(snapshot, {"pipe.md": "not a regular file"})
    assert snapshot.commit_time is None


def test_hostile_git_checkout(tmp_path: Path, outside: Path, make_git_repo: Any) -> None:
    source = build_hostile_tree(tmp_path / "source", outside)
    repo = make_git_repo(source, origin=ORIGIN)
    assert git(repo, "ls-files", "-s", "leak.md").startswith("120000")
    snapshot = acquire(str(repo), max_bytes=100)
    assert_hostile_snapshot(snapshot, {})
    assert snapshot.repository == "example-owner/Hostile-Repo"


def test_default_size_limit_is_one_million_bytes(tmp_path: Path) -> None:
    (tmp_path / "exact.csv").write_bytes(b"a" * 1_000_000)
    (tmp_path / "over.csv").write_bytes(b"a" * 1_000_001)
    snapshot = acquire(str(tmp_path), origin=ORIGIN, revision=REVISION)
    assert [d.path for d in snapshot.documents] == ["exact.csv"]
    assert [(s.path, s.reason) for s in snapshot.skipped] == [
        ("over.csv", "too large: 1000001 bytes > 1000000 limit")
    ]


def test_git_checkout_reads_the_commit_not_the_work_tree(
    tmp_path: Path, make_git_repo: Any
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("first\n")
    repo = make_git_repo(source, origin="git@github.com:Owner/Name.git")
    first = git(repo, "rev-parse", "HEAD")
    (repo / "README.md").write_text("second\nversion\n")
    git(repo, "commit", "-q", "-am", "second")
    (repo / "README.md").write_text("uncommitted edit\n")
    (repo / "untracked.md").write_text("not committed\n")

    head = acquire(str(repo))
    assert head.repository == "Owner/Name"
    assert head.revision == git(repo, "rev-parse", "HEAD")
    assert [d.path for d in head.documents] == ["README.md"]
    assert head.documents[0].data == b"second\nversion\n"

    old = acquire(str(repo), revision=first[:7])
    assert old.revision == first
    assert old.documents[0].data == b"first\n"
    assert old.documents[0].pinned_url == f"https://github.com/Owner/Name/blob/{first}/README.md"

    branch = acquire(str(repo), revision="main~1", origin="https://github.com/Other/Repo")
    assert branch.revision == first
    assert branch.repository == "Other/Repo"


@pytest.mark.parametrize(
    ("revision", "origin", "remote", "message"),
    [
        ("does-not-exist", None, ORIGIN, "revision 'does-not-exist' does not exist"),
        ("--output=/tmp/x", None, ORIGIN, "does not exist"),
        (None, "https://gitlab.com/a/b", ORIGIN, "is not a GitHub repository URL"),
    ],
)
def test_git_checkout_errors(
    tmp_path: Path,
    make_git_repo: Any,
    revision: str | None,
    origin: str | None,
    remote: str | None,
    message: str,
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("x\n")
    repo = make_git_repo(source, origin=remote)
    with pytest.raises(InputError) as raised:
        acquire(str(repo), revision=revision, origin=origin)
    assert message in raised.value.message
    assert raised.value.hint


@pytest.mark.parametrize(
    ("remote", "repository", "url"),
    [
        (None, "{parent}/repo", "local://localhost/{parent}/repo"),
        ("https://gitlab.com/a/b.git", "a/b", "local://gitlab.com/a/b"),
        ("/srv/mirrors/bench.git", "mirrors/bench", "local://localhost/mirrors/bench"),
        ("file:///srv/mirrors/bench.git", "mirrors/bench", "local://localhost/mirrors/bench"),
    ],
)
def test_a_copy_whose_origin_is_not_github_has_local_urls(
    tmp_path: Path, make_git_repo: Any, remote: str | None, repository: str, url: str
) -> None:
    """Named as its origin says (with none, as its own path does), pinned URLs marked local,
    until --origin names the GitHub repository."""
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("x\n")
    repo = make_git_repo(source, origin=remote)
    repository, url = (text.format(parent=tmp_path.name) for text in (repository, url))
    snapshot = acquire(str(repo))
    assert (snapshot.repository, snapshot.url, snapshot.is_local) == (repository, url, True)
    assert snapshot.documents[0].pinned_url == f"{url}/blob/{snapshot.revision}/README.md"
    again = acquire(str(repo), origin=url)  # as verify reads it again, by the record's URL
    assert (again.repository, again.url) == (repository, url)
    public = acquire(str(repo), origin=ORIGIN)
    assert public.url == ORIGIN and not public.is_local


def test_a_bare_mirror_reads_from_a_file_url(tmp_path: Path, make_git_repo: Any) -> None:
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("x\n")
    repo = make_git_repo(source, origin=ORIGIN)
    mirror = tmp_path / "mirror.git"
    git(tmp_path, "clone", "-q", "--mirror", str(repo), str(mirror))
    snapshot = acquire(f"file://{mirror}")
    assert snapshot.repository == f"{tmp_path.name}/repo" and snapshot.is_local
    assert acquire(f"file://{mirror}", origin=ORIGIN).url == ORIGIN
    with pytest.raises(InputError, match="does not exist"):
        acquire(f"file://{tmp_path}/no-such.git")


def test_empty_git_repository_is_a_clear_error(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    with pytest.raises(InputError, match="has no commits yet"):
        acquire(str(tmp_path), origin=ORIGIN)


def test_inherited_git_dir_does_not_redirect_reads(
    tmp_path: Path, make_git_repo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("the right repository\n")
    repo = make_git_repo(source, origin=ORIGIN)
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "-q")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))  # as when run from inside a git hook
    snapshot = acquire(str(repo))
    assert snapshot.documents[0].data == b"the right repository\n"


def test_empty_git_repository_hint_says_how_to_fix(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    with pytest.raises(InputError) as raised:
        acquire(str(tmp_path), origin=ORIGIN)
    assert raised.value.hint and "git commit" in raised.value.hint


def test_submodules_are_listed_not_followed(tmp_path: Path, make_git_repo: Any) -> None:
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("x\n")
    repo = make_git_repo(source, origin=ORIGIN)
    head = git(repo, "rev-parse", "HEAD")
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{head},external/lib")
    git(repo, "commit", "-q", "-m", "add a submodule")
    snapshot = acquire(str(repo))
    assert [d.path for d in snapshot.documents] == ["README.md"]
    assert [(s.path, s.reason) for s in snapshot.skipped] == [
        ("external/lib", "submodule: not followed")
    ]


def test_a_document_missing_from_a_partial_copy_is_skipped_with_the_fix(
    tmp_path: Path, make_git_repo: Any
) -> None:
    """A mirror that lists a file but lacks its content (git prints size `BAD`) was a
    traceback (KrisDcosta/edge-llm-bench's bare mirror): the rest is read, the missing
    document is listed with the way to fetch it, and a missing non-document is ignored."""
    source = tmp_path / "source"
    source.mkdir()
    (source / "README.md").write_text("Decode runs at 12.5 tok/s.\n")
    (source / "results.md").write_text("| model | tok/s |\n|---|---|\n| a | 3.2 |\n")
    (source / "libggml.so").write_bytes(b"\x7fELF" + bytes(range(256)))
    repo = make_git_repo(source, origin=ORIGIN)
    for name in ("results.md", "libggml.so"):
        object_id = git(repo, "rev-parse", f"HEAD:{name}")
        (repo / ".git" / "objects" / object_id[:2] / object_id[2:]).unlink()
    snapshot = acquire(str(repo))
    assert [d.path for d in snapshot.documents] == ["README.md"]
    skipped = {s.path: s.reason for s in snapshot.skipped}
    assert "partial or damaged clone" in skipped["results.md"]
    assert "git fetch --refetch" in skipped["results.md"]
    assert skipped.get("libggml.so") == "not a document type"


def test_nested_git_metadata_in_a_plain_folder_is_excluded(tmp_path: Path) -> None:
    (tmp_path / "nested" / ".git").mkdir(parents=True)
    (tmp_path / "nested" / ".git" / "description.txt").write_text("metadata\n")
    (tmp_path / "nested" / "notes.md").write_text("notes\n")
    snapshot = acquire(str(tmp_path), origin=ORIGIN, revision=REVISION)
    assert [d.path for d in snapshot.documents] == ["nested/notes.md"]
    assert [(s.path, s.reason) for s in snapshot.skipped] == [
        ("nested/.git/", "excluded folder .git/: git metadata")
    ]
