"""The record model: seed 000 round trip, seed 001 JSON blocks, typed conditions, file errors."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from draftflow.errors import InputError
from draftflow.record.documents import record_documents
from draftflow.record.files import dump_record, load_record, parse_record, record_content_sha256
from draftflow.record.model import KNOWN_CONDITION_TYPES, Conditions, Provenance, Record
from seed_records import SEED_000, SEED_001, article_json


@pytest.fixture(scope="module")
def seed_text(seeds_dir: Path) -> str:
    """Seed 000 exactly as published (one JSON object on one line)."""
    return (seeds_dir / SEED_000).read_text(encoding="utf-8")


@pytest.fixture()
def seed_data(seed_text: str) -> dict[str, Any]:
    """Seed 000 as plain JSON data, a fresh copy per test so tests may mutate it."""
    data: dict[str, Any] = json.loads(seed_text)
    return data


@pytest.fixture(scope="module")
def article_001(seeds_dir: Path) -> str:
    """Seed 001: a record rendered as Markdown with embedded JSON blocks."""
    return (seeds_dir / SEED_001).read_text(encoding="utf-8")


def assert_same_json(left: Any, right: Any, where: str = "") -> None:
    """Equal values, equal types (int is not float) and equal key order, recursively."""
    assert type(left) is type(right), f"{where}: {type(left).__name__} vs {type(right).__name__}"
    if isinstance(left, dict):
        assert list(left) == list(right), f"{where}: key order differs"
        for key in left:
            assert_same_json(left[key], right[key], f"{where}/{key}")
    elif isinstance(left, list):
        assert len(left) == len(right), f"{where}: length differs"
        for index, (a, b) in enumerate(zip(left, right, strict=True)):
            assert_same_json(a, b, f"{where}/{index}")
    else:
        assert left == right, f"{where}: {left!r} != {right!r}"


# --- seed 000 round trip -------------------------------------------------------------------


def test_seed_000_round_trips_with_same_keys_order_types_and_values(seed_text: str) -> None:
    dumped = dump_record(parse_record(seed_text))
    assert_same_json(json.loads(dumped), json.loads(seed_text))
    assert dumped == json.dumps(json.loads(seed_text), indent=2, ensure_ascii=False) + "\n"


def test_dump_is_a_fixed_point(seed_text: str) -> None:
    once = dump_record(parse_record(seed_text))
    assert dump_record(parse_record(once)) == once


def test_numbers_keep_their_json_type(seed_text: str) -> None:
    record = parse_record(seed_text)
    first, *_, last = record.editorial.reported_results
    assert isinstance(first.value, float) and first.value == 27.0
    assert isinstance(last.value, int) and last.value == 1961
    assert '"value": 27.0,' in dump_record(record)
    assert '"value": 1961,' in dump_record(record)


def test_nulls_are_written(seed_text: str) -> None:
    dumped = dump_record(parse_record(seed_text))
    assert '"model_release_date": null' in dumped
    assert '"metrics": null' in dumped
    assert '"uncertainty": null' in dumped


def test_dump_format_is_two_space_utf8_with_trailing_newline(seed_data: dict[str, Any]) -> None:
    seed_data["title"] = "Überblick · 1017"
    dumped = dump_record(Record.model_validate(seed_data))
    assert dumped.endswith("}\n") and not dumped.endswith("\n\n")
    assert dumped.splitlines()[1] == '  "id": "deepseek-1017-tensorfold-spark",'
    assert '"title": "Überblick · 1017"' in dumped


def test_record_content_sha256_is_the_hash_of_the_dumped_bytes(seed_data: dict[str, Any]) -> None:
    record = Record.model_validate(seed_data)
    expected = hashlib.sha256(dump_record(record).encode("utf-8")).hexdigest()
    assert record_content_sha256(record) == expected
    seed_data["editorial"]["sections"][0]["paragraphs"][0] += " Edited."
    assert record_content_sha256(Record.model_validate(seed_data)) != expected


# --- provenance ----------------------------------------------------------------------------


def test_provenance_is_absent_from_the_seed_and_written_last_when_set(seed_text: str) -> None:
    record = parse_record(seed_text)
    assert record.provenance is None
    assert "provenance" not in json.loads(dump_record(record))

    record.provenance = Provenance(
        draftflow_version="0.1.0",
        model="deterministic",
        prompt_hashes={"draft": "a" * 64},
        created_at="2026-11-30T10:00:00Z",
        cache={"mode": "replay", "cassette": "cassettes/x.json", "hits": 3},
    )
    data = json.loads(dump_record(record))
    assert list(data)[-1] == "provenance"
    assert data["provenance"]["model"] == "deterministic"
    assert dump_record(parse_record(dump_record(record))) == dump_record(record)


def test_provenance_prompt_hashes_must_be_sha256() -> None:
    with pytest.raises(ValidationError):
        Provenance(
            draftflow_version="0.1.0",
            model="m",
            prompt_hashes={"draft": "abc"},
            created_at="2026-11-30T10:00:00Z",
        )


# --- seed 001: the JSON embedded in the Markdown article ------------------------------------


def test_seed_001_conditions_block_validates(article_001: str) -> None:
    embedded = article_json(article_001)
    conditions_block = embedded.conditions_block
    assert list(conditions_block) == [
        "conditions",
        "test_profiles",
        "recipe_parameters",
        "deployment_options",
    ]
    assert list(embedded.conditions) == list(conditions_block["conditions"])
    profiles = embedded.test_profiles
    assert [p.label for p in profiles][:2] == [
        "tensorfold C1 thinking off",
        "tensorfold C1 thinking 75",
    ]
    # nested JSON inside an open condition survives unchanged
    dumped = profiles[0].model_dump(mode="json")
    assert_same_json(dumped, conditions_block["test_profiles"][0])


def test_seed_001_reported_results_validate(article_001: str) -> None:
    embedded = article_json(article_001)
    results_block, results = embedded.results_block, embedded.reported_results
    assert len(results) == 4
    assert results[3].value == 41.447290817386964
    assert all(r.source_line in (2, 10) for r in results)
    for result, raw in zip(results, results_block, strict=True):
        assert result.model_dump(mode="json") == raw  # same values (key order is the model's)


def test_seed_001_supplemental_sources_validate(article_001: str) -> None:
    embedded = article_json(article_001)
    block, sources = embedded.supplemental_block, embedded.supplemental_sources
    assert {s.parent_record_id for s in sources} == {"deepseek-1017-dual-spark-quick"}
    assert_same_json([s.model_dump(mode="json") for s in sources], block["supplemental_sources"])


def test_seed_001_reported_setup_and_license_lines_validate(article_001: str) -> None:
    embedded = article_json(article_001)
    setup = embedded.reported_setup
    assert setup.context_limit_tokens == 262144 and setup.experiment_date is None
    assert embedded.license.declared_spdx is None


# --- typed known condition keys, open order-preserving dicts ---------------------------------


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("concurrency", "1"),
        ("concurrency", True),
        ("concurrency", 1.5),
        ("temperature", "hot"),
        ("node_count", 2.0),
        ("thinking", "no"),
        ("model_revision", 123),
        ("per_run_values", [1, "2"]),
    ],
)
def test_a_wrongly_typed_known_condition_is_rejected(
    seed_data: dict[str, Any], key: str, bad: Any
) -> None:
    seed_data["editorial"]["reported_results"][2]["conditions"][key] = bad
    with pytest.raises(InputError) as caught:
        parse_record(json.dumps(seed_data), origin="r.json")
    message = str(caught.value)
    assert "r.json" in message
    assert "/editorial/reported_results/2/conditions" in message
    assert repr(key) in message


def test_known_conditions_accept_their_types_and_keep_values_as_written() -> None:
    raw = {
        "zeta": {"nested": [1, 2.5, None]},
        "temperature": 1,
        "concurrency": 4,
        "thinking": None,
        "alpha": "x",
        "top_p": 0.95,
        "prefix_cache": False,
    }
    conditions = TypeAdapter(Conditions).validate_python(raw)
    assert_same_json(conditions, raw)  # temperature 1 stays the int 1, order kept


def test_every_known_condition_type_accepts_null() -> None:
    raw = dict.fromkeys(KNOWN_CONDITION_TYPES)
    assert TypeAdapter(Conditions).validate_python(raw) == raw


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=12).filter(lambda key: key not in KNOWN_CONDITION_TYPES),
        json_values,
        max_size=6,
    )
)
def test_unknown_condition_keys_round_trip_in_order(raw: dict[str, Any]) -> None:
    conditions = TypeAdapter(Conditions).validate_python(raw)
    again = json.loads(json.dumps(conditions))
    assert_same_json(again, json.loads(json.dumps(raw)))


def test_nan_is_rejected_in_text_and_in_objects(seed_data: dict[str, Any]) -> None:
    text = json.dumps(seed_data).replace('"temperature": null', '"temperature": NaN', 1)
    with pytest.raises(InputError, match="NaN"):
        parse_record(text)
    seed_data["conditions"]["weird"] = [float("inf")]
    with pytest.raises(ValidationError):
        Record.model_validate(seed_data)


# --- fixed-shape objects are strict ------------------------------------------------------------


def test_an_unknown_top_level_field_is_rejected_with_a_hint(seed_data: dict[str, Any]) -> None:
    seed_data["titel"] = "typo"
    with pytest.raises(InputError) as caught:
        parse_record(json.dumps(seed_data))
    assert "/titel" in caught.value.message
    assert caught.value.hint and "remove /titel" in caught.value.hint


def test_a_missing_field_is_named_with_a_null_hint(seed_data: dict[str, Any]) -> None:
    del seed_data["source"]["document_sha256"]
    with pytest.raises(InputError) as caught:
        parse_record(json.dumps(seed_data))
    assert "/source/document_sha256" in caught.value.message
    assert caught.value.hint and "null" in caught.value.hint


@pytest.mark.parametrize(
    ("pointer", "bad"),
    [
        (("source", "revision"), "9c6ab02"),
        (("source", "document_sha256"), "XYZ"),
        (("editorial", "reported_results", 0, "source_line"), 0),
        (("editorial", "reported_results", 0, "value"), "27.0"),
        (("editorial", "published_on"), "18 Oct 2026"),
        (("site_reproduced",), "false"),
    ],
)
def test_wrong_values_in_fixed_fields_are_rejected(
    seed_data: dict[str, Any], pointer: tuple[Any, ...], bad: Any
) -> None:
    target = seed_data
    for part in pointer[:-1]:
        target = target[part]
    target[pointer[-1]] = bad
    with pytest.raises(InputError, match="/" + "/".join(map(str, pointer))):
        parse_record(json.dumps(seed_data))


# --- load_record --------------------------------------------------------------------------------


def test_load_record_reads_a_file(tmp_path: Path, seed_text: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(seed_text, encoding="utf-8")
    assert load_record(path).id == "deepseek-1017-tensorfold-spark"


def test_load_record_missing_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="does not exist") as caught:
        load_record(tmp_path / "nope.json")
    assert "nope.json" in caught.value.message and caught.value.hint


def test_load_record_directory(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a directory"):
        load_record(tmp_path)


def test_load_record_invalid_json_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "id": "x",\n  oops\n}\n', encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_record(path)
    assert "broken.json" in caught.value.message and "line 3" in caught.value.message


def test_load_record_not_an_object(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(InputError, match="expected a JSON object"):
        load_record(path)


def test_load_record_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"id": "caf\xe9"}')
    with pytest.raises(InputError, match="not UTF-8"):
        load_record(path)


def test_load_record_schema_error_names_file_and_field(
    tmp_path: Path, seed_data: dict[str, Any]
) -> None:
    seed_data["editorial"]["sections"][1]["citations"] = "not a list"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(seed_data), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_record(path)
    assert str(path) in caught.value.message
    assert "/editorial/sections/1/citations" in caught.value.message


# --- record_documents -----------------------------------------------------------------------------


def test_record_documents_lists_source_then_supplementals(seed_text: str) -> None:
    record = parse_record(seed_text)
    documents = record_documents(record)
    assert len(documents) == 1 + len(record.supplemental_sources) == 8
    source = documents[0]
    assert source == (
        "ds1017-README.md",
        "README.md",
        record.source.pinned_url,
        record.source.document_sha256,
    )
    assert source.repository == record.source.repository
    assert source.revision == record.source.revision
    official = documents[-1]
    assert official.repository == "deepseek-ai/DeepSeek-V4.1-Flash-1017"
    assert official.pinned_url.startswith("https://huggingface.co/")


def test_every_reported_result_names_a_listed_document_with_its_hash(seed_text: str) -> None:
    record = parse_record(seed_text)
    by_id = {d.document_id: d for d in record_documents(record)}
    for result in record.editorial.reported_results:
        document = by_id[result.source_document_id]
        assert document.sha256 == result.source_document_sha256
        assert result.evidence_url == f"{document.pinned_url}#L{result.source_line}"


def test_record_documents_without_supplementals_uses_the_snapshot_id_convention(
    seed_data: dict[str, Any],
) -> None:
    seed_data["supplemental_sources"] = []
    documents = record_documents(Record.model_validate(seed_data))
    assert [d.document_id for d in documents] == [
        "deepseek-v4.1-flash-1017-exl3-tensorfold-2x-dgx-spark-README.md"
    ]


def test_record_documents_lists_a_document_once(seed_data: dict[str, Any]) -> None:
    duplicate = copy.deepcopy(seed_data["supplemental_sources"][0])
    seed_data["supplemental_sources"].append(duplicate)
    documents = record_documents(Record.model_validate(seed_data))
    assert len(documents) == len({d.pinned_url for d in documents}) == 8


def test_a_source_without_a_document_is_not_listed(seed_data: dict[str, Any]) -> None:
    for key in ("document_path", "pinned_url", "report_url", "document_sha256"):
        seed_data["source"][key] = None
    seed_data["model_artifact"] = None
    record = Record.model_validate(seed_data)
    documents = record_documents(record)
    assert [d.document_id for d in documents] == [
        s.document_id for s in record.supplemental_sources
    ]
    assert '"model_artifact": null' in dump_record(record)


def test_provenance_lists_what_was_dropped() -> None:
    provenance = Provenance(
        draftflow_version="0.1.0",
        model="deterministic",
        created_at="2026-11-30T10:00:00Z",
        dropped=["sections/2/paragraphs/0: unsupported number 42"],
    )
    assert list(provenance.model_dump()) == [
        "draftflow_version",
        "model",
        "prompt_hashes",
        "created_at",
        "cache",
        "dropped",
        "selection",
    ]
