"""What the learned result model sees of one number: today's rules as features, and the
number's shape, place and the words that name it.

Each instance is one value of one candidate (a cell, a leaf, a number on a line). Its features
are strings (present = 1.0): what the rules decided (chosen or not, the metric they read),
what the shared vocabularies say of the names around it (its column, key or the words before
it: a metric, a setting, a threshold, an identifier), its unit, its shape (integer, decimals,
magnitude, a year, a list of numbers on one line), its document (role and type), its place
(table, list, paragraph, code block, heading, a specification or setup section), and the words
of its header, heading and the text after it. Training keeps a feature only where several
repositories show it (`logistic.shared_features`), so a weight is on a kind of
evidence, not on one repository's labels.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath

from draftflow.extract.candidates import Candidate, SourceFormat
from draftflow.extract.classify import UNSPECIFIED, Selected
from draftflow.extract.harvest.lines import written_at
from draftflow.extract.learned.rows import after_bar_glyphs, is_chart_data
from draftflow.extract.metric_names import (
    is_measured_column,
    metric_in_prose,
    metric_name,
    names_no_metric,
)
from draftflow.extract.status_screen import in_status_screen
from draftflow.extract.tool_output import in_progress_bar, is_transcript_turn
from draftflow.extract.vocabulary import (
    CHANGE_WORDS,
    CONFIG_PATH,
    HARD_SKIP,
    SOFT_SKIP,
    SPEC_HEADINGS,
    THRESHOLD_WORDS,
)
from draftflow.numbers.units import unit_after, unit_of_name

Features = dict[str, float]
IN_PROGRESS_BAR = "in_progress_bar"
IN_TRANSCRIPT = "in_transcript_turn"
IN_STATUS_SCREEN = "in_status_screen"
SAMPLING_AXIS = "col_sampling_axis"
NEVER_RESULTS = (IN_PROGRESS_BAR, IN_TRANSCRIPT, IN_STATUS_SCREEN, SAMPLING_AXIS)
"""The number stands inside a tool's progress bar, on a model transcript's turn
(`tool_output.py`), in a device's status screen (`status_screen.py`) or on the time axis of a
sampled series (`columns.py`): never a result, and `decide` keeps none (the features also let
the model see such numbers as what they are)."""
_Adder = Callable[[str, float], None]

_RESULT_PATH = re.compile(r"result|bench|report|run|eval|log|output|summar|finding", re.I)
_DESIGN_PATH = re.compile(r"plan|design|todo|roadmap|spec|template|example|prompt", re.I)
_DOCS_PATH = re.compile(r"(^|/)docs?/", re.I)
_YEAR = re.compile(r"^(19|20)\d\d$")
_ESTIMATE = re.compile(
    r"\b(expect|estimat|project|theoretic|predict|should|would|could|plan|target|aim)", re.I
)
_RESULT_WORDS = re.compile(
    r"\b(measured|achiev|got|reach|observed|scor|improv|faster|slower|speedup|result|peak"
    r"|average|median|mean|p50|p9\d|fell|dropped|rose|gain)",
    re.I,
)
_SETTING_BEFORE = re.compile(
    r"(--?[a-z][\w-]*|=|\b(max|min|limit|set|using|with|batch|concurrency|threads?|ctx|context"
    r"|tokens?|len|length|size|seed|port|version|step|layers?|n)\s*[:=]?)\s*$",
    re.I,
)
_VERSIONISH = re.compile(r"\b[vV]\d|\d+\.\d+\.\d+")
_MODEL_NAME = re.compile(r"\d+(\.\d+)?[bBmM]\b|-\d+[bB]\b")
_HEADING_RESULT = re.compile(r"result|benchmark|performance|finding|summary|score|speed", re.I)


@dataclass(frozen=True)
class Place:
    """Where a number stands in its document: the block kind and the line itself."""

    block: str
    """`table`, `list`, `paragraph`, `code`, `heading`, `html`, or `line` (outside any)."""
    line: str
    in_rows: bool = False
    """The line stands in a run of lines of the same count of numbers (`rows.row_lines`)."""


def instance_features(
    candidate: Candidate, value_index: int, chosen: Selected | None, place: Place
) -> Features:
    """The features of one value of `candidate` (`chosen` is the rules' figure of it, if any)."""
    features: Features = {"bias": 1.0}
    add = features.__setitem__
    _rule_features(add, chosen)
    add(f"fmt={candidate.format.value}", 1.0)
    _document_features(add, candidate.path)
    _name_features(add, candidate)
    _shape_features(add, candidate, value_index)
    _place_features(add, candidate, place)
    if value_index < len(candidate.values) and in_progress_bar(
        candidate, float(candidate.values[value_index]), place.line
    ):
        add(IN_PROGRESS_BAR, 1.0)
    if is_transcript_turn(place.line):
        add(IN_TRANSCRIPT, 1.0)
    if in_status_screen(candidate.context, place.line):
        add(IN_STATUS_SCREEN, 1.0)
    if chosen is not None:
        add(f"fmt={candidate.format.value}&rule=chosen", 1.0)
    _word_features(add, candidate, place)
    return features


_WORD = re.compile(r"[a-z]{2,}|[\u4e00-\u9fff]{1,4}|%|/s\b|±")


@lru_cache(maxsize=1 << 15)
def words(text: str) -> frozenset[str]:
    """The lower-cased words of a name or a line (runs of letters; CJK in short runs);
    memoised: a column's cells share their header."""
    return frozenset(_WORD.findall(text.lower()))


def _word_features(add: _Adder, candidate: Candidate, place: Place) -> None:
    """The words that name the number (its column or key, its heading, the words after it on
    its line). Training keeps only words that several repositories share (`learning.py`), so
    no repository's own labels become weights; a row's words (model and configuration names)
    are left out: whether a number is a result does not depend on which model it measures."""
    for word in words(candidate.key):
        add("w_key=" + word, 1.0)
    for word in words(" ".join(candidate.headings[-2:]) or candidate.heading or ""):
        add("w_head=" + word, 1.0)
    span = written_at(candidate, place.line) if candidate.format is SourceFormat.LINE else None
    if span is not None:
        for word in words(place.line[span[1] : span[1] + 24]):
            add("w_after=" + word, 1.0)
        # the verb or name just before a number on a line ("took 6.04 s", "Average: 0.05")
        for word in words(place.line[max(0, span[0] - 24) : span[0]]):
            add("w_before=" + word, 1.0)


def _rule_features(add: _Adder, chosen: Selected | None) -> None:
    if chosen is None:
        add("rule=none", 1.0)
        return
    add("rule=chosen", 1.0)
    add("rule_metric=" + _family(chosen), 1.0)
    if chosen.value_index > 0:
        add("rule_second_value", 1.0)
    if chosen.unit and chosen.unit != UNSPECIFIED:
        add("rule_has_unit", 1.0)
    if "range" in chosen.statistic:
        add("rule_range_end", 1.0)


def _family(chosen: Selected) -> str:
    """The rules' metric with its qualifiers folded (`decode_rate_stdev` → `spread`)."""
    metric = chosen.metric
    if metric.endswith(("_stdev", "_spread")):
        return "spread"
    if metric.endswith("_normalised"):
        return "normalised"
    return metric


def _document_features(add: _Adder, path: str) -> None:
    for name in _document_names(path):
        add(name, 1.0)


_SUFFIX_FAMILY = {".ndjson": ".jsonl"}
"""Spellings of one format, one feature: JSON Lines is read the same under either suffix."""


@lru_cache(maxsize=4096)
def _document_names(path: str) -> tuple[str, ...]:
    """The features of a document's path (read once per document)."""
    names: list[str] = []
    pure = PurePosixPath(path)
    suffix = pure.suffix.lower() or "none"
    names.append("ext=" + _SUFFIX_FAMILY.get(suffix, suffix))
    if pure.name.lower().startswith("readme") and len(pure.parts) == 1:
        names.append("doc=top_readme")
    elif pure.name.lower().startswith("readme"):
        names.append("doc=readme")
    if _RESULT_PATH.search(path):
        names.append("doc=results_path")
    if _DESIGN_PATH.search(pure.name):
        names.append("doc=design_name")
    if _DOCS_PATH.search(path):
        names.append("doc=docs_folder")
    return tuple(names)


def _name_features(add: _Adder, candidate: Candidate) -> None:
    """What the vocabularies say of the names around the number (its column or key, its row
    header, the words before it on its line)."""
    for role, name in (("key", candidate.key), ("row", candidate.row_header or "")):
        for feature in _vocabulary_reading(role, name):
            add(feature, 1.0)
    if candidate.json_path is not None:
        add("json", 1.0)
        if CONFIG_PATH.search(candidate.json_path):
            add("json_config_path", 1.0)
        depth = candidate.json_path.count(".") + candidate.json_path.count("[")
        add(f"json_depth={min(depth, 6)}", 1.0)
        if "[" in candidate.json_path:
            add("json_in_array", 1.0)
    for text, role in ((candidate.heading or "", "heading"), (candidate.caption or "", "caption")):
        if not text or (candidate.format is SourceFormat.LINE and role == "caption"):
            continue
        for feature in _surrounding_reading(role, text):
            add(feature, 1.0)


@lru_cache(maxsize=1 << 12)
def _surrounding_reading(role: str, text: str) -> tuple[str, ...]:
    """What a heading's or caption's words say (memoised: a section's figures share it)."""
    tests = (
        ("spec", SPEC_HEADINGS.search(text)),
        ("metric", metric_in_prose(text)),
        ("threshold", THRESHOLD_WORDS.search(text.lower())),
        ("results_word", _HEADING_RESULT.search(text)),
    )
    return tuple(f"{role}_{test}" for test, hit in tests if hit)


@lru_cache(maxsize=1 << 15)
def _vocabulary_reading(role: str, name: str) -> tuple[str, ...]:
    """What the vocabularies say of one name (memoised: a column's cells share it)."""
    if not name:
        return (f"{role}=empty",)
    lowered = name.lower()
    found = [f"{role}_metric=" + ("yes" if metric_name(name) else "no")]
    tests = (
        ("measured", is_measured_column(name)),
        ("setting_or_id", names_no_metric(name)),
        ("hard_skip", HARD_SKIP.search(lowered)),
        ("soft_skip", SOFT_SKIP.search(lowered)),
        ("threshold", THRESHOLD_WORDS.search(lowered)),
        ("change", CHANGE_WORDS.search(lowered)),
        ("unit", unit_of_name(name)),
        ("model_name", _MODEL_NAME.search(name)),
    )
    found += [f"{role}_{test}" for test, hit in tests if hit]
    return tuple(found)


def _shape_features(add: _Adder, candidate: Candidate, index: int) -> None:
    value = float(candidate.values[index]) if index < len(candidate.values) else 0.0
    if not math.isfinite(value):
        add("not_finite", 1.0)
        return
    text = candidate.text
    is_integer = value.is_integer()
    add("integer" if is_integer else "decimal", 1.0)
    decimals = len(text.split(".")[1]) if "." in text and not is_integer else 0
    add(f"decimals={min(decimals, 4)}", 1.0)
    magnitude = math.floor(math.log10(abs(value))) if value else -9
    add(f"magnitude={max(-3, min(magnitude, 6))}", 1.0)
    if is_integer and _YEAR.match(str(int(abs(value)))):
        add("yearlike", 1.0)
    if value < 0:
        add("negative", 1.0)
    if is_integer and 0 <= value <= 10:
        add("small_integer", 1.0)
    if is_integer and value in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192):
        add("power_of_two", 1.0)
    if len(candidate.values) > 1:
        add("cell_many_values", 1.0)
    if "%" in text:
        add("percent", 1.0)
    if "/" in text:
        add("slash", 1.0)
        add(_fraction_part(text, value), 1.0)
    if "±" in text or "+/-" in text:
        add("plus_minus", 1.0)
    if candidate.unit_guess:
        add("unit=" + candidate.unit_guess, 1.0)
    else:
        add("unit=none", 1.0)


_FRACTION = re.compile(r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s*/\s*(\d[\d,]*(?:\.\d+)?)(?![\d.])")


def _fraction_part(text: str, value: float) -> str:
    """Which part of an `x/y` the value is: the count or score of a score out of a whole
    (`35/44`, `PASS correct 3/3`: x ≤ y), the whole it is out of, or neither (a ratio of
    other things, `1117MiB / 15360MiB`, where units stand between, or x > y)."""
    match = _FRACTION.search(text)
    if match is None:
        return "slash_other"
    numerator, denominator = (float(group.replace(",", "")) for group in match.groups())
    if numerator > denominator:
        return "slash_ratio"
    if value == numerator:
        return "fraction_part"
    return "fraction_whole" if value == denominator else "slash_other"


def _place_features(add: _Adder, candidate: Candidate, place: Place) -> None:
    add(f"block={place.block}", 1.0)
    if candidate.format is SourceFormat.LINE:
        _line_features(add, candidate, place.line)
        if place.in_rows:
            add("line_in_rows", 1.0)


def _line_features(add: _Adder, candidate: Candidate, line: str) -> None:
    """What the line a number is written on says of it: the unit after it, a setting before
    it, the line's words, where on the line it stands, how many numbers the line holds."""
    span = written_at(candidate, line)
    start, end = span if span is not None else (-1, len(candidate.text) - 1)
    before = line[:start] if span is not None else ""
    after_unit = unit_after(line, end) if span is not None else None
    add("line_unit=" + (after_unit or "none"), 1.0)
    if _SETTING_BEFORE.search(before):
        add("line_setting_before", 1.0)
    _line_word_features(add, line)
    _line_position_features(add, line, before, start, end)
    digits = sum(1 for token in line.split() if any(ch.isdigit() for ch in token))
    add(f"line_numbers={min(digits, 8)}", 1.0)
    if candidate.heading and SPEC_HEADINGS.search(candidate.heading):
        add("line_spec_section", 1.0)


def _line_word_features(add: _Adder, line: str) -> None:
    """The kinds of words anywhere on the line: an estimate's, a result's, a threshold's, a
    version."""
    if _ESTIMATE.search(line):
        add("line_estimate_word", 1.0)
    if _RESULT_WORDS.search(line):
        add("line_result_word", 1.0)
    if THRESHOLD_WORDS.search(line.lower()):
        add("line_threshold_word", 1.0)
    if _VERSIONISH.search(line):
        add("line_version", 1.0)


def _line_position_features(add: _Adder, line: str, before: str, start: int, end: int) -> None:
    """Where the number stands on its line (written from `start` to `end`, after `before`):
    beside a model's size, in a code span, after a colon, in brackets, in a heading or row."""
    if _MODEL_NAME.search(line[max(0, start - 12) : end + 3]):
        add("line_model_name_near", 1.0)
    if "`" in before[-3:]:
        add("line_in_code_span", 1.0)
    if before.rstrip().endswith((":", "=")):
        add("line_after_colon", 1.0)
    if "[" in before and line.find("]", start) >= 0:
        add("line_in_brackets", 1.0)
    if line.lstrip().startswith(("#", "|")):
        add("line_starts_" + line.lstrip()[0], 1.0)
    if is_chart_data(line):
        add("line_chart_data", 1.0)
    if after_bar_glyphs(before):
        add("line_after_bar_glyphs", 1.0)
