"""The review page: self-contained, every checked number marked, every flag shown."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from draftflow.numbers import NumberKind
from draftflow.record.files import parse_record
from draftflow.record.model import Record
from draftflow.review.html import render_review_html
from draftflow.review.signoff import Acknowledgement, SignOff
from draftflow.verify import (
    CheckedCounts,
    ClaimCheck,
    ClaimStatus,
    Evidence,
    Rule,
    Severity,
    VerificationReport,
)
from draftflow.verify.report import make_flag


class Elements(HTMLParser):
    """Every start tag of a page with its attributes, and the text inside each `a.num`."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.marks: list[tuple[dict[str, str], str]] = []
        self._open: dict[str, str] | None = None
        self._text = ""
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if (
            tag == "a"
            and "num" in attributes.get("class", "").split()
            and "data-claim" in attributes
        ):
            self._open, self._text = attributes, ""

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open is not None:
            self.marks.append((self._open, self._text))
            self._open = None

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if "id" in a}


@pytest.fixture()
def record(seeds_dir: Path) -> Record:
    """Seed 000 with a hostile title, to check escaping."""
    seed = parse_record((seeds_dir / "000_6cdd457144339b26.txt").read_text(encoding="utf-8"))
    return seed.model_copy(update={"title": "DeepSeek 1017 <script>alert(1)</script> on 2 Sparks"})


EVIDENCE = Evidence(
    document_id="ds1017-docs-BENCHMARKS.md",
    path="docs/BENCHMARKS.md",
    line=12,
    text="| run 11 | 56.9 |",
    url="https://github.com/o/n/blob/" + "a" * 40 + "/docs/BENCHMARKS.md#L12",
)


def claim(record: Record, location: str, text: str, status: ClaimStatus) -> ClaimCheck:
    field = {"/title": record.title, "/editorial/answer": record.editorial.answer}[location]
    start = field.index(text)
    return ClaimCheck(
        location=location,
        claim=text,
        start=start,
        end=start + len(text),
        kind=NumberKind.QUANTITY,
        status=status,
        evidence=[EVIDENCE],
    )


@pytest.fixture()
def report(record: Record) -> VerificationReport:
    """Claims of each status, a flagged prose number, a flagged result and a flag elsewhere."""
    claims = [
        claim(record, "/title", "1017", ClaimStatus.IDENTIFIER),
        claim(record, "/title", "2", ClaimStatus.UNSUPPORTED),
        claim(record, "/editorial/answer", "17", ClaimStatus.SUPPORTED),
        claim(record, "/editorial/answer", "18", ClaimStatus.DERIVED),
    ]
    flags = [
        make_flag(
            Severity.ERROR, Rule.PROSE, "/title", "2", "no cited document states 2", [EVIDENCE]
        ),
        make_flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            "/editorial/reported_results/3/value",
            "91.8",
            "91.8 is not on line 20",
        ),
        make_flag(
            Severity.WARNING,
            Rule.IDENTITY,
            "/source/document_sha256",
            "546a0c3b",
            "hash not checked",
        ),
    ]
    return VerificationReport(
        record_id=record.id, checked=CheckedCounts(), flags=flags, claims=claims
    )


def test_every_claim_is_marked_with_its_status(record: Record, report: VerificationReport) -> None:
    page = Elements(render_review_html(record, report))
    prose_marks = {(a["data-claim"], a["data-status"], text) for a, text in page.marks}
    for item in report.claims:
        assert (item.claim, item.status.value, item.claim) in prose_marks
    # every reported result value is marked too, linked to its evidence block
    assert len(page.marks) == len(report.claims) + len(record.editorial.reported_results)
    ids = page.ids()
    for attributes, _ in page.marks:
        assert attributes["href"].startswith("#ev-")
        assert attributes["href"][1:] in ids


def test_every_flagged_number_is_marked_and_listed(
    record: Record, report: VerificationReport
) -> None:
    page = Elements(render_review_html(record, report))
    flagged = {
        flag_id: (a, text) for a, text in page.marks for flag_id in a.get("data-flags", "").split()
    }
    prose_flag, result_flag, other_flag = report.flags
    attributes, text = flagged[prose_flag.id]
    assert (text, attributes["data-status"]) == ("2", "unsupported")
    assert "flagged" in attributes["class"]
    attributes, text = flagged[result_flag.id]
    assert (text, attributes["data-status"]) == ("91.8", "unsupported")
    assert other_flag.id not in flagged  # not a number in the article ...
    rows = {a["data-flag"] for tag, a in page.tags if tag == "tr" and "data-flag" in a}
    assert rows == {f.id for f in report.flags}  # ... but every flag is listed


def test_unflagged_results_are_marked_from_their_statistic(record: Record) -> None:
    clean = VerificationReport(record_id=record.id, checked=CheckedCounts(), flags=[])
    page = Elements(render_review_html(record, clean))
    statuses = [a["data-status"] for a, _ in page.marks]
    # the seed's results are a mean of prompt rates (4) and medians of runs (2)
    assert statuses == ["derived"] * 6


def test_the_page_is_self_contained_and_escaped(record: Record, report: VerificationReport) -> None:
    text = render_review_html(record, report)
    page = Elements(text)
    tags = {tag for tag, _ in page.tags}
    assert not tags & {"script", "link", "img", "iframe", "object", "embed"}
    assert not [a for _, a in page.tags if "src" in a]
    assert "url(" not in text and "@import" not in text
    csp = next(
        a["content"] for tag, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert csp.startswith("default-src 'none'")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    # every in-page link lands somewhere
    targets = [
        a["href"][1:] for tag, a in page.tags if tag == "a" and a.get("href", "").startswith("#")
    ]
    assert targets and set(targets) <= page.ids()


def test_acknowledgements_are_shown_and_open_errors_said(
    record: Record, report: VerificationReport
) -> None:
    prose_flag = report.flags[0]
    signoff = SignOff(
        record_id=record.id,
        editor="A. Editor",
        time="2026-11-30T12:00:00+00:00",
        record_sha256="0" * 64,
        errors=2,
        warnings=1,
        acknowledged=[
            Acknowledgement(
                flag_id=prose_flag.id,
                severity="error",
                rule="prose",
                location="/title",
                claim="2",
                reason="two Sparks per README",
            )
        ],
    )
    text = render_review_html(record, report, signoff=signoff, state="approved")
    assert "acknowledged by A. Editor: two Sparks per README" in text
    assert text.count("open: blocks sign-off") >= 1  # the result flag stays open
    assert 'class="badge state-approved"' in text


def test_source_lines_are_shown_in_context_when_the_snapshot_is_given(
    record: Record, report: VerificationReport
) -> None:
    from draftflow.acquire.snapshot import Document, Snapshot

    data = b"".join(f"line {n}\n".encode() for n in range(1, 21))
    document = Document(
        document_id=EVIDENCE.document_id,
        path=EVIDENCE.path,
        sha256="0" * 64,
        bytes=len(data),
        lines=20,
        pinned_url=EVIDENCE.url.split("#")[0],
        data=data,
    )
    snapshot = Snapshot(
        repository="o/n", url="u", revision="a" * 40, commit_time=None, documents=[document]
    )
    text = render_review_html(record, report, snapshot=snapshot)
    block = re.search(r'<pre class="ctx">(.*?)</pre>', text, re.S)
    assert block is not None
    numbers = re.findall(r'<span class="ln">(\d+)</span>', block.group(1))
    assert numbers == ["10", "11", "12", "13", "14"]
    assert '<span class="hit"><span class="ln">12</span>line 12</span>' in block.group(1)


# --- the page in a real browser ----------------------------------------------------------------

GOLD = (
    Path(__file__).resolve().parents[2]
    / "records"
    / "gold"
    / "heitor-mocelin-dgx-spark-research.json"
)
RENDERED = re.compile(
    r"^/(title|summary|notes/\d+|limitations/\d+|editorial/answer"
    r"|editorial/sections/\d+/(heading|paragraphs/\d+)|editorial/reported_results/\d+(/.*)?)$"
)
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def chromium_binary() -> str:
    """The headless browser; a missing one skips locally but fails in CI."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail(
            "chromium is missing in CI: install Debian's chromium package (scripts/test.sh)"
        )
    pytest.skip("chromium is not installed; `apt-get install -y chromium` to run the browser test")


def chromium(binary: str, profile: Path, *args: str) -> str:
    result = subprocess.run(
        [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.browser
def test_the_review_page_of_a_corpus_record_in_headless_chromium(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """Load the page from disk, screenshot it, and find every flagged number marked in the DOM.

    Set REVIEW_SCREENSHOT=docs/review-screenshot.png to keep the screenshot.
    """
    from draftflow.acquire import acquire
    from draftflow.record.files import load_record, record_to_json
    from draftflow.verify import verify_record

    binary = chromium_binary()
    gold = load_record(GOLD)
    data = record_to_json(gold)
    data["editorial"]["sections"][1]["paragraphs"][0] += " Peak decode reached 987.6 tok/s."
    data["editorial"]["reported_results"][2]["value"] = 64.7
    record = Record.model_validate(data)
    snapshot = acquire(
        str(corpus_dir / "heitor-mocelin__dgx-spark-research"),
        revision=record.source.revision,
        origin=record.source.url,
    )
    report = verify_record(record, snapshot)
    page_path = tmp_path / "review.html"
    page_path.write_text(render_review_html(record, report, snapshot=snapshot, state="flagged"))

    dom = Elements(chromium(binary, tmp_path / "profile", "--dump-dom", page_path.as_uri()))
    marked = {
        flag_id
        for attributes, _ in dom.marks
        for flag_id in attributes.get("data-flags", "").split()
    }
    numbers = [f for f in report.flags if RENDERED.match(f.location)]
    assert {"/editorial/sections/1/paragraphs/0", "/editorial/reported_results/2/value"} <= {
        f.location for f in numbers
    }
    assert [f.id for f in numbers if f.id not in marked] == []
    rows = {a["data-flag"] for tag, a in dom.tags if tag == "tr" and "data-flag" in a}
    assert rows == {f.id for f in report.flags}
    statuses = {a["data-status"] for a, _ in dom.marks}
    assert {"supported", "unsupported"} <= statuses
    assert statuses <= {s.value for s in ClaimStatus}

    screenshot = tmp_path / "review.png"
    chromium(
        binary,
        tmp_path / "profile",
        f"--screenshot={screenshot}",
        "--window-size=1280,1800",
        page_path.as_uri(),
    )
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert screenshot.stat().st_size > 20_000  # a rendered page, not a blank one
    keep = os.environ.get("REVIEW_SCREENSHOT")
    if keep:
        shutil.copyfile(screenshot, keep)
