"""Where each condition of a figure is stated: its place on the figure's context chain.

A condition is kept only where a place on the figure's own chain states it, nearest first:
its line (row), its table's header rows, the lines above it in its section (caption,
sentences, `key: value` lines), its heading path, the document's opening and setup sections,
then the repository's README (its opening and setup sections), and the document's file name
(line 0). A value the chain does not state (a vocabulary's prior, a normalised name) is
dropped: a guess is worse than a blank.

Each kept condition is cited as `path:line` (one place, or the few places that state its
words together, such as a column header's size and a caption's family). `states` is the one
reading of "this text says this value" that extract and verify share.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from pydantic import JsonValue

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.measurement import MEASUREMENT_KEYS
from draftflow.extract.conditions.place_reading import read_where_read
from draftflow.extract.conditions.readers import SEED_KEYS
from draftflow.extract.conditions.run_settings import SINGLE_STREAM
from draftflow.text.lines import plain_text

CITED_KEYS = (
    *(key for key in SEED_KEYS if key != "model_artifact"),  # the artifact is the record's
    "thinking",
    "temperature",
    "top_p",
    "prefix_cache",
    "kv_dtype",
    "draft_tokens",
    "experiment_date",
    *MEASUREMENT_KEYS,
    "gpu_count",
    "tensor_parallel",
    "batch_size",
)
"""The condition keys read from the figure's context chain, each cited to its place."""
MAX_PLACES = 3
"""At most this many places state one value's words together."""

_TOKEN = re.compile(r"[a-z0-9]+(?:\.[0-9]+)*")
_INTEGER = re.compile(r"(?<![\d.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?(?![\d])")
_THOUSANDS = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?[kK](?![a-zA-Z])")
_COUNT_WORDS = {
    "one": 1,
    "single": 1,
    "two": 2,
    "dual": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "eight": 8,
}
# A precision written under another precision's name is not this one's: `kv_cache_dtype: fp8`
# does not say the weights are FP8, nor `quant: nvfp4` that the KV cache is.
_KV_NAMED = re.compile(r"\bkv(?:\b|[_-])|(?:\b|[_-])cache(?:\b|[_-])", re.IGNORECASE)
_WEIGHTS_NAMED = re.compile(r"weight|quant|\bw\d", re.IGNORECASE)
_NAMED_OTHERWISE = {
    "weight_precision": _KV_NAMED,
    "quantization": _KV_NAMED,
    "kv_dtype": _WEIGHTS_NAMED,
}
Reads = Callable[[Document, int, str, JsonValue], bool]
"""Whether a place (document, line) states a value as the condition `key` where extract's
reader reads it (`place_reading.reads_at`: a count under its name, an engine as the one
that measured)."""
_SEPARATOR = re.compile(r"[,;|{}()\[\]]|[.!?]\s")
_ON_WORDS = frozenset({"on", "true", "yes", "enabled", "enable", "with", "think", "thinking"})
_OFF_WORDS = frozenset({"off", "false", "no", "disabled", "disable", "without", "nothink"})


@dataclass(frozen=True)
class Place:
    """A line of a document (line 0: the document's file name)."""

    path: str
    line: int

    def text(self) -> str:
        """`path:line`, as the figures file writes it."""
        return f"{self.path}:{self.line}"


def parse_place(text: str) -> Place | None:
    """A `path:line` citation read back (None when it is not one)."""
    path, _, line = text.rpartition(":")
    return Place(path, int(line)) if path and line.isdigit() else None


_SIZE_TOKEN = re.compile(r"^(\d+)([bm])$")
"""A parameter count written as one word (`7b`): the same words as `7 B` in a table's cells."""


def words_of(text: str) -> frozenset[str]:
    """A text's words as `states` compares them (lowercased; `7B` as `7 B`): the one
    tokenization extract's place index and verify share."""
    return _tokens(text)


@lru_cache(maxsize=1 << 16)
def _tokens(text: str) -> frozenset[str]:
    words: list[str] = []
    for word in _TOKEN.findall(text.lower()):
        size = _SIZE_TOKEN.match(word)
        words.extend(size.groups() if size else (word,))
    return frozenset(words)


@lru_cache(maxsize=1 << 16)
def _integers(text: str) -> frozenset[int]:
    found = {int(m.group(1).replace(",", "")) for m in _INTEGER.finditer(text)}
    for match in _THOUSANDS.finditer(text):
        amount = float(match.group(1))
        found.update({round(amount * 1000), round(amount * 1024)})
    words = _tokens(text)
    found.update(number for word, number in _COUNT_WORDS.items() if word in words)
    if SINGLE_STREAM.search(text):
        found.add(1)  # `シングルストリーム` has no word `single` to count
    return frozenset(found)


def value_tokens(value: JsonValue) -> frozenset[str]:
    """The words a text value is identified by (lowercased, punctuation ignored)."""
    return _tokens(str(value))


def states(text: str, value: JsonValue) -> bool:
    """Whether `text` says `value`: every word of a text value, a number as written (or as
    `4K`, or a count in words), a yes/no as an on/off word beside the condition's words."""
    if value is None:
        return False
    if isinstance(value, bool):
        words = _tokens(text)
        return bool(words & (_ON_WORDS if value else _OFF_WORDS))
    if isinstance(value, int):
        return value in _integers(text)
    if isinstance(value, float):
        if value.is_integer() and int(value) in _integers(text):
            return True
        return _number_text(value) in text
    if isinstance(value, str):
        wanted = _tokens(value)
        return bool(wanted) and wanted <= _tokens(text)
    return False


def states_as(key: str, text: str, value: JsonValue) -> bool:
    """Whether `text` says `value` as the condition `key`: `states`, and, for a precision,
    at an occurrence not written under another precision's name (its words before it in
    the same clause: a key, a flag, a column's words)."""
    if not states(text, value):
        return False
    other = _NAMED_OTHERWISE.get(key)
    if other is None or not isinstance(value, str):
        return True
    return any(not other.search(prefix) for prefix in _prefixes(text, value))


def _prefixes(text: str, value: str) -> list[str]:
    """The clause before each occurrence of `value`'s first word in `text`."""
    words = _TOKEN.findall(value.lower())
    lowered = text.lower()
    found: list[str] = []
    for word in words[:1]:
        for match in re.finditer(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", lowered):
            before = lowered[: match.start()]
            cut = max((m.end() for m in _SEPARATOR.finditer(before)), default=0)
            found.append(before[max(cut, before.rfind("\n") + 1) :])
    return found or [""]


def _number_text(value: float) -> str:
    return repr(value).rstrip("0").rstrip(".") if "." in repr(value) else repr(value)


def place_text(document: Document, line: int) -> str:
    """What a place says: its line as plain text, or the document's path for line 0."""
    if line == 0:
        return document.path.replace("_", " ").replace("-", " ")
    if 1 <= line <= len(document.line_list):
        return plain_text(document.line_list[line - 1])
    return ""


class NarrowedChain(ABC):
    """A chain that can give only its places that may state a value (`places.ChainPlaces`)."""

    @abstractmethod
    def __iter__(self) -> Iterator[tuple[Document, int]]:
        """Its places, nearest first, each once."""

    @abstractmethod
    def may_state(self, value: JsonValue) -> Iterable[tuple[Document, int]]:
        """Its places whose text may state `value`, in its order."""

    @abstractmethod
    def may_name(self, words: frozenset[str]) -> Iterable[tuple[Document, int]]:
        """Its places whose text holds any of `words`, in its order."""

    @abstractmethod
    def may_state_kept(
        self, value: JsonValue, keep: Callable[[Document, list[int]], list[int]]
    ) -> Iterable[tuple[Document, int]]:
        """`may_state(value)`, each document's lines narrowed by `keep(document, lines)`
        (sorted lines in, a sorted subset of them out)."""


class IndexedReads(ABC):
    """A `Reads` that can also tell, of a document's lines, those where it may read a value:
    a value no place reads (a data file's `f16` in every row, under no precision's name)
    is then looked for once per document, not walked again from each row of it."""

    @abstractmethod
    def __call__(self, document: Document, line: int, key: str, value: JsonValue) -> bool:
        """Whether the place states `value` as `key` where extract's reader reads it."""

    @abstractmethod
    def lines_read(
        self, document: Document, lines: list[int], key: str, value: JsonValue
    ) -> list[int]:
        """Of `lines` (sorted), those where this may read `value` as `key`, sorted: every
        line where `_where_read` would find it (more is allowed, never fewer)."""


NEAR = 32
"""Places read one by one before a narrowed chain is searched only where it may state a value:
a value is mostly stated near its figure, and a chain of a long section is long."""


def cite(
    value: JsonValue,
    chain: Iterable[tuple[Document, int]],
    key: str = "",
    reads: Reads | None = None,
) -> tuple[Place, ...] | None:
    """The nearest place of the chain that states `value` (as the condition `key`), or the
    fewest nearest places that state its words together (at most `MAX_PLACES`); None when
    the chain does not. A count or an engine (`reads` reads them) is cited first where its
    reader reads it (`32 concurrent requests`, a line naming one engine or system), and only
    there: not where its words stand for something else (`Llama 4`, `vLLM vs SGLang`)."""
    chain = _readable_again(chain)
    narrowed = chain if isinstance(chain, NarrowedChain) else None
    if reads is not None and read_where_read(key, value):
        places = _may_state(chain, narrowed, value)
        if narrowed is not None and isinstance(reads, IndexedReads):
            places = _may_read(narrowed, value, key, reads)
        place = _where_read(value, places, key, reads)
        if place is None and narrowed is not None and key == "system" and isinstance(value, str):
            # a system is read where a place names part of it (`Apple M3 Ultra` of `Mac Studio
            # M3 Ultra`, `name_reading.states_name`): not only where every word of it stands
            place = _where_read(value, narrowed.may_name(value_tokens(value)), key, reads)
        # nowhere read so: a place where its words stand would be a guess
        return (place,) if place is not None else None
    place = _nearest_stating(value, _may_state(chain, narrowed, value), key)
    if place is not None:
        return (place,)
    if not isinstance(value, str):
        return None
    wanted = value_tokens(value)
    if not wanted:
        return None  # `-`: no words, nothing a place could state
    named = narrowed.may_name(wanted) if narrowed is not None else chain
    return _fewest_stating_words(wanted, named, key)


def _where_read(
    value: JsonValue, places: Iterable[tuple[Document, int]], key: str, reads: Reads
) -> Place | None:
    """The first of `places` where the reader of `key` reads `value` (and, for an engine,
    where its words stand too)."""
    for document, line in places:
        if said_and_read(document, line, key, value, reads):
            return Place(document.path, line)
    return None


def said_and_read(document: Document, line: int, key: str, value: JsonValue, reads: Reads) -> bool:
    """Whether `_where_read` takes the place: read as `key` by `reads` (an engine's words
    standing there too)."""
    # an engine's words as well as its reading (`llama-bench` reads as llama.cpp),
    # but in a file name, which glues them (`llamacpp_gemma4`); a count's reading
    # alone (a CSV row's `256,512` is no plain text's)
    said = key != "engine" or line == 0 or states(place_text(document, line), value)
    return said and reads(document, line, key, value)


def _nearest_stating(
    value: JsonValue, places: Iterable[tuple[Document, int]], key: str
) -> Place | None:
    """The first of `places` whose text states `value` as the condition `key`."""
    for document, line in places:
        if states_as(key, place_text(document, line), value):
            return Place(document.path, line)
    return None


def _fewest_stating_words(
    value_words: frozenset[str], places: Iterable[tuple[Document, int]], key: str
) -> tuple[Place, ...] | None:
    """The nearest of `places` that state a text value's words together (each place at
    least one word not yet stated), when at most `MAX_PLACES` do; None otherwise."""
    wanted = set(value_words)
    found_at: list[Place] = []
    for document, line in places:
        text = place_text(document, line)
        found = wanted & _tokens(text)
        if found and key in _NAMED_OTHERWISE:
            found = {word for word in found if states_as(key, text, word)}
        if found:
            found_at.append(Place(document.path, line))
            wanted -= found
        if not wanted:
            return tuple(found_at) if len(found_at) <= MAX_PLACES else None
    return None


def _may_state(
    chain: Iterable[tuple[Document, int]], narrowed: NarrowedChain | None, value: JsonValue
) -> Iterator[tuple[Document, int]]:
    """The chain's places that may state `value`, nearest first: all of a plain chain; a
    narrowed chain's first `NEAR` places, then those its index says may state it."""
    if narrowed is None:
        yield from chain
        return
    yield from islice(chain, NEAR)
    yield from narrowed.may_state(value)


def _may_read(
    narrowed: NarrowedChain, value: JsonValue, key: str, reads: IndexedReads
) -> Iterator[tuple[Document, int]]:
    """`_may_state` of a narrowed chain, its index's places kept to those where `reads` may
    read `value`: the first where it does is the same place, as `_where_read` reads each."""
    yield from islice(narrowed, NEAR)
    yield from narrowed.may_state_kept(
        value, lambda document, lines: reads.lines_read(document, lines, key, value)
    )


def _readable_again(
    chain: Iterable[tuple[Document, int]],
) -> Iterable[tuple[Document, int]]:
    """`chain` as an iterable that may be read more than once (a one-pass iterator is read
    into a list; a chain of runs is read lazily each time, only as far as needed)."""
    return list(chain) if isinstance(chain, Iterator) else chain


Citations = dict[Hashable, "tuple[Place, ...] | None"]
"""What `cite` found for each (key, value) on one chain read by one `reads` (and, with a
`memo_part`, what of the figure the key's reading depends on): a run file's row holds a dozen
figures whose conditions are mostly the same values on the same chain."""


def citation_key(key: str, value: JsonValue) -> tuple[str, type, object] | None:
    """A key equal for two values exactly when `cite` reads them alike: the type kept (`1`,
    `1.0` and `true` are equal in Python, not to `cite`), a float by its repr; None for a
    list or an object."""
    kind = type(value)
    if kind is float:
        return (key, kind, repr(value))
    if kind in (str, int, bool):
        return (key, kind, value)
    return None


def cited(
    conditions: Mapping[str, JsonValue],
    chain: Iterable[tuple[Document, int]],
    reads: Reads | None = None,
    memo: Citations | None = None,
    memo_part: Callable[[str], object] | None = None,
) -> tuple[dict[str, JsonValue], dict[str, list[str]]]:
    """The conditions with every cited key the chain does not state left out, and the
    places that state the others (`key` -> [`path:line`, ...]). `memo`, when given, holds
    what earlier calls with the same chain and `reads` found, and keeps what this one finds;
    with `memo_part`, each entry holds for the `reads` of every figure whose `memo_part` of
    the key is the same (`place_reading.own_reading`)."""
    chain = _readable_again(chain)
    kept: dict[str, JsonValue] = {}
    sources: dict[str, list[str]] = {}
    for key, value in conditions.items():
        if key not in CITED_KEYS or value is None:
            kept[key] = value
            continue
        memo_key: Hashable | None = citation_key(key, value) if memo is not None else None
        if memo_key is not None and memo_part is not None:
            memo_key = (memo_key, memo_part(key))
        if memo is not None and memo_key is not None and memo_key in memo:
            places = memo[memo_key]
        else:
            places = cite(value, chain, key, reads)
            if memo is not None and memo_key is not None:
                memo[memo_key] = places
        if places is None:
            continue
        kept[key] = value
        sources[key] = [place.text() for place in places]
    return kept, sources


def restated(
    value: JsonValue, places: Iterable[Place], documents: Mapping[str, Document], key: str = ""
) -> bool:
    """Whether the cited places, read again, state `value` as the condition `key` (verify's
    re-reading)."""
    texts: list[str] = []
    for place in places:
        document = documents.get(place.path)
        if document is None:
            return False
        texts.append(place_text(document, place.line))
    return bool(texts) and states_as(key, "\n".join(texts), value)
