"""The "What is missing?" section: each kind of gap it names (record-level facts no source
states, conditions no figure or only some figures state, the reported setup's blank fields,
figures left out), in a fixed order, and nothing where there is no gap."""

from __future__ import annotations

from collections.abc import Iterable
from typing import get_args

from pydantic import JsonValue

from documents import make_document, make_result
from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.draft import sections
from draftflow.draft.grounding import Grounding, SourceText
from draftflow.draft.parts import Grounded, Profile
from draftflow.draft.template_wording import STANDARD_CONDITION_KEYS
from draftflow.record.conditions import KNOWN_CONDITION_TYPES
from draftflow.record.model import ReportedSetup
from extract_support import selection_of
from record_facts_stub import FactsStub

RUNS = """# Runs

| engine | decode tok/s |
|---|---|
| vLLM | 47.91 |
| - | 53.6 |
"""


def _stated(key: str) -> JsonValue:
    """A value of the type the key's condition takes."""
    for kind, value in ((bool, True), (int, 1), (float, 0.5)):
        if kind in get_args(KNOWN_CONDITION_TYPES.get(key, str)):
            return value
    return "x"


EVERY_CONDITION: dict[str, JsonValue] = {
    **{k: _stated(k) for k in STANDARD_CONDITION_KEYS},
    "node_count": 1,
}
FULL_SETUP = ReportedSetup(
    system="DGX Spark",
    node_count=1,
    parallelism="TP1",
    kv_dtype="fp8",
    context_limit_tokens=4096,
    experiment_date="2026-01-01",
)


class _Writer:
    def __init__(
        self,
        conditions: list[dict[str, JsonValue]],
        *,
        facts: FactsStub | None = None,
        setup: ReportedSetup | None = None,
        dropped: list[object] | None = None,
        others: Iterable[Document] = (),
    ) -> None:
        doc = make_document("RUNS.md", RUNS)
        self.snapshot = Snapshot.model_construct(documents=[doc, *others])
        self.grounded = [
            Grounded(make_result(doc, 5 + i, 47.91, conditions=c), doc)
            for i, c in enumerate(conditions)
        ]
        self.front = [doc]
        self.facts = facts
        self.selection = selection_of(
            [g.result for g in self.grounded], setup=setup, dropped_claims=len(dropped or [])
        )

    def ground(self, documents: Iterable[Document]) -> Grounding:
        return Grounding([SourceText(d.text) for d in documents])

    def written(self, item: Grounded) -> str:
        return repr(item.result.value)

    def profiles(self) -> list[Profile]:
        return []


def _said(writer: _Writer) -> str:
    section = sections.missing_section(writer)
    assert section is not None and section.heading == "What is missing?"
    return " ".join(section.paragraphs)


def test_no_gap_leaves_no_section() -> None:
    """read33-s18: "No figure was reproduced independently" closed every section; the limits
    say it of every draft, so a record with no gap has no "What is missing?" section."""
    writer = _Writer([EVERY_CONDITION, EVERY_CONDITION], setup=FULL_SETUP)
    assert sections.missing_section(writer) is None


def test_each_kind_of_gap_in_its_order() -> None:
    some = {k: v for k, v in EVERY_CONDITION.items() if k not in ("cache_state", "input_tokens")}
    facts = FactsStub(unstated={"experiment_date": "no source dates the measurements"})
    setup = FULL_SETUP.model_copy(update={"node_count": None, "kv_dtype": None})
    one: dict[str, JsonValue] = {**some, "input_tokens": 512}
    writer = _Writer([one, some], facts=facts, setup=setup, dropped=[1])
    assert _said(writer) == (
        "The sources do not state the date of the measurements. "
        "The record states no cache state for any headline figure. "
        "Only some headline figures state their input tokens. "
        "The reported setup does not state the node count or KV cache dtype. "
        "Some candidate figures could not be tied to a line of a source document and were "
        "left out."
    )


def test_a_record_level_gap_a_figure_states_is_not_named() -> None:
    facts = FactsStub(unstated={"node_count": "the headline figures use several node counts"})
    writer = _Writer([EVERY_CONDITION], facts=facts)
    assert "The sources do not state" not in _said(writer)


def test_without_record_facts_no_record_level_gap_is_named() -> None:
    writer = _Writer([{}], facts=None)
    said = _said(writer)
    assert "The sources do not state" not in said
    assert said.startswith("The record states no ")
    assert "Only some" not in said  # one figure: what it leaves unstated, no figure states


def test_a_gap_another_document_read_states_is_not_named() -> None:
    """epappas's runbook: "read off the hardware on 2026-08-15" under "The reported setup does
    not state the ... experiment date" (read33-s20); a gap is a claim about every document
    the draft read, the headline's or not."""
    facts = FactsStub(unstated={"experiment_date": "no source dates the measurements"})
    setup = FULL_SETUP.model_copy(update={"experiment_date": None, "kv_dtype": None})
    some = {k: v for k, v in EVERY_CONDITION.items() if k != "cache_state"}
    alone = _said(_Writer([some], facts=facts, setup=setup))
    assert "date of the measurements" in alone and "experiment date" in alone
    assert "cache state" in alone
    runbook = make_document(
        "docs/runbook.md",
        "Both read off the hardware on 2026-08-15.\nServed with --kv-cache-dtype fp8 and a "
        "warm cache.\n",
    )
    writer = _Writer([some], facts=facts, setup=setup, others=[runbook])
    assert sections.missing_section(writer) is None


def test_a_setting_a_json_key_names_is_stated_somewhere() -> None:
    """djangodevreng's run folders hold `"max_model_len": 131072` in meta.json: "The reported
    setup does not state the ... context limit in tokens" was false (read33-s20 rerun)."""
    setup = FULL_SETUP.model_copy(update={"context_limit_tokens": None})
    alone = _said(_Writer([EVERY_CONDITION], setup=setup))
    assert "context limit in tokens" in alone
    meta = make_document("results/m/meta.json", '{\n  "max_model_len": 131072\n}\n')
    writer = _Writer([EVERY_CONDITION], setup=setup, others=[meta])
    assert sections.missing_section(writer) is None
