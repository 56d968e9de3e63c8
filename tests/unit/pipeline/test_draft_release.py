"""A draft lets go of what only verify read before it writes its files (issue 33, bounded at
any size: 100,000 figures were held twice over while the figures file was written)."""

from __future__ import annotations

from typing import Any, cast

from documents import make_document, make_result
from draftflow.extract import Extraction
from draftflow.extract.artifact import UnreadTable
from draftflow.pipeline.draft import _Staged
from extract_support import selection_from


def test_what_only_verify_read_is_let_go_and_what_the_outcome_reports_stays() -> None:
    document = make_document("README.md", "| run | tok/s |\n| a | 41.5 |\n")
    results = [make_result(document, 2, 41.5)]
    unread = [UnreadTable(place="README.md:9", reason="no_metric", numbers=3, columns=["x"])]
    extraction = Extraction(reported_results=results, harvested=results, unread_tables=unread)
    extraction.share_figures({(document.path, document.sha256): {2: list(results)}})
    selection = selection_from(extraction)
    staged = _Staged(cast(Any, None), extraction, selection, cast(Any, None), None, None, {})
    staged.release_verified()
    assert staged.extraction.reported_results == [] and staged.extraction.harvested == []
    assert staged.extraction.figures_by_line == {} and extraction.figures_by_line == {}
    assert staged.selection.figures == [] and staged.selection.headline == []
    assert staged.extraction.unread_tables == unread
    assert selection.figures and selection.headline == results  # the verified one is kept
