"""A figure's label as an editor writes it: what configuration it was measured in, then what
the figure is, each part once.

A `Label` keeps its parts as fields, so no code parses a label string it built: the extract
stage builds one from a figure's row (its naming cells and row header) and the figure's own
name (its column or key), the result's and the profile's label both come from it, and
`Label.text()` is the one place a label is written. A part is a setting with its name
(`concurrency 8`) or a name alone (`Qwen3-30B-A3B`); a number in a label is a claim verify
checks at the cited line, so a part is only ever what the source writes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache

SEPARATOR = ", "
# A value that is a number, perhaps with its unit or a percent sign: another cell's measured
# value (`53.5 %`, `~239 GB`), never a configuration's name.
_MEASURED_VALUE = re.compile(
    r"^[~≈<>±+\-−]?\s*[\d.,]+\s*(%|[a-zµ°/]{1,8}(/[a-z]{1,4})?)?$", re.IGNORECASE
)
_NUMBER = re.compile(r"^[~≈]?[-\d.,]+[kKmM]?$")
_SKELETON = re.compile(r"[\W_]+")


@lru_cache(maxsize=1 << 14)
def fold(text: str) -> str:
    """A part as compared for repeats: case, spacing and punctuation left out (memoised: a
    row's parts are folded again for each of its figures)."""
    return _SKELETON.sub("", text.casefold())


def is_measured_value(text: str) -> bool:
    """True for a cell value that is a measured number (with or without its unit)."""
    return bool(_MEASURED_VALUE.match(" ".join(text.split())))


@dataclass(frozen=True)
class LabelPart:
    """One thing that names a configuration: a setting's value with its name, or a name.

    `named` says whether the source's own header names a setting (`concurrency`, `model`,
    `test`): only then is a bare number a setting rather than another cell's value."""

    value: str
    name: str = ""
    named: bool = True
    role: str = ""
    """What the part names when a condition gave it (`model`, `weight_precision`, `engine`,
    `system`, `workload`, a setting's key); empty for a row's cell or a heading."""

    def text(self) -> str:
        """The part as a person writes it: a number with its setting's name (`concurrency
        8`), a word alone (`vLLM`)."""
        return self._text

    @cached_property
    def _text(self) -> str:
        # written once per part: a row's parts are in each of its figures' labels
        value = " ".join(self.value.split())
        if self.name and _NUMBER.fullmatch(value):
            return f"{' '.join(self.name.split())} {value}"
        return value

    def is_other_figure(self) -> bool:
        """True when the part is another measured cell of the row, not a setting of it."""
        return self._other_figure

    @cached_property
    def _other_figure(self) -> bool:
        # judged once per part: `Label.of` asks of every part each time a label grows
        if not self.name:
            return False
        value = " ".join(self.value.split())
        if _NUMBER.fullmatch(value):
            # under a header that names no setting, a whole number can still be one (`K 2`);
            # a decimal or a grouped number is a measurement (`34.24`, `3,027,217`)
            return not self.named and not value.isdigit()
        return is_measured_value(value)


@dataclass(frozen=True)
class Label:
    """A figure's label: the configuration's parts (model and precision, engine, system,
    workload, the varying setting), what the figure is (its metric or statistic, or the
    column's own words), and a qualifier that tells a figure from its cell-mates
    (`value 2 of 3`, `of 100`). Built by `Label.of`, which keeps each part once."""

    parts: tuple[LabelPart, ...] = ()
    what: str = ""
    qualifier: str = ""
    fallback: str = field(default="", compare=False)
    """What names the figure's place when nothing else does (its document and heading)."""
    said: str = field(default="", compare=False)
    """How the source itself describes the figure where that is more than the label says (a
    sentence's heading, lead-in and clause, as the prose harvest reads them): what select's
    rules read its words in. Never part of the label's text."""

    @classmethod
    def of(
        cls,
        parts: Iterable[LabelPart],
        what: str = "",
        qualifier: str = "",
        *,
        fallback: str = "",
    ) -> Label:
        """A label with each part once (case- and punctuation-insensitive), no part that is
        another cell's measured value, and no part that only repeats what the figure is."""
        kept: list[LabelPart] = []
        seen = {fold(what)} if what.strip() else set()
        for part in parts:
            key = fold(part.text())
            # a row header that repeats a named cell's value (`Prompt 256`, then `256`)
            if not key or key in seen or part.is_other_figure():
                continue
            seen.update((key, fold(part.value)))
            kept.append(part)
        return cls(tuple(kept), " ".join(what.split()), qualifier.strip(), fallback)

    def with_parts(self, *parts: LabelPart) -> Label:
        """The label with more configuration parts after its own (each still once)."""
        label = Label.of((*self.parts, *parts), self.what, self.qualifier, fallback=self.fallback)
        return replace(label, said=self.said)

    def with_qualifier(self, qualifier: str) -> Label:
        """The label with `qualifier` after what the figure is."""
        joined = f"{self.qualifier} {qualifier}".strip()
        return Label(self.parts, self.what, joined, self.fallback, self.said)

    def short(self, limit: int, dropped: Iterable[str] = ()) -> str:
        """The configuration and what the figure is (its column: `8B Q4_K_M`), in at most
        `limit` characters where it can be: parts whose role is in `dropped` are left out, in
        that order, until it fits."""
        parts = list(self.parts)
        what = [self.what] if self.what else []
        for role in dropped:
            if len(SEPARATOR.join([*(part.text() for part in parts), *what])) <= limit:
                break
            parts = [part for part in parts if part.role != role]
        return SEPARATOR.join([*(part.text() for part in parts), *what]) or self.fallback

    def configuration(self) -> str:
        """The configuration alone (a test profile's label); its place when nothing names it."""
        named = SEPARATOR.join(part.text() for part in self.parts)
        return named or self.fallback

    def figure(self) -> str:
        """What the figure is, with its qualifier."""
        return f"{self.what} {self.qualifier}".strip()

    def text(self) -> str:
        """The label as the record writes it: the configuration, then what the figure is."""
        return self._text

    @cached_property
    def _text(self) -> str:
        # written once per label: extract, its dedup keys and its collisions each ask
        pieces = [part.text() for part in self.parts]
        if self.figure():
            pieces.append(self.figure())
        return SEPARATOR.join(pieces) or self.fallback


# How a condition is written in a label, by its key: a name alone (`vLLM`), a setting with
# its name before its value (`concurrency 8`), or words the value stands for (`thinking off`).
_NAMED_ALONE = frozenset(
    {
        "model",
        "model_artifact",
        "weight_precision",
        "quantization",
        "engine",
        "system",
        "workload",
        "case",
        "engine_version",
    }
)
_SETTING_NAMES = {
    "node_count": "nodes",
    "concurrency": "concurrency",
    "batch": "batch",
    "batch_size": "batch",
    "input_tokens": "input tokens",
    "output_tokens": "output tokens",
    "max_output_tokens": "max output tokens",
    "context_tokens": "context tokens",
    "temperature": "temperature",
    "top_p": "top-p",
    "draft_tokens": "draft tokens",
}
_FLAGS = {
    "thinking": ("thinking on", "thinking off"),
    "speculative_decoding": ("speculative decoding", "no speculative decoding"),
}
_KV_KEYS = frozenset({"kv_cache_dtype", "kv_dtype", "kv_precision", "kv_cache_precision"})
MAX_CONDITION_CHARS = 40


def condition_part(key: str, value: object) -> LabelPart | None:
    """A condition as a label writes it, the one place that says how: a name alone (`vLLM`,
    `Qwen3-8B`), a setting with its name (`concurrency 8`, `temperature 0.6`), the KV cache's
    precision (`KV fp8`), a switch in words (`thinking off`); None for a value a label cannot
    carry (a list, a table, a long text)."""
    if isinstance(value, bool):
        words = _FLAGS.get(key)
        if words is None:
            return None
        return LabelPart(words[0] if value else words[1], role=key)
    if value is None or isinstance(value, dict | list):
        return None
    text = " ".join(str(value).split())
    if not text or len(text) > MAX_CONDITION_CHARS:
        return None
    if key in _KV_KEYS:
        return LabelPart(f"KV {text}", role=key)
    if key in _NAMED_ALONE:
        return LabelPart(text, role=key)
    name = _SETTING_NAMES.get(key, key.replace("_", " "))
    if _NUMBER.fullmatch(text):
        return LabelPart(text, name, role=key)
    return LabelPart(text if key in _FLAGS else f"{name} {text}", role=key)


NOT_CONFIGURATION = frozenset({"source_cells", "metric_as_written", "attribution", "status"})
"""Condition keys that hold no configuration: a figure's row as written, the words naming it,
its standing."""


def differing_parts(conditions: Sequence[Mapping[str, object]]) -> list[list[LabelPart]]:
    """For figures whose labels read alike, the parts each must add: every condition whose
    value differs between them, written by `condition_part` (a figure without the key adds
    nothing for it)."""
    keys: list[str] = []
    for each in conditions:
        keys += [key for key in each if key not in keys and key not in NOT_CONFIGURATION]
    parts: list[list[LabelPart]] = [[] for _ in conditions]
    for key in keys:
        values = [each.get(key) for each in conditions]
        if len({repr(value) for value in values}) < 2:
            continue
        for index, value in enumerate(values):
            part = condition_part(key, value)
            if part is not None:
                parts[index].append(part)
    return parts
