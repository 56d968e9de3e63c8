"""Status words and attributions on the real corpus lines that showed the failures, and no
such figure in a headline."""

from __future__ import annotations

from conftest import CORPUS
from draftflow.acquire import acquire
from draftflow.extract.attribution import attribution_marks
from draftflow.extract.standing import _Marks
from draftflow.extract.status_words import status_marks
from draftflow.record.standing import Attribution, AttributionKind, ResultStatus, Status


def _document(repository: str, path: str):  # type: ignore[no-untyped-def]
    snapshot = acquire(str(CORPUS / repository))
    document = snapshot.by_path(path)
    assert document is not None
    return document


def _attributions(repository: str, path: str) -> list[Attribution]:
    marks = attribution_marks(_document(repository, path))
    return [m.standing for m in marks if isinstance(m.standing, Attribution)]


def test_reederey_superseded_banner_marks_the_whole_page() -> None:
    document = _document(
        "Reederey87__dgx-spark-2x-deepseek-v4-flash", "docs/08-optimization-and-vllm-025.md"
    )
    marks = [m for m in status_marks(document) if isinstance(m.standing, ResultStatus)]
    assert any(
        m.standing.status is Status.SUPERSEDED and m.standing.line == 3 and m.covers(258)
        for m in marks
    )


def test_teaql_gemini_flash_swarm_is_attributed_not_the_dgx_rows() -> None:
    marks = attribution_marks(
        _document(
            "teaql__nvidia-dgx-spark-model-benchmark",
            "reports/1000-OBJECTS-BENCHMARK-BREAKTHROUGH.md",
        )
    )
    intro = [m for m in marks if m.outside_tables]
    assert intro and intro[0].covers(14)  # `Total Execution Time: ~90 Seconds`
    assert "Gemini Flash" in intro[0].standing.who  # type: ignore[union-attr]
    rows = {m.first for m in marks if not m.outside_tables}
    assert 30 in rows and 22 not in rows  # the Flash swarm's row, not the DGX Spark endpoint's


def test_heitor_copied_vllm_issue_is_the_commenters() -> None:
    found = _attributions(
        "heitor-mocelin__dgx-spark-research",
        "AsusGx10/vllm-qwen3.6-35b-a3b/sources/012-vllm-issue33333-flashinfer-cutlass-sm120.md",
    )
    kinds = {a.kind for a in found}
    assert AttributionKind.QUOTED_SOURCE in kinds and AttributionKind.COMMENTER in kinds
    assert any(a.who == "pcgeek86" for a in found)  # the RTX 5080 / 5070 Ti user


def test_jvr0x_quanttrio_figure_is_the_recipes() -> None:
    found = _attributions("jvr0x__dgx-spark-bench", "docs/glm-5.2-2bit-evaluation-framework.md")
    assert any(a.who == "The QuantTrio recipe" and a.line == 108 for a in found)


def test_teaql_swarm_rows_that_name_nothing_are_the_swarms() -> None:
    """`| Round 31 | 400 Objects | ... | ~45s |` names no system, so the introduction that puts
    Gemini Flash to work speaks for it; a row that names DGX Spark speaks for itself."""
    document = _document(
        "teaql__nvidia-dgx-spark-model-benchmark", "reports/400-OBJECTS-BENCHMARK-MILESTONE.md"
    )
    marks = _Marks(document)
    covering = marks.narrowest(marks.attribution, 22)
    assert covering is not None and "Gemini Flash" in covering.standing.who  # type: ignore[union-attr]
    breakthrough = _Marks(
        _document(
            "teaql__nvidia-dgx-spark-model-benchmark",
            "reports/1000-OBJECTS-BENCHMARK-BREAKTHROUGH.md",
        )
    )
    assert breakthrough.narrowest(breakthrough.attribution, 22) is None  # `DGX Spark (Nemotron`
    flash_row = breakthrough.narrowest(breakthrough.attribution, 28)
    assert flash_row is not None
