#!/usr/bin/env python3
"""Check a hand-made gold file mechanically (step 6 of shared/gold/BRIEF.md).

    python3 scripts/check-gold.py GOLD.json REPO_DIR   # REPO_DIR: the documents at the revision

REPO_DIR is a folder holding the repository's files at the gold's revision (a corpus copy,
`<owner>__<name>/`). Checks: each document's sha256; each figure's `raw` occurs on its line
as a whole token and `value` follows from it; each headline entry is one of the figures and
its condition keys are the known ones. Prints one line per problem and exits 1 if any.
Standard library only, so it runs before the package is installed.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

CONDITION_KEYS = {
    "model",
    "weight_precision",
    "engine",
    "engine_version",
    "system",
    "node_count",
    "concurrency",
    "input_tokens",
    "output_tokens",
    "context_tokens",
    "workload",
    "attribution",
}
WORDS = {
    "zero": 0, "no": 0, "none": 0, "one": 1, "once": 1, "single": 1, "two": 2, "twice": 2,
    "both": 2, "double": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5,
    "quarter": 0.25, "third": 1 / 3,
}  # fmt: skip
SUFFIX = {"k": 1e3, "m": 1e6, "b": 1e9, "g": 1e9, "t": 1e12}
DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
"""A comma followed by one or two digits cannot group thousands: it is a decimal comma."""
NUMBER = re.compile(r"[-+−]?\d[\d,_]*(?:\.\d+)?(?:[eE][-+]?\d+)?|[-+]?\.\d+")
GROUPED = re.compile(r"([-+−]?)(\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+)(\.\d+)?")  # "151 808"


def sha256(path: Path) -> str:
    """The sha256 hex digest of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def numbers_in(raw: str) -> list[float]:
    """Every number `raw` writes, with a K/M/B suffix applied; words map to their value."""
    word = raw.strip().lower()
    if word in WORDS:
        return [float(WORDS[word])]
    found: list[float] = []
    grouped = GROUPED.fullmatch(raw.strip())
    if grouped:  # thousands grouped by spaces, as some documents write them
        sign, digits, fraction = grouped.groups()
        found.append(float(sign.replace("−", "-") + re.sub(r"\D", "", digits) + (fraction or "")))
    for match in NUMBER.finditer(raw):
        text = match.group().replace(",", "").replace("_", "").replace("−", "-")
        try:
            number = float(text)
        except ValueError:
            continue
        after = raw[match.end() : match.end() + 1].lower()
        found.append(number * SUFFIX.get(after, 1.0))
        found.append(number)
        if DECIMAL_COMMA.fullmatch(match.group()):  # German/French "74,68": a decimal comma
            found.append(float(match.group().replace(",", ".")))
    return found


def value_follows(raw: str, value: float) -> bool:
    """Whether `value` is one of the numbers `raw` writes (or a member of its range/list)."""
    candidates = numbers_in(raw)
    candidates += [c * 100 for c in candidates]  # "half" as 50 %
    duration = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?", raw.strip())
    if duration and any(duration.groups()):
        hours, minutes, seconds = (float(part or 0) for part in duration.groups())
        candidates.append(hours * 3600 + minutes * 60 + seconds)
    timed = re.fullmatch(r"(\d+)m(\d+),(\d+)s", raw.strip())
    if timed:  # `time` in a decimal-comma locale: "0m15,312s" = 15.312 s
        minutes, whole, fraction = timed.groups()
        candidates.append(float(minutes) * 60 + float(f"{whole}.{fraction}"))
    if not candidates:
        return True  # a phrase ("nearly double"): left to the reader
    return any(abs(c - value) <= 1e-9 * max(1.0, abs(value)) or abs(abs(c) - abs(value)) < 1e-9
               for c in candidates)  # fmt: skip


def whole_token(raw: str, line: str) -> bool:
    """Whether `raw` stands on `line` with no letter or digit glued to either side."""
    pattern = r"(?<![0-9A-Za-z.])" + re.escape(raw) + r"(?![0-9])"
    if re.search(pattern, line):
        return True
    return (
        re.search(r"(?<![0-9A-Za-z])" + re.escape(raw) + r"(?![0-9A-Za-z])", line, re.I) is not None
    )


def problems(gold: dict[str, Any], repo: Path) -> list[str]:
    """Every mechanical problem of one gold file against the repository folder."""
    found: list[str] = []
    lines: dict[str, list[str]] = {}
    for document in gold["documents"]:
        path = repo / document["path"]
        if not path.is_file():
            found.append(f"{document['path']}: missing from {repo}")
            continue
        if sha256(path) != document["sha256"]:
            found.append(f"{document['path']}: sha256 differs from the file")
        lines[document["path"]] = path.read_bytes().decode("utf-8", "replace").split("\n")
    keys = set()
    for figure in gold["figures"]:
        where = f"{figure['path']}:{figure['line']}"
        keys.add((figure["path"], figure["line"], float(figure["value"])))
        text = lines.get(figure["path"])
        if text is None:
            found.append(f"{where}: the document is not listed in `documents`")
            continue
        if not 1 <= figure["line"] <= len(text):
            found.append(f"{where}: no such line")
            continue
        raw = str(figure["raw"])
        if not whole_token(raw, text[figure["line"] - 1]):
            found.append(f"{where}: raw {raw!r} is not a whole token on the line")
        if not value_follows(raw, float(figure["value"])):
            found.append(f"{where}: value {figure['value']} does not follow from raw {raw!r}")
        for field in ("metric", "unit", "label"):
            if field not in figure:
                found.append(f"{where}: no `{field}`")
    headline = gold.get("headline", [])
    if not 1 <= len(headline) <= 12:
        found.append(f"headline has {len(headline)} entries (4 to 12 expected)")
    for entry in headline:
        where = f"headline {entry['path']}:{entry['line']} {entry['value']}"
        if (entry["path"], entry["line"], float(entry["value"])) not in keys:
            found.append(f"{where}: matches no figure")
        unknown = set(entry.get("conditions", {})) - CONDITION_KEYS
        if unknown:
            found.append(f"{where}: unknown condition keys {sorted(unknown)}")
        if "conditions" not in entry:
            found.append(f"{where}: no `conditions`")
    return found


def main(argv: list[str]) -> int:
    """Check one gold file against its repository folder."""
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    gold = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    found = problems(gold, Path(argv[1]))
    for problem in found:
        print(problem)
    figures, headline = len(gold["figures"]), len(gold.get("headline", []))
    print(f"{argv[0]}: {figures} figures, {headline} headline, {len(found)} problem(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
