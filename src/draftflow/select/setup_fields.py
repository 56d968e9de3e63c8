"""Record-level setup fields a source states once for its runs: parallelism, KV-cache type,
context limit, and the repository's declared license.

Each is read from the README and the headline figures' documents (the documents the record
lists, so verify finds what it cites), as written on one line: a serving flag
(`--tensor-parallel-size 2`, `--kv-cache-dtype fp8`, `--max-model-len 32768`), a `key: value`
line or a phrase (`TP2`, `FP8 KV cache`). A field stated with two different values stays null
with the reason, as one the sources never state does: a wrong setup is worse than none.
The license is read from a license document's text (`LICENSE.md`, `LICENSE.txt`) by the
words each license's text opens with, else a README line under a `License` heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.conditions.setup import is_setup_title
from draftflow.extract.document import parse_document
from draftflow.extract.document.lines import PAIR_CELLS, is_table_row, split_pipes
from draftflow.numbers.vocabulary import spelling_pattern, vocabulary
from draftflow.select.dual_license import LICENSE_NAMES, dual_license
from draftflow.text.gate import gated

_TP = re.compile(
    r"(?:--tensor[-_]parallel[-_]size|\btensor[-_ ]parallel(?:ism|[-_ ]size)?|\btp[-_]size)"
    r"\s*[:=]?\s*`?(?P<n>\d{1,2})\b"
    r"|(?<![\w-])TP\s?=?\s?(?P<m>\d{1,2})(?![\w-]|\.\d)",
    re.I,
)
_PP = re.compile(
    r"(?:--pipeline[-_]parallel[-_]size|\bpipeline[-_ ]parallel(?:ism|[-_ ]size)?|\bpp[-_]size)"
    r"\s*[:=]?\s*`?(?P<n>\d{1,2})\b",
    re.I,
)
_SEPARATOR = re.compile(r"\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?")
"""A pipe table's separator row (`|---|:--:|`)."""
_KV_TYPES = spelling_pattern(vocabulary().precision.kv_cache)
_KV = re.compile(
    rf"(?:--kv[-_]cache[-_]dtype|\bkv[-_ ]cache[-_ ](?:dtype|type|precision)|--cache-type-k"
    rf"|\bkv[-_]dtype)\s*[:=]?\s*`?(?P<a>{_KV_TYPES})\b"
    rf"|\b(?P<b>{_KV_TYPES})\s+kv(?:[- ]cache)?\b",  # `fp8 KV cache`, a stack's `fp8 KV`
    re.I,
)
_KV_HEADING = re.compile(r"\bkv\b|kv[-_ ]?cache|cache[-_ ]type|\bctk\b", re.I)
_KV_TYPE = re.compile(rf"(?<![\w-])(?:{_KV_TYPES})(?![\w-])", re.I)
_CONTEXT = re.compile(
    r"(?:--max[-_]model[-_]len|\bmax[-_]model[-_]len|--ctx[-_]size|\bcontext[-_ ](?:length|"
    r"window|size|limit)|\bmax[-_ ]context(?:[-_ ](?:length|tokens))?)\s*[:=]?\s*`?"
    r"(?P<n>\d{3,7})(?![\d.,kKmM])",
    re.I,
)
MIN_CONTEXT_TOKENS = 512
_ONE_GENERATION = re.compile(
    r"(?:\s-p|--prompt)[\s=]+[\"']|\s(?:-i|--interactive(?:-first)?|-cnv|--conversation)(?=\s|$)"
)
"""A command given its prompt as text (`-p "Solar System"`, not llama-bench's `-p 512`) or
run as a chat: one generation, whose flags set up that example only."""
_LICENSE_FILE = re.compile(r"^(?:licen[cs]e|copying)(?:\.(?:md|txt|markdown|rst))?$", re.I)
# the words a license's own text opens with (its title), by SPDX identifier
_LICENSE_TEXT = (
    ("Apache-2.0", re.compile(r"apache license,?\s+version 2\.0", re.I)),
    ("MIT", re.compile(r"\bMIT License\b|permission is hereby granted, free of charge", re.I)),
    ("BSD-3-Clause", re.compile(r"BSD 3-Clause|neither the name of", re.I)),
    ("BSD-2-Clause", re.compile(r"BSD 2-Clause", re.I)),
    ("AGPL-3.0", re.compile(r"GNU AFFERO GENERAL PUBLIC LICENSE\s+Version 3", re.I)),
    ("LGPL-3.0", re.compile(r"GNU LESSER GENERAL PUBLIC LICENSE\s+Version 3", re.I)),
    ("GPL-3.0", re.compile(r"GNU GENERAL PUBLIC LICENSE\s+Version 3", re.I)),
    ("GPL-2.0", re.compile(r"GNU GENERAL PUBLIC LICENSE\s+Version 2", re.I)),
    ("MPL-2.0", re.compile(r"Mozilla Public License,?\s+(?:Version|v\.?)\s*2\.0", re.I)),
    ("Unlicense", re.compile(r"This is free and unencumbered software", re.I)),
    # source-available, not open source: an editor's reuse depends on it (nijaru/vllama)
    ("Elastic-2.0", re.compile(r"\bElastic License 2\.0\b", re.I)),
    # the CC0 legal code opens `Creative Commons Legal Code` / `CC0 1.0 Universal` (dambergn)
    ("CC0-1.0", re.compile(r"\bCC0 1\.0 Universal\b", re.I)),
    # the CC BY legal code opens on its title alone (`Attribution 4.0 International`, djangodevreng)
    (
        "CC-BY-4.0",
        re.compile(
            r"Creative Commons Attribution 4\.0|^\s*Attribution 4\.0 International\b", re.I | re.M
        ),
    ),
)
_README_LICENSE = tuple(
    entry
    for entry in LICENSE_NAMES
    if entry[0] in {"Apache-2.0", "MIT", "BSD-3-Clause", "GPL-3.0", "CC-BY-4.0"}
)
# the heading of a README's license section, in the languages reports are written in
_LICENSE_HEADING = re.compile(
    r"^(?:licen[cs]e\b|lizenz\b|licencia\b|licença\b|licenza\b|ライセンス|许可证|許可證|授權|라이선스)",
    re.I,
)
MAX_LICENSE_LEVEL = 4
_BEFORE_WORDS = re.compile(r"^[^\w]+")
_LICENSE_STATED = re.compile(
    r"img\.shields\.io/badge/licen[cs]e-(?P<badge>[^-/)\s]+)"  # a badge's label-message
    r"|\blicen[cs]e:\s*(?P<alt>[\w. -]{2,30}?)\]"  # an image's alt text `License: MIT`
    r"|\blicen[cs]e:?\**:?\s*\[(?P<link>[\w. -]{2,20})\]\("  # `**License:** [MIT](LICENSE)`
    r"|\blicen[cs]ed under (?:the )?(?:terms of the )?(?P<under>[\w. -]{2,30})"
    r"|\[(?P<linked>[\w. -]{2,20}) licen[cs]ed\]",
    re.I,
)
LICENSE_OPENING_LINES = 12
LICENSE_NOT_NAMED = "no license document or README license section names one"
"""Why a license stays null when nothing names one (not when several are named)."""
_LICENSE_FILE_NAMED = re.compile(r"(?<![\w/-])(?:\./)?(?:LICEN[CS]E|COPYING)(?:\.(?:md|txt))?\b")
"""A README naming the repository's license file (`this repo's LICENSE`, `[MIT](LICENSE)`)."""
_ANY_LICENSE_FILE = re.compile(r"^(?:licen[cs]e|copying)(?:[-._][\w.-]+)?$", re.I)
"""A license file at the repository's root, one of several too (`LICENSE-MIT`)."""
_SEVERAL_LICENSES = re.compile(
    r"\bdual[- ]?licen[cs]|\bmulti[- ]?licen[cs]|\beither\b.+\bor\b", re.I
)
"""Words that say a line offers a choice of licenses."""
# each line's searches behind the letters their matches open with (`text/gate.py`: the same
# matches): a wide table's 80 KB rows are digits, blanks and pipes, where none opens
_TP, _PP, _KV, _CONTEXT, _LICENSE_STATED, _SEVERAL_LICENSES = (
    gated(p) for p in (_TP, _PP, _KV, _CONTEXT, _LICENSE_STATED, _SEVERAL_LICENSES)
)


@dataclass(frozen=True)
class Stated:
    """A setup value as the sources state it, or why it stays null."""

    value: str | int | None
    evidence: str = ""
    """The line URL that states it."""
    unstated: str = ""


def _agreed(found: Sequence[tuple[str | int, str]], what: str) -> Stated:
    """The one value every statement agrees on, with the first line that states it."""
    values = list(dict.fromkeys(value for value, _ in found))
    if not values:
        return Stated(None, unstated=f"no source states the {what}")
    if len(values) > 1:
        listed = ", ".join(str(v) for v in values[:4])
        return Stated(None, unstated=f"the sources state several {what}s ({listed})")
    return Stated(values[0], evidence=found[0][1])


def _lines(documents: Iterable[Document]) -> Iterable[tuple[str, str]]:
    for document in documents:
        for number, line in enumerate(document.line_list, 1):
            yield line, document.line_url(number)


def read_parallelism(documents: Sequence[Document]) -> Stated:
    """`TP2` (or `TP2 PP2`) where the sources state a tensor (and pipeline) parallel size for
    every run: not in one row of a table wider than a `key | value` pair whose other rows
    state none or another (`| MiniMax-M2.5 | 62 tokens/s (Hopper, TP=2) |` below single-card
    rows states that row's run, guoqingbao/vllm.rs, read33-s21). Such a row's size, where it
    differs from the one agreed on, leaves the field null."""
    found: list[tuple[str | int, str]] = []
    aside: list[tuple[str | int, str]] = []
    for document in documents:
        lines = document.line_list
        for number, line in enumerate(lines, 1):
            stated = parallelism_on_line(line)
            if stated is None:
                continue
            row = is_table_row(line) and len(split_pipes(line)) > PAIR_CELLS
            every = row and _every_row_states(lines, number, stated)
            (aside if row and not every else found).append((stated, document.line_url(number)))
    agreed = _agreed(found, "parallelism")
    other = {value for value, _ in aside} - {agreed.value}
    if agreed.value is not None and other:
        listed = ", ".join(str(v) for v in [agreed.value, *sorted(map(str, other))][:4])
        return Stated(None, unstated=f"the sources state several parallelisms ({listed})")
    if agreed.value is None and aside and not found:
        return Stated(None, unstated="only single table rows state a parallelism")
    return agreed


def parallelism_on_line(line: str) -> str | None:
    """The parallel size one line states (`TP2`, `TP2 PP2`), if any: the words select writes
    `reported_setup.parallelism` in, and verify reads a line by."""
    tp = _TP.search(line)
    if tp is None:
        return None
    size = int(tp["n"] or tp["m"])
    if size < 1:
        return None
    pp = _PP.search(line)
    return f"TP{size}" + (f" PP{int(pp['n'])}" if pp else "")


def _every_row_states(lines: Sequence[str], number: int, stated: str) -> bool:
    """Whether every body row of the table holding line `number` (1-based) states the
    parallelism `stated`: then the table states it for all its runs."""
    first = last = number - 1
    while first > 0 and is_table_row(lines[first - 1]):
        first -= 1
    while last + 1 < len(lines) and is_table_row(lines[last + 1]):
        last += 1
    rows = lines[first : last + 1]
    # a header row (the one above a separator) names columns, not a run
    headed = len(rows) > 1 and _SEPARATOR.fullmatch(rows[1].strip()) is not None
    body = [line for line in rows[2 if headed else 0 :] if not _SEPARATOR.fullmatch(line.strip())]
    return bool(body) and all(parallelism_on_line(line) == stated for line in body)


def read_kv_dtype(documents: Sequence[Document]) -> Stated:
    """The KV-cache data type a serving flag, key or phrase states (`fp8`, `q8_0`), for
    every figure: not as a cell of a table wider than a `key | value` pair (its header names
    one arm of a comparison, `| Default TPS | Q8_0 KV TPS |`, its row one configuration among
    others) nor in a section trying a KV-cache type (`## KV-Cache Q8_0 Mitigation`). Those
    state no record's type, but one they state that differs leaves it null."""
    found: list[tuple[str | int, str]] = []
    aside: list[tuple[str | int, str]] = []
    for document in documents:
        trials = _kv_trials(document)
        for number, line in enumerate(document.line_list, 1):
            matches = list(_KV.finditer(line))
            if not matches:
                continue  # (a wide row is split into cells only where it states a type)
            apart = (is_table_row(line) and len(split_pipes(line)) > PAIR_CELLS) or any(
                first <= number <= last for first, last in trials
            )
            for match in matches:
                stated = ((match["a"] or match["b"]).lower(), document.line_url(number))
                (aside if apart else found).append(stated)
    agreed = _agreed(found, "KV-cache type")
    other = {value for value, _ in aside} - {agreed.value}
    if agreed.value is not None and other:
        listed = ", ".join(str(v) for v in [agreed.value, *sorted(map(str, other))][:4])
        return Stated(None, unstated=f"the sources state several KV-cache types ({listed})")
    return agreed


def _kv_trials(document: Document) -> list[tuple[int, int]]:
    """The sections whose heading names a KV-cache type (`## KV-Cache Q8_0 Mitigation`,
    `### FP8 KV ablation`): a trial of that type beside the runs, not the setup of all; a
    setup section keeps its word (`## Setup: fp8 KV cache`)."""
    spans: list[tuple[int, int]] = []
    for section in parse_document(document).sections:
        title = section.title
        if _KV_HEADING.search(title) and _KV_TYPE.search(title) and not is_setup_title(title):
            spans.append((section.span.first, section.span.last))
    return spans


def read_context_limit(documents: Sequence[Document]) -> Stated:
    """The context limit in tokens a serving flag or key states as digits (`32768`): not
    the flag of a one-off generation (a command given its prompt or run interactively,
    `main -p "Solar System" --ctx-size 512`, kreier/jetson, read33-s25), which sets up that
    one example, not the runs the record reports."""
    found: list[tuple[str | int, str]] = []
    for line, url in _lines(documents):
        if _ONE_GENERATION.search(line):
            continue
        for match in _CONTEXT.finditer(line):
            tokens = int(match["n"])
            if tokens >= MIN_CONTEXT_TOKENS:
                found.append((tokens, url))
    return _agreed(found, "context limit")


def read_license(snapshot: Snapshot, readme: Document | None) -> Stated:
    """The SPDX id of the license a license document's text is, else the one a README line
    under a `License` heading names; none where the repository carries several license
    files or its README line names several licenses (NexVeridian's `LICENSE-MIT` and
    `LICENSE-Apache`, "dual-licensed under either ... or ...", read as MIT): one of them
    alone is not what the repository declares. A README line that plainly offers the choice
    (`dual_license`: "either MIT or Apache 2.0 at your option") declares both, as the SPDX
    expression `MIT OR Apache-2.0`."""
    several = _license_files(snapshot)
    offered = dual_license(readme, several) if readme is not None else None
    if readme is not None and offered is not None:
        return Stated(offered[0], evidence=readme.line_url(offered[1]))
    if len(several) > 1:
        return Stated(
            None,
            unstated=f"the repository carries {len(several)} license files "
            f"({', '.join(several)}); no one license is certain",
        )
    for document in snapshot.documents:
        if "/" in document.path or not _LICENSE_FILE.match(document.path):
            continue
        # a title may span lines (`Apache License` over `Version 2.0, January 2004`)
        opening = "\n".join(document.line_list[:LICENSE_OPENING_LINES])
        for spdx, pattern in _LICENSE_TEXT:
            found = pattern.search(opening)
            if found:
                number = opening.count("\n", 0, found.start()) + 1
                return Stated(spdx, evidence=document.line_url(number))
    if readme is not None:
        stated = _readme_license(readme)
        if stated is not None:
            return stated
    if several:
        # read33-s27b: "no license document ... names one" over nijaru's Elastic License file
        return Stated(None, unstated=f"its license file {several[0]} is not one this draft reads")
    if readme is not None and (named_at := _license_file_named(readme)) is not None:
        # read-s32: "no license document ... names one" where the README points to a LICENSE
        # file the snapshot does not hold (a copy of the documents only)
        return Stated(
            None, unstated=f"README line {named_at} names a license file this draft did not read"
        )
    return Stated(None, unstated=LICENSE_NOT_NAMED)


def _license_file_named(readme: Document) -> int | None:
    """The first README line naming the repository's license file, if one does."""
    for number, line in enumerate(readme.line_list, 1):
        if ("LICEN" in line or "COPYING" in line) and _LICENSE_FILE_NAMED.search(line):
            return number
    return None


def _license_files(snapshot: Snapshot) -> list[str]:
    """The license files at the repository's root, documents or not (`LICENSE-MIT`)."""
    paths = [d.path for d in snapshot.documents] + [f.path for f in snapshot.skipped]
    return sorted(p for p in paths if "/" not in p and _ANY_LICENSE_FILE.match(p))


def _readme_license(readme: Document) -> Stated | None:
    """The license a README's `License` section opens with, else one it states in a line:
    a license badge, `License: MIT` alt text, `licensed under the MIT License`."""
    return _license_section(readme) or _license_stated(readme)


def _license_stated(readme: Document) -> Stated | None:
    for number, line in enumerate(readme.line_list, 1):
        for match in _LICENSE_STATED.finditer(line):
            named = next(text for text in match.groups() if text).replace("%20", " ")
            for spdx, pattern in _README_LICENSE:
                if pattern.match(named.strip()):
                    return Stated(spdx, evidence=readme.line_url(number))
    return None


def _license_section(readme: Document) -> Stated | None:
    """The license the first lines under the README's `License` heading name (its
    headings from the document model: a `# comment` in a code block is none)."""
    headings = parse_document(readme).headings
    for index, heading in enumerate(headings):
        # a heading may open with an emoji or a mark (`## 📄 License`)
        title = _BEFORE_WORDS.sub("", heading.text)
        if heading.level > MAX_LICENSE_LEVEL or not _LICENSE_HEADING.match(title):
            continue
        end = headings[index + 1].span.first if index + 1 < len(headings) else None
        for number in range(heading.span.last + 1, end or len(readme.line_list) + 1):
            line = readme.line(number) or ""
            if not line.strip():
                continue
            named = [spdx for spdx, pattern in _README_LICENSE if pattern.search(line)]
            if named and _SEVERAL_LICENSES.search(line):
                return Stated(None, unstated=f"README line {number} names more than one license")
            if named:
                return Stated(named[0], evidence=readme.line_url(number))
            # a license draftflow has no id for (`CC BY-ND 4.0`, guruswami's `## Licence`):
            # the section names one, so "no section names one" would be false (read-s34)
            return Stated(
                None,
                unstated=f"README line {number}, under its license heading, names a license "
                "this draft has no identifier for; read it there",
            )
    return None
