"""The verified record: assemble, verify, drop what is unsupported, and repeat.

Verification is always the last step before writing. Whatever the verifier cannot support is
dropped (results, test profiles, prose sentences, record-level runtimes and topics) and the
record is verified again, at most `MAX_DROP_ROUNDS` times, so a written draft carries no
unsupported number unflagged; what was dropped is listed for the editor.

The figures file is verified once, in the first round. A figure's verdict depends only on the
figure and the document it cites (rule 2 checks each result on its own line, and every cited
document is listed for it), so a later round, which only removes figures, reuses the first
round's flags of the figures it keeps, re-pointed at their new places. Checking every figure
again each round was the larger part of a big repository's draft (two passes over 7,000
figures for djangodevreng, measured with `benchmarks/profile_draft.py`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any

from draftflow.acquire.snapshot import Snapshot
from draftflow.draft import EditorialDraft, drop_sentences, without_removed
from draftflow.draft.removed import removal_notes
from draftflow.extract import Extraction
from draftflow.extract.merge import figure_key
from draftflow.pipeline.assemble import assemble, provenance_for
from draftflow.pipeline.without import without_conditions, without_fields, without_setup
from draftflow.record.bounds import bounded_provenance
from draftflow.record.model import Record, RemovedResult
from draftflow.select import (
    Figure,
    Selection,
    build_selection,
    figure_id,
    make_profiles,
    with_stated_labels,
)
from draftflow.text.pointer import pointer_parts
from draftflow.verify import (
    CheckedCounts,
    DocumentIndexes,
    Flag,
    VerificationReport,
    verify_figures,
    verify_record,
    with_figures,
)
from draftflow.verify.report import make_flag

MAX_DROP_ROUNDS = 3
FIGURES_KEY = "figures"

# Fields that change with the day a draft runs, not with what the sources say.
VOLATILE_PATHS = (
    ("source", "checked_on"),
    ("editorial", "published_on"),
    ("editorial", "modified_on"),
    ("editorial", "version"),
    ("provenance", "created_at"),
)


@dataclass
class DropLog:
    """What the rounds dropped, kept across rounds: for the record's provenance, and for the
    conditions and fields that stay dropped when the selection is rebuilt."""

    dropped: list[str] = field(default_factory=list)
    removed: list[RemovedResult] = field(default_factory=list)
    bad_conditions: dict[str, set[str]] = field(default_factory=dict)
    bad_figure_conditions: dict[str, set[str]] = field(default_factory=dict)
    """The conditions the figures file's own check refused, by figure id: gone from the
    figures file as well (a headline result's refused condition leaves only the record)."""
    bad_fields: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class VerifyInputs:
    """What one record is assembled from, besides the selection and draft the rounds change."""

    snapshot: Snapshot
    extraction: Extraction
    record_id: str
    previous: Record | None
    model: str | None
    today: date | None = None


@dataclass(frozen=True)
class FigureFlags:
    """The figures file's flags, by figure id, as the first round found them."""

    record_id: str
    by_figure: dict[str, list[Flag]]

    @classmethod
    def of(cls, report: VerificationReport, figures: list[Figure]) -> FigureFlags:
        """Each flag of `report` (located at `/figures/<i>/...`) under the id of figure i."""
        by_figure: dict[str, list[Flag]] = {figure.id: [] for figure in figures}
        for flag in report.flags:
            index = _figure_index(flag.location)
            if index is None or index >= len(figures):
                raise ValueError(f"a figures flag outside the figures list: {flag.location}")
            by_figure[figures[index].id].append(flag)
        return cls(report.record_id, by_figure)

    def report_for(self, figures: list[Figure]) -> VerificationReport:
        """The report of the figures file holding `figures` (each verified in round one)."""
        flags = [
            _moved(flag, index)
            for index, figure in enumerate(figures)
            for flag in self.by_figure[figure.id]
        ]
        errors = sum(1 for flag in flags if flag.is_error)
        counts = CheckedCounts(results=len(figures), errors=errors, warnings=len(flags) - errors)
        return VerificationReport(record_id=self.record_id, checked=counts, flags=flags)

    def without_conditions(self, dropped: dict[str, set[str]]) -> FigureFlags:
        """These flags less those of the conditions dropped from their figures (`figure id`
        -> {`key`, `key/inner`}): the condition is gone, and its flag with it."""
        by_figure = {
            figure: [flag for flag in flags if _condition_of(flag) not in dropped.get(figure, ())]
            for figure, flags in self.by_figure.items()
        }
        return FigureFlags(self.record_id, by_figure)


def assemble_verified(
    inputs: VerifyInputs, selection: Selection, draft: EditorialDraft, log: DropLog
) -> tuple[Record, VerificationReport, Selection]:
    """Assemble, verify the record and its figures, drop what is unsupported, and repeat until
    nothing more drops (or the rounds run out: then the last report's errors stay flagged)."""
    snapshot, extraction = inputs.snapshot, inputs.extraction
    today = inputs.today or datetime.now(UTC).date()
    created_at = datetime.now(UTC).replace(microsecond=0).isoformat()
    prompt_hashes = {**extraction.prompt_hashes, **selection.prompt_hashes, **draft.prompt_hashes}
    figure_flags: FigureFlags | None = None
    indexes = DocumentIndexes()  # every round and the figures file read each document once
    # and re-read each cited place by the figures extract harvested (no second harvest)
    indexes.readings.update(extraction.figures_by_line)
    rounds = 0
    while rounds < MAX_DROP_ROUNDS:  # a round that puts harvested readings back is not counted
        provenance = bounded_provenance(
            provenance_for(
                inputs.model, prompt_hashes, created_at, log.dropped, extraction.unread_tables
            ).model_copy(update={"removed": list(log.removed)})
        )
        record = assemble(
            snapshot,
            without_setup(extraction, log.bad_fields),
            draft,
            provenance=provenance,
            today=today,
            record_id=inputs.record_id,
            selection=selection,
        )
        record = stabilise(record, inputs.previous)
        report = verify_record(record, snapshot, indexes=indexes)
        if figure_flags is None:
            results = [figure.result for figure in selection.figures]
            figure_flags = FigureFlags.of(
                verify_figures(record, results, snapshot, indexes=indexes), selection.figures
            )
        report = with_figures(report, figure_flags.report_for(selection.figures))
        if not report.errors:
            return record, report, selection
        selection, replaced = _harvested_instead(
            log, snapshot, extraction, selection, report.errors
        )
        if replaced:
            figure_flags = None  # the harvested readings are verified afresh next round
            continue
        rounds += 1
        selection, draft = _drop_unsupported(log, snapshot, selection, draft, report.errors)
        figure_flags = figure_flags.without_conditions(log.bad_figure_conditions)
    return record, report, selection


def _condition_of(flag: Flag) -> str | None:
    """The condition a figures-file flag is about (`key`, or `key/inner` for one raw cell),
    or None for a flag of the figure itself."""
    parts = pointer_parts(flag.location)
    if len(parts) < 4 or parts[0] != FIGURES_KEY or parts[2] != "conditions":
        return None
    return "/".join(parts[3:5])


def _figure_index(location: str) -> int | None:
    parts = pointer_parts(location)
    if len(parts) < 2 or parts[0] != FIGURES_KEY or not parts[1].isdigit():
        return None
    return int(parts[1])


def _moved(flag: Flag, index: int) -> Flag:
    """`flag` re-pointed at figure `index` (its id follows its location)."""
    parts = flag.location.split("/")  # "", "figures", "<i>", ...
    location = "/".join([*parts[:2], str(index), *parts[3:]])
    if location == flag.location:
        return flag
    return make_flag(
        flag.severity, flag.rule, location, flag.claim, flag.message, list(flag.evidence)
    )


def _harvested_instead(
    log: DropLog,
    snapshot: Snapshot,
    extraction: Extraction,
    selection: Selection,
    errors: list[Flag],
) -> tuple[Selection, bool]:
    """The selection with each figure whose model reading verify refused replaced by the
    harvest's reading of the same value (a model that mislabels every figure leaves the
    harvested figures, not none); each replacement is listed as the model reading removed,
    a warning for the editor. True when anything was replaced."""
    if not extraction.harvested:
        return selection, False
    harvested = {figure_key(r): r for r in extraction.harvested}
    refused: dict[str, list[Flag]] = {}
    for error in errors:
        flagged = _flagged_figure(selection, error.location)
        if flagged is not None:
            refused.setdefault(flagged.id, []).append(error)
    swaps: dict[str, Figure] = {}
    for figure in selection.figures:
        flags = refused.get(figure.id)
        fallback = harvested.get(figure_key(figure.result))
        if not flags or fallback is None or fallback == figure.result:
            continue
        swaps[figure.id] = Figure(figure_id(fallback), fallback)
        log.removed.append(figure.removed("verify", _model_reason(flags[0])))
        log.dropped += [
            f"verify: {flag.location}: {flag.claim}: the model's reading is refused "
            f"({flag.message}); the harvested reading stands"
            for flag in flags
        ]
    if not swaps:
        return selection, False
    figures = [swaps.get(f.id, f) for f in selection.figures]
    chosen = [(swaps[c.id].id if c.id in swaps else c.id, c.why) for c in selection.note.chosen]
    rebuilt = _rebuilt(snapshot, selection, figures, chosen)
    rebuilt.profiles = with_stated_labels(make_profiles(rebuilt.headline), rebuilt.stated_profiles)
    return rebuilt, True


def _flagged_figure(selection: Selection, location: str) -> Figure | None:
    """The figure an error flag is about (a headline result's or a figures-file entry's)."""
    parts = pointer_parts(location)
    if parts[:2] == ["editorial", "reported_results"] and len(parts) > 2 and parts[2].isdigit():
        chosen = selection.note.chosen[int(parts[2])].id
        return next((f for f in selection.figures if f.id == chosen), None)
    if parts[:1] == [FIGURES_KEY] and len(parts) > 1 and parts[1].isdigit():
        return selection.figures[int(parts[1])]
    return None


def _model_reason(flag: Flag) -> str:
    return (
        f"the model's reading is unsupported ({flag.message}); the harvested reading of the "
        "same value stands in its place"
    )


def _drop_unsupported(
    log: DropLog,
    snapshot: Snapshot,
    selection: Selection,
    draft: EditorialDraft,
    errors: list[Flag],
) -> tuple[Selection, EditorialDraft]:
    bad_figures: dict[str, str] = {}  # figure id -> why verify removed it
    prose: dict[str, set[str]] = {}
    for flag in errors:
        _sort_error(log, selection, flag, bad_figures, prose)
        log.dropped.append(f"verify: {flag.location}: {flag.claim}: {flag.message}")
    figures = [
        Figure(f.id, without_conditions(f.result, log.bad_figure_conditions.get(f.id, set())))
        for f in selection.figures
        if f.id not in bad_figures
    ]
    chosen = [(c.id, c.why) for c in selection.note.chosen if c.id not in bad_figures]
    rebuilt = _rebuilt(snapshot, selection, figures, chosen)
    rebuilt.headline = [
        without_conditions(result, log.bad_conditions.get(pick.id, set()))
        for pick, result in zip(rebuilt.note.chosen, rebuilt.headline, strict=True)
    ]
    rebuilt.profiles = with_stated_labels(make_profiles(rebuilt.headline), rebuilt.stated_profiles)
    rebuilt.metadata = without_fields(rebuilt.metadata, log.bad_fields)
    before = list(draft.template_framing)
    title = draft.title
    if prose:
        draft = drop_sentences(draft, prose)
    gone = [
        f.removed("verify", bad_figures[f.id]) for f in selection.figures if f.id in bad_figures
    ]
    log.removed += gone
    log.dropped += removal_notes(draft, gone, rebuilt.headline)
    draft = without_removed(draft, gone, rebuilt.headline)
    if draft.title != title:
        log.dropped.append(
            f"draft: /title: {title!r} is withdrawn (its claim is refused above); "
            f"{draft.title!r} stands in its place"
        )
    log.dropped += [
        f"draft: /{field}: verify removed every sentence of the model's {field}; the "
        "template's stands in its place, for the editor to check"
        for field in draft.template_framing
        if field not in before
    ]
    return rebuilt, draft


def _sort_error(
    log: DropLog,
    selection: Selection,
    flag: Flag,
    bad_figures: dict[str, str],
    prose: dict[str, set[str]],
) -> None:
    """File one verify error where its pointer says: a condition to drop, a figure to remove,
    record-level metadata to clear, or prose to cut."""
    parts = pointer_parts(flag.location)
    result = parts[:2] == ["editorial", "reported_results"]
    in_figures = parts[:1] == [FIGURES_KEY]
    if result and len(parts) >= 5 and parts[3] == "conditions":
        # only the condition (or one raw cell under it) is unsupported: drop it, keep the figure
        figure = selection.note.chosen[int(parts[2])].id
        log.bad_conditions.setdefault(figure, set()).add("/".join(parts[4:6]))
    elif result and len(parts) > 2:
        bad_figures.setdefault(selection.note.chosen[int(parts[2])].id, _reason(flag))
    elif in_figures and len(parts) >= 4 and parts[2] == "conditions":
        # a figures-file figure, as a headline result, loses only the condition verify could
        # not read at its place (MiaAI's `| Nodes | head 10.100.10.4:8000, ...`: a port as the
        # node count), not the figure
        figure = selection.figures[int(parts[1])].id
        log.bad_figure_conditions.setdefault(figure, set()).add("/".join(parts[3:5]))
        log.bad_conditions.setdefault(figure, set()).add("/".join(parts[3:5]))
    elif in_figures and len(parts) > 1:
        bad_figures.setdefault(selection.figures[int(parts[1])].id, _reason(flag))
    elif parts[:1] == ["test_profiles"] and len(parts) > 1:
        pass  # profiles are rebuilt from the remaining headline figures
    elif parts[:1] in (["runtime"], ["hardware_topics"], ["reported_setup"]):
        log.bad_fields.add(flag.location)  # record-level metadata no listed source names
    else:
        prose.setdefault(flag.location, set()).add(flag.claim)


def _reason(flag: Flag) -> str:
    return f"no source supports it as published ({flag.message})"


def stabilise(record: Record, previous: Record | None) -> Record:
    """Keep the previous version when only the run's date differs; else bump the version.

    Running the same draft twice must write byte-identical files, whatever the day.
    """
    if previous is None:
        return record
    new_data, old_data = _comparable(record), _comparable(previous)
    if new_data == old_data:
        return previous
    editorial = record.editorial.model_copy(
        update={
            "published_on": previous.editorial.published_on,
            "version": previous.editorial.version + 1,
        }
    )
    return record.model_copy(update={"editorial": editorial})


def _comparable(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = record.model_dump(mode="json", by_alias=True)
    for parent, key in VOLATILE_PATHS:
        section = data.get(parent)
        if isinstance(section, dict):
            section.pop(key, None)
    for supplemental in data.get("supplemental_sources") or []:
        supplemental.pop("checked_on", None)
    data.pop("editorial_status", None)
    return data


def _rebuilt(
    snapshot: Snapshot,
    selection: Selection,
    figures: list[Figure],
    chosen: list[tuple[str, str]],
) -> Selection:
    """`selection` built again over `figures` and `chosen`: its method, edits and what it
    carries of the extraction and the model (prompts, stated profiles) kept."""
    rebuilt = build_selection(
        snapshot,
        figures,
        chosen,
        method=selection.note.method,
        max_results=selection.note.max_results,
        figures_file=selection.note.figures_file,
        edits=selection.note.edits,
        stated_profiles=selection.stated_profiles,
    )
    return replace(
        selection,
        figures=rebuilt.figures,
        headline=rebuilt.headline,
        profiles=rebuilt.profiles,
        metadata=rebuilt.metadata,
        note=rebuilt.note,
    )
