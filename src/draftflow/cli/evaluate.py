"""`draftflow eval`: score extraction against hand-checked gold files."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.markup import escape

from draftflow.cli import main, run_async
from draftflow.cli.llm import model_options, settings_from_options
from draftflow.errors import InputError

if TYPE_CHECKING:
    from draftflow.pipeline.eval_report import EvalReport, RepositoryEval

EXAMPLES = """\b
Examples:
  draftflow eval tests/data/devgold/*.json
  draftflow eval tests/data/devgold/jethac__dgx-spark-hijinks.json --records records
  draftflow eval gold.json --source OWNER/NAME=path/to/checkout --json
  draftflow eval gold/*.json --corpus path/to/corpus
  draftflow eval tests/data/devgold/*.json --base-url http://spark.local:8000/v1 --model M

The last six lines are the summary: recall of table/CSV/JSON/log figures, of prose
figures, in total, the precision proxy, headline agreement and the headline's figures
(published, gold headline figures among them, non-results: no gold figure on a covered
line), and the time taken.
"""


@main.command(name="eval", epilog=EXAMPLES)
@click.argument(
    "gold", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option(
    "--records",
    "records_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Score the records already in DIR instead of drafting into a temporary folder.",
)
@click.option(
    "--corpus",
    "corpus_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder of repository copies (<owner>__<name>/) [default: the gold's ../corpus].",
)
@click.option(
    "--source",
    "sources",
    multiple=True,
    metavar="OWNER/NAME=SOURCE",
    help="Draft this repository from SOURCE (a checkout, folder or URL); repeatable. "
    "With one gold file, SOURCE alone is enough.",
)
@click.option(
    "--all-documents",
    is_flag=True,
    help="Draft every document of the repository, not only those the gold covers.",
)
@click.option(
    "--leave-one-out",
    is_flag=True,
    help="Draft each repository with a result model and a lead ranker trained on the other "
    "gold files only (needs the dev dependencies): the score of repositories the models never "
    "saw.",
)
@click.option(
    "--fail-under",
    "fail_under",
    multiple=True,
    metavar="MEASURE=PERCENT",
    help="Exit 1 when a measure is below PERCENT: recall, headline or conditions "
    "(e.g. --fail-under recall=90); repeatable.",
)
@click.option("--misses", default=15, show_default=True, help="Misses listed per repository.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole report as JSON.")
@model_options
def evaluate_command(
    gold: tuple[Path, ...],
    records_dir: Path | None,
    corpus_dir: Path | None,
    sources: tuple[str, ...],
    all_documents: bool,
    leave_one_out: bool,
    fail_under: tuple[str, ...],
    misses: int,
    as_json: bool,
    **model_flags: Any,
) -> None:
    """Score extraction on GOLD files: recall per document and shape, precision, headline.

    Each gold file's repository is drafted at the gold revision (no model unless one is
    configured) into a temporary folder, or read from --records, and every grounded figure
    is matched to the gold by document, line and value.
    """
    from draftflow.pipeline.evaluate import EvalRequest, evaluate

    thresholds = _parse_thresholds(fail_under)
    request = EvalRequest(
        gold_paths=gold,
        settings=settings_from_options(**model_flags),
        records_dir=records_dir,
        corpus_dir=corpus_dir,
        sources=_parse_sources(sources, gold),
        all_documents=all_documents,
        leave_one_out=leave_one_out,
    )
    report = run_async(evaluate(request))
    if as_json:
        click.echo(report.model_dump_json(indent=2))
        _fail_if_under(report, thresholds)
        return
    console = Console(width=200)
    for repository in report.repositories:
        _print_repository(console, repository, misses)
    console.print(f"conditions of gold headline figures: {report.condition_totals.text()}")
    for key, tally in report.condition_keys().items():
        console.print(f"  {key}: {tally.text()}", markup=False, highlight=False)
    for line in summary_lines(report):
        console.print(line, markup=False, highlight=False)
    _fail_if_under(report, thresholds)


MEASURES = ("recall", "headline", "conditions")


def _parse_thresholds(items: tuple[str, ...]) -> dict[str, float]:
    thresholds: dict[str, float] = {}
    for item in items:
        name, _, percent = item.partition("=")
        try:
            value = float(percent.rstrip("%"))
        except ValueError:
            value = -1.0
        if name not in MEASURES or not 0 <= value <= 100:
            raise InputError(
                f"--fail-under {item} is not MEASURE=PERCENT",
                hint=f"write e.g. --fail-under recall=90; measures: {', '.join(MEASURES)}",
            )
        thresholds[name] = value
    return thresholds


def _fail_if_under(report: EvalReport, thresholds: dict[str, float]) -> None:
    """Exit 1 (a failed check) when a measure is below its `--fail-under` percent."""
    from draftflow.errors import CheckFailed

    conditions = report.condition_totals
    measured = {
        "recall": (report.recall().rate or 0.0) * 100,
        "headline": (report.headline().rate or 0.0) * 100,
        "conditions": 100 * conditions.correct / conditions.judged if conditions.judged else 0.0,
    }
    below = [
        f"{name} {measured[name]:.1f}% < {limit:g}%"
        for name, limit in thresholds.items()
        if measured[name] < limit
    ]
    if below:
        raise CheckFailed(
            "eval below its threshold: " + "; ".join(below),
            hint="see the misses above; lower --fail-under only with a reason",
        )


def _parse_sources(sources: tuple[str, ...], gold: tuple[Path, ...]) -> dict[str, str]:
    parsed: dict[str, str] = {}
    for item in sources:
        name, sep, location = item.partition("=")
        if sep and name.count("/") == 1 and "://" not in name:
            parsed[name] = location
        elif len(gold) == 1:
            from draftflow.pipeline.gold import load_gold

            parsed[load_gold(gold[0]).repository] = item
        else:
            raise InputError(
                f"--source {item} does not say which repository it is",
                hint="write --source OWNER/NAME=SOURCE when scoring several gold files",
            )
    return parsed


def _print_repository(console: Console, repository: RepositoryEval, misses: int) -> None:
    console.print(
        f"[bold]{escape(repository.repository)}[/] @ {repository.revision[:8]}: "
        f"recall {repository.recall.text()}; off-gold {len(repository.off_gold)}/"
        f"{repository.results_on_covered}; headline {repository.headline.text()}"
        f" ({repository.published.text()})"
    )
    for document in repository.documents:
        changed = "" if document.sha256_matches else "  [red](sha256 differs)[/]"
        console.print(f"  {escape(document.path)}: {document.recall.text()}{changed}")
    shapes = ", ".join(f"{shape} {tally.text()}" for shape, tally in repository.shapes.items())
    console.print(f"  by shape: {shapes}")
    console.print(f"  conditions: {repository.conditions.total.text()}", markup=False)
    for mismatch in repository.conditions.mismatches[:misses]:
        click.echo(
            f"  condition {mismatch.path}:{mismatch.line} {mismatch.value:g} {mismatch.key} "
            f"{mismatch.verdict}: gold {mismatch.gold!r}, record {mismatch.found!r}"
        )
    if repository.unread_tables:
        console.print(f"  unread tables: {len(repository.unread_tables)}")
    for table in repository.unread_tables:
        columns = ", ".join(table.columns)
        click.echo(
            f"  unread {table.place} ({table.reason}, {table.numbers} numbers): {columns[:90]}"
        )
    for miss in repository.misses[:misses]:
        click.echo(
            f"  miss {miss.path}:{miss.line} [{miss.shape}] {miss.raw!r} = {miss.value:g} "
            f"{miss.metric}: {miss.label[:90]}"
        )
    if len(repository.misses) > misses:
        console.print(f"  … {len(repository.misses) - misses} more misses (--misses N, --json)")


def summary_lines(report: EvalReport) -> list[str]:
    """The six summary lines printed last (a hook reads them with `tail -n 6`)."""
    from draftflow.pipeline.eval_report import SourceShape

    shapes = report.shape_totals()
    structured = ", ".join(
        f"{shape} {shapes[shape].text()}"
        for shape in shapes
        if shapes[shape].total and shape is not SourceShape.PROSE
    )
    precision = report.precision_proxy()
    return [
        f"eval: {len(report.repositories)} gold file(s), model {report.model or 'none'}",
        f"recall table/CSV/JSON/log: {report.structured_recall().text()}  [{structured}]",
        f"recall prose: {shapes[SourceShape.PROSE].text()}",
        f"recall total: {report.recall().text()}",
        f"precision proxy (off-gold results on covered lines): {precision.text()}; "
        f"headline agreement: {report.headline().text()}; "
        f"headline figures: {report.headline_precision.text()}",
        f"done in {report.elapsed_seconds:.1f}s",
    ]
