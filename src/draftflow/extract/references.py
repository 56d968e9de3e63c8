"""A comparison's reference point, which its definition fixes: no measurement.

A ratio is 1.00× and a change 0 % for the configuration every other is compared with
(`Scaling efficiency baseline | 1.00× | Use this as your 1-GPU reference`,
atomicjets/gemma-embeddings, read31-s25): nothing was measured to get it. The row says so
in its own words (`baseline`, `reference`); a measured tie (`Phi-3 Mini | 1.00x | Tie`) or
a column comparing with a baseline (`Speedup vs baseline`) is a measurement.
"""

from __future__ import annotations

import re

from draftflow.extract.candidates import Candidate, SourceFormat

_REFERENCE_WORDS = re.compile(r"\b(?:baseline|reference)\b", re.I)
_RATIO_SIGN = re.compile(r"^\s*[~≈]?\s*1(?:\.0+)?\s*[x×]\s*$", re.I)
_NO_CHANGE = re.compile(r"^\s*[+±]?0(?:\.0+)?\s*%\s*$")
_ROWS = frozenset(
    {SourceFormat.MARKDOWN, SourceFormat.CSV, SourceFormat.TSV, SourceFormat.TEXT_TABLE}
)


def is_reference_point(candidate: Candidate) -> bool:
    """Whether a table cell is the 1× (or 0 %) of the row its own words call the baseline
    or the reference of a comparison."""
    if candidate.format not in _ROWS:
        return False
    cell = _written_figure(candidate.text)
    if not (_RATIO_SIGN.match(cell) or _NO_CHANGE.match(cell)):
        return False
    row = [candidate.row_header or ""]
    row += [text for name, text in candidate.context.items() if name != candidate.column]
    return any(_REFERENCE_WORDS.search(text) for text in row)


def _written_figure(text: str) -> str:
    """The cell without emphasis and the words around a lone figure (`**1.00×**`)."""
    return re.sub(r"[*_`]", "", text)
