"""The recipes of docs/architecture.md done for real: a metric (with its unit), an engine, a
hardware and a precision each added as entries to a copy of `numbers/vocabulary.toml`, then a
repository drafted with that copy: each is read end to end, with no code changed. And the
hardware and precision tables reach every reader from the data file."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest

from draftflow.extract.prose.units import unit_after_number
from draftflow.numbers import find_numbers
from draftflow.numbers.vocabulary import Unit, VocabularyError, load, vocabulary

VOCABULARY = vocabulary()
SHIPPED = resources.files("draftflow.numbers").joinpath("vocabulary.toml").read_text("utf-8")

# ---- the recipes: one entry each, in a copy of the data file ---------------------------------

ADD_A_METRIC = """
[[unit]]
id = "frob/s"
dimensions = ["rate"]
measured = true
written = ["frob/s", "frobs per second"]
name_parts = ["frob/s"]
metric = "frobnication_rate"

[[metric]]
id = "frobnication_rate"
dimension = "rate"
unit = "frob/s"
better = "higher"
spellings = ["frobnication"]
"""

ADD_AN_ENGINE = """
[[engine]]
name = "ZephyrServe"
spellings = ["zephyrserve", "zephyr-serve"]
"""

ADD_A_HARDWARE = """
[[hardware]]
name = "Quokka Q9"
kind = "system"
spellings = ["quokka q9"]
"""

README = """# Quokka bench

- Hardware: Quokka Q9
- Engine: zephyrserve 1.2
- Precision: zq5

| Model | Decode (tok/s) | Frobnication (frob/s) |
|---|---|---|
| Llama 8B | 41.2 | 7.5 |
| Qwen 7B | 44.8 | 8.25 |

The whole run reached 9.5 frobs per second.
"""

# draft with a vocabulary read from a file: the loader is swapped before any reader imports it
_DRAFT_WITH = """
import functools, pathlib, sys
import draftflow.numbers.vocabulary as v
text = pathlib.Path(sys.argv[1]).read_text(encoding="utf-8")
v.vocabulary = functools.cache(lambda: v.load(text))
from draftflow.cli import main
main(sys.argv[2:])
"""


def _with_precision(text: str, spelling: str) -> str:
    """The data with one more precision spelling (`[precision]` is a table: edited in place)."""
    return text.replace('    "int4", "int8",', f'    "{spelling}", "int4", "int8",', 1)


def _draft(tmp_path: Path, data: str) -> tuple[list[dict[str, object]], dict[str, object]]:
    folder = tmp_path / "quokka-bench"
    folder.mkdir()
    (folder / "README.md").write_text(README)
    data_file = tmp_path / "vocabulary.toml"
    data_file.write_text(data, encoding="utf-8")
    records = tmp_path / "records"
    args = ["draft", str(folder), "--origin", "https://github.com/example/quokka-bench"]
    args += ["--revision", "0" * 40, "--records-dir", str(records), "--json"]
    run = subprocess.run(
        [sys.executable, "-c", _DRAFT_WITH, str(data_file), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    figures = json.loads(next(records.glob("*.figures.json")).read_text())["figures"]
    return figures, json.loads(run.stdout)


def test_each_recipe_is_one_entry_read_end_to_end(tmp_path: Path) -> None:
    data = _with_precision(SHIPPED + ADD_A_METRIC + ADD_AN_ENGINE + ADD_A_HARDWARE, "zq5")
    figures, summary = _draft(tmp_path, data)
    assert summary["errors"] == 0
    frobs = {
        (f["value"], f["unit"], f["source_line"])
        for f in figures
        if f["metric"] == "frobnication_rate"
    }
    assert frobs == {(7.5, "frob/s", 9), (8.25, "frob/s", 10), (9.5, "frob/s", 12)}
    decode = [f for f in figures if f["metric"] == "decode_rate"]
    assert len(decode) == 2
    for figure in decode:
        conditions = figure["conditions"]
        assert isinstance(conditions, dict)
        assert conditions["system"] == "Quokka Q9"
        assert conditions["engine"] == "ZephyrServe"
        assert conditions["weight_precision"] == "zq5"


def test_without_the_entries_none_of_them_is_read(tmp_path: Path) -> None:
    figures, _ = _draft(tmp_path, SHIPPED)
    assert not [f for f in figures if f["metric"] == "frobnication_rate"]
    for figure in figures:
        conditions = figure["conditions"]
        assert isinstance(conditions, dict)
        assert not {"system", "engine", "weight_precision"} & set(conditions)


# ---- the hardware and precision tables reach their readers -------------------------------------


def test_hardware_and_precisions_load_from_the_data_file() -> None:
    kinds = {entry.kind for entry in VOCABULARY.hardware}
    assert kinds == {"system", "cpu", "chip", "machine"}
    assert {"fp8", "nvfp4", "bf16"} <= set(VOCABULARY.precision.spellings)
    assert "full precision" in VOCABULARY.precision.reference
    assert "fp8_e4m3" in VOCABULARY.precision.kv_cache
    assert [topic.topic for topic in VOCABULARY.hardware_topic] == [
        "spark",
        "nvidia",
        "gx10",
        "amd",
    ]
    assert VOCABULARY.record_system is not None


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("on an NVIDIA DGX Spark today", "NVIDIA DGX Spark"),
        ("two RTX 4090 cards", "RTX 4090"),
        ("an Apple M2 Ultra 192 GB", "Apple M2 Ultra 192 GB"),
        ("a Jetson AGX Orin", "Jetson AGX Orin"),
        ("AMD Instinct MI300X nodes", "AMD Instinct MI300X"),
        ("### V100 (CUDA0) - 27B Dense Models", "V100"),
        ("a Tesla P40 24GB", "Tesla P40 24GB"),
        # KrisDcosta's phone: its title named no device (read33-s21)
        ("## Core Results (Pixel 6a, decode phase, n=10 trials)", "Pixel 6a"),
    ],
)
def test_every_kind_of_system_is_read_from_the_data(text: str, system: str) -> None:
    from draftflow.extract.conditions.setup_names import system_in

    assert system_in(text) == system


def test_cpus_and_chips_are_read_from_the_data() -> None:
    from draftflow.extract.conditions.setup_names import CPU, sole_system, systems_named

    assert CPU.search("a dual EPYC 7742 host") is not None
    assert CPU.search("Core i9-13900K desktop") is not None
    assert sole_system("Strix Halo vs DGX Spark") is None  # a chip makes two machines
    assert systems_named("NVIDIA DGX Spark and AMD Strix Halo") == {"dgx spark", "strix halo"}
    # bhodgens/local-llm-benchmarks: every V100 figure was published on the RTX 3060, the one
    # machine of the two its README names that the data knew
    assert sole_system("dual-GPU system (Tesla V100 32GB + RTX 3060 12GB)") is None


def test_precisions_are_read_from_the_data_everywhere() -> None:
    from draftflow.draft.record_facts import MENTIONS
    from draftflow.extract.conditions.setup_names import precision_in
    from draftflow.select import reference, setup_fields

    assert precision_in("Qwen3-30B-A3B-FP8 weights") == "FP8"
    assert precision_in("a Q4_K_M gguf") == "Q4_K_M"
    assert precision_in("exl2 6.0 bpw") == "exl2 6.0 bpw"
    assert setup_fields._KV.search("--kv-cache-dtype fp8_e5m2") is not None
    assert "bfloat16" in MENTIONS["quantization"]
    assert reference.vocabulary().precision.reference == VOCABULARY.precision.reference


def test_the_hardware_topics_and_record_system_are_the_datas() -> None:
    from draftflow.draft import consistency
    from draftflow.select.keywords import HARDWARE
    from draftflow.verify import fields

    assert {topic.topic: topic.keywords for topic in VOCABULARY.hardware_topic} == HARDWARE
    assert fields._TOPIC_ALIASES["gx10"] == ("gx10", "ascent")
    assert VOCABULARY.record_system is not None
    assert VOCABULARY.record_system.keywords == consistency.SPARK_CLASS


# ---- the loader refuses what the readers cannot read ------------------------------------------

_BASE = '[[unit]]\nid = "x"\n[[metric]]\nid = "m"\n'


_SYSTEM = '[[hardware]]\nname = "X"\nkind = "system"\n'
_GB10 = '[[hardware]]\nname = "GB10"\nkind = "system"\npatterns = ["(?:nvidia\\\\s+)?gb10"]\n'


@pytest.mark.parametrize(
    ("table", "fix"),
    [
        (_SYSTEM + 'spellings = [" quokka"]\n', "cannot read"),
        (_SYSTEM + 'spellings = [""]\n', "cannot read"),
        (_SYSTEM + 'spellings = ["Quokka"]\n', "lowercase"),
        (_SYSTEM, "no spellings or patterns"),
        ('[[hardware]]\nname = "X"\nkind = "gpu"\nspellings = ["q9"]\n', "system"),
        ('[[hardware]]\nname = "X"\nkind = "cpu"\npatterns = ["epyc("]\n', "regular"),
        # an earlier entry reads the start of it: `GB10 Pro` would be read as `GB10`
        (_GB10 + _SYSTEM + 'spellings = ["gb10 pro"]\n', "cannot read"),
        ('[precision]\nspellings = ["fp8 "]\n', "cannot read"),
        ('[precision]\nspellings = ["FP8"]\n', "lowercase"),
        ('[[engine]]\nname = "Z"\nspellings = ["zephyr "]\n', "cannot read"),
        (
            '[[engine]]\nname = "Z"\nspellings = ["zephyr"]\n'
            '[[engine]]\nname = "ZS"\nspellings = ["zephyr serve"]\n',
            "cannot read",
        ),
    ],
)
def test_a_spelling_the_readers_cannot_read_is_rejected(table: str, fix: str) -> None:
    with pytest.raises(VocabularyError, match=rf"(?s){fix}.*vocabulary\.toml"):
        load(_BASE + table)


def test_the_shipped_spellings_pass_the_checks_they_are_held_to() -> None:
    assert load(SHIPPED) == VOCABULARY


@pytest.mark.parametrize("unit", [u for u in VOCABULARY.unit if u.written], ids=lambda u: u.id)
def test_prose_reads_every_written_spelling_after_a_number(unit: Unit) -> None:
    # the prose scanner passes `unit_after` a window past the number: long enough for each
    # spelling (`joules per token`, `percentage points` were cut at 16 characters)
    for spelling in unit.written:
        text = f"It reached 12 {spelling} in the end."
        mention = next(m for m in find_numbers(text) if m.text == "12")
        assert unit_after_number(text, mention)[0] == unit.id, spelling
