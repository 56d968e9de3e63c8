"""Snapshot lookups: by id, path and pinned URL, the first of each, following the documents."""

from __future__ import annotations

from draftflow.acquire.snapshot import Document, Snapshot


def document(name: str, *, path: str | None = None) -> Document:
    return Document(
        document_id=name,
        path=path or f"{name}.md",
        sha256="0" * 64,
        bytes=1,
        lines=1,
        pinned_url=f"https://github.com/o/r/blob/{'0' * 40}/{path or name + '.md'}",
        data=b"x",
    )


def snapshot(*documents: Document) -> Snapshot:
    return Snapshot(
        repository="o/r", url="u", revision="0" * 40, commit_time=None, documents=list(documents)
    )


def test_lookups_by_id_path_and_url_ignore_the_line_anchor() -> None:
    a, b = document("a"), document("b", path="docs/b.md")
    pinned = snapshot(a, b)
    assert pinned.document("b") is b and pinned.by_path("docs/b.md") is b
    assert pinned.by_url(b.pinned_url + "#L12") is b and pinned.by_url(a.pinned_url) is a
    assert pinned.document("c") is None and pinned.by_url("https://elsewhere/x.md") is None


def test_the_first_of_two_documents_with_one_id_is_found() -> None:
    first, second = document("a"), document("a", path="other.md")
    assert snapshot(first, second).document("a") is first


def test_a_copy_with_other_documents_finds_its_own() -> None:
    a, b = document("a"), document("b")
    pinned = snapshot(a)
    assert pinned.document("a") is a  # the tables are built
    changed = pinned.model_copy(update={"documents": [b]})
    assert changed.document("a") is None and changed.document("b") is b
    assert pinned.document("a") is a
    assert changed == snapshot(b)  # the tables are not part of the model
