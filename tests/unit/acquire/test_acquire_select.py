"""Selection rules: which names are documents, which folders are excluded, ids, sizes."""

from __future__ import annotations

import pytest

from draftflow.acquire.rules import (
    Collector,
    build_documents,
    content_reason,
    document_ids,
    excluded_folder,
    is_document_name,
    size_reason,
)


@pytest.mark.parametrize(
    "path",
    [
        "README.md",
        "a/b/notes.markdown",
        "x.CSV",
        "t.tsv",
        "r.json",
        "r.jsonl",
        "runs.ndjson",
        "lmeval.log",
        "bandwidth.out",
        "notebook.ipynb",
        "article.adoc",
        "index.rst",
        "c.yaml",
        "c.yml",
        "p.toml",
        "m.txt",
        ".env.example",
        "runtime/cluster.env.example",
        "config.example",
        "litellm-config.example.yaml",
        "settings.ini.example",
        "pi-models.dspark.example.json",
        "LICENSE",  # the repository's license, at its root: the record's declared license
        "COPYING",
    ],
)
def test_document_names(path: str) -> None:
    assert is_document_name(path)


@pytest.mark.parametrize(
    "path",
    [
        "run.py",
        "image.png",
        ".env",
        "Makefile",
        "tool.py.example",
        "archive.tar.gz",
        "README",
        "x.md.bak",
        "third/LICENSE",  # a vendored component's license is not the repository's
    ],
)
def test_not_document_names(path: str) -> None:
    assert not is_document_name(path)


def test_excluded_folders() -> None:
    assert excluded_folder(".github/workflows/ci.yml") == ".github/"
    assert excluded_folder("web/node_modules/pkg/README.md") == "web/node_modules/"
    assert excluded_folder("a/vendor/b/c/d.md") == "a/vendor/"
    assert excluded_folder("lib/python3.11/site-packages/x/METADATA.txt") == (
        "lib/python3.11/site-packages/"
    )
    assert excluded_folder(".venv", is_dir=True) == ".venv/"
    assert excluded_folder("third_party/x.md") == "third_party/"
    assert excluded_folder("docs/vendor.md") is None  # a file named like a folder is fine
    assert excluded_folder("vendors/x.md") is None


def test_size_and_content_reasons() -> None:
    assert size_reason(10, 10) is None
    assert size_reason(11, 10) == "too large: 11 bytes > 10 limit"
    assert content_reason(b"a\0b") == "binary: NUL byte"
    assert content_reason(b"\xff\xfe not utf-8 but text") is None


def test_collector_lists_each_excluded_folder_once() -> None:
    collector = Collector(max_bytes=100)
    for path in ("node_modules/a.md", "node_modules/b/c.md", "x.py"):
        if not collector.excluded(path):
            collector.is_document(path)
    collector.add("big.md", b"x" * 101)
    collector.add("ok.md", b"fine\n")
    assert [(s.path, s.reason) for s in collector.skipped] == [
        ("big.md", "too large: 101 bytes > 100 limit"),
        ("node_modules/", "excluded folder node_modules/: vendored or environment files"),
        ("x.py", "not a document type"),
    ]
    assert [f.path for f in collector.files] == ["ok.md"]


def test_document_ids_are_stable_and_unique() -> None:
    ids = document_ids("Owner/My-Repo", ["b/c.md", "b-c.md", "README.md", "a/b-c.md", "a-b/c.md"])
    assert ids["README.md"] == "my-repo-README.md"
    assert ids["a-b/c.md"] == "my-repo-a-b-c.md"
    assert ids["a/b-c.md"].startswith("my-repo-a-b-c.md-")
    assert ids["b-c.md"] == "my-repo-b-c.md"
    assert ids["b/c.md"].startswith("my-repo-b-c.md-")
    assert len(set(ids.values())) == 5
    assert ids == document_ids("Owner/My-Repo", reversed(list(ids)))


@pytest.mark.parametrize(
    ("data", "lines"),
    [
        (b"", 0),
        (b"\n", 1),
        (b"one", 1),
        (b"one\n", 1),
        (b"one\ntwo", 2),
        (b"one\r\ntwo\r\n", 2),
        (b"\xef\xbb\xbfone\ntwo\n", 2),
        (b"\xef\xbb\xbf", 0),
        (b"a\n\n", 2),
        (b"\xff\n\xfe", 2),
    ],
)
def test_line_counts_match_github(data: bytes, lines: int) -> None:
    collector = Collector(max_bytes=100)
    collector.add("f.md", data)
    [document] = build_documents(collector.files, "o/n", "a" * 40)
    assert document.lines == lines
    assert document.bytes == len(data)
    assert document.pinned_url == f"https://github.com/o/n/blob/{'a' * 40}/f.md"
