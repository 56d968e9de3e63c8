"""Evaluate extraction against hand-checked gold files: recall, a precision proxy, headlines.

A gold file (`tests/data/devgold/POLICY.md`) lists every reported figure of some documents of
one repository at one revision. `evaluate` drafts that repository at that revision through the
normal pipeline (or reads records already drafted) and scores the record's grounded figures
(`eval_score.py`):

- recall: gold figures found at the same document, line and value (floats within rounding
  noise only), per document and per source shape (table, CSV, JSON, log, prose);
- the precision proxy: results citing a covered document at a covered line that holds no gold
  figure, over all results on covered lines;
- headline agreement: gold headline figures present in the record's `reported_results`.

By default only the documents the gold covers are drafted (the figures of one document do not
depend on the others, and a whole repository can take minutes with a model); `all_documents`
drafts everything. All grounded figures are read from `records/<id>.figures.json` when it
exists (the record's `reported_results` may be only its headline), else from the record.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire import acquire
from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import InputError
from draftflow.extract.learned.weights import ResultModel
from draftflow.llm import ModelSettings
from draftflow.pipeline.eval_report import EvalReport, RepositoryEval
from draftflow.pipeline.eval_score import score_repository
from draftflow.pipeline.gold import GoldFile, corpora, corpus_copy, load_gold
from draftflow.select.lead_model import LeadModel
from draftflow.text.json_input import parse_json, read_input_text

CORPUS_MANIFEST = "MANIFEST.json"


_README = ("README.md", "readme.md", "Readme.md", "README")
"""Drafted with the gold's documents: a figure's conditions read the repository's own
statement of its runs (its README), as every draft of the whole repository does."""


@dataclass(frozen=True)
class EvalRequest:
    """What to evaluate and how to get the records."""

    gold_paths: Sequence[Path]
    settings: ModelSettings
    records_dir: Path | None = None
    corpus_dir: Path | None = None
    sources: dict[str, str] | None = None
    """Explicit source (checkout, folder or URL) per repository `OWNER/NAME`."""
    all_documents: bool = False
    """Draft the whole repository, not only the documents the gold covers."""
    leave_one_out: bool = False
    """Draft each repository with a result model and a lead model trained on the other gold
    files only."""


async def evaluate(request: EvalRequest) -> EvalReport:
    """Draft (or read) the record of each gold file's repository and score it."""
    started = time.perf_counter()
    scores: list[RepositoryEval] = []
    models = _left_out_models(request)
    leads = _left_out_lead_models(request)
    with tempfile.TemporaryDirectory(prefix="draftflow-eval-") as scratch:
        for gold_path in request.gold_paths:
            gold = load_gold(gold_path)
            source, origin = _source_for(gold, gold_path, request)
            snapshot = acquire(source, revision=gold.revision, origin=origin)
            check_documents(gold, gold_path, snapshot)
            records_dir = request.records_dir
            if records_dir is None:
                records_dir = Path(scratch) / gold.repository.replace("/", "__")
                only = () if request.all_documents else (*gold.document_globs(), *_README)
                model = models.get(gold.repository)
                lead = leads.get(gold.repository)
                await _draft(source, origin, gold, records_dir, request.settings, only, model, lead)
            scores.append(score_repository(gold, gold_path, snapshot, records_dir))
    return EvalReport(
        model=request.settings.model if request.settings.configured else None,
        repositories=scores,
        elapsed_seconds=round(time.perf_counter() - started, 3),
    )


def _left_out_models(request: EvalRequest) -> dict[str, ResultModel]:
    """With `leave_one_out`, each repository's model trained on all the other gold files."""
    if not request.leave_one_out:
        return {}
    if request.records_dir is not None:
        raise InputError(
            "--leave-one-out drafts each repository with its own model; --records reads "
            "records already drafted",
            hint="leave out --records, or --leave-one-out",
        )
    if len(request.gold_paths) < 3:
        raise InputError(
            f"--leave-one-out needs at least 3 gold files, got {len(request.gold_paths)}",
            hint="pass every gold file: draftflow eval --leave-one-out "
            "tests/data/devgold/*.json tests/data/teamgold/gold/*.json",
        )
    from draftflow.extract.learned.training import TrainingSettings
    from draftflow.pipeline.learning import all_examples, left_out_models

    sets = all_examples(request.gold_paths, request.corpus_dir)
    return left_out_models(sets, TrainingSettings())


def _left_out_lead_models(request: EvalRequest) -> dict[str, LeadModel]:
    """With `leave_one_out`, each repository's lead ranker trained on all the other gold files
    (`_left_out_models` has checked the request)."""
    if not request.leave_one_out:
        return {}
    from draftflow.pipeline.lead_learning import all_lead_examples, left_out_lead_models
    from draftflow.select.lead_training import LeadTrainingSettings

    sets = all_lead_examples(request.gold_paths, request.corpus_dir)
    return left_out_lead_models(sets, LeadTrainingSettings())


def check_documents(gold: GoldFile, gold_path: Path, snapshot: Snapshot) -> None:
    """Refuse a gold file made from other bytes than the source's: each document it covers
    must be in the snapshot with the sha256 the gold file states (a score against other
    bytes would count lines that hold other text). A document draftflow does not read (an
    HTML page) is not in the snapshot: its figures are scored as misses."""
    for document in gold.documents:
        found = snapshot.by_path(document.path)
        if found is None or found.sha256 == document.sha256:
            continue
        now = f"sha256 {found.sha256[:12]}…"
        raise InputError(
            f"the gold file {gold_path} was made from {document.path} with sha256 "
            f"{document.sha256[:12]}…, but the source at {snapshot.revision[:12]} has {now}",
            hint=f"score against the bytes the gold was made from (pass --source "
            f"{gold.repository}=CHECKOUT at revision {gold.revision}), or check the gold file "
            "anew against the document (scripts/check-gold.py) and fix its sha256",
        )


async def _draft(
    source: str,
    origin: str | None,
    gold: GoldFile,
    records_dir: Path,
    settings: ModelSettings,
    only: tuple[str, ...],
    result_model: ResultModel | None = None,
    lead_model: LeadModel | None = None,
) -> None:
    from draftflow.pipeline.draft import DraftRequest, run_draft  # the pipeline imports every stage

    request = DraftRequest(
        source=source,
        records_dir=records_dir,
        settings=settings,
        revision=gold.revision,
        origin=origin,
        only=only,
        result_model=result_model,
        lead_model=lead_model,
    )
    await run_draft(request)


def _source_for(gold: GoldFile, gold_path: Path, request: EvalRequest) -> tuple[str, str | None]:
    """The source to draft from, and the origin URL a plain folder needs."""
    origin = f"https://github.com/{gold.repository}"
    explicit = (request.sources or {}).get(gold.repository)
    if explicit is not None:
        return explicit, origin
    folder = corpus_copy(gold, gold_path, request.corpus_dir)
    if folder is not None:
        _check_manifest(folder.parent, gold)
        return str(folder), origin
    raise InputError(
        f"no source for {gold.repository}: no {gold.repository.replace('/', '__')}/ in "
        + ", ".join(str(c) for c in corpora(gold_path, request.corpus_dir)),
        hint=f"pass --source {gold.repository}=PATH_OR_URL or --corpus DIR (the team gold's "
        "copies: python3 scripts/team-corpus.py --mirrors DIR)",
    )


def _check_manifest(corpus: Path, gold: GoldFile) -> None:
    manifest = corpus / CORPUS_MANIFEST
    if not manifest.is_file():
        return
    hint = "restore the corpus MANIFEST.json, or pass --source OWNER/NAME=PATH"
    text = read_input_text(manifest, what="the corpus manifest", hint=hint)
    entries = parse_json(text, origin=str(manifest), hint=hint)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InputError(f"{manifest} is not a list of repositories", hint=hint)
    for entry in entries:
        if entry.get("repository") == gold.repository and entry.get("revision") != gold.revision:
            raise InputError(
                f"the corpus copy of {gold.repository} is at {entry.get('revision')}, "
                f"the gold file at {gold.revision}",
                hint=f"pass --source {gold.repository}=CHECKOUT with a checkout of that revision",
            )
