"""The questions this repository's record raises beside its computed facts, as the seeds ask
them: which artifact was measured (its id and weight revision, each on its cited line), what
changes between the arms the headline compares (the setting that names each arm, and the
others that move with it), and how a derived figure was formed. Each is asked only when the
record holds its answer, and each sentence passes the grounding guard or is not written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.draft import template_wording as w
from draftflow.draft.facts.figures import has_cell, row_headers, setting_cells
from draftflow.draft.grounding import Grounding
from draftflow.draft.parts import Grounded, SectionWriter
from draftflow.draft.record_facts import looks_like_a_model
from draftflow.draft.sections import derived_paragraph
from draftflow.record.model import Section

# the settings that name an arm, in the order a reader tells arms apart by
ARM_KEYS = (
    "engine",
    "model",
    "weight_precision",
    "quantization",
    "node_count",
    "speculative_decoding",
)
# a system is named many ways (`GB10`, `DGX Spark`, `2x DGX Spark`): two names are no two arms
UNCOMPARED_KEYS = frozenset({"system"})
# conditions that hold a figure's own words or standing, not a setting of its arm
NOT_SETTINGS = frozenset({"metric_as_written", "attribution", "status"})
# where along a sweep a figure was measured: figures of one arm differ in it, no arm is named
SWEEP_POINTS = frozenset(
    {"concurrency", "input_tokens", "output_tokens", "context_tokens", "max_output_tokens"}
)
MAX_ARMS = 3
MAX_ARM_CHARS = 40
KEYS_NAMED = 4


def artifact_section(writer: SectionWriter) -> Section | None:
    """`Which DeepSeek-V4-Flash-0731 artifact was measured?`: the model repository id and the
    weights' revision, when the sources state them (a record without an artifact asks
    nothing)."""
    facts = writer.facts
    artifact = facts.model_artifact if facts is not None else None
    if facts is None or artifact is None or not artifact.id:
        return None
    cited = _documents(writer, [facts.evidence.get("model_artifact")])
    sentence = f"The headline figures were measured on the weights of {artifact.id}"
    if artifact.revision:
        cited = _documents(
            writer, [facts.evidence.get("model_artifact"), facts.evidence.get("model_revision")]
        )
        sentence += f" at revision {artifact.revision}"
    if not cited:
        return None
    grounding = writer.ground(cited)
    said = grounding.keep([sentence + "."])
    if not artifact.revision:
        said += grounding.keep(["The sources do not state which revision of them was measured."])
    label = facts.model_label or artifact.id.rsplit("/", 1)[-1]
    heading = f"Which {label} artifact was measured?"
    if not said or not grounding.supports(heading):
        return None
    return w.section(heading, [" ".join(said)], cited)


def _documents(writer: SectionWriter, urls: Sequence[str | None]) -> list[Document]:
    """The documents of these line URLs, among the snapshot's the writer can ground on."""
    wanted = {url.partition("#")[0] for url in urls if url}
    found = [d for d in writer.snapshot.documents if d.pinned_url in wanted]
    return found if wanted and len(found) == len(wanted) else []


def arms_section(writer: SectionWriter) -> Section | None:
    """`What changes between the vLLM and SGLang arms?`: the first setting whose two or three
    values split the headline figures, and which other settings move with it (then a gap is
    no effect of that setting alone) or stay the same."""
    found = _arms(writer.grounded)
    if found is None:
        return None
    key, arms = found
    values = [_arm_name(key, value) for value in arms]
    documents = w.unique_documents(i.document for items in arms.values() for i in items)
    grounding = writer.ground(documents)
    heading = f"What changes between the {w.join(values)} arms?"
    if not grounding.supports(heading):
        return None
    said = grounding.keep(_arm_sentences(key, arms, grounding))
    if not said:
        return None
    return w.section(heading, [" ".join(said)], documents[:KEYS_NAMED])


def _arm_sentences(key: str, arms: dict[str, list[Grounded]], grounding: Grounding) -> list[str]:
    """What moves with the arms' setting, what they share, and what only some state."""
    moving, shared, renamed = _other_settings(key, arms)
    hidden = renamed or _unsaid(key, arms, moving + shared)
    name = w.key_name(key)
    moving_all = [_setting_name(k) for k in moving]
    moving_names = grounding.keep(moving_all)
    shared_names = grounding.keep([_setting_name(k) for k in shared])
    partial_all = [_setting_name(k) for k in _stated_by_some(key, arms, moving + shared)]
    partial = grounding.keep(partial_all)
    sentences = []
    # a "differ in" sentence names every stated difference or is not written
    if moving_names and len(moving_names) == len(moving_all) and len(partial) == len(partial_all):
        sentences.append(_differ_sentence(name, moving_names, partial))
    if shared_names:
        valued = f"They share {w.join_capped(_with_values(shared, arms), KEYS_NAMED)}."
        plain = f"They share {w.join_capped(shared_names, KEYS_NAMED)}."
        sentences.append(valued if grounding.supports(valued) else plain)
    if not moving_names and not hidden and shared_names:
        sentences.append(
            f"Of the settings the headline figures state, only the {name} differs between them."
        )
    within = [_setting_name(k) for k in _within_arms(key, arms)]
    if within:
        sentences.append(
            f"Within an arm the figures also differ in {w.join_capped(within, KEYS_NAMED)}, "
            f"so a gap between the arms is not an effect of the {name} alone."
        )
    if not moving_names and partial:
        sentences.append(
            f"Some figures state their {w.join_capped(partial, KEYS_NAMED)} and others do not, "
            f"so the {name} is not shown to be the only difference."
        )
    return sentences


def _differ_sentence(name: str, moving: list[str], partial: list[str]) -> str:
    some = (
        f", and only some figures state their {w.join_capped(partial, KEYS_NAMED)}"
        if partial
        else ""
    )
    return (
        f"Besides the {name}, the arms differ in {w.join_capped(moving, KEYS_NAMED)}"
        f"{some}, so a gap between them is not an effect of the {name} alone."
    )


def _arms(grounded: Sequence[Grounded]) -> tuple[str, dict[str, list[Grounded]]] | None:
    """The first arm key whose values (2 to 3, short) are stated by every headline figure."""
    for key in ARM_KEYS:
        arms: dict[str, list[Grounded]] = {}
        for item in grounded:
            value = item.result.conditions.get(key)
            if value is None or isinstance(value, bool) or not w.is_scalar(value):
                arms = {}
                break
            arms.setdefault(w.display(value), []).append(item)
        named = 2 <= len(arms) <= MAX_ARMS and all(_names_an_arm(key, v) for v in arms)
        if named and (key != "engine" or len({_first_word(v) for v in arms}) == len(arms)):
            return (key, arms) if _compared(key, arms) else None
    return None


def _compared(key: str, arms: Mapping[str, Sequence[Grounded]]) -> bool:
    """Whether the arms are arms of one comparison: a model arm names a model. Memetica's
    "Gemma-3-12B and Speedup arms" set a table's `Speedup` row (MLX over PyTorch ratios)
    beside the model's tokens/s (read33-s27): no gap between them is a model's."""
    return key != "model" or all(looks_like_a_model(name) for name in arms)


def _names_an_arm(key: str, value: str) -> bool:
    """A short value that names something: a number only for a count (`54.3/63` is no
    model)."""
    if len(value) > MAX_ARM_CHARS:
        return False
    return key == "node_count" or any(c.isalpha() for c in value)


def _first_word(value: str) -> str:
    """`SGLang` and `sglang v0.5.14 derived image` name one engine."""
    return value.split()[0].lower() if value.split() else ""


def _arm_name(key: str, value: str) -> str:
    return f"{value}-node" if key == "node_count" else value


def _other_settings(key: str, arms: dict[str, list[Grounded]]) -> tuple[list[str], list[str], bool]:
    """The other settings whose values differ between arms, those every figure shares, and
    whether a setting named many ways (the system) differs, so the arm key may not be the
    only difference. A difference or a sameness is read only from a setting every figure
    states: a figure that leaves it unstated may differ in it or not."""
    conditions = [_settings(i) for items in arms.values() for i in items]
    keys = _other_keys(key, arms)
    moving, shared, renamed = [], [], False
    for other in keys:
        per_arm = [_values(items, other) for items in arms.values()]
        values = set().union(*per_arm)
        everywhere = all(c.get(other) is not None for c in conditions)
        if other in UNCOMPARED_KEYS:
            renamed = renamed or len(values) > 1
        elif not everywhere:
            continue
        elif all(len(v) == 1 for v in per_arm) and len({next(iter(v)) for v in per_arm}) > 1:
            moving.append(other)  # each arm one value, and the arms' values differ
        elif len(values) == 1:
            shared.append(other)
    return moving, shared, renamed


def _settings(item: Grounded) -> Mapping[str, JsonValue]:
    """A figure's conditions and the row cells that are settings no condition reads
    (`cell:backend`): lhl's GLM-4.5-Air and gpt-oss-20b arms differ in backend
    (`llama.cpp-vulkan_radv`, `llama.cpp-hip`) as well as in weight precision, which
    "Besides the model, the arms differ in weight precision" left out (read33-s21)."""
    return {**item.result.conditions, **setting_cells(item.result)}


def _setting_name(key: str) -> str:
    return w.key_name(key.removeprefix("cell:"))


def _other_keys(key: str, arms: dict[str, list[Grounded]]) -> list[str]:
    conditions = [_settings(i) for items in arms.values() for i in items]
    return w.unique(
        k
        for c in conditions
        for k, v in c.items()
        if v is not None and w.is_scalar(v) and k != key and k not in NOT_SETTINGS
    )


def _unsaid(key: str, arms: dict[str, list[Grounded]], said: Sequence[str]) -> bool:
    """Whether a setting some figure states is neither a difference nor a sameness the
    section says (unstated by some figure, or several values within an arm): then the arm
    key is not shown to be the only difference (cadamcat's llama.cpp arm ran other models
    than its vLLM arm; "only the engine differs" hid that)."""
    keys = _other_keys(key, arms)
    return any(other not in said and other not in UNCOMPARED_KEYS for other in keys)


def _within_arms(key: str, arms: dict[str, list[Grounded]]) -> list[str]:
    """The settings every figure states that take several values inside one arm: Advantech's
    Q4_K_M, Q4_0 and Q8_0 arms each hold DeepSeek, Llama, Qwen and Mistral models, and "They
    share engine Ollama" alone hid it (read33-s23)."""
    items = [i for found in arms.values() for i in found]
    return [
        other
        for other in _other_keys(key, arms)
        if other not in UNCOMPARED_KEYS
        and all(_settings(i).get(other) is not None for i in items)
        and any(len(_values(found, other)) > 1 for found in arms.values())
    ]


def _with_values(keys: Sequence[str], arms: dict[str, list[Grounded]]) -> list[str]:
    """Each shared setting with the value every figure states (`engine vLLM`): "They share
    engine" said nothing of this repository (read33-s19 counted it a template sentence)."""
    items = [i for found in arms.values() for i in found]
    named = []
    for key in keys:
        shown = next(iter(_values(items, key)), "")
        short = shown and len(shown) <= MAX_ARM_CHARS
        name = _setting_name(key)
        named.append(f"{name} {w.display(shown)}" if short else name)
    return named


def _stated_by_some(key: str, arms: dict[str, list[Grounded]], said: Sequence[str]) -> list[str]:
    """The settings some figures state and others leave unstated (neither a difference nor a
    sameness): what keeps the arm key from being shown the only difference. A row that has
    the cell states it, though a condition reads it there (NexVeridian's every row has a
    `Type`; "some figures state their type and others do not" was false). A point of a sweep
    (concurrency, lengths) is where a figure was measured, not what names its arm, and a
    column of one table is left unstated only by another row of a table like it: Sergey-Kit's
    "Some figures state their ... concurrency, scaling 1→32, concurrency as written ... so the
    engine is not shown to be the only difference" was read from a prose ratio and another
    table's rows, over a README that holds every other condition equal (read33-s26b)."""
    items = [i for found in arms.values() for i in found]
    return [
        other
        for other in _other_keys(key, arms)
        if other not in said
        and other not in UNCOMPARED_KEYS
        and other not in SWEEP_POINTS
        and not _NUMBERED.match(other.removeprefix("cell:"))
        and any(_leaves_unstated(i, other, items) for i in items)
    ]


def _leaves_unstated(item: Grounded, key: str, items: Sequence[Grounded]) -> bool:
    """Whether the figure leaves the setting unstated: no condition or cell of its own holds
    it and, for a cell, a figure of the same document has it in a row of a table like its own
    (a column they share, numbered columns aside: those are the sweep's points, `1`, `4`, and
    a row's own column is no cell of it)."""
    if _settings(item).get(key) is not None or has_cell(item.result, key):
        return False
    if not key.startswith("cell:"):
        return True
    own = _named_headers(item)
    return any(
        other.result.source_document_id == item.result.source_document_id
        and has_cell(other.result, key)
        and own & _named_headers(other)
        for other in items
    )


def _named_headers(item: Grounded) -> set[str]:
    return {h for h in row_headers(item.result) if not _NUMBERED.match(h)}


_NUMBERED = re.compile(r"^[\d.,\s]+$")


def _values(items: Sequence[Grounded], key: str) -> set[str]:
    found: set[str] = set()
    for item in items:
        value: JsonValue = _settings(item).get(key)
        if value is not None and w.is_scalar(value):
            found.add(str(value))
    return found


def formed_section(writer: SectionWriter) -> Section | None:
    """`How were the derived figures formed?`: the statistic and observed range of each
    headline figure computed from several source rows."""
    derived = derived_paragraph(writer)
    if not derived:
        return None
    cited = [item.document for item in writer.grounded if item.result.uncertainty]
    return w.section("How were the derived figures formed?", [derived], cited)
