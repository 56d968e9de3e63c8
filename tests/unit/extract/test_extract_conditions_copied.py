"""A third party's page copied into a repository states its own system or none: the
README's machine is the repository author's, not the page's (`extract/conditions`)."""

from __future__ import annotations

from draftflow.extract.conditions import ConditionReader
from extract_support import snapshot_of

_README = """# dgx-spark-research

Measurements on the author's ASUS Ascent GX10 with vLLM.
"""

_PAGE = """---
title: "Community: single-GPU NVFP4 + MTP"
url: "https://github.com/someone/SPARK_Qwen"
publisher: "GitHub (community)"
retrieved: "2026-06-05"
---

# Qwen3.5-122B NVFP4

Decode reaches 38.4 tok/s.
"""

_OWN = """# Our run

Decode reaches 41.2 tok/s.
"""


def test_a_copied_page_takes_nothing_from_the_readme() -> None:
    snapshot = snapshot_of({"README.md": _README, "sources/016.md": _PAGE, "notes.md": _OWN})
    reader = ConditionReader(snapshot)
    page = next(d for d in snapshot.documents if d.path == "sources/016.md")
    own = next(d for d in snapshot.documents if d.path == "notes.md")
    readme_places = {n for d, n in reader.chain(own, 3) if d.path == "README.md"}
    assert readme_places  # the author's own page reads the README's opening
    assert all(d.path != "README.md" for d, _ in reader.chain(page, 10))
