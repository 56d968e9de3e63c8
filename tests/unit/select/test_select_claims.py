"""The headline is as long as the author's claims (select/rules.claims), and the record-level
setup fields a source states once (select/setup_fields.py)."""

from __future__ import annotations

from documents import make_document, make_result
from draftflow.acquire.snapshot import SkippedFile, Snapshot
from draftflow.select.figures_file import make_figures
from draftflow.select.rules import CLAIM_SCORE, MAX_HEADLINE, MIN_HEADLINE, choose, claims
from draftflow.select.scored import Scored
from draftflow.select.setup_fields import (
    read_context_limit,
    read_kv_dtype,
    read_license,
    read_parallelism,
)


def scored_figures(scores: list[float]) -> list[Scored]:
    document = make_document("README.md", "".join(f"| {i} |\n" for i in range(len(scores))))
    results = [make_result(document, i + 1, 10.0 + i) for i in range(len(scores))]
    return [Scored(f, score=s) for f, s in zip(make_figures(results), scores, strict=True)]


def test_the_headline_stops_where_the_claims_stop_never_padded_to_a_count() -> None:
    picks = [(item, item.score) for item in scored_figures([9, 8, 7, 6, 5, 2.9, 9, 9])]
    assert [item.score for item in claims(picks)] == [9, 8, 7, 6, 5]
    # the first few stand while they score above zero, claims or not
    weak = [(item, item.score) for item in scored_figures([2, 1, 0.5, 0.2, 0.1, 4])]
    assert len(claims(weak)) == MIN_HEADLINE
    assert claims([(item, item.score) for item in scored_figures([1, -1, 5])])[-1].score == 1


def test_choose_takes_at_most_the_headline_cap_of_claims() -> None:
    many = scored_figures([CLAIM_SCORE + 10] * 30)
    assert len(choose(many, 24)) == MAX_HEADLINE
    assert len(choose(many, 5)) == 5
    few = scored_figures([10, 10, 10, 10, 10, 0.5, 0.5, 0.5])
    assert len(choose(few, 24)) <= 6  # not padded with the figures no rule puts forward


def test_setup_fields_are_read_with_their_line_and_null_when_they_disagree() -> None:
    readme = make_document(
        "README.md",
        "# Bench\n\nServed with `vllm serve m --tensor-parallel-size 2 --max-model-len 32768`.\n"
        "KV cache dtype: fp8\n",
    )
    parallelism = read_parallelism([readme])
    assert (parallelism.value, parallelism.evidence) == ("TP2", readme.line_url(3))
    assert read_context_limit([readme]).value == 32768
    assert read_kv_dtype([readme]).value == "fp8"
    both = make_document("notes.md", "Runs at TP4.\nAn FP16 KV cache.\n")
    assert read_parallelism([readme, both]).value is None
    assert "several" in read_parallelism([readme, both]).unstated
    assert read_kv_dtype([both]).value == "fp16"
    silent = make_document("a.md", "# A\n\nIt ran with 32 threads at 8K context.\n")
    assert read_parallelism([silent]).value is None and read_context_limit([silent]).value is None


def test_the_license_comes_from_a_license_document_or_the_readme_section() -> None:
    license_md = make_document("LICENSE.md", "MIT License\n\nCopyright (c) 2026 A\n")
    readme = make_document("README.md", "# A\n\n## License\n\nApache 2.0, see the file.\n")
    snapshot = Snapshot.model_construct(documents=[readme, license_md])
    stated = read_license(snapshot, readme)
    assert (stated.value, stated.evidence) == ("MIT", license_md.line_url(1))
    alone = Snapshot.model_construct(documents=[readme])
    assert read_license(alone, readme).value == "Apache-2.0"
    plain = make_document("README.md", "# A\n\nMIT-style tooling is discussed.\n")
    assert read_license(Snapshot.model_construct(documents=[plain]), plain).value is None


def test_a_license_file_this_draft_cannot_name_is_said_so_not_denied() -> None:
    # nijaru/vllama's LICENSE is the Elastic License 2.0; the draft said "no license document
    # or README license section names one" (read33-s27b)
    readme = make_document("README.md", "# A\n")
    elastic = make_document("LICENSE", "Elastic License 2.0\n\nURL: https://www.elastic.co\n")
    stated = read_license(Snapshot.model_construct(documents=[readme, elastic]), readme)
    assert (stated.value, stated.evidence) == ("Elastic-2.0", elastic.line_url(1))
    other = make_document("LICENSE", "The Frobnicator Public License\n")
    unread = read_license(Snapshot.model_construct(documents=[readme, other]), readme)
    assert unread.value is None
    assert unread.unstated == "its license file LICENSE is not one this draft reads"


def test_a_readme_licence_section_naming_an_unknown_license_is_said_so_not_denied() -> None:
    """guruswami-ai/mlx-benchmarks README.md:137-139 (read-s34): `## Licence` over `CC BY-ND
    4.0. Share freely with attribution.`; the record said no README license section names
    one, and the license forbids derivatives."""
    text = "# A\n\n## Licence\n\nCC BY-ND 4.0. Share freely with attribution. No derivatives.\n"
    readme = make_document("README.md", text)
    stated = read_license(Snapshot.model_construct(documents=[readme]), readme)
    assert stated.value is None
    assert stated.unstated is not None and stated.unstated.startswith("README line 5,")


def test_a_license_title_over_two_lines_is_read_and_cited_at_its_first() -> None:
    apache = "   Apache License\n   Version 2.0, January 2004\n   http://www.apache.org/\n"
    license_file = make_document("LICENSE", apache)
    readme = make_document("README.md", "# A\n")
    stated = read_license(Snapshot.model_construct(documents=[readme, license_file]), readme)
    assert (stated.value, stated.evidence) == ("Apache-2.0", license_file.line_url(1))


def test_the_cc_by_legal_code_is_read_by_the_title_it_opens_with() -> None:
    # djangodevreng's LICENSE opens on `Attribution 4.0 International`; its full name comes
    # 56 lines further down (read33-s20: "Not read by draftflow" over a CC BY 4.0 license)
    text = "Attribution 4.0 International\n\n=====\n\nCreative Commons Corporation is not\n"
    license_file = make_document("LICENSE", text)
    readme = make_document("README.md", "# A\n")
    stated = read_license(Snapshot.model_construct(documents=[readme, license_file]), readme)
    assert (stated.value, stated.evidence) == ("CC-BY-4.0", license_file.line_url(1))
    shared = make_document("LICENSE", "Attribution-ShareAlike 4.0 International\n")
    assert read_license(Snapshot.model_construct(documents=[shared]), readme).value is None


def test_the_cc0_legal_code_is_read_by_its_title() -> None:
    # dambergn/ollama-benchmarks' LICENSE (read33-s24: "Not declared" over CC0 1.0)
    text = "Creative Commons Legal Code\n\nCC0 1.0 Universal\n\n    CREATIVE COMMONS CORPORATION\n"
    license_file = make_document("LICENSE", text)
    readme = make_document("README.md", "# A\n")
    stated = read_license(Snapshot.model_construct(documents=[readme, license_file]), readme)
    assert (stated.value, stated.evidence) == ("CC0-1.0", license_file.line_url(3))


def test_a_license_section_is_read_under_its_heading_in_other_languages() -> None:
    for heading in ("ライセンス", "Lizenz", "Licencia", "许可证"):
        readme = make_document("README.md", f"# A\n\n## {heading}\n\nMIT License\n")
        stated = read_license(Snapshot.model_construct(documents=[readme]), readme)
        assert (stated.value, stated.evidence) == ("MIT", readme.line_url(5)), heading
    other = make_document("README.md", "# A\n\n## 結果\n\nMIT License\n")
    assert read_license(Snapshot.model_construct(documents=[other]), other).value is None


def test_a_readme_states_its_license_in_a_badge_alt_text_or_sentence() -> None:
    for line in (
        "![license](https://img.shields.io/badge/license-MIT-blue)",
        "[![License: MIT](https://img.shields.io/github/license/a/b.svg)](LICENSE)",
        "This project is licensed under the MIT License - see LICENSE.",
        "[MIT licensed](LICENSE)",
    ):
        readme = make_document("README.md", f"# A\n\n{line}\n")
        stated = read_license(Snapshot.model_construct(documents=[readme]), readme)
        assert (stated.value, stated.evidence) == ("MIT", readme.line_url(3)), line
    badge = make_document("README.md", "![l](https://img.shields.io/badge/license-Apache%202-9C)\n")
    assert read_license(Snapshot.model_construct(documents=[badge]), badge).value == "Apache-2.0"
    mentioned = make_document("README.md", "# A\n\nAn MIT student licensed nothing here.\n")
    assert read_license(Snapshot.model_construct(documents=[mentioned]), mentioned).value is None


def test_a_stack_s_fp8_kv_states_the_kv_cache_type() -> None:
    """rhattala/dgx-spark-bench README.md:37 (an editor's read): `| Primary stack |
    DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes, 1M context, fp8 KV |`."""
    readme = make_document(
        "README.md",
        "# Bench\n\n| | |\n|---|---|\n"
        "| Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2 across both nodes, 1M context, "
        "fp8 KV |\n",
    )
    assert read_kv_dtype([readme]).value == "fp8"


def test_a_dual_license_line_declares_both_as_an_spdx_or_expression() -> None:
    """NexVeridian/llm-inference-benchmarks (issue 33): `LICENSE-MIT` and `LICENSE-Apache`
    beside a README "dual-licensed under either [License-MIT] or [LICENSE-APACHE] ... at your
    option" was given as MIT, then (session 23) as no license; read33-s23: it is the standard
    dual licence `MIT OR Apache-2.0`, with its line."""
    readme = make_document(
        "README.md",
        "# A\n\n# License\nAll code is dual-licensed under either [License-MIT](./LICENSE-MIT)"
        " or [LICENSE-APACHE](./LICENSE-Apache) at your option.\n",
    )
    files = [
        SkippedFile(path=p, reason="not a document type") for p in ("LICENSE-MIT", "LICENSE-Apache")
    ]
    snapshot = Snapshot.model_construct(documents=[readme], skipped=files)
    stated = read_license(snapshot, readme)
    assert (stated.value, stated.evidence) == ("MIT OR Apache-2.0", readme.line_url(4))
    # a bare `APACHE` names Apache-2.0 only by the repository's license file of that name
    alone = Snapshot.model_construct(documents=[readme], skipped=[])
    stated = read_license(alone, readme)
    assert stated.value is None and "more than one license" in stated.unstated
    one = Snapshot.model_construct(documents=[readme], skipped=files[:1])
    assert read_license(one, readme).value is None  # the README still offers a choice
    rust = make_document(
        "README.md",
        "# A\n\nLicensed under either of Apache License, Version 2.0 or MIT license at your "
        "option.\n",
    )
    stated = read_license(Snapshot.model_construct(documents=[rust]), rust)
    assert (stated.value, stated.evidence) == ("Apache-2.0 OR MIT", rust.line_url(3))
    # two licenses mentioned without a choice offered declare no expression
    mentioned = make_document("README.md", "# A\n\nWe compare MIT and Apache 2.0 code.\n")
    assert read_license(Snapshot.model_construct(documents=[mentioned]), mentioned).value is None
    files_only = Snapshot.model_construct(documents=[mentioned], skipped=files)
    assert read_license(files_only, mentioned).value is None


def test_a_readme_license_behind_an_emoji_or_a_link_is_read() -> None:
    # read-s32: newbdez33/llm-mac-512 README.md:469 `## 📄 License` over `MIT`, and
    # heitor-mocelin/dgx-spark-research README.md:253 `**License:** [MIT](LICENSE) © 2026`:
    # both drafts said "no license document or README license section names one"
    emoji = make_document("README.md", "# A\n\n## 📄 License\n\nMIT\n")
    assert read_license(Snapshot.model_construct(documents=[emoji]), emoji).value == "MIT"
    linked = make_document("README.md", "# A\n\n**License:** [MIT](LICENSE) © 2026 H. M.\n")
    assert read_license(Snapshot.model_construct(documents=[linked]), linked).value == "MIT"


def test_a_license_file_the_readme_names_but_the_draft_lacks_is_not_denied() -> None:
    # read-s32: MiaAI-Lab's README.md:532 "Repo scripts/docs: this repo's `LICENSE`", its
    # LICENSE not among the documents: "no license document ... names one" was false
    readme = make_document("README.md", "# A\n\nRepo scripts/docs: this repo's `LICENSE`.\n")
    stated = read_license(Snapshot.model_construct(documents=[readme]), readme)
    assert stated.value is None
    assert stated.unstated == "README line 3 names a license file this draft did not read"
