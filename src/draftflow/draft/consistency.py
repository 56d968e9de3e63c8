"""The draft's check that a sentence names no engine or system the record contradicts.

The grounding guard checks numbers; this one checks names. A sentence that names an engine
(`SGLang`) no headline figure was measured with (by its conditions or its label; the
record's runtimes only where a figure states no engine), or a DGX
Spark-class system while the headline figures state only other systems (`Strix Halo`), says
something the record contradicts, and is not written: `lhl/strix-halo-testing ... on Nvidia
DGX Spark` names a box the figures were not measured on. What the figures do not state is no
contradiction: a sentence may name the system when no figure names any.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from draftflow.draft import template_wording as w
from draftflow.draft.parts import Grounded
from draftflow.numbers.vocabulary import vocabulary
from draftflow.record.model import Section
from draftflow.select.keywords import RUNTIMES, pattern
from draftflow.text.sentences import split_sentences

# DGX Spark and the machines built on its GB10 chip (`numbers/vocabulary.toml`, `[record_system]`)
_RECORD_SYSTEM = vocabulary().record_system
SPARK_CLASS = _RECORD_SYSTEM.keywords if _RECORD_SYSTEM else ("(?!)",)


class Names:
    """The engines and systems the headline figures were measured on, as their conditions,
    labels and the record-level facts name them."""

    def __init__(
        self,
        repository: str,
        grounded: Sequence[Grounded],
        runtimes: Iterable[str],
        system: str | None,
    ) -> None:
        self.repository = repository.lower()
        texts = [item.result.label for item in grounded]
        engines = [w.text(item.result.conditions.get("engine")) for item in grounded]
        systems = [w.text(item.result.conditions.get("system")) for item in grounded]
        # the record's runtimes count where a figure states no engine of its own
        runtimes = [] if all(engines) else list(runtimes)
        stated = " ".join(t for t in [*texts, *engines, *runtimes] if t)
        self.engines = {label for label, word in RUNTIMES.items() if pattern(word).search(stated)}
        named_systems = [s for s in systems if s]
        self.spark_class = any(_spark_class(s) for s in [*named_systems, *texts]) or bool(
            system and _spark_class(system) and not named_systems
        )
        self.other_systems = bool(named_systems) and not self.spark_class

    def contradiction(self, sentence: str) -> str | None:
        """What the sentence names that the record contradicts, or None (the repository's
        own name, `owner/dgx-spark-bench`, names nothing)."""
        sentence = sentence.lower().replace(self.repository, " ")
        for label, word in RUNTIMES.items():
            if label not in self.engines and pattern(word).search(sentence):
                return f"names {label}, which no headline figure was measured with"
        if self.other_systems and _spark_class(sentence):
            return "names a DGX Spark-class system; the headline figures state other systems"
        return None

    def keep(self, sentences: Iterable[str]) -> list[str]:
        """The sentences (or titles) that contradict nothing."""
        return [s for s in sentences if self.contradiction(s) is None]

    def sections(self, sections: Iterable[Section]) -> list[Section]:
        """The sections with each contradicting sentence left out (a heading that contradicts,
        or a section left without a sentence, is not written)."""
        kept = []
        for section in sections:
            if self.contradiction(section.heading) is not None:
                continue
            paragraphs = [" ".join(self.keep(split_sentences(p))) for p in section.paragraphs]
            paragraphs = [p for p in paragraphs if p]
            if paragraphs:
                kept.append(section.model_copy(update={"paragraphs": paragraphs}))
        return kept


def _spark_class(text: str) -> bool:
    return pattern(SPARK_CLASS).search(text) is not None
