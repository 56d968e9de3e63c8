"""The review page: one self-contained HTML file an editor opens from disk.

No network and no external assets: styles are inline, there is no script, and a
Content-Security-Policy forbids loading anything. The page shows the article with every
checked number marked by its verification status (`supported`, `derived`, `unsupported`,
`identifier`, ...), each mark linked to the source line(s) it was checked against, shown in
context; the reported results with their evidence lines; and every flag with its
acknowledgement. A flagged number carries `data-flags="<flag id> ..."` so that a test (or an
editor's browser search) finds each one.

Reported results without a `ClaimCheck` of their own are marked from the report's flags
(`unsupported` when an error flag points into the result) or else from their `statistic`
(`derived` when it names a mean, median, min, max, sum or range, `supported` otherwise).
"""

from __future__ import annotations

import html
import re
from collections import defaultdict
from collections.abc import Sequence
from importlib.resources import files
from typing import Any

from draftflow.acquire.snapshot import Snapshot
from draftflow.record.model import Record, ReportedResult
from draftflow.review.figures_html import FIGURES_STYLE, FigureLike, figures_section
from draftflow.review.marks import Mark, locate, same_claim, without_overlaps
from draftflow.review.signoff import Acknowledgement, SignOff
from draftflow.verify import ClaimCheck, Evidence, Flag, VerificationReport

CONTEXT_LINES = 2
_DERIVED = re.compile(r"\b(mean|median|average|min|max|minimum|maximum|sum|range|derived)\b", re.I)
_CSP = (
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
    "form-action 'none'"
)

_STYLE = (files("draftflow.review") / "page.css").read_text(encoding="utf-8")


class _Page:
    """Builds the page; marks and evidence blocks are numbered in reading order."""

    def __init__(
        self,
        record: Record,
        report: VerificationReport,
        snapshot: Snapshot | None,
        signoff: SignOff | None,
        state: str | None,
    ) -> None:
        self.record, self.report, self.snapshot = record, report, snapshot
        self.signoff, self.state = signoff, state
        self.acks: dict[str, Acknowledgement] = (
            {a.flag_id: a for a in signoff.acknowledged} if signoff else {}
        )
        self.claims: dict[str, list[ClaimCheck]] = defaultdict(list)
        for claim in report.claims:
            self.claims[claim.location].append(claim)
        self.flags: dict[str, list[Flag]] = defaultdict(list)
        for flag in report.flags:
            self.flags[flag.location].append(flag)
        self.flag_anchor: dict[str, str] = {}
        self.evidence_blocks: list[str] = []
        self.count = 0

    # --- marks ---------------------------------------------------------------------------

    def _next_anchor(self) -> str:
        self.count += 1
        return str(self.count)

    def prose(self, pointer: str, text: str) -> str:
        """`text` escaped, with every checked or flagged number in it marked and linked."""
        marks = self._marks_for(pointer, text)
        out, position = [], 0
        for mark in marks:
            out.append(html.escape(text[position : mark.start]))
            out.append(self._mark_html(mark, text[mark.start : mark.end]))
            position = mark.end
        out.append(html.escape(text[position:]))
        return "".join(out)

    def _marks_for(self, pointer: str, text: str) -> list[Mark]:
        marks: list[Mark] = []
        for claim in self.claims.get(pointer, []):
            span = locate(text, claim.claim, claim.start, claim.end)
            if span is not None:
                marks.append(
                    Mark(*span, _status(claim.status), claim.claim, pointer, list(claim.evidence))
                )
        marks = without_overlaps(marks)
        for flag in self.flags.get(pointer, []):
            target = next((m for m in marks if same_claim(m.claim, flag.claim)), None)
            if target is None:
                span = locate(text, flag.claim, None, None)
                if span is None or any(m.start < span[1] and span[0] < m.end for m in marks):
                    continue
                target = Mark(*span, "unsupported", flag.claim, pointer, list(flag.evidence))
                marks.append(target)
            target.flags.append(flag)
        return sorted(marks, key=lambda m: m.start)

    def _mark_html(self, mark: Mark, shown: str) -> str:
        mark.anchor = self._next_anchor()
        for flag in mark.flags:
            self.flag_anchor.setdefault(flag.id, mark.anchor)
        self.evidence_blocks.append(self._evidence_block(mark))
        flag_ids = " ".join(f.id for f in mark.flags)
        classes = f"num num-{mark.status}" + (" flagged" if mark.flags else "")
        title = f"{mark.status}" + (f"; flagged: {mark.flags[0].message}" if mark.flags else "")
        flags_attr = f' data-flags="{html.escape(flag_ids)}"' if flag_ids else ""
        return (
            f'<a class="{classes}" id="m-{mark.anchor}" href="#ev-{mark.anchor}" '
            f'data-status="{html.escape(mark.status)}" data-claim="{html.escape(mark.claim)}"'
            f'{flags_attr} title="{html.escape(title)}">{html.escape(shown)}</a>'
        )

    # --- evidence ------------------------------------------------------------------------

    def _evidence_block(self, mark: Mark) -> str:
        parts = [
            f'<section class="evidence" id="ev-{mark.anchor}">',
            f"<h4>“{html.escape(mark.claim)}”: {html.escape(mark.status)} "
            + (f'<a href="#m-{mark.anchor}">↩ back to the text</a>' if mark.in_text else "")
            + "</h4>",
            f'<div class="meta">at <code>{html.escape(mark.location)}</code></div>',
        ]
        for flag in mark.flags:
            severity = html.escape(str(flag.severity))
            parts.append(
                f'<p><span class="sev-{severity}">{severity}</span> '
                f"<code>{html.escape(flag.id)}</code> {html.escape(flag.rule)}: "
                f"{html.escape(flag.message)}{self._ack_html(flag)}</p>"
            )
        evidence = mark.evidence or [e for f in mark.flags for e in f.evidence]
        parts += [self._source_context(e) for e in evidence]
        if not evidence:
            parts.append("<p>No source line supports this number.</p>")
        parts.append("</section>")
        return "".join(parts)

    def _source_context(self, evidence: Evidence) -> str:
        line = evidence.line or 0
        path, url = evidence.path, evidence.url
        document = None
        if self.snapshot is not None:
            document = self.snapshot.document(evidence.document_id) or self.snapshot.by_path(path)
        rows: list[str] = []
        if document is not None and line:
            first = max(1, line - CONTEXT_LINES)
            last = min(len(document.line_list), line + CONTEXT_LINES)
            for number in range(first, last + 1):
                rows.append(_context_row(number, document.line(number) or "", number == line))
        else:
            rows.append(_context_row(line, evidence.text or "", True))
        link = (
            f'<a href="{html.escape(url)}">{html.escape(path)}#L{line}</a>'
            if url
            else html.escape(f"{path}#L{line}")
        )
        return f'<div class="src">{link}<pre class="ctx">{"".join(rows)}</pre></div>'

    def _ack_html(self, flag: Flag) -> str:
        ack = self.acks.get(flag.id)
        if ack is not None and self.signoff is not None:
            return (
                f' <span class="ack">acknowledged by {html.escape(self.signoff.editor)}: '
                f"{html.escape(ack.reason)}</span>"
            )
        if flag.is_error:
            return ' <span class="open">open: blocks sign-off</span>'
        return ""

    # --- page parts -----------------------------------------------------------------------

    def article(self) -> str:
        """Title, summary, answer, sections with their sources, notes and limits, marked."""
        record = self.record
        parts = [
            f"<h2>Article</h2><h1>{self.prose('/title', record.title)}</h1>",
            f"<p><em>{self.prose('/summary', record.summary)}</em></p>",
            "<h3>Editorial answer</h3>",
            f"<p>{self.prose('/editorial/answer', record.editorial.answer)}</p>",
        ]
        for i, section in enumerate(record.editorial.sections):
            base = f"/editorial/sections/{i}"
            parts.append(f"<h3>{self.prose(base + '/heading', section.heading)}</h3>")
            parts += [
                f"<p>{self.prose(f'{base}/paragraphs/{j}', p)}</p>"
                for j, p in enumerate(section.paragraphs)
            ]
            cites = ", ".join(
                f'<a href="{html.escape(c)}">{html.escape(c.rsplit("/", 1)[-1])}</a>'
                for c in section.citations
            )
            parts.append(f'<p class="cites">Sources: {cites or "<span class=open>none</span>"}</p>')
        parts += self._list_block("Reading notes", "/notes", record.notes)
        parts += self._list_block("Limits", "/limitations", record.limitations)
        return "".join(parts)

    def _list_block(self, heading: str, pointer: str, items: list[str]) -> list[str]:
        if not items:
            return []
        rows = "".join(f"<li>{self.prose(f'{pointer}/{i}', t)}</li>" for i, t in enumerate(items))
        return [f"<h3>{heading}</h3><ul>{rows}</ul>"]

    def results(self) -> str:
        """The reported results table, each value marked and linked to its source line."""
        rows = []
        for i, result in enumerate(self.record.editorial.reported_results):
            pointer = f"/editorial/reported_results/{i}/value"
            text = _number_text(result.value)
            mark = self._result_mark(i, pointer, text, result)
            rows.append(
                "<tr>"
                f"<td>{html.escape(result.label)}</td><td>{html.escape(result.metric)}</td>"
                f"<td>{self._mark_html(mark, text)}</td><td>{html.escape(result.unit)}</td>"
                f"<td>{html.escape(result.statistic)}</td>"
                f'<td><a href="{html.escape(result.evidence_url)}">L{result.source_line}</a></td>'
                "</tr>"
            )
        if not rows:
            return "<h2>Reported results</h2><p>No reported results.</p>"
        head = _header_row("label", "metric", "value", "unit", "statistic", "source")
        return f"<h2>Reported results</h2><table>{head}{''.join(rows)}</table>"

    def _result_mark(self, index: int, pointer: str, text: str, result: ReportedResult) -> Mark:
        prefix = f"/editorial/reported_results/{index}"
        flags = [
            f
            for loc, fs in self.flags.items()
            if loc == prefix or loc.startswith(prefix + "/")
            for f in fs
        ]
        claim = next(iter(self.claims.get(pointer, [])), None)
        if claim is not None:
            status = _status(claim.status)
            evidence = list(claim.evidence)
        else:
            errors = any(f.is_error for f in flags)
            status = (
                "unsupported"
                if errors
                else ("derived" if _DERIVED.search(result.statistic) else "supported")
            )
            evidence = [_result_evidence(result)]
        return Mark(0, len(text), status, text, prefix, evidence, flags)

    def flag_table(self) -> str:
        """Every flag with its acknowledgement; call after the parts that mark numbers."""
        if not self.report.flags:
            return "<h2>Flags</h2><p>No flags: every checked number is supported.</p>"
        rows = []
        for flag in self.report.flags:
            marked = self.flag_anchor.get(flag.id)
            if marked is not None:
                target = f"#m-{marked}"  # the number in the text; its evidence is one click on
            else:
                severity_label = str(flag.severity)
                mark = Mark(
                    0,
                    0,
                    severity_label,
                    flag.claim,
                    flag.location,
                    list(flag.evidence),
                    [flag],
                    in_text=False,
                )
                mark.anchor = self._next_anchor()
                self.evidence_blocks.append(self._evidence_block(mark))
                target = f"#ev-{mark.anchor}"
            severity = html.escape(str(flag.severity))
            rows.append(
                f'<tr data-flag="{html.escape(flag.id)}"><td class="sev-{severity}">{severity}</td>'
                f"<td><code>{html.escape(flag.id)}</code></td><td>{html.escape(flag.rule)}</td>"
                f'<td><a href="{target}"><code>{html.escape(flag.location)}</code></a></td>'
                f"<td>{html.escape(flag.claim)}</td><td>{html.escape(flag.message)}</td>"
                f"<td>{self._ack_html(flag) or 'warning: needs a look'}</td></tr>"
            )
        head = _header_row(
            "severity", "id", "rule", "location", "claim", "message", "acknowledgement"
        )
        return f"<h2>Flags ({len(rows)})</h2><table>{head}{''.join(rows)}</table>"

    def header(self) -> str:
        """The record's identity, review state, counts and the colour legend."""
        record = self.record
        state = self.state or "draft"
        signed = (
            f" · signed off by {html.escape(self.signoff.editor)}"
            f" at {html.escape(self.signoff.time)}"
            if self.signoff
            else ""
        )
        legend = "".join(
            f'<span><a class="num num-{s}">{s}</a></span>'
            for s in ("supported", "derived", "record", "identifier", "unsupported")
        )
        return (
            f'<p class="meta">Review of <code>{html.escape(record.id)}</code> '
            f'<span class="badge state-{html.escape(state)}">{html.escape(state)}</span>'
            f"{signed}</p>"
            f'<p class="meta"><a href="{html.escape(record.source.url)}">'
            f"{html.escape(record.source.repository)}</a>"
            f" @ <code>{html.escape(record.source.revision)}</code> · "
            f"{len(record.editorial.reported_results)} results · "
            f"{sum(1 for f in self.report.flags if str(f.severity) == 'error')} errors · "
            f"{sum(1 for f in self.report.flags if str(f.severity) != 'error')} warnings</p>"
            f'<p class="legend meta">{legend}<span>outlined: flagged</span></p>'
        )


def _result_evidence(result: ReportedResult) -> Evidence:
    """A reported result's own evidence line, as a verify evidence item."""
    url = result.evidence_url
    path = result.source_path
    return Evidence(
        document_id=result.source_document_id,
        path=path,
        line=result.source_line,
        text=None,
        url=url,
    )


def _header_row(*names: str) -> str:
    return "<tr>" + "".join(f"<th>{name}</th>" for name in names) + "</tr>"


def _status(status: Any) -> str:
    value = str(getattr(status, "value", status))
    return value if re.fullmatch(r"[a-z_]+", value) else "other"


def _context_row(number: int, text: str, hit: bool) -> str:
    body = f'<span class="ln">{number}</span>{html.escape(text)}'
    return f'<span class="hit">{body}</span>' if hit else body + "\n"


def _number_text(value: int | float) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def render_review_html(
    record: Record,
    report: VerificationReport,
    *,
    snapshot: Snapshot | None = None,
    signoff: SignOff | None = None,
    state: str | None = None,
    figures: Sequence[FigureLike] = (),
) -> str:
    """The self-contained review page of `record` and its verification `report`.

    With `snapshot`, each evidence line is shown with its neighbouring lines; without it,
    the line text stored in the report is shown alone.
    """
    page = _Page(record, report, snapshot, signoff, state)
    header = page.header()
    article = page.article()
    results = page.results()
    flags = page.flag_table()
    selection = record.provenance.selection if record.provenance else None
    chosen = {c.id for c in selection.chosen} if selection else set()
    all_figures = figures_section(figures, chosen)
    title = html.escape(f"Review: {record.title}")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{_STYLE}{FIGURES_STYLE}</style></head><body><main>"
        f"{header}{flags}{article}{results}{all_figures}"
        f"<h2>Evidence</h2>{''.join(page.evidence_blocks)}"
        "</main></body></html>\n"
    )
