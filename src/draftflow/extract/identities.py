"""Identities are not values: a number written as part of a hardware model's name (`RTX 5070
Ti`, `EPYC 7742`, `RTX 4090`) names the hardware, and one written as a software version right
after what it versions (`driver **580**`, `CUDA 13.0`, `version 0.11`), it measures nothing.

Read on the figure's own written text (its cell, its line, its sentence): a figure whose value
is written there only inside such a name is no figure, whatever rule or model chose it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import Selected
from draftflow.extract.conditions.setup_names import CPU, SYSTEM
from draftflow.extract.harvest.json_leaves import is_prose_text

_NUMBER_WRITTEN = re.compile(r"(?<![\w.])[-−]?\d+(?:,\d{3})*(?:\.\d+)?")
_HARDWARE = (SYSTEM, CPU)
_MEASURE_AFTER = re.compile(r"[×x%]|\s*(?:×|%)")
"""A number a name's pattern reaches but that a multiplier or percent follows (`Jetson
11×`) is a measurement written after the name, not part of it."""
_VERSIONED = re.compile(
    r"\b(?:driver|drivers|version|ver\.|release|build|kernel|firmware|bios|cuda|rocm)"
    r"[\s*_`:=]*v?(?=\d)",
    re.IGNORECASE,
)
"""What a version number is written right after (an editor's read found epappas's `driver
**580**` published as a relative change of 580)."""

_VERSIONED_NAME = re.compile(
    r"(?:(?:driver|drivers|kernel|firmware|bios|version|release|build|os|ubuntu|debian|fedora"
    r"|centos|rhel|macos|ios|ipados|android|windows|jetpack|l4t|gcc|g\+\+|clang|nvcc|msvc"
    r"|cmake|cudnn|nccl|python|glibc)(?:\s+(?:version|ver\.?|release))?)",
    re.IGNORECASE,
)
"""A row or column name that, as a whole, names something a bare number under it versions
(a platform table's `| Ubuntu | 18.04 | 20.04 |`, `| kernel | 5.15 LTS |`, a `Driver`
column). Backends an author also compares by speed (CUDA, ROCm, Vulkan, Metal) and engines
are not among them: `| CUDA | 45.2 |` may be a rate."""
_BARE_VERSION = re.compile(r"(?:[<>]=?|[≤≥~])?\s*v?\d+(?:\.\d+)*(?:\s*LTS)?", re.IGNORECASE)
"""A cell holding a version and nothing else (`22.04`, `<= 8`, `5.10 LTS`, `v12`)."""
_NAME_MARKUP = re.compile(r"[*_`:]+")


def written_texts(candidate: Candidate) -> Iterator[str]:
    """Where a figure's number is written, narrowest first: its cell or mention, its caption
    (a line candidate's whole line), a sentence's own words."""
    yield candidate.text
    if candidate.caption:
        yield candidate.caption
    if candidate.format is SourceFormat.PROSE and candidate.column:
        yield candidate.column.rsplit(" › ", 1)[-1]


def reads_as(written: str, value: float) -> bool:
    """True when a written number (`1,557,709`, `−3.5`) is `value`."""
    try:
        return float(written.replace(",", "").replace("−", "-")) == float(value)
    except ValueError:
        return False


def number_spans(text: str, value: float) -> list[tuple[int, int]]:
    """Where `text` writes `value` as a number of its own."""
    return [m.span() for m in _NUMBER_WRITTEN.finditer(text) if reads_as(m.group(0), value)]


def in_hardware_name(item: Selected) -> bool:
    """True when the figure's value is written, where its text writes it at all, only inside
    a hardware model's name (`**RTX 5070 Ti** (4–5× faster)` gives no figure 5070), as a
    version right after what it versions (`driver **580**`), as a bare version under a row
    or column that names what it versions (`| Ubuntu | 18.04 |`) or as a count of the
    devices a name follows (`1× NVIDIA L40S`)."""
    if is_named_version(item.candidate):
        return True
    texts = tuple(written_texts(item.candidate))
    value = float(item.value)
    if _counts_devices(item.candidate.text, value):
        return True
    if sum(map(len, texts)) <= _SHORT:
        return _in_short_hardware_name(texts, value)
    return _in_written_hardware_name(texts, value)


_SHORT = 256
"""Texts this short (a cell's) are read once per text and value: a sweep repeats its cells."""


@lru_cache(maxsize=4096)
def _in_short_hardware_name(texts: tuple[str, ...], value: float) -> bool:
    return _in_written_hardware_name(texts, value)


def _in_written_hardware_name(texts: tuple[str, ...], value: float) -> bool:
    """`in_hardware_name` of a figure of `value` written in `texts`, narrowest first."""
    spanned = [(text, number_spans(text, value)) for text in texts]
    written = [(text, spans) for text, spans in spanned if spans and _says_more(text, spans)]
    if any(_only_versions(text, spans) for text, spans in written):
        return True  # a cell `580` says no more; its sentence says `driver 580`
    for text, spans in written[:1]:
        names = [(*m.span(), kind is CPU) for kind in _HARDWARE for m in kind.finditer(text)]
        return all(any(_in_name(text, start, end, name) for name in names) for start, end in spans)
    return False


_TIMES = re.compile(r"\s*[×xX]\s*")


def _counts_devices(text: str, value: float) -> bool:
    """Whether `text` writes `value` only as a multiplier right before a hardware name (`1×
    NVIDIA L40S`, `8x H100`): a count of devices, a setting, never a ratio (laknarayana9's
    setup row `1× NVIDIA L40S (48 GiB)` was published as a ratio of 1, read31-s29). A text
    with no multiplier sign says no count (most cells: not searched per figure)."""
    if "×" not in text and "x" not in text.lower():
        return False
    spans = number_spans(text, value)
    if not spans:
        return False
    for _, end in spans:
        times = _TIMES.match(text, end)
        if times is None or times.end() == end or SYSTEM.match(text, times.end()) is None:
            return False
    return True


def _in_name(text: str, start: int, end: int, name: tuple[int, int, bool]) -> bool:
    """Whether the number at `start:end` is part of a hardware name: inside it, and followed
    by no multiplier (`Jetson 11×`), unless a CPU's name goes on past it (`Threadripper
    1950x`, `Core i9-13900K`: its letters are the model's suffix)."""
    first, last, cpu = name
    if not first <= start or not end <= last:
        return False
    return (cpu and end < last) or not _MEASURE_AFTER.match(text, end)


def _says_more(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether `text` holds words beside its number: a prose mention's own text (`7900X`,
    `4090`) is the number and a letter at most, so the sentence around it decides (kzprojects'
    "Ryzen 9 7900X" was a ratio of 7900x, nijaru's "(RTX 4090, 30% GPU utilization)" a
    utilization of 4090 %, read31-s27b)."""
    rest = text
    for start, end in reversed(spans):
        rest = rest[:start] + rest[end:]
    return sum(character.isalpha() for character in rest) > 1


def _only_versions(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether `text` writes the number, each time, as a version right after what it versions."""
    versions = {m.end() for m in _VERSIONED.finditer(text)}
    return all(start in versions for start, _ in spans)


def is_named_version(candidate: Candidate) -> bool:
    """Whether a table or key/value cell holds a bare version under a row header or key that
    names, as a whole, what it versions (an OS, a compiler, a driver, a kernel)."""
    if candidate.format is SourceFormat.PROSE or candidate.json_path is not None:
        return False
    if not _BARE_VERSION.fullmatch(candidate.text.strip()):
        return False
    names = (candidate.row_header, candidate.column)
    return any(name and _VERSIONED_NAME.fullmatch(_bare_name(name)) for name in names)


def _bare_name(name: str) -> str:
    return _NAME_MARKUP.sub("", name).strip()


def without_identities(selected: Iterable[Selected]) -> list[Selected]:
    """The selected figures less those that are a hardware name's number."""
    return [item for item in selected if not in_hardware_name(item)]


_DATA_FORMATS = frozenset({SourceFormat.JSON, SourceFormat.JSONL})
_PLAIN_NUMBER = re.compile(r"\s*[-−]?\d+(?:\.\d+)?\s*")


def without_text(selected: Iterable[Selected]) -> list[Selected]:
    """The selected figures less those written inside a data file's natural-language text:
    a string that is prose itself (`is_prose_text`: a dataset's question, a prompt, a
    calibration passage), or a string listed beside prose (a question's `choices`,
    `2x^2 + 5`). Its numbers are its content; a number the file types as a number (a run's
    `tokens_per_second` beside its prompt) stays. They remain candidates, so no line reader
    takes their numbers again."""
    return [item for item in selected if not _in_text(item.candidate)]


def _in_text(candidate: Candidate) -> bool:
    if candidate.format not in _DATA_FORMATS:
        return False
    if is_prose_text(candidate.text):
        return True
    listed = (candidate.json_path or "").endswith("]")
    return (
        listed
        and _PLAIN_NUMBER.fullmatch(candidate.text) is None
        and any(is_prose_text(value) for value in candidate.context.values())
    )
