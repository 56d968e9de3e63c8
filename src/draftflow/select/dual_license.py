"""A README line that offers a choice of two licenses, as an SPDX `OR` expression.

"All code in this repository is dual-licensed under either [License-MIT](./LICENSE-MIT) or
[LICENSE-APACHE](./LICENSE-Apache) at your option" (NexVeridian/llm-inference-benchmarks) is
`MIT OR Apache-2.0`: the licensee picks one, and both are declared. It is read only where the
line says so plainly: it offers the choice (`dual-licensed`, `at your option`), and names two
licenses or more, each by a name draftflow knows (`MIT`, `Apache License 2.0`) or by a license
file the repository carries (`LICENSE-Apache`, whose name is its license's). A line that only
mentions two licenses, or one choice word without two names, declares nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from draftflow.acquire.snapshot import Document

_CHOICE = re.compile(
    r"\bdual[- ]?licen[cs]ed\b|\bat (?:your|the licensee'?s?) (?:option|choice)\b", re.I
)
"""Words that say the licensee chooses among the licenses the line names."""
LICENSE_NAMES = (
    ("Apache-2.0", re.compile(r"\bApache(?:[- ]License)?[- ,]*(?:Version\s*)?2(?:\.0)?\b", re.I)),
    ("MIT", re.compile(r"\bMIT\b", re.I)),
    ("BSD-3-Clause", re.compile(r"\bBSD[- ]3[- ]Clause\b", re.I)),
    ("BSD-2-Clause", re.compile(r"\bBSD[- ]2[- ]Clause\b", re.I)),
    ("GPL-3.0", re.compile(r"\bGPL[- ]?v?3(?:\.0)?\b", re.I)),
    ("CC-BY-4.0", re.compile(r"\bCC[- ]BY[- ]4\.0\b", re.I)),
    ("Unlicense", re.compile(r"\bUnlicense\b", re.I)),
    ("Zlib", re.compile(r"\bzlib\b", re.I)),
)
"""The licenses a README's text names, by SPDX identifier (this module's choices and
`setup_fields`' license lines read the one table, each the identifiers it offers)."""
_OFFERED = frozenset({"Apache-2.0", "MIT", "BSD-3-Clause", "BSD-2-Clause", "Unlicense", "Zlib"})
_NAMED = tuple(entry for entry in LICENSE_NAMES if entry[0] in _OFFERED)
# a root license file named after its license (`LICENSE-APACHE`, `LICENSE-MIT`): only the
# Apache and MIT files of the Rust convention, whose names are unambiguous
_FILE_LICENSE = (
    ("Apache-2.0", re.compile(r"^licen[cs]e[-_.]apache(?:[-_.]?2(?:\.0)?)?(?:\.\w+)?$", re.I)),
    ("MIT", re.compile(r"^licen[cs]e[-_.]mit(?:\.\w+)?$", re.I)),
)
MIN_CHOICES = 2


def dual_license(readme: Document, license_files: Sequence[str]) -> tuple[str, int] | None:
    """The SPDX `OR` expression of the first README line that offers a choice of licenses,
    in the order the line names them, and that line's number; None where no line does."""
    for number, line in enumerate(readme.line_list, 1):
        if not _CHOICE.search(line):
            continue
        named = _named(line, license_files)
        if len(named) >= MIN_CHOICES:
            return " OR ".join(named), number
    return None


def _named(line: str, license_files: Sequence[str]) -> list[str]:
    """The licenses the line names, each once, in the order it names them: by name, or by a
    license file of the repository it names (its link or its name)."""
    places: dict[str, int] = {}
    for spdx, pattern in _NAMED:
        found = pattern.search(line)
        if found:
            places.setdefault(spdx, found.start())
    for path in license_files:
        at = line.lower().find(path.lower())
        named = next((s for s, p in _FILE_LICENSE if p.match(path)), None)
        if at >= 0 and named is not None:
            places[named] = min(places.get(named, at), at)
    return sorted(places, key=lambda spdx: places[spdx])
