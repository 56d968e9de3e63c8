"""The scores `draftflow eval` reports: recall per shape, the precision proxy, headline
agreement and condition verdicts, per repository and in total."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, Field, computed_field

from draftflow.pipeline.condition_score import ConditionScore, KeyTally
from draftflow.record.model import UnreadTable


class SourceShape(StrEnum):
    """The shape of the line a figure is written on."""

    TABLE = "table"
    CSV = "csv"
    JSON = "json"
    LOG = "log"
    PROSE = "prose"


STRUCTURED_SHAPES = (SourceShape.TABLE, SourceShape.CSV, SourceShape.JSON, SourceShape.LOG)


class Tally(BaseModel):
    """Found out of total."""

    found: int = 0
    total: int = 0

    @property
    def rate(self) -> float | None:
        """found / total, or None when there is nothing to find."""
        return self.found / self.total if self.total else None

    def add(self, other: Tally) -> None:
        """Add another tally into this one."""
        self.found += other.found
        self.total += other.total

    def text(self) -> str:
        """`found/total (rate%)`."""
        rate = self.rate
        return f"{self.found}/{self.total}" + (f" ({rate:.1%})" if rate is not None else "")


class HeadlinePrecision(BaseModel):
    """What a record's headline publishes, judged against the gold: every headline figure,
    those that are gold headline figures, and those on a covered line that are no gold figure
    at all (a non-result published as a claim: the worst). A figure outside the covered lines
    counts as published only (the gold cannot judge it)."""

    published: int = 0
    gold_headline: int = 0
    non_results: int = 0

    def add(self, other: HeadlinePrecision) -> None:
        """Add another repository's counts into these."""
        self.published += other.published
        self.gold_headline += other.gold_headline
        self.non_results += other.non_results

    def text(self) -> str:
        """`N published, G gold headline, R non-results`."""
        return (
            f"{self.published} published, {self.gold_headline} gold headline, "
            f"{self.non_results} non-results"
        )


class Miss(BaseModel):
    """A gold figure the record does not hold."""

    path: str
    line: int
    shape: SourceShape
    raw: str
    value: float
    metric: str
    label: str


class OffGold(BaseModel):
    """A result on a covered line that holds no gold figure."""

    path: str
    line: int
    value: float
    metric: str
    label: str


class DocumentScore(BaseModel):
    """Recall on one gold document."""

    path: str
    recall: Tally
    sha256_matches: bool


class RepositoryEval(BaseModel):
    """The scores of one gold file."""

    gold_file: str
    repository: str
    revision: str
    record_path: str
    figures_from: str
    documents: list[DocumentScore]
    shapes: dict[SourceShape, Tally]
    results_on_covered: int
    off_gold: list[OffGold]
    headline: Tally
    published: HeadlinePrecision = Field(default_factory=HeadlinePrecision)
    """The record's headline figures judged against the gold (its precision)."""
    misses: list[Miss]
    conditions: ConditionScore = Field(default_factory=ConditionScore)
    unread_tables: list[UnreadTable] = []
    """Tables and tool outputs with numbers that gave no figure, gold or not (the record's
    provenance lists them)."""

    @property
    def recall(self) -> Tally:
        """Recall over every shape."""
        return sum_tallies(self.shapes.values())


class EvalReport(BaseModel):
    """The scores of every gold file, and their totals."""

    model: str | None
    repositories: list[RepositoryEval]
    elapsed_seconds: float

    def shape_totals(self) -> dict[SourceShape, Tally]:
        """Recall per shape over every repository."""
        totals = {shape: Tally() for shape in SourceShape}
        for repository in self.repositories:
            for shape, tally in repository.shapes.items():
                totals[shape].add(tally)
        return totals

    def structured_recall(self) -> Tally:
        """Recall of table, CSV, JSON and log figures."""
        totals = self.shape_totals()
        return sum_tallies(totals[shape] for shape in STRUCTURED_SHAPES)

    def recall(self) -> Tally:
        """Recall over every shape and repository."""
        return sum_tallies(self.shape_totals().values())

    def precision_proxy(self) -> Tally:
        """Results on covered lines holding no gold figure, over results on covered lines."""
        return Tally(
            found=sum(len(r.off_gold) for r in self.repositories),
            total=sum(r.results_on_covered for r in self.repositories),
        )

    def headline(self) -> Tally:
        """Gold headline figures present in the records' reported results."""
        return sum_tallies(r.headline for r in self.repositories)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def headline_precision(self) -> HeadlinePrecision:
        """The records' headline figures, those the gold headlines hold, and the non-results."""
        total = HeadlinePrecision()
        for repository in self.repositories:
            total.add(repository.published)
        return total

    def condition_keys(self) -> dict[str, KeyTally]:
        """Condition verdicts per key over every repository."""
        total = ConditionScore()
        for repository in self.repositories:
            total.add(repository.conditions)
        return dict(sorted(total.keys.items()))

    @computed_field  # type: ignore[prop-decorator]
    @property
    def condition_totals(self) -> KeyTally:
        """Gold headline condition keys correct, wrong, missing, or on figures not found."""
        total = KeyTally()
        for tally in self.condition_keys().values():
            total.add(tally)
        return total

    @computed_field  # type: ignore[prop-decorator]
    @property
    def totals(self) -> dict[str, Tally]:
        """The summary in `--json`: recall per shape, structured, total, precision, headline."""
        totals: dict[str, Tally] = {str(k): v for k, v in self.shape_totals().items() if v.total}
        totals["table_csv_json_log"] = self.structured_recall()
        totals["all"] = self.recall()
        totals["off_gold_on_covered_lines"] = self.precision_proxy()
        totals["headline"] = self.headline()
        return totals


def sum_tallies(tallies: Iterable[Tally]) -> Tally:
    """The sum of several tallies."""
    total = Tally()
    for tally in tallies:
        total.add(tally)
    return total
