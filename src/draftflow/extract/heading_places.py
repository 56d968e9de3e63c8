"""Which headings may name a figure in its label: those that name what it was measured on.

A heading is a place in a label (`labels._place`, `labels._by_place`) when its words are a
condition (`Throughput — single stream`, `PTL iGPU (DDR5-7200)`). A heading that is a
sentence (`4. Same machine, same model, llama.cpp works`: a verb, or a question) states a
finding, and a heading naming the section's role (`4-GPU Performance Estimates`,
`Projected runtimes`) says what the section does, not what its figures are: a figure under it
may be the measurement the section starts from (atomicjets/gemma-embeddings' measured
76,873 tokens/sec labelled an estimate; sagasusa/exo-cluster-research's GPU node's 83 tok/s
labelled "Same machine", read31-s25). Their words stay out of labels.
"""

from __future__ import annotations

import re
from functools import cache

from draftflow.numbers.vocabulary import vocabulary

_WORD = re.compile(r"[a-z][a-z']*")


def names_a_place(heading: str) -> bool:
    """Whether a heading's words may stand in a label as the place of a figure under it."""
    text = heading.strip().rstrip("*_` ").lower()
    if text.endswith(("?", "!")):
        return False
    return not (set(_WORD.findall(text.replace("’", "'"))) & _not_places())


@cache
def _not_places() -> frozenset[str]:
    words = vocabulary().standing
    roles = next((s.words for s in vocabulary().status if s.id == "estimated"), ())
    return frozenset(
        word.lower() for word in (*words.heading_verbs, *words.predicted_words, *roles)
    )
