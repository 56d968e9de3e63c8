"""The extract test helpers (`extract_support`) check themselves."""

from __future__ import annotations

from extract_support import REVISION, snapshot_of


def test_snapshot_of_numbers_lines_like_github() -> None:
    snapshot = snapshot_of({"a.md": "\ufeffone\r\ntwo\r\n", "b.csv": b"x\n1"})
    document = snapshot.by_path("a.md")
    assert document is not None
    assert document.line_list == ["one", "two"]
    assert document.line_url(2).endswith(f"/blob/{REVISION}/a.md#L2")
    assert snapshot.by_path("b.csv") is not None
