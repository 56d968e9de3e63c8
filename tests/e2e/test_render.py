"""The Markdown article: structure of seed 001, contents of seed 000, and `draftflow render`."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from markdown_it import MarkdownIt

from draftflow.cli import main
from draftflow.record.bounds import bounded_provenance, cause_of
from draftflow.record.files import dump_record, parse_record
from draftflow.record.model import License, Provenance, Record
from draftflow.record.render import render_markdown
from seed_records import SEED_001, json_blocks, seed_000_data

FIXED_HEADINGS = [
    "Conditions",
    "Reading notes",
    "Limits",
    "License declaration",
    "Editorial answer",
    "Selected source-reported figures",
    "Supplemental source identities",
]


@pytest.fixture()
def seed_data(seeds_dir: Path) -> dict[str, Any]:
    """Seed 000 as plain JSON data, a fresh copy per test."""
    return seed_000_data(seeds_dir)


@pytest.fixture()
def record(seed_data: dict[str, Any]) -> Record:
    """Seed 000 as a Record."""
    return Record.model_validate(seed_data)


@pytest.fixture()
def article(record: Record) -> str:
    """Seed 000 rendered."""
    return render_markdown(record)


@pytest.fixture()
def record_file(tmp_path: Path, record: Record) -> Path:
    """Seed 000 written as records/<id>.json in a temporary folder."""
    path = tmp_path / "records" / f"{record.id}.json"
    path.parent.mkdir()
    path.write_text(dump_record(record), encoding="utf-8")
    return path


def headings(markdown: str) -> list[str]:
    """The `##` headings of an article, in order (outside fenced blocks)."""
    outside = re.sub(r"^(`{3,})json\n.*?\n\1$", "", markdown, flags=re.S | re.M)
    return re.findall(r"^## (.*)$", outside, re.M)


# --- contents --------------------------------------------------------------------------------


def test_article_holds_every_section_heading_paragraph_and_citation(
    record: Record, article: str
) -> None:
    assert record.editorial.sections, "seed 000 has sections"
    for section in record.editorial.sections:
        assert f"\n## {section.heading}\n" in article
        for paragraph in section.paragraphs:
            assert f"\n{paragraph}\n" in article
        assert f"\nSources: {', '.join(section.citations)}\n" in article


def test_article_opens_with_title_summary_and_metadata(record: Record, article: str) -> None:
    lines = article.splitlines()
    assert lines[0] == f"# {record.title}"
    assert lines[2] == record.summary
    assert f"- Pinned document: {record.source.pinned_url}" in lines
    assert f"- Source revision: {record.source.revision}" in lines
    assert "- Evidence: source_reported; site reproduced: false" in lines
    assert "- Type: Performance report" in lines


def test_article_holds_notes_limits_answer_byline_and_method(record: Record, article: str) -> None:
    for note in record.notes:
        assert f"- {note}\n" in article
    for limitation in record.limitations:
        assert f"- {limitation}\n" in article
    editorial = record.editorial
    assert f"\n{editorial.answer}\n" in article
    assert f"\nBy {editorial.byline} · {editorial.published_on}\n" in article
    assert f"\n{editorial.creation_method}\n" in article


def test_fixed_headings_follow_seed_001_order(article: str, seeds_dir: Path) -> None:
    published = (seeds_dir / SEED_001).read_text(encoding="utf-8")
    ours = [h for h in headings(article) if h in FIXED_HEADINGS]
    theirs = [h for h in headings(published) if h in FIXED_HEADINGS]
    assert ours == theirs == FIXED_HEADINGS


def test_sections_sit_between_the_answer_and_the_figures(record: Record, article: str) -> None:
    found = headings(article)
    start = found.index("Editorial answer") + 1
    end = found.index("Selected source-reported figures")
    assert found[start:end] == [s.heading for s in record.editorial.sections]


def test_headline_figures_are_a_table_not_a_json_dump(record: Record, article: str) -> None:
    conditions_block, supplemental_block = json_blocks(article)
    assert conditions_block["conditions"] == record.conditions
    assert supplemental_block["supplemental_sources"] == [
        s.model_dump(mode="json") for s in record.supplemental_sources
    ]
    assert '"per_prompt_decode_rates"' not in article  # results' conditions stay in the JSON
    for result in record.editorial.reported_results:
        assert f"| {result.label} (thinking off, " in article  # its run settings: see below
        assert f"| {result.metric} | {result.value!r} |" in article
        assert f"]({result.evidence_url}) |" in article
    for profile in record.test_profiles:  # the record keeps them; the article counts them
        assert f"- {profile.label} ([source]({profile.evidence_url}))" not in article
    assert "### Test profiles" not in article


def test_a_figure_names_the_run_settings_their_conditions_state(
    record: Record, article: str
) -> None:
    """The seed's article shows each figure's thinking, sampling, output cap and draft length
    (issue 33): the figures table names the ones stated, and only those."""
    decode = "vllm-kit-run01 prose (thinking off, temperature 1.0, top-p 1.0, max output tokens 700"
    assert f"| {decode}, draft tokens 3) | decode_rate | 27.0 |" in article
    # the prefill cohort states no sampling settings: none is named for it
    assert "| TensorFold final setup 32K prefill (thinking off, draft tokens 5) |" in article


def test_setup_lines_and_license_line(record: Record, article: str) -> None:
    assert f"- System: {record.reported_setup.system}" in article
    assert f"- Node count: {record.reported_setup.node_count}" in article
    license_line = re.search(r"^## License declaration\n\n(.*)$", article, re.M)
    assert license_line is not None
    assert License.model_validate_json(license_line.group(1)) == record.license


def test_unknowns_print_as_not_stated(seed_data: dict[str, Any]) -> None:
    seed_data["model_family"] = None
    seed_data["model_id"] = None
    seed_data["reported_setup"]["system"] = None
    for result in seed_data["editorial"]["reported_results"]:
        result["conditions"]["model"] = None
        result["conditions"]["system"] = None
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Model: not recorded" in article
    assert "- Model family: not recorded" in article
    assert "- System: not recorded" in article
    assert ": null\n" not in article.split("## Conditions")[0]


def test_a_record_comparing_models_names_them_from_its_results(
    seed_data: dict[str, Any],
) -> None:
    """No record-level model: the header lists what the results' own conditions name, and a
    node count every result shares is shown as theirs."""
    seed_data["model_id"] = None
    seed_data["reported_setup"]["node_count"] = None
    results = seed_data["editorial"]["reported_results"]
    for index, result in enumerate(results):
        result["conditions"]["model"] = f"Model {'AB'[index % 2]}"
        result["conditions"]["node_count"] = 2
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Model: varies by result: Model A, Model B\n" in article
    assert "- Node count: 2 (every result states it)" in article
    results[0]["conditions"]["node_count"] = None
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Node count: 2 (where a result states it)" in article


def test_source_html_is_escaped(seed_data: dict[str, Any]) -> None:
    seed_data["title"] = "<script>alert(1)</script> on a Spark"
    seed_data["editorial"]["answer"] = 'Fast <img src=x onerror="alert(1)"> & cheap.'
    seed_data["editorial"]["sections"][0]["paragraphs"] = ["<b>bold</b> claim"]
    seed_data["editorial"]["reported_results"][0]["label"] = "<i>run</i> | one"
    article = render_markdown(Record.model_validate(seed_data))
    page = MarkdownIt("commonmark", {"html": True}).enable("table").render(article)
    assert "<script" not in page and "<img" not in page and "<b>" not in page
    assert "<i>" not in page
    assert "# \\<script>alert(1)\\</script> on a Spark" in article
    assert 'Fast \\<img src=x onerror="alert(1)"> & cheap.' in article
    assert "| \\<i>run\\</i> \\| one (thinking off, " in article  # then its run settings


def test_comparisons_print_as_written(seed_data: dict[str, Any]) -> None:
    seed_data["editorial"]["answer"] = "Decode holds > 20 tok/s at <1 % loss; R&D &amp; more."
    article = render_markdown(Record.model_validate(seed_data))
    assert "Decode holds > 20 tok/s at <1 % loss; R&D \\&amp; more." in article
    assert "&gt;" not in article and "&lt;" not in article


def test_a_greater_than_sign_prints_as_itself_and_opens_no_quote(
    seed_data: dict[str, Any],
) -> None:
    """`Timeout > 600s` reads as the source writes it (`&gt;` is no text an editor keeps);
    a paragraph that starts with `>` stays a paragraph, not a block quote."""
    seed_data["title"] = "Failed (Timeout > 600s per attempt)"
    seed_data["editorial"]["sections"][0]["paragraphs"] = ["> 600 s timed out", "a -> b"]
    seed_data["editorial"]["reported_results"][0]["label"] = "timeout > 600s"
    article = render_markdown(Record.model_validate(seed_data))
    assert "&gt;" not in article
    assert "# Failed (Timeout > 600s per attempt)" in article
    assert "\\> 600 s timed out" in article and "a -> b" in article
    assert "| timeout > 600s (thinking off, " in article


def test_rendering_is_deterministic_and_ends_with_one_newline(record: Record) -> None:
    first = render_markdown(record)
    assert first == render_markdown(parse_record(dump_record(record)))
    assert first.endswith("```\n") and not first.endswith("\n\n")


# --- edge cases --------------------------------------------------------------------------------


def test_multiline_heading_cannot_inject_markdown(seed_data: dict[str, Any]) -> None:
    seed_data["editorial"]["sections"][0]["heading"] = "Real question?\n## Injected"
    article = render_markdown(Record.model_validate(seed_data))
    assert "## Real question? ## Injected" in article
    assert "Injected" not in headings(article)
    assert "\n## Injected" not in article


def test_multiline_paragraph_cannot_inject_markdown(seed_data: dict[str, Any]) -> None:
    seed_data["editorial"]["sections"][0]["paragraphs"] = ["First line.\n\n## Injected", "# Hash"]
    seed_data["editorial"]["answer"] = "```\nfence"
    article = render_markdown(Record.model_validate(seed_data))
    assert "\nFirst line. ## Injected\n" in article
    assert "\n\\# Hash\n" in article
    assert "\n\\``` fence\n" in article
    assert "Injected" not in headings(article)
    assert len(json_blocks(article)) == 2


def test_backticks_in_values_do_not_close_the_fence(seed_data: dict[str, Any]) -> None:
    seed_data["conditions"]["chat_template"] = "```\n## not a heading"
    article = render_markdown(Record.model_validate(seed_data))
    assert json_blocks(article)[0]["conditions"]["chat_template"] == "```\n## not a heading"


def test_empty_lists_drop_their_sections(seed_data: dict[str, Any]) -> None:
    seed_data["notes"] = []
    seed_data["editorial"]["reported_results"] = []
    seed_data["supplemental_sources"] = []
    seed_data["editorial"]["sections"][0]["citations"] = []
    article = render_markdown(Record.model_validate(seed_data))
    found = headings(article)
    assert "Reading notes" not in found
    assert "Selected source-reported figures" not in found
    assert "Supplemental source identities" not in found
    assert "- Performance figures: none selected" in article
    assert "Sources: none cited" in article


def test_null_and_updated_dates_are_shown(seed_data: dict[str, Any]) -> None:
    seed_data["reported_setup"]["experiment_date"] = None
    for result in seed_data["editorial"]["reported_results"]:
        result["conditions"].pop("experiment_date", None)
    seed_data["editorial"]["modified_on"] = "2026-11-01"
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Experiment date: not recorded" in article
    assert "· 2026-10-18 (updated 2026-11-01)" in article


def test_provenance_is_rendered_only_when_present(record: Record) -> None:
    assert "## Provenance" not in render_markdown(record)
    record.provenance = Provenance(
        draftflow_version="0.1.0", model="deterministic", created_at="2026-11-30T10:00:00Z"
    )
    article = render_markdown(record)
    assert headings(article)[-1] == "Provenance"
    assert "with deterministic on 2026-11-30T10:00:00Z" in article


# --- the CLI -----------------------------------------------------------------------------------


def test_cli_writes_the_article_next_to_the_record(record_file: Path, record: Record) -> None:
    result = CliRunner().invoke(main, ["render", str(record_file)])
    assert result.exit_code == 0, result.output
    written = record_file.with_suffix(".md")
    assert written.read_text(encoding="utf-8") == render_markdown(record)
    assert sorted(p.name for p in record_file.parent.iterdir()) == [
        record_file.name,
        written.name,
    ]  # no temporary file left behind


def test_cli_writes_to_a_chosen_path_and_replaces_it(record_file: Path, tmp_path: Path) -> None:
    target = tmp_path / "out" / "article.md"
    target.parent.mkdir()
    target.write_text("old article\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(record_file), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8").startswith("# DeepSeek 1017")
    assert not record_file.with_suffix(".md").exists()


def test_cli_prints_to_stdout_with_dash(record_file: Path, record: Record) -> None:
    result = CliRunner().invoke(main, ["render", str(record_file), "-o", "-"])
    assert result.exit_code == 0, result.output
    assert result.stdout == render_markdown(record)
    assert not record_file.with_suffix(".md").exists()


def test_cli_missing_record_exits_2(tmp_path: Path) -> None:
    missing = tmp_path / "missing.json"
    result = CliRunner().invoke(main, ["render", str(missing)])
    assert result.exit_code == 2
    assert "missing.json" in result.stderr and "does not exist" in result.stderr
    assert "fix:" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_invalid_json_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(path)])
    assert result.exit_code == 2
    assert "not valid JSON" in result.stderr
    assert not path.with_suffix(".md").exists()


def test_cli_invalid_record_exits_2_naming_the_field(
    tmp_path: Path, seed_data: dict[str, Any]
) -> None:
    seed_data["conditions"]["concurrency"] = "one"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(seed_data), encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(path)])
    assert result.exit_code == 2
    assert "/conditions/concurrency" in result.stderr
    assert not path.with_suffix(".md").exists()


def test_cli_refuses_to_overwrite_the_record(tmp_path: Path, record: Record) -> None:
    path = tmp_path / "record.md"
    path.write_text(dump_record(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(path)])
    assert result.exit_code == 2
    assert f"the article would overwrite the record itself ({path})" in result.stderr
    assert "pass -o OUT.md" in result.stderr
    assert path.read_text(encoding="utf-8") == dump_record(record)


def test_cli_unwritable_output_exits_4(record_file: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["render", str(record_file), "-o", str(blocker / "x.md")])
    assert result.exit_code == 4, result.output
    assert "cannot write" in result.stderr


def test_a_record_without_a_source_document_still_renders(seed_data: dict[str, Any]) -> None:
    for key in ("document_path", "pinned_url", "report_url", "document_sha256"):
        seed_data["source"][key] = None
    seed_data["model_artifact"] = None
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Pinned document: not recorded" in article


def test_cli_output_ending_in_a_slash_is_a_folder_made_for_the_article(
    record_file: Path, tmp_path: Path
) -> None:
    """`render records/<id>.json -o site/articles/` (the --help example) on a fresh clone:
    the folder does not exist yet and is made, as the trailing slash asks."""
    target = tmp_path / "site" / "articles"
    result = CliRunner().invoke(main, ["render", str(record_file), "-o", f"{target}/"])
    assert result.exit_code == 0, result.output
    assert (target / record_file.with_suffix(".md").name).is_file()
    missing = CliRunner().invoke(
        main, ["render", str(record_file), "-o", str(tmp_path / "no/x.md")]
    )
    assert missing.exit_code == 4  # a file path's folder is still never made up


def test_provenance_is_a_document_table_and_one_count_line(record: Record) -> None:
    """The article counts what was set aside in one line, no table of causes (an editor cut
    the 31-row table from lhl/strix-halo-testing's article: read33-s19); the record keeps
    every cause with its count."""
    dropped = [
        f"verify: /figures/{i}/unit: %: the unit '%' does not fit ('r{i}')" for i in range(9000)
    ]
    record.provenance = bounded_provenance(
        Provenance(
            draftflow_version="0.1.0",
            model="deterministic",
            created_at="2026-11-30T10:00:00Z",
            dropped=dropped,
        )
    )
    article = render_markdown(record)
    assert len(article.encode()) < 60_000
    assert "| Document | sha256 | Role |" in article
    assert f"| {record.source.document_path} | `{record.source.document_sha256}` | primary |" in (
        article
    )
    assert "| dropped |" not in article
    assert "Counted by cause in the record: 9000 dropped." in article
    assert record.provenance is not None
    assert record.provenance.dropped_by_cause == {cause_of(dropped[0]): 9000}
    assert "/figures/17/" not in article


def test_models_that_vary_say_how_many_results_record_none(seed_data: dict[str, Any]) -> None:
    """dambergn's header read "Model: varies by result: Llama3.2, qwen2.5" over ten more
    results that recorded no model (read33-s24): the list is not the whole."""
    seed_data["model_id"] = None
    results = seed_data["editorial"]["reported_results"]
    for index, result in enumerate(results):
        result["conditions"]["model"] = ["Llama3.2", "qwen2.5"][index] if index < 2 else None
    article = render_markdown(Record.model_validate(seed_data))
    rest, total = len(results) - 2, len(results)
    assert f"- Model: varies by result: Llama3.2, qwen2.5; {rest} of {total} results" in article


def test_a_date_and_a_system_the_results_state_are_not_unknown(
    seed_data: dict[str, Any],
) -> None:
    """bhodgens's header read "Experiment date: unknown" and "System: unknown" over results
    dated 2026-07-06 and measured on a V100 (read33-s20): a record-level null the results
    fill shows what they state."""
    seed_data["reported_setup"]["system"] = None
    seed_data["reported_setup"]["experiment_date"] = None
    results = seed_data["editorial"]["reported_results"]
    for index, result in enumerate(results):
        result["conditions"]["system"] = "Tesla V100 32GB"
        result["conditions"]["experiment_date"] = "2026-07-06" if index else None
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Experiment date: 2026-07-06 (where a result states it)\n" in article
    assert "- System: Tesla V100 32GB (every result states it)\n" in article


def test_no_empty_hardware_topics_beside_a_known_system(seed_data: dict[str, Any]) -> None:
    """lhl's header read "Hardware topics: unknown" over "System: AMD Strix Halo (Ryzen AI
    Max+ 395)" (read33-s21): an empty topic list beside a known system is left out."""
    seed_data["hardware_topics"] = []
    article = render_markdown(Record.model_validate(seed_data))
    assert "- Hardware topics:" not in article
    assert f"- System: {seed_data['reported_setup']['system']}" in article
    seed_data["reported_setup"]["system"] = None
    for result in seed_data["editorial"]["reported_results"]:
        result["conditions"]["system"] = None
    assert "- Hardware topics: not recorded" in render_markdown(Record.model_validate(seed_data))
