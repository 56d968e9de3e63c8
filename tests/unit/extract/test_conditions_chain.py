"""A figure's chain read as runs (`extract/conditions/chain.py`, `places.py`,
`chain_names.py`) reads as the chain written out did: the same places in the same order, the
same citations, and the same names in its text, on every line of a document whose lines name
systems and engines (one of them across two lines: `LM` over `Studio`)."""

from __future__ import annotations

from draftflow.extract.conditions import ConditionReader, DocumentContext
from draftflow.extract.conditions.chain_names import ChainText, text_names
from draftflow.extract.conditions.cite import NEAR, cite
from extract_support import snapshot_of

_README = """# Sweeps

Measured on a DGX Spark with vLLM.

## Setup

- system: DGX Spark
- engine: vLLM
- concurrency: 16
"""

_FILLER = "".join(f"|tok/s|\n|-|\n|{n}|\n\n" for n in range(NEAR // 2))  # 2 x NEAR lines

_PAGE = f"""# Runs

Throughput of one model, served by LM
Studio on a Strix Halo box.

## Sweep one

| engine | tok/s |
|---|---|
| SGLang | 40.1 |
| vLLM | 41.2 |

{_FILLER}
Run through the Gemini API at 8 users, thinking on.

## Sweep two

Served by SGLang at 8 users.
Served by SGLang again, at 8 users.

{_FILLER}
|tok/s|
|-|
|12.5|
"""


def _old_chain_text(context: DocumentContext, line: int, setup: frozenset[int]) -> str:
    """The chain's text as it was joined before session 16."""
    numbers = dict.fromkeys([*context.chain(line), *sorted(setup)])
    return "\n".join(context.lines[n - 1] for n in numbers if n <= len(context.lines))


def test_a_chain_of_runs_names_what_its_joined_text_names() -> None:
    snapshot = snapshot_of({"README.md": _README, "docs/runs.md": _PAGE})
    page = next(d for d in snapshot.documents if d.path == "docs/runs.md")
    context = DocumentContext(page)
    setup = frozenset({3, 4, 9})
    crossing = 0
    for line in range(1, len(page.line_list) + 1):
        for lines in (setup, frozenset()):
            chain = ChainText(context, line, lines)
            assert chain.text == _old_chain_text(context, line, lines)
            assert chain.names == text_names(chain.text), line
            crossing += "LM Studio" in chain.names.engines
    assert crossing  # the engine named across two lines is read from the joined text


def test_a_chain_of_runs_cites_what_the_chain_written_out_cites() -> None:
    snapshot = snapshot_of({"README.md": _README, "docs/runs.md": _PAGE})
    page = next(d for d in snapshot.documents if d.path == "docs/runs.md")
    reader = ConditionReader(snapshot)
    values = [
        ("system", "DGX Spark"),
        ("system", "Strix Halo"),
        ("engine", "vLLM"),
        ("engine", "SGLang"),
        ("engine", "LM Studio"),
        ("concurrency", 16),
        ("concurrency", 8),
        ("thinking", True),
        ("temperature", 0.7),
        ("model", "Qwen3 8B"),
        ("system", "Gemini API"),
    ]
    far = 0
    for line in range(1, len(page.line_list) + 1, 3):
        chain = reader.chain(page, line)
        written = list(chain)
        assert len(written) == len(set(written))
        for key, value in values:
            assert cite(value, chain, key) == cite(value, written, key), (line, key, value)
        far += len(written) > NEAR
    assert far  # chains long enough to be searched past their first places
