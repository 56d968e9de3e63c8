"""The article's notes on status-marked and attributed figures (draft/standing.py): each
names the status (or who), the words and the place, as a pinned URL verify can check."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.draft.standing import MAX_STANDING_NOTES, MORE_MARKED, standing_notes
from draftflow.record.model import ReportedResult
from draftflow.record.standing import (
    Attribution,
    AttributionKind,
    ResultStatus,
    StandingScope,
    Status,
)

OLD = make_document(
    "docs/old.md", "# Old\n\nThese numbers are superseded.\n\n| a | 1 |\n| b | 2 |\n"
)
FORUM = make_document("notes/forum.md", "# Forum\n\nReported by @alice: 77 tok/s.\n")


def _superseded(line: int, words: str = "superseded") -> ResultStatus:
    return ResultStatus(
        status=Status.SUPERSEDED, words=words, path=OLD.path, line=line, scope=StandingScope.SECTION
    )


def _marked(line: int, status: ResultStatus) -> ReportedResult:
    return make_result(OLD, line, float(line)).model_copy(update={"status": status})


def test_a_status_note_names_the_status_the_words_and_the_line_as_a_pinned_url() -> None:
    status = _superseded(3)
    [note] = standing_notes([_marked(5, status), _marked(6, status), make_result(OLD, 5, 9.0)])
    assert note.document_url == OLD.pinned_url
    assert f"{OLD.pinned_url}#L3" in note.text
    assert "superseded" in note.text and '("superseded")' in note.text
    assert "none of them is a headline result" in note.text  # a section's mark: its place


def test_an_attribution_note_names_who_measured_and_where() -> None:
    alice = Attribution(
        who="@alice",
        kind=AttributionKind.PERSON,
        words="Reported by @alice",
        path=FORUM.path,
        line=3,
        scope=StandingScope.SENTENCE,
    )
    result = make_result(FORUM, 3, 77.0).model_copy(update={"attribution": alice})
    [note] = standing_notes([result])
    assert note.text.startswith(f"The figures at {FORUM.pinned_url}#L3 are @alice's")
    assert note.document_url == FORUM.pinned_url


def test_the_most_marked_place_comes_first_and_more_places_are_summed_up() -> None:
    places = [_superseded(line, f"superseded {line}") for line in range(1, MAX_STANDING_NOTES + 2)]
    results = [_marked(5, status) for status in places]
    results += [_marked(6, places[-1])] * 2  # the last place marks three figures
    notes = standing_notes(results)
    assert len(notes) == MAX_STANDING_NOTES + 1
    assert f"#L{MAX_STANDING_NOTES + 1} " in notes[0].text
    assert notes[-1].text == MORE_MARKED and notes[-1].document_url is None


def test_unmarked_figures_give_no_note() -> None:
    assert standing_notes([make_result(OLD, 5, 1.0)]) == []


def test_a_figure_its_own_words_make_no_result_is_said_to_be_what_it_is() -> None:
    setup = ResultStatus(
        status=Status.SETUP, words="build", path=OLD.path, line=3, scope=StandingScope.SENTENCE
    )
    [note] = standing_notes([_marked(5, setup)])
    assert note.text.startswith(f"The figures at {OLD.pinned_url}#L3 are a time to set")
    assert '("build")' in note.text and "marks" not in note.text


def test_a_status_note_names_the_figures_its_words_mark_not_the_whole_line() -> None:
    """JoshCork/intel-ai-benchmarking cross-platform-benchmarking.md:15: "measured 22.8 TPS
    (which predicted 21-22 TPS)" was noted as "the figures at L15" marked predicted, the
    author's lead claim 22.8 among them."""
    text = "# Results\n\nA follow-up measured 22.8 TPS (which predicted 21-22 TPS).\n"
    report = make_document("docs/report.md", text)
    predicted = ResultStatus(
        status=Status.ESTIMATED,
        words="predicted",
        path=report.path,
        line=3,
        scope=StandingScope.SENTENCE,
    )
    marked = [
        make_result(report, 3, value).model_copy(update={"status": predicted})
        for value in (21.0, 22.0)
    ]
    [note] = standing_notes([*marked, make_result(report, 3, 22.8)])
    assert "21 and 22" in note.text and "22.8" not in note.text
    assert "neither of them is a headline result" in note.text


def test_a_hosted_models_run_is_not_said_to_be_someone_elses_measurement() -> None:
    """luongnv89: the author's own harness run of `opencode/x-preview-f-free` was called
    "opencode/x-preview-f-free's, not the repository author's measurements" (read33-s21)."""
    hosted = Attribution(
        who="opencode/x-preview-f-free",
        kind=AttributionKind.HOSTED_MODEL,
        words="opencode/x-preview-f-free",
        path=FORUM.path,
        line=3,
        scope=StandingScope.DOCUMENT,
    )
    result = make_result(FORUM, 3, 77.0).model_copy(update={"attribution": hosted})
    [note] = standing_notes([result])
    assert "not the repository author's" not in note.text
    assert note.text == (
        f"The figures at {FORUM.pinned_url}#L3 are of the hosted model "
        "opencode/x-preview-f-free, not of a model run on the repository's hardware, so none "
        "of them is a headline result."
    )


def test_a_path_s_word_is_not_said_to_be_the_author_s_mark() -> None:
    """cipher982 (read33-s23): "The author marks the figures at docs/specs/ai-operator.md#L1 as
    specification ("specs")": the word is the folder's; the author marks nothing."""
    spec = make_document("docs/specs/ai-operator.md", "# AI Operator Spec\n\n| a | 5 |\n")
    status = ResultStatus(
        status=Status.SPECIFICATION,
        words="specs",
        path=spec.path,
        line=1,
        scope=StandingScope.FILE_NAME,
    )
    [note] = standing_notes([make_result(spec, 3, 5.0).model_copy(update={"status": status})])
    assert "author" not in note.text
    assert f'{spec.pinned_url}#L1 reads "specs"' in note.text


def test_a_specification_column_the_author_says_was_measured_gets_no_note() -> None:
    """Huaming007 (read33-s23): "The author marks the figures at README.md#L21 as specification
    ("理论峰值 (GFLOPS/GIOPS)")" under "通过 `vkpeak` 实测" (measured with vkpeak)."""
    text = (
        "# GPU\n\n通过 `vkpeak` 实测，Adreno 740 的算力：\n\n"
        "| 测试项目 | 理论峰值 (GFLOPS/GIOPS) |\n| :--- | :--- |\n| FP16 | 4163.19 |\n"
    )
    readme = make_document("README.md", text)
    status = ResultStatus(
        status=Status.SPECIFICATION,
        words="理论峰值 (GFLOPS/GIOPS)",
        path=readme.path,
        line=5,
        scope=StandingScope.COLUMN,
    )
    marked = make_result(readme, 7, 4163.19).model_copy(update={"status": status})

    def lines(url: str) -> list[str]:
        return readme.line_list if url == readme.pinned_url else []

    assert standing_notes([marked], lines) == []
    # a specification column nothing beside it calls measured keeps its note
    plain = make_document("README.md", text.replace("通过 `vkpeak` 实测，", ""))

    def plain_lines(url: str) -> list[str]:
        return plain.line_list

    [note] = standing_notes([marked], plain_lines)
    assert "as specification" in note.text
