"""The runtimes, hardware and platforms a record names, each with the line that names it.

Runtimes are those named where the headline figures are (their labels, conditions and the
sections that hold them), else the one runtime the README names. Hardware and platform topics
are those the record's system or the headline figures name, else the sections that hold them:
a README that mentions a machine it does not measure on ("I don't have an Nvidia DGX Spark")
gives no topic (`keywords.py` finds a keyword's documents, then its first line).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.setup_names import CPU, PORT, SYSTEM
from draftflow.extract.document import parse_document
from draftflow.record.model import ReportedResult
from draftflow.select.keywords import RUNTIMES, Keyword, found_in, naming, pattern
from draftflow.select.metadata_model import RecordMetadata


def first_line(documents: Iterable[Document], regex: re.Pattern[str]) -> tuple[str, str] | None:
    """The first (match text, line URL) of a pattern in the documents, in order."""
    for document in documents:
        for number, line in enumerate(document.line_list, 1):
            match = regex.search(line)
            if match:
                return match.group(0), document.line_url(number)
    return None


def read_runtimes(
    meta: RecordMetadata,
    headline: list[ReportedResult],
    cited: list[Document],
    readme: list[Document],
) -> None:
    """Runtimes named by the headline figures themselves, and in the sections that hold those
    that name none (a whole document when it has no headings), else the one runtime the README
    names."""
    found: list[str] = []
    for runtime, keyword in RUNTIMES.items():
        named = _named_by_headline(pattern(keyword), headline)
        if named is not None:
            found.append(runtime)
            meta.evidence[f"runtime:{runtime}"] = named
    if found:
        _add_unnamed_runtimes(meta, found, headline, cited)
    if not found and not runs_a_model(headline):
        meta.unstated["runtime"] = "no headline figure is a model's: no engine ran them"
        return
    if not found:
        found = _runtimes_where(meta, sections_of(cited, headline))
    if not found and readme:
        hits = {
            runtime: hit
            for runtime, keyword in RUNTIMES.items()
            if (hit := first_line(naming(readme, keyword), pattern(keyword))) is not None
        }
        if len(hits) == 1:  # a README naming several does not say which one measured these
            runtime, hit = next(iter(hits.items()))
            found.append(runtime)
            meta.evidence[f"runtime:{runtime}"] = hit[1]
    if not found and readme:
        port = _titled_port(readme[0])
        if port is not None:
            found.append(port[0])
            meta.evidence[f"runtime:{port[0]}"] = port[1]
    meta.runtimes = found
    if not found:
        meta.unstated["runtime"] = "no runtime is named where the headline figures are"


_SPELLINGS = "|".join(a.removesuffix(f"(?!{PORT})") for k in RUNTIMES.values() for a in k)
_PORT_NAME = re.compile(rf"(?<![\w-])(?:{_SPELLINGS}){PORT}", re.I)


def _titled_port(readme: Document) -> tuple[str, str] | None:
    """The engine port the README's title names as its subject (`# vLLM.rs – A Minimalist
    vLLM in Rust`), as written, with the title's line: a repository that is an engine
    measures itself (guoqingbao/vllm.rs read "Runtime topics: unknown", read33-s21)."""
    headings = parse_document(readme).headings
    if not headings or headings[0].level != 1:
        return None
    number = headings[0].span.first
    found = _PORT_NAME.search(readme.line(number) or "")
    return (found.group(0), readme.line_url(number)) if found else None


_MODEL_UNITS = re.compile(r"token|request|\bsamples?\b|\bitems?\b", re.I)
_MODEL_METRICS = re.compile(
    r"ttft|tpot|itl|decode|prefill|generation|throughput|accuracy|score|pass_rate|acceptance"
)


def runs_a_model(headline: Iterable[ReportedResult]) -> bool:
    """Whether some headline figure is a model's (it names its model, counts tokens or
    requests, or is a model's speed or score): an engine, a parallelism or a KV-cache type
    read elsewhere in the repository is no setting of an interconnect's bandwidth (epappas's
    NCCL all-reduce figures were given `llama.cpp` from a README line and `TP2` from a
    decision about a later model run, read33-s19)."""
    return any(
        r.conditions.get("model")
        or _MODEL_UNITS.search(r.unit or "")
        or _MODEL_METRICS.search(r.metric)
        for r in headline
    )


def _add_unnamed_runtimes(
    meta: RecordMetadata, found: list[str], headline: list[ReportedResult], cited: list[Document]
) -> None:
    """The runtimes of the sections holding the headline figures that name none, added to
    those the others name: rhattala/dgx-spark-bench's one Qwen row naming SGLang made the
    record's runtime SGLang, while its DeepSeek rows (65.8 tok/s) ran on the README's
    "Primary stack | DeepSeek-V4-Flash-0731, vLLM, TP=2"."""
    patterns = [pattern(keyword) for keyword in RUNTIMES.values()]
    unnamed = [r for r in headline if all(_named_by_headline(p, [r]) is None for p in patterns)]
    sections = sections_of(cited, unnamed)
    for runtime, keyword in RUNTIMES.items():
        if runtime in found:
            continue
        hit = _first_in_sections(sections, keyword)
        if hit is not None:
            found.append(runtime)
            meta.evidence[f"runtime:{runtime}"] = hit
    found.sort(key=list(RUNTIMES).index)


def sections_of(
    cited: list[Document], headline: list[ReportedResult]
) -> list[tuple[Document, int, int]]:
    """Each headline figure's section: from the heading above its line to the next heading
    (first and last line, 1-based); a document without headings is one section."""
    by_id = {document.document_id: document for document in cited}
    sections: dict[tuple[str, int, int], tuple[Document, int, int]] = {}
    for result in headline:
        document = by_id.get(result.source_document_id)
        if document is None:
            continue
        lines = document.line_list
        headings = [heading.span.first for heading in parse_document(document).headings]
        start = max((n for n in headings if n <= result.source_line), default=1)
        end = min((n - 1 for n in headings if n > result.source_line), default=len(lines))
        sections.setdefault((document.document_id, start, end), (document, start, end))
    return list(sections.values())


def _runtimes_where(meta: RecordMetadata, sections: list[tuple[Document, int, int]]) -> list[str]:
    found: list[str] = []
    for runtime, keyword in RUNTIMES.items():
        hit = _first_in_sections(sections, keyword)
        if hit is not None:
            found.append(runtime)
            meta.evidence[f"runtime:{runtime}"] = hit
    return found


def read_topics(
    meta: RecordMetadata,
    headline: list[ReportedResult],
    cited: list[Document],
    keywords: dict[str, Keyword],
    kind: str,
) -> list[str]:
    """The topics of `keywords` the record's system or its headline figures name (labels and
    conditions), else the sections that hold those figures, in table order; each one's place
    is its evidence (`kind:topic`). None named there: none, and `unstated` says why."""
    found = _topics_named(meta, headline, keywords, kind)
    if not found:
        sections = sections_of(cited, headline)
        for topic, keyword in keywords.items():
            hit = _first_in_sections(sections, keyword, as_hardware=kind == "hardware")
            if hit is not None:
                found.append(topic)
                meta.evidence[f"{kind}:{topic}"] = hit
    if not found:
        meta.unstated[kind] = f"no {kind} is named where the headline figures are"
    return found


def _topics_named(
    meta: RecordMetadata, headline: list[ReportedResult], keywords: dict[str, Keyword], kind: str
) -> list[str]:
    """The topics the record's system or a headline figure's label or conditions name."""
    found: list[str] = []
    for topic, keyword in keywords.items():
        regex = pattern(keyword)
        if meta.system and regex.search(meta.system):
            named: str | None = meta.evidence.get("system", "")
        else:
            named = _named_by_headline(regex, headline)
        if named is not None:
            found.append(topic)
            meta.evidence[f"{kind}:{topic}"] = named
    return found


def _named_by_headline(regex: re.Pattern[str], headline: list[ReportedResult]) -> str | None:
    """The evidence URL of the first headline figure whose label or conditions `regex` finds."""
    for result in headline:
        text = " ".join([result.label, *(str(v) for v in result.conditions.values())])
        if regex.search(text):
            return result.evidence_url
    return None


def _first_in_sections(
    sections: list[tuple[Document, int, int]], keyword: Keyword, *, as_hardware: bool = False
) -> str | None:
    """The URL of the first line of the sections that the keyword's pattern matches
    (`as_hardware`: where it names hardware, `_names_as_hardware`)."""
    regex = pattern(keyword)
    for document, start, end in sections:
        lowered = _section_lowered(document, start, end)
        if lowered is not None and not found_in(lowered, keyword):
            continue
        for number in range(start, end + 1):
            line = document.line(number) or ""
            if regex.search(line) and (not as_hardware or _names_as_hardware(line, regex)):
                return document.line_url(number)
    return None


_SECTIONS_KEPT = 64
_sections_lowered: dict[tuple[str, str, int, int], str | None] = {}


def _section_lowered(document: Document, start: int, end: int) -> str | None:
    """A section's lines joined by line ends and lower-cased, where that answers whether a
    keyword stands on one of them (`keywords.found_in`, literal-led, ~20 times faster than
    the case-insensitive `\\b...\\b` pattern over each line: a wide table's 80 KB rows were
    searched once per topic). Every match on a line is a match in the joined text, so a
    keyword the joined text lacks stands on no line; one it holds is looked for line by line
    as before. None (search each line) where the text is not ASCII: `str.lower` and the
    engine's case folding part only on other letters (`ſ`, the Kelvin sign). Kept for the
    last sections asked (each is asked once per topic)."""
    key = (document.sha256, document.path, start, end)
    if key not in _sections_lowered:
        joined = "\n".join(document.line(number) or "" for number in range(start, end + 1))
        if len(_sections_lowered) >= _SECTIONS_KEPT:
            del _sections_lowered[next(iter(_sections_lowered))]
        _sections_lowered[key] = joined.lower() if joined.isascii() else None
    return _sections_lowered[key]


def _names_as_hardware(line: str, regex: re.Pattern[str]) -> bool:
    """Whether a hardware topic's keyword stands on a line as hardware: in a machine or CPU
    the vocabulary knows, or as the maker right before one (`NVIDIA H100`), not as a maker
    named in passing (`NVIDIA-tuned Triton kernels`, `tuned for NVIDIA shared-memory sizes`,
    `No NVIDIA hardware here` in a repository about two Radeon cards)."""
    machines = [m.span() for found in (SYSTEM, CPU) for m in found.finditer(line)]
    for match in regex.finditer(line):
        for start, end in machines:
            if start <= match.start() < end:
                return True
            if match.end() <= start and not line[match.end() : start].strip():
                return True
    return False
