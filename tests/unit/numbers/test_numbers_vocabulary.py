"""The one vocabulary of units and metrics: it loads, holds together, compiles patterns that
read every spelling it lists, and adding a metric (energy per token) is one entry."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from draftflow.cli import main
from draftflow.extract.conditions.setup_names import engine_in, engine_of_value, families_in
from draftflow.extract.metric_names import metric_name
from draftflow.extract.prose.counts import outcome_of
from draftflow.extract.statistic_names import statistic_of
from draftflow.numbers.units import canonical_unit, unit_after, unit_named, unit_of_name
from draftflow.numbers.vocabulary import (
    Engine,
    VocabularyError,
    load,
    spelling_pattern,
    unit_name_re,
    vocabulary,
)
from draftflow.verify.dimensions import UNIT_AFTER_RE, metric_dimension, unit_dimensions
from extract_support import snapshot_of
from prose_cases import readings

VOCABULARY = vocabulary()


def test_the_shipped_vocabulary_loads_once() -> None:
    assert vocabulary() is VOCABULARY
    assert VOCABULARY.unit_by_id("tokens/s") is not None
    # `ns/op`: a Go benchmark's time of one operation (test_extract_harvest_log_tables.py)
    assert VOCABULARY.unit_ids("time") == {"ns/op", "ms", "µs", "s", "min", "h"}
    assert VOCABULARY.metric_by_id("ttft") is not None
    assert VOCABULARY.metric_by_id("no_such_metric") is None


def test_a_broken_data_file_says_which_file_to_fix() -> None:
    with pytest.raises(VocabularyError, match=r"vocabulary\.toml"):
        load('[[unit]]\nid = "x"\nspelled = ["x"]\n[[metric]]\nid = "m"\n')
    with pytest.raises(VocabularyError, match=r"vocabulary\.toml"):
        load("[[unit]\n")


def _claims(spelling: str, exact: bool) -> str:
    return spelling if exact else spelling.lower()


def test_no_spelling_is_claimed_by_two_units() -> None:
    owner: dict[str, str] = {}
    for unit in VOCABULARY.unit:
        for spelling in {*unit.spellings, *unit.labels}:
            for key in {spelling, spelling.lower()} if not unit.exact_case else {spelling}:
                other = owner.setdefault(key.lower() if not unit.exact_case else key, unit.id)
                assert other == unit.id, f"{spelling!r} is claimed by {other} and {unit.id}"
    caseless = {k for k, u in owner.items() if not VOCABULARY.unit_by_id(u).exact_case}  # type: ignore[union-attr]
    for key, unit_id in owner.items():
        if VOCABULARY.unit_by_id(unit_id).exact_case:  # type: ignore[union-attr]
            assert key.lower() not in caseless or owner[key.lower()] == unit_id


def test_ids_are_unique_and_every_reference_exists() -> None:
    unit_ids = [unit.id for unit in VOCABULARY.unit]
    metric_ids = [metric.id for metric in VOCABULARY.metric]
    assert len(unit_ids) == len(set(unit_ids))
    assert len(metric_ids) == len(set(metric_ids))
    for metric in VOCABULARY.metric:
        assert metric.unit is None or metric.unit in unit_ids, metric.id
    for unit in VOCABULARY.unit:
        assert unit.metric is None or unit.metric in metric_ids, unit.id
        assert set(unit.ambiguous) <= set(unit.spellings), unit.id
    for phrase in VOCABULARY.prose_metric:
        assert phrase.metric in metric_ids


def test_metric_dimensions_agree_with_their_units() -> None:
    for metric in VOCABULARY.metric:
        unit = VOCABULARY.unit_by_id(metric.unit) if metric.unit else None
        if unit is not None and unit.dimensions and metric.dimension:
            assert metric.dimension in unit.dimensions, metric.id


@pytest.mark.parametrize("unit", VOCABULARY.unit, ids=lambda unit: unit.id)
def test_every_written_spelling_reads_as_its_unit(unit: object) -> None:
    from draftflow.numbers.vocabulary import Unit

    assert isinstance(unit, Unit)
    for spelling in unit.written:
        assert unit_after(f"12 {spelling} ", 2) == unit.id, spelling
        assert unit_after(f"12 **{spelling}** and more", 2) == unit.id, spelling
        assert unit_after(f"12{spelling}.", 2) == unit.id, spelling
        assert unit_named(spelling) == unit.id, spelling
        assert UNIT_AFTER_RE.match(f" {spelling}.") or not unit.dimensions, spelling
    for spelling in unit.joined:
        assert unit_after(f"12{spelling} ", 2) == unit.id
        assert unit_after(f"12 {spelling} ", 2) is None  # `2 x 4` is a shape, not a ratio
    for spelling in unit.attached:
        assert canonical_unit(spelling) == unit.id
    for spelling in (unit.id, *unit.spellings, *unit.labels):
        if unit.dimensions:
            assert unit_dimensions(spelling) == unit.dimensions, spelling


@pytest.mark.parametrize(
    "unit", [u for u in VOCABULARY.unit if unit_name_re(u.id)], ids=lambda unit: unit.id
)
def test_every_name_spelling_reads_as_its_unit(unit: object) -> None:
    from draftflow.numbers.vocabulary import Unit

    assert isinstance(unit, Unit)
    # each unit's own pattern (headers try units in file order: `request/s` holds `t/s`)
    pattern = unit_name_re(unit.id)
    assert pattern is not None
    for spelling in unit.name_parts:
        assert pattern.search(f"value {spelling} here"), spelling
    for spelling in unit.name_words:
        assert pattern.search(f"mean {spelling}"), spelling
        assert not pattern.search(f"mean{spelling}x"), spelling
    for spelling in unit.name_ends:
        assert pattern.search(f"ttft{spelling}"), spelling


def test_spellings_are_escaped_longest_first_with_a_loose_slash() -> None:
    pattern = spelling_pattern(["s", "tok/s", "p.p.", "tokens per second"])
    assert pattern.split("|")[0].startswith("tokens")
    assert re.fullmatch(pattern, "tok / s") and re.fullmatch(pattern, "tokens  per second")
    assert not re.fullmatch(pattern, "pxpx")  # `.` is a dot, not any character
    assert not re.fullmatch(spelling_pattern(["t/s"]), "t / s")  # `Port / served`


# ---- adding a metric is one entry: energy per token ----------------------------------------


def test_energy_per_token_is_one_unit_and_one_metric_entry() -> None:
    assert unit_of_name("Energy (J/token)") == "J/token"
    assert metric_name("Energy (J/token)") == "energy_per_token"
    assert unit_after("0.42 J/token", 4) == "J/token"
    assert unit_dimensions("J/token") == {"energy"}


def test_energy_per_token_in_prose() -> None:
    found = readings("On the Spark the decode used 0.42 J/token at batch 1.\n")
    assert [(value, metric) for value, metric, *_ in found] == [(0.42, "energy_per_token")]


README = """# Energy bench

| Model | Decode (tok/s) | Energy (J/token) |
|---|---|---|
| Llama 8B | 41.2 | 0.37 |
| Qwen 7B | 44.8 | 0.33 |

The whole run averaged 0.42 J/token on the Spark.
"""


def test_energy_figures_from_a_table_and_prose_are_drafted_and_verified(tmp_path: Path) -> None:
    folder = tmp_path / "energy-bench"
    folder.mkdir()
    (folder / "README.md").write_text(README)
    records = tmp_path / "records"
    args = ["draft", str(folder), "--origin", "https://github.com/example/energy-bench"]
    args += ["--revision", "0" * 40, "--records-dir", str(records), "--json"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["errors"] == 0
    figures_file = next(records.glob("*.figures.json"))
    figures = json.loads(figures_file.read_text())["figures"]
    energy = {
        (f["value"], f["unit"], f["source_line"])
        for f in figures
        if f["metric"] == "energy_per_token"
    }
    assert energy == {(0.37, "J/token", 5), (0.33, "J/token", 6), (0.42, "J/token", 8)}
    verify = json.loads(next(records.glob("*.verify.json")).read_text())
    flagged = [f for f in verify.get("flags", []) if "energy" in json.dumps(f)]
    assert flagged == []


def test_the_snapshot_helper_reads_the_table() -> None:
    # the table's document is one Markdown file, as the draft above reads it
    assert (snapshot_of({"README.md": README}).documents[0].line(5) or "").startswith("| Llama 8B")


def test_the_engine_and_family_tables_load_from_the_data_file() -> None:
    names = [engine.name for engine in VOCABULARY.engine]
    assert len(names) == len(set(names)) == 22
    assert "llama.cpp" in names and "TensorRT-LLM" in names
    assert {"qwen", "gpt-oss", "command-r"} <= set(VOCABULARY.model_families.names)
    assert VOCABULARY.unit_group("restated") >= {"tokens/s", "ms", "%"}


@pytest.mark.parametrize("engine", VOCABULARY.engine, ids=lambda engine: engine.name)
def test_every_engine_spelling_names_its_engine(engine: Engine) -> None:
    for spelling in engine.spellings:
        assert engine_in(f"served by {spelling.upper()} on one GPU") == engine.name, spelling
        assert engine_of_value(spelling) == engine.name, spelling


def test_a_known_engine_spelling_and_family_are_recognised() -> None:
    assert engine_in("numbers from llama-bench b9536") == "llama.cpp"
    assert engine_in("ExLlama V2 kernels") == "ExLlamaV2"
    assert engine_in("vllm-project fork") is None  # a longer name that starts with one
    assert families_in("Results for LLaMA 3 and Qwen2.5 at 7B") == ("LLaMA 3", "Qwen2.5")
    assert families_in("a phishing test") == ()


def test_a_unit_group_names_only_known_units() -> None:
    with pytest.raises(VocabularyError, match=r"vocabulary\.toml"):
        load('[[unit]]\nid = "x"\n[[metric]]\nid = "m"\n[unit_groups]\nsome = ["x", "y"]\n')
    with pytest.raises(VocabularyError, match=r"\[unit_groups\]"):
        VOCABULARY.unit_group("no_such_group")


# ---- metric-name dimensions, statistic words and outcome nouns: tables of the data file ------


def test_the_dimension_statistic_and_outcome_tables_load_in_order() -> None:
    dimensions = [entry.dimension for entry in VOCABULARY.metric_dimension]
    assert dimensions[0] == "ratio" and dimensions[-1] == "count"
    assert VOCABULARY.statistic[0].statistic == "standard deviation"  # a spread first
    assert [noun.metric for noun in VOCABULARY.outcome_noun][:2] == ["error_count", "warning_count"]


def test_a_known_word_of_each_table_reaches_its_reader() -> None:
    assert metric_dimension("gpu_power_watts") == "power"
    assert metric_dimension("decode_s") == "time"  # a time unit ending the name, before `decode`
    assert statistic_of("TTFT p95 (ms)", "12.5") == "p95 as reported"
    assert statistic_of("std_p50_ms", "0.4") == "standard deviation"  # the spread, not the median
    assert outcome_of(["retry", "storms"]) == ("failure_count", "retry storms")
    assert outcome_of(["requests"]) is None


_METRIC = '[[unit]]\nid = "x"\ndimensions = ["rate"]\n[[metric]]\nid = "m"\n'


@pytest.mark.parametrize(
    ("table", "fix"),
    [
        ('[[metric_dimension]]\ndimension = "rate"\npatterns = ["tps", ""]\n', "empty pattern"),
        ('[[metric_dimension]]\ndimension = "rate"\npatterns = []\n', "empty pattern"),
        ('[[metric_dimension]]\ndimension = "speed"\npatterns = ["tps"]\n', "use one of"),
        ('[[statistic]]\nstatistic = "p{0}"\npatterns = ["p9\\\\d"]\n', "add a group"),
        ('[[outcome_noun]]\nmetric = "error_count"\npatterns = ["errors?("]\n', "regular"),
    ],
)
def test_a_bad_word_table_says_what_to_fix(table: str, fix: str) -> None:
    with pytest.raises(VocabularyError, match=rf"(?s){fix}.*vocabulary\.toml"):
        load(_METRIC + table)


def test_measured_dimensions_are_data_and_include_energy() -> None:
    from draftflow.numbers.dimensions import MEASURED

    assert VOCABULARY.measured_dimensions == MEASURED
    assert {"rate", "time", "power", "temperature", "memory", "energy"} == MEASURED


def test_a_measured_dimension_no_unit_has_is_rejected() -> None:
    text = 'measured_dimensions = ["time", "weight"]\n[[unit]]\nid = "s"\ndimensions = ["time"]\n'
    with pytest.raises(VocabularyError, match="weight"):
        load(text + "[[metric]]\nid = 'ttft'\n")


def test_each_metric_dimension_is_read_from_its_entry() -> None:
    for metric in VOCABULARY.metric:
        assert VOCABULARY.metric_dimension_of(metric.id) == metric.dimension, metric.id
    assert metric_dimension("energy_per_token") == "energy"


def test_time_and_rate_units_are_the_vocabularys_everywhere() -> None:
    from draftflow.draft.facts import figures
    from draftflow.select import metric_scores

    assert VOCABULARY.unit_group("headline_latency") == metric_scores.TIME_UNITS
    assert VOCABULARY.unit_ids("time") > metric_scores.TIME_UNITS
    assert VOCABULARY.unit_ids("time") == figures.TIME_UNITS
    # requests/min: LLMPerf's `results_num_completed_requests_per_min` (s34)
    rates = {"tokens/s", "requests/s", "requests/min", "it/s"}
    assert figures._RATE_UNITS == VOCABULARY.unit_ids("rate") == rates


@pytest.mark.parametrize("engine", VOCABULARY.engine, ids=lambda engine: engine.name)
def test_every_engine_is_a_runtime_topic_in_all_its_spellings(engine: Engine) -> None:
    from draftflow.select.keywords import RUNTIMES, found_in

    assert list(RUNTIMES) == [e.name for e in VOCABULARY.engine]
    for spelling in engine.spellings:
        assert found_in(f"run with {spelling}, then", RUNTIMES[engine.name]), spelling


def test_the_longest_spellings_are_read_after_a_number() -> None:
    assert unit_after("uses 0.42 joules per token", 9) == "J/token"
    assert unit_after("rose 3.5 percentage points", 8) == "pp"
    assert unit_after("rose 3.5 percentage-points", 8) == "pp"


@pytest.mark.parametrize("spelling", [" tok/s", "tok/s ", "*tok/s", "_tps", "`tps"])
def test_a_spelling_the_scanners_cannot_read_is_rejected(spelling: str) -> None:
    text = f'[[unit]]\nid = "tokens/s"\nwritten = ["{spelling}"]\n[[metric]]\nid = "x"\n'
    with pytest.raises(VocabularyError, match="cannot read"):
        load(text)


def test_a_spelling_an_earlier_unit_reads_is_rejected() -> None:
    text = (
        '[[unit]]\nid = "s"\nwritten = ["sec"]\n'
        '[[unit]]\nid = "s2"\nwritten = ["sec 2"]\n[[metric]]\nid = "x"\n'
    )
    with pytest.raises(VocabularyError, match="reads as 's'"):
        load(text)


@pytest.mark.parametrize("header", ["Gen Speed", "gen_tok/s", "Generation Speed", "Gen rate"])
def test_generation_speed_headers_are_decode_rates(header: str) -> None:
    assert metric_name(header) == "decode_rate"


@pytest.mark.parametrize(
    "text", ["Generates speech 125x faster than realtime", "It generates reports", "Generate"]
)
def test_the_verb_generate_names_no_rate(text: str) -> None:
    # `gen.?rate` read `generate`: a TTS table under "Generates speech ..." became decode
    # rates in tokens/s, its character counts and real-time factors among them
    assert metric_name(text) is None
