"""Bounded input: huge integers, long strings and deep nesting in any file draftflow reads are one
clear input error (exit 2), never a traceback; status and refresh go on past one bad record."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from draft_cli import SMALL_ID, draft_small_record
from draftflow.cli import main
from draftflow.errors import InputError
from draftflow.record.files import parse_record
from draftflow.record.model import Record
from draftflow.record.render import render_markdown
from draftflow.store.write import RecordStore
from draftflow.text.json_input import LIMITS, parse_json

HUGE = "9" * 5001
HINT = "repair it"


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (f'{{"value": {HUGE}}}', "an integer of 5001 digits"),
        (f'{{"value": {HUGE}.5}}', "a number written with 5003 characters"),
        (f'{{"value": 1e{HUGE}}}', "a number written with"),
        ('{"value": NaN}', "NaN, which is not a JSON number"),
        ("[" * 100_000 + "]" * 100_000, "nests its JSON deeper"),
        ("[" * (LIMITS.depth + 1) + "]" * (LIMITS.depth + 1), "nests its JSON deeper"),
        (json.dumps({"s": "x" * (LIMITS.string_chars + 1)}), "a string of 1,048,577 characters"),
        ('{"a": 1', "is not valid JSON"),
    ],
)
def test_each_limit_is_one_input_error(text: str, says: str) -> None:
    with pytest.raises(InputError, match="the file") as caught:
        parse_json(text, origin="the file", hint=HINT)
    assert says in caught.value.message and caught.value.hint == HINT


def test_values_within_the_limits_are_read_as_json_reads_them() -> None:
    text = json.dumps({"a": [1, 2.5, -3e-5, "x" * 1000, {"b": None, "c": True}], "d": 10**40})
    assert parse_json(text, origin="f", hint=HINT) == json.loads(text)
    nested = "[" * LIMITS.depth + "]" * LIMITS.depth
    assert parse_json(nested, origin="f", hint=HINT) == json.loads(nested)


@pytest.fixture()
def records(tmp_path: Path, seeds_dir: Path) -> Path:
    """Two records (ids a-good and b-bad) from seed 000."""
    text = (seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8")
    seed = parse_record(text)
    store = RecordStore(tmp_path / "records")
    for record_id in ("a-good", "b-bad"):
        record: Record = seed.model_copy(update={"id": record_id, "editorial_status": "draft"})
        store.save(record, markdown=render_markdown(record))
    return store.root


def with_huge_integer(path: Path) -> None:
    text = path.read_text()
    path.write_text(text.replace('"version": ', f'"version": {HUGE}, "x_version": ', 1))


def assert_clean_failure(result: Result, code: int, says: str) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert says in result.output, result.output


def test_a_huge_integer_in_a_record_is_an_input_error_everywhere(records: Path) -> None:
    bad = records / "b-bad.json"
    with_huge_integer(bad)
    assert_clean_failure(run("verify", str(bad)), 2, "an integer of 5001 digits")
    result = run("status", str(records), "--json")
    assert result.exit_code == 2
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert rows["b-bad"]["state"] == "unreadable" and "5001 digits" in rows["b-bad"]["problem"]
    assert rows["a-good"]["state"] != "unreadable"  # the table is not lost
    result = run("refresh", "--records-dir", str(records), "--dry-run", "--json")
    assert result.exit_code == 2, result.output
    checks = {c["record_id"]: c for c in json.loads(result.stdout)["checks"]}
    assert checks["b-bad"]["state"] == "failed" and "5001 digits" in checks["b-bad"]["message"]
    assert checks["a-good"]["state"] != "failed"  # refresh went on past the bad record


@pytest.fixture(scope="module")
def drafted_once(
    tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path, manifest: dict[str, Any]
) -> Path:
    return draft_small_record(corpus_dir, manifest, tmp_path_factory.mktemp("b") / "records")


@pytest.mark.parametrize(
    "figures",
    [
        f'{{"figures": [{{"id": "fig-1", "value": {HUGE}}}]}}',
        '{"figures": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["huge-integer", "deep"],
)
def test_a_bad_figures_file_is_an_input_error_in_every_command(
    drafted_once: Path, tmp_path: Path, figures: str
) -> None:
    records = Path(shutil.copytree(drafted_once, tmp_path / "records"))
    (records / f"{SMALL_ID}.figures.json").write_text(figures)
    folder = ["--records-dir", str(records)]
    result = run("status", str(records), "--json")
    (row,) = json.loads(result.stdout)
    assert result.exit_code == 2 and row["state"] == "unreadable"
    assert f"{SMALL_ID}.figures.json" in row["problem"]
    for command in (
        ("review", SMALL_ID, *folder),
        ("approve", SMALL_ID, "--editor", "Ed", *folder),
        ("select", SMALL_ID, "--drop", "fig-1", "--reason", "r", *folder),
    ):
        result = run(*command)
        assert_clean_failure(result, 2, f"{SMALL_ID}.figures.json")


def test_a_bad_figures_file_is_unreadable_even_when_the_sources_are_not_at_hand(
    records: Path,
) -> None:
    (records / "b-bad.figures.json").write_text("[" * 100_000 + "]" * 100_000)
    result = run("status", str(records), "--json")
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert result.exit_code == 2 and rows["b-bad"]["state"] == "unreadable"
    assert "nests its JSON deeper" in rows["b-bad"]["problem"]
    assert rows["a-good"]["state"] == "not-reverified"


def gold_file(tmp_path: Path, line: int) -> Path:
    folder = tmp_path / "corpus" / "someone__bench"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text("| model | decode tok/s |\n|---|---|\n| A | 41.5 |\n")
    gold = {
        "repository": "someone/bench",
        "revision": "a" * 40,
        "documents": [{"path": "README.md", "sha256": "0" * 64}],
        "figures": [{"path": "README.md", "line": line, "metric": "decode_rate", "value": 41.5}],
    }
    path = tmp_path / "gold.json"
    path.write_text(json.dumps(gold))
    return path


@pytest.mark.parametrize("line", [-5, 0])
def test_a_gold_figure_before_line_one_is_an_input_error(tmp_path: Path, line: int) -> None:
    path = gold_file(tmp_path, line)
    result = run("eval", str(path), "--corpus", str(tmp_path / "corpus"))
    assert_clean_failure(result, 2, "figures/0/line")


def test_a_gold_file_with_a_huge_integer_is_an_input_error(tmp_path: Path) -> None:
    path = gold_file(tmp_path, 3)
    path.write_text(path.read_text().replace('"line": 3', f'"line": {HUGE}'))
    result = run("eval", str(path), "--corpus", str(tmp_path / "corpus"))
    assert_clean_failure(result, 2, "an integer of 5001 digits")


def test_a_signoff_with_a_huge_integer_is_one_unreadable_row(records: Path) -> None:
    signoff = {"record_id": "b-bad", "editor": "Ed", "errors": int(HUGE[:10])}
    text = json.dumps(signoff).replace(HUGE[:10], HUGE)
    (records / "b-bad.signoff.json").write_text(text)
    result = run("status", str(records), "--json")
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert result.exit_code == 2 and rows["b-bad"]["state"] == "unreadable"
    assert "5001 digits" in rows["b-bad"]["problem"]
