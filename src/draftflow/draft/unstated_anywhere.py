"""Whether any document the draft read states a thing: what a sentence saying the sources do
not state it must hold of.

A gap sentence ("The reported setup does not state the experiment date", "The sources do not
state the system") is a claim about every document read, not about the headline's alone:
epappas's runbook says "read off the hardware on 2026-08-15", djangodevreng's run folders
carry `meta.json` files with `generated_at` (read33-s20 found each such sentence false). A
thing is stated somewhere when any document read speaks of it in the words its reader takes
(a serving flag, a date, a system's name, a condition's words); what draftflow cannot check
so is taken as stated, so that no sentence claims its absence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from draftflow.acquire.snapshot import Document
from draftflow.draft.record_facts import MENTIONS, mentioned
from draftflow.extract.conditions.setup_names import systems_named
from draftflow.numbers import find_dates
from draftflow.select.setup_fields import (
    Stated,
    read_context_limit,
    read_kv_dtype,
    read_parallelism,
)

_NODE_COUNT = re.compile(
    r"\b(?:\d+|one|two|three|four|single)[\s-]nodes?\b|\bnode[_ ]count\b|\bnodes?\s*[:=]\s*\d",
    re.IGNORECASE,
)
_READERS: dict[str, Callable[[Sequence[Document]], Stated]] = {
    "parallelism": read_parallelism,
    "kv_dtype": read_kv_dtype,
    "context_limit_tokens": read_context_limit,
}
# the names a setting goes by as a key or flag, its value in any form (`"max_model_len":
# 131072` in djangodevreng's meta.json, which the readers' `key: value` lines do not take)
_SETTING_NAMES = {
    "parallelism": re.compile(
        r"tensor[-_ ]parallel|pipeline[-_ ]parallel|\b[tp]p[-_]size\b|(?<![\w-])TP\s?=?\s?\d"
    ),
    "kv_dtype": re.compile(
        r"kv[-_ ]cache[-_ ](?:dtype|type)|cache[-_]type[-_]k|\bkv[-_]dtype", re.I
    ),
    "context_limit_tokens": re.compile(
        r"max[-_ ]model[-_ ]len|ctx[-_]size|\bn_ctx\b|context[-_ ](?:length|window|size|limit)"
        r"|max[-_ ]context",
        re.I,
    ),
}
# fields whose absence a reader searched every document for already (the license documents
# and the README), so a sentence may say they are not stated
_SEARCHED_EVERYWHERE = frozenset({"license"})


def stated_anywhere(key: str, documents: Sequence[Document]) -> bool:
    """Whether any of `documents` (their paths or texts) states the record-level field or
    condition `key`: one value or several, in any words its reader takes."""
    reader = _READERS.get(key)
    if reader is not None:
        named = _SETTING_NAMES[key]
        if any(named.search(d.text) for d in documents):
            return True
        stated = reader(documents)
        return stated.value is not None or "several" in stated.unstated
    if key in MENTIONS:
        return mentioned(key, [*(d.path for d in documents), *(d.text for d in documents)])
    if key == "experiment_date":
        return any(find_dates(d.path) or find_dates(d.text) for d in documents)
    if key == "system":
        return any(systems_named(d.text) for d in documents)
    if key == "node_count":
        return any(_NODE_COUNT.search(d.text) for d in documents)
    return key not in _SEARCHED_EVERYWHERE


def unstated_anywhere(keys: Sequence[str], documents: Sequence[Document]) -> list[str]:
    """The `keys` no document states."""
    return [key for key in keys if not stated_anywhere(key, documents)]
