"""A number after an accepted figure (`_Block.listed_after`): the other end of a change, a
subset of a count, the next count of a list, a plain list member; and what is none of these."""

from __future__ import annotations

import pytest

from draftflow.extract.prose.blocks import prose_blocks
from draftflow.extract.prose.figures import _Block
from extract_support import snapshot_of

ERRORS = ("error_count", "errors")
MESSAGES = ("message_count", "assistant messages")
LOAD = ("utilization", "")


def _listed_after(text: str, previous: tuple[str, str], i: int = 1) -> tuple[str, str] | None:
    """Mention `i` of the text's first block, the one before it accepted as `previous`."""
    block = prose_blocks(snapshot_of({"R.md": text}).documents[0])[0]
    state = _Block.read(block)
    assert state is not None
    return state.listed_after(i, {i - 1: previous})


@pytest.mark.parametrize(
    ("text", "previous", "expected"),
    [
        # a plain list member of the figure before it
        ("Load average was 0.67 / 0.51 / 0.38.", LOAD, LOAD),
        ("Load average was 0.67, 0.51 and 0.38.", LOAD, LOAD),
        ("Load average was 0.67 then 0.51 later.", LOAD, None),  # no list
        ("Load average was 0.67, 5 nodes idle.", LOAD, None),  # a word names something else
        ("The run logged 3 errors, 2 GB.", ERRORS, None),  # a unit of its own
        # the other end of a change
        ("The result went from one error to zero.", ERRORS, ERRORS),
        # after a count: a subset, past the counted noun
        ("It sent 3,420 assistant messages, including 3,387 with no reason.", MESSAGES, MESSAGES),
        ("It sent 3,420 assistant messages, including 3,387 with no reason.", ("count", ""), None),
        # after a count: the next count of a list, named by its own plural noun
        ("It kept 142 assistant messages, 137 tool parts.", MESSAGES, ("count", "tool parts")),
        ("The run logged 3 errors, 2 retries.", ERRORS, ("failure_count", "retries")),
        # after a count: a count of something else, no list, a bare member
        ("The run logged 3 errors, 2 of 4 GPUs stayed idle.", ERRORS, None),
        ("The run logged 3 errors; 12 later on.", ERRORS, None),
        ("The run logged 3 errors, 12.", ERRORS, ERRORS),
    ],
)
def test_a_number_after_a_figure(
    text: str, previous: tuple[str, str], expected: tuple[str, str] | None
) -> None:
    assert _listed_after(text, previous) == expected


def test_the_first_number_or_one_after_no_figure_follows_none() -> None:
    text = "Load average was 0.67 / 0.51 / 0.38."
    block = prose_blocks(snapshot_of({"R.md": text}).documents[0])[0]
    state = _Block.read(block)
    assert state is not None
    assert state.listed_after(0, {0: LOAD}) is None
    assert state.listed_after(2, {0: LOAD}) is None  # mention 1 was not accepted
