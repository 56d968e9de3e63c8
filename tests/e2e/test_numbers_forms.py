"""`may_write_number` over every Markdown line of the corpus: a line it rules out holds no
quantity. The forms on generated text are `tests/unit/numbers/test_numbers_written_forms.py`."""

from __future__ import annotations

from pathlib import Path

from draftflow.numbers import NumberKind, find_numbers
from draftflow.numbers.forms import may_write_number


def test_no_markdown_line_of_the_corpus_is_skipped_with_a_quantity_on_it(
    corpus_dir: Path,
) -> None:
    """On every Markdown line of the corpus, a line `may_write_number` rules out holds no
    quantity or percent (`Restatements` scans only the others)."""
    skipped = 0
    for path in sorted(corpus_dir.rglob("*.md")):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if may_write_number(line):
                continue
            skipped += 1
            for comma in (False, True):
                kinds = {m.kind for m in find_numbers(line, decimal_comma=comma)}
                assert not kinds & {NumberKind.QUANTITY, NumberKind.PERCENT}, line
    assert skipped > 10_000  # the test reads the prose lines it is about
