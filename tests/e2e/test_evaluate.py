"""`draftflow eval`: gold files scored against drafted records (synthetic gold and the dev set)."""

from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from conftest import DEVGOLD
from draftflow.cli import main
from draftflow.llm import ModelSettings
from draftflow.pipeline.draft import DraftRequest, run_draft
from draftflow.pipeline.eval_report import EvalReport, SourceShape
from draftflow.pipeline.eval_score import headline_precision, line_shape
from draftflow.pipeline.evaluate import EvalRequest, evaluate
from draftflow.pipeline.gold import load_gold

REVISION = "a" * 40
README = """# Bench

| model | decode tok/s |
|---|---|
| A | 41.5 |
| B | 12.0 |

```
decode rate: 77.25 tok/s
```
"""


def _figure(path: str, line: int, value: float, raw: str, **extra: Any) -> dict[str, Any]:
    return {
        "path": path,
        "line": line,
        "metric": "decode_rate",
        "value": value,
        "unit": "tokens/s",
        "label": f"line {line}",
        "raw": raw,
        **extra,
    }


@pytest.fixture()
def synthetic(tmp_path: Path) -> Path:
    """A corpus folder and a gold file beside it, as tests/data lays them out."""
    folder = tmp_path / "corpus" / "someone__bench"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(README)
    gold = {
        "repository": "someone/bench",
        "revision": REVISION,
        "commit_time": "2026-01-01T00:00:00Z",
        "documents": [{"path": "README.md", "sha256": hashlib.sha256(README.encode()).hexdigest()}],
        "covered_lines": {"README.md": [1, 6]},
        "figures": [
            _figure("README.md", 5, 41.5, "41.5"),
            _figure("README.md", 6, 12.0, "12.0"),
            _figure("README.md", 1, 3.0, "3"),  # a figure no harvester can find: a miss
        ],
        "headline": [
            {
                "path": "README.md",
                "line": 5,
                "value": 41.5,
                "metric": "decode_rate",
                "label": "A",
                "why": "fastest",
            }
        ],
    }
    (tmp_path / "devgold").mkdir()
    gold_path = tmp_path / "devgold" / "someone__bench.json"
    gold_path.write_text(json.dumps(gold))
    return gold_path


def _evaluate(*gold: Path, records: Path | None = None) -> EvalReport:
    request = EvalRequest(gold_paths=gold, settings=ModelSettings(), records_dir=records)
    return asyncio.run(evaluate(request))


def test_synthetic_gold_recall_misses_and_precision(synthetic: Path) -> None:
    report = _evaluate(synthetic)
    [repository] = report.repositories
    assert repository.shapes[SourceShape.TABLE].found == 2
    assert repository.shapes[SourceShape.TABLE].total == 2
    assert repository.shapes[SourceShape.PROSE].total == 1
    assert [(m.path, m.line, m.raw) for m in repository.misses] == [("README.md", 1, "3")]
    assert report.recall().text() == "2/3 (66.7%)"
    assert report.headline().text() == "1/1 (100.0%)"
    assert [d.sha256_matches for d in repository.documents] == [True]
    # line 9 (the fenced key/value) is outside covered_lines, so it does not count against
    assert all(f.line <= 6 for f in repository.off_gold)
    assert repository.results_on_covered >= 2


def test_figures_file_is_preferred_to_the_record(synthetic: Path, tmp_path: Path) -> None:
    records = tmp_path / "records"
    folder = tmp_path / "corpus" / "someone__bench"
    request = DraftRequest(
        source=str(folder),
        records_dir=records,
        settings=ModelSettings(),
        revision=REVISION,
        origin="https://github.com/someone/bench",
    )
    asyncio.run(run_draft(request))
    record = json.loads((records / "someone-bench.json").read_text())
    first = record["editorial"]["reported_results"][0]
    off = dict(first, source_line=2, value=5)  # a figure on a covered line with no gold figure
    (records / "someone-bench.figures.json").write_text(json.dumps({"figures": [first, off]}))
    [repository] = _evaluate(synthetic, records=records).repositories
    assert repository.figures_from.endswith("someone-bench.figures.json")
    assert repository.results_on_covered == 2
    assert [(o.line, o.value) for o in repository.off_gold] == [(2, 5.0)]


@dataclass(frozen=True)
class _Published:
    path: str
    line: int
    value: float


def test_headline_precision_counts_gold_headline_figures_and_non_results(synthetic: Path) -> None:
    """Of a headline's figures: one a gold headline holds (41.5), one a gold figure that is no
    headline (12.0), one on a covered line where the gold lists nothing (a non-result), one
    on a line the gold does not cover (published only)."""
    published = [
        _Published("README.md", 5, 41.5),
        _Published("README.md", 6, 12.0),
        _Published("README.md", 2, 5.0),
        _Published("README.md", 9, 77.25),
    ]
    precision = headline_precision(load_gold(synthetic), published)
    assert (precision.published, precision.gold_headline, precision.non_results) == (4, 1, 1)
    report = _evaluate(synthetic)
    assert report.headline_precision.published == report.repositories[0].published.published
    assert report.headline_precision.gold_headline == 1


def test_a_missing_record_says_how_to_get_one(synthetic: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["eval", str(synthetic), "--records", str(tmp_path)])
    assert result.exit_code == 2
    assert "no record" in result.output


@pytest.mark.parametrize(
    ("path", "line", "fenced", "shape"),
    [
        ("a/b.json", "{", False, SourceShape.JSON),
        ("r.csv", "1,2", False, SourceShape.CSV),
        ("bench.txt", "| model | size |", False, SourceShape.LOG),
        ("README.md", "| A | 41.5 |", False, SourceShape.TABLE),
        ("README.md", "<tr><td>41.5</td></tr>", False, SourceShape.TABLE),
        ("README.md", "decode: 41.5 tok/s", True, SourceShape.LOG),
        ("README.md", "We reached 41.5 tok/s.", False, SourceShape.PROSE),
    ],
)
def test_line_shape(path: str, line: str, fenced: bool, shape: SourceShape) -> None:
    assert line_shape(path, line, in_fence=fenced) is shape


def test_devgold_palatine_vllm_bench_json() -> None:
    report = _evaluate(DEVGOLD / "PalatineVision__dgx-spark-benchmark.json")
    [repository] = report.repositories
    assert set(repository.shapes) == {SourceShape.JSON}
    assert all(d.sha256_matches for d in repository.documents)
    assert repository.recall.found >= 100
    assert report.precision_proxy().found <= 0.1 * report.precision_proxy().total


def test_cli_prints_a_six_line_summary_last() -> None:
    gold = str(DEVGOLD / "PalatineVision__dgx-spark-benchmark.json")
    result = CliRunner().invoke(main, ["eval", gold, "--misses", "0"])
    assert result.exit_code == 0, result.output
    tail = result.output.strip().splitlines()[-6:]
    assert tail[0].startswith("eval: 1 gold file(s), model none")
    assert tail[1].startswith("recall table/CSV/JSON/log: ")
    assert tail[2].startswith("recall prose: 0/0")
    assert tail[3].startswith("recall total: ")
    assert tail[4].startswith("precision proxy")
    assert "; headline figures: " in tail[4] and " non-results" in tail[4]
    assert tail[5].startswith("done in ")
    as_json = CliRunner().invoke(main, ["eval", gold, "--json"])
    data = json.loads(as_json.output)
    assert data["repositories"][0]["repository"] == "PalatineVision/dgx-spark-benchmark"
    assert data["totals"]["all"]["total"] == 115


def test_conditions_are_scored_with_the_repository_readme_drafted() -> None:
    """PalatineVision's gold covers only run files; its README says the runs used vLLM
    (`с использованием vLLM`): a draft of the repository reads it, so the eval's draft must."""
    report = _evaluate(DEVGOLD / "PalatineVision__dgx-spark-benchmark.json")
    [repository] = report.repositories
    engine = repository.conditions.keys["engine"]
    assert engine.correct >= 10 and engine.wrong == 0
