"""Rule 2 on one result's cited line: its value stated there, or derived (mean, median, min,
max, sum) from input values stated there or in the object around it, with the `statistic`
saying so; its input values and `uncertainty` bounds stated or derived the same way; a value
found only on another line named as misplaced."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from draftflow.numbers import NumberKind, ParsedNumber
from draftflow.record.model import ReportedResult
from draftflow.text.pointer import pointer
from draftflow.verify.conditions import is_input_list, run_lines
from draftflow.verify.context import ListedDocument, VerifyContext, number_of
from draftflow.verify.dimensions import unit_dimensions
from draftflow.verify.readings import states
from draftflow.verify.report import ClaimStatus, Evidence, Rule, Severity
from draftflow.verify.roles import source_dimensions

MAX_BLOCK_LINES = 400

STATISTICS: dict[str, Callable[[Sequence[float]], float]] = {
    "mean": statistics.fmean,
    "median": statistics.median,
    "min": min,
    "max": max,
    "sum": sum,
}

# Words in a `statistic` that name each derivation.
STATISTIC_WORDS: dict[str, tuple[str, ...]] = {
    "mean": ("mean", "average", "avg"),
    "median": ("median", "p50"),
    "min": ("min", "minimum", "lowest", "smallest"),
    "max": ("max", "maximum", "highest", "largest", "peak"),
    "sum": ("sum", "total"),
}


@dataclass(frozen=True)
class Inputs:
    """Values a result may be derived from: a conditions list, or the cited line's numbers."""

    key: str | None
    values: list[float]


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class ResultCheck:
    """The value, input and uncertainty checks of one result against its cited line."""

    def __init__(
        self, ctx: VerifyContext, base: str, result: ReportedResult, listed: ListedDocument
    ) -> None:
        self.ctx, self.base, self.result, self.listed = ctx, base, result, listed
        self.index = ctx.index(listed)
        self.line = result.source_line
        self.value = number_of(result.value)
        self.value_text = repr(result.value)
        # The mentions of the cited line that state the value (the role checks read them too).
        self.stating = self.index.stating(self.line, self.value)

    @cached_property
    def line_numbers(self) -> list[ParsedNumber]:
        """The numbers of the cited line (read only when the value is not stated on it)."""
        return self._numbers_on([self.line])

    @cached_property
    def block(self) -> list[int]:
        """The lines the result's inputs may stand on (`_block_lines`), found on first use."""
        return self._block_lines()

    def run(self) -> None:
        """Claim the value (stated, derived, elsewhere or unsupported), check its inputs,
        statistic and uncertainty, and add what it verifies to the record's values."""
        lists = self._input_lists()
        direct = bool(self.stating)
        derived_from: Inputs | None = None
        derived_as: list[str] = []
        if not direct:
            candidates = lists or [Inputs(None, [p.value for p in self.line_numbers])]
            derived_from, derived_as = self._derivation(candidates)
        inputs_ok = all(self._check_inputs(inputs) for inputs in lists)
        if direct:
            status = ClaimStatus.SUPPORTED
        elif derived_from is not None and self._stated_nearby(derived_from):
            status = ClaimStatus.ELSEWHERE
        elif derived_from is not None:
            status = ClaimStatus.DERIVED if inputs_ok else ClaimStatus.UNSUPPORTED
            self._check_statistic_says(derived_as, derived_from)
        else:
            status = ClaimStatus.UNSUPPORTED
            self._value_not_on_line()
        # A run that keeps no claims (the figures file's) builds no evidence for them.
        evidence = [self.ctx.evidence(self.listed, self.line)] if self.ctx.keep_claims else []
        self.ctx.claim(
            f"{self.base}/value",
            self.value_text,
            0,
            len(self.value_text),
            NumberKind.QUANTITY,
            status,
            evidence,
        )
        dimensions = unit_dimensions(self.result.unit)
        if status.ok:
            self.ctx.record_values.add_figure(float(self.result.value), dimensions)
        for inputs in lists:
            self.ctx.record_values.add_number(float(len(inputs.values)))
            if status.ok and inputs_ok:
                # Verified runs of a verified figure are figures of its unit (prose may
                # restate `287.4 tok/s` from a `runs` array whose key names no unit).
                for value in inputs.values:
                    self.ctx.record_values.add_number(value, dimensions)
        self._check_uncertainty(
            derived_from or (lists[0] if lists else None), contains_value=derived_as != ["sum"]
        )

    # -- the cited line and its block -------------------------------------------------------

    def _block_lines(self) -> list[int]:
        """Where a result's inputs may stand: the cited line, and in nested data (JSON, YAML)
        the object it belongs to. An opener line (`{`, `"ttft_ms": {`) brings its body; an
        indented member line brings its siblings (`"mean": 31.9` and the `"runs": [...]`
        next to it). A top-level line (a Markdown table row, a CSV row) stands alone."""
        document = self.listed.document
        assert document is not None
        lines = document.line_list
        first = lines[self.line - 1]
        indent = _indent(first)
        if first.rstrip().endswith(("{", "[", ":")):
            return [self.line, *self._scan(lines, indent, +1, strict=True)]
        if indent == 0:
            return [self.line]
        before = self._scan(lines, indent, -1, strict=False)
        after = self._scan(lines, indent, +1, strict=False)
        return sorted([*before, self.line, *after])

    def _scan(self, lines: list[str], indent: int, step: int, *, strict: bool) -> list[int]:
        """Neighbouring lines indented deeper than (`strict`) or as deep as `indent`."""
        found = []
        number = self.line + step
        while 1 <= number <= len(lines) and abs(number - self.line) <= MAX_BLOCK_LINES:
            text = lines[number - 1]
            if not text.strip():
                break
            depth = _indent(text)
            if depth < indent or (strict and depth == indent):
                break
            found.append(number)
            number += step
        return found

    def _numbers_on(self, lines: list[int]) -> list[ParsedNumber]:
        return [
            parsed
            for line in lines
            for mention in self.index.line_mentions(line)
            for parsed in mention.numbers
        ]

    def _in_block(self, number: ParsedNumber) -> bool:
        """True when a line of the block states `number` (only the lines that may state
        it are parsed)."""
        return any(
            self._on_line(number, self._numbers_on([line]))
            for line in self.block
            if self.index.may_state(line, number)
        )

    @staticmethod
    def _on_line(number: ParsedNumber, numbers: list[ParsedNumber]) -> bool:
        return any(number.matches(alt) for parsed in numbers for alt in parsed.alternatives)

    # -- derivation -------------------------------------------------------------------------

    def _input_lists(self) -> list[Inputs]:
        lists = []
        for key, value in self.result.conditions.items():
            if isinstance(value, list) and is_input_list(key, value):
                numbers = [v for v in value if isinstance(v, int | float)]
                lists.append(Inputs(key, [float(v) for v in numbers]))
        return lists

    def _derivation(self, candidates: list[Inputs]) -> tuple[Inputs | None, list[str]]:
        for inputs in candidates:
            if not inputs.values:
                continue
            names = [
                name
                for name, function in STATISTICS.items()
                if self.value.matches(function(inputs.values))
            ]
            if names:
                return inputs, names
        return None, []

    def _stated_nearby(self, inputs: Inputs) -> bool:
        """A derivable value that the source also states on a nearby line (not one holding
        the inputs) belongs to that line: the record cites the wrong one. Flag it."""
        input_numbers = [number_of(v) for v in inputs.values]
        for line in self.block:
            if line == self.line or not self.index.may_state(line, self.value):
                continue
            numbers = self._numbers_on([line])
            holds_input = any(self._on_line(n, numbers) for n in input_numbers)
            if holds_input or not self._states_as_result(line):
                continue
            self.ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{self.base}/value",
                self.value_text,
                f"value {self.value_text} is not on the cited line ({self.listed.path} line "
                f"{self.line}); the source states it on line {line}",
                [self.ctx.evidence(self.listed, self.line), self.ctx.evidence(self.listed, line)],
            )
            return True
        return False

    def _states_as_result(self, line: int) -> bool:
        """True when `line` states the value as a figure of the result's kind; a value of
        another dimension (a `ttft_ms` run equal to a decode mean by chance) is not it."""
        units = unit_dimensions(self.result.unit)
        for mention in self.index.line_mentions(line):
            if states(mention, self.value) is None:
                continue
            stated = source_dimensions(self.index, line, mention) if units else frozenset()
            if not stated or stated & units:
                return True
        return False

    def _check_statistic_says(self, names: list[str], inputs: Inputs) -> None:
        statistic = self.result.statistic.lower()
        if any(word in statistic for name in names for word in STATISTIC_WORDS[name]):
            return
        source = inputs.key or f"the values on line {self.line}"
        self.ctx.flag(
            Severity.ERROR,
            Rule.REPORTED_RESULTS,
            f"{self.base}/statistic",
            self.result.statistic,
            f"the value {self.value_text} is the {' / '.join(names)} of {source}, not a value "
            "on the cited line, but the statistic does not say so",
            [self.ctx.evidence(self.listed, self.line)],
        )

    def _check_inputs(self, inputs: Inputs) -> bool:
        """Each input must be on the cited line or the block under it, or, for runs on lines
        of their own (`run_source_lines`, JSONL rows), on its own run's line."""
        ok = True
        raw = self.result.conditions.get(inputs.key or "")
        assert isinstance(raw, list)
        positions = run_lines(self.result.conditions, inputs.key)
        for j, item in enumerate(raw):
            if not _is_number(item):
                continue
            assert isinstance(item, int | float)
            parsed = number_of(item)
            if positions is not None and self.index.stating(positions[j], parsed):
                continue
            if positions is None and self._in_block(parsed):
                continue
            ok = False
            self._misplaced(
                pointer(*self._parts(), "conditions", inputs.key or "", j),
                repr(item),
                parsed,
                "input value",
            )
        return ok

    def _parts(self) -> list[str | int]:
        return [int(p) if p.isdigit() else p for p in self.base.strip("/").split("/")]

    # -- not found --------------------------------------------------------------------------

    def _value_not_on_line(self) -> None:
        self._misplaced(f"{self.base}/value", self.value_text, self.value, "value")

    def _misplaced(self, location: str, text: str, number: ParsedNumber, what: str) -> None:
        """Flag a number missing from the cited line, naming where else it is, if anywhere."""
        elsewhere = self.ctx.find_number(number, [self.listed])
        where = f"{self.listed.path} line {self.line}"
        if elsewhere:
            lines = ", ".join(str(e.line) for e in elsewhere)
            message = f"{what} {text} is not on the cited line ({where}); it is on line {lines}"
        else:
            elsewhere = self.ctx.find_number(
                number, [d for d in self.ctx.listed if d is not self.listed]
            )
            if elsewhere:
                places = ", ".join(f"{e.path} line {e.line}" for e in elsewhere)
                message = (
                    f"{what} {text} is not on the cited line ({where}); it is only in {places}"
                )
            else:
                message = (
                    f"{what} {text} is not on the cited line ({where}) and no listed "
                    "source states it"
                )
        evidence: list[Evidence] = [self.ctx.evidence(self.listed, self.line), *elsewhere]
        self.ctx.flag(Severity.ERROR, Rule.REPORTED_RESULTS, location, text, message, evidence)

    # -- uncertainty ------------------------------------------------------------------------

    def _check_uncertainty(self, inputs: Inputs | None, *, contains_value: bool) -> None:
        uncertainty = self.result.uncertainty
        if uncertainty is None:
            return
        bounds = {
            "observed_min": uncertainty.observed_min,
            "observed_max": uncertainty.observed_max,
        }
        expected = self._expected_bounds(inputs)
        for name, bound in bounds.items():
            if bound is None:
                continue
            location = f"{self.base}/uncertainty/{name}"
            parsed = number_of(bound)
            target = expected[name] if expected else None
            ok = parsed.matches(target) if target is not None else self._in_block(parsed)
            text = repr(bound)
            status = (
                ClaimStatus.DERIVED
                if ok and target is not None
                else (ClaimStatus.SUPPORTED if ok else ClaimStatus.UNSUPPORTED)
            )
            self.ctx.claim(
                location,
                text,
                0,
                len(text),
                NumberKind.QUANTITY,
                status,
                [self.ctx.evidence(self.listed, self.line)],
            )
            if ok:
                self.ctx.record_values.add_number(float(bound), unit_dimensions(self.result.unit))
                continue
            message = (
                f"{name} {text} must equal the {name[9:]} of {inputs.key or 'the inputs'}"
                f" ({target!r})"
                if target is not None and inputs
                else f"{name} {text} is not stated on the cited line and there are no "
                "input values to take it from"
            )
            self.ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                location,
                text,
                message,
                [self.ctx.evidence(self.listed, self.line)],
            )
        low, high = uncertainty.observed_min, uncertainty.observed_max
        value = self.result.value
        outside = (low is not None and low > value) or (high is not None and high < value)
        if contains_value and outside:
            self.ctx.flag(
                Severity.ERROR,
                Rule.REPORTED_RESULTS,
                f"{self.base}/uncertainty",
                f"{low}..{high}",
                f"the observed range {low}..{high} does not contain the value {self.value_text}",
            )

    def _expected_bounds(self, inputs: Inputs | None) -> dict[str, float] | None:
        if inputs is not None and inputs.values:
            return {"observed_min": min(inputs.values), "observed_max": max(inputs.values)}
        for mention in self.index.line_mentions(self.line):
            if mention.kind is NumberKind.PLUS_MINUS:
                centre, spread = mention.values
                if self.value.matches(centre):
                    return {"observed_min": centre - spread, "observed_max": centre + spread}
        return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())
