"""Which model a document says it measured, read from the shapes reports name it in.

A document names its model in a title (`# Round 2: Nemotron 3 Super 120B Modeling`), a
`Model:` line (`**Model:** org/Name-30B`, `| Model | Name 120B A12B |`, `> Model: …`), a table
column headed `Model` whose rows hold one distinct value, or a `"model"` key of a JSON file
with one distinct value. Several distinct names mean the document compares models: it names
none as *the* model. A name counts only when it reads as a model (it states a size such as
`30B` or a version piece such as `-V4`), so `Model: see below` names nothing. Also here: a
model repository id (`org/Name-7B-Instruct`) the documents name (its revision:
`artifact_revision.py`), and the family a name belongs to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz.utils import default_process

from draftflow.acquire.snapshot import Document
from draftflow.extract.conditions.not_a_model import is_local_weights_path
from draftflow.extract.document import ParsedDocument, TableKind, parse_document
from draftflow.numbers.file_kinds import JSON_SUFFIXES

# a model name states its size (`30B`, `1.5b`, `-A3B`) or a version piece (`-V4`)
MODEL_SHAPE = re.compile(r"\d+(\.\d+)?[bm]\b|[-_]v\d|-a\d+b", re.I)
_HF_ID = re.compile(
    r"(?:huggingface\.co/|(?<![\w./-]))([A-Za-z0-9][\w.-]{1,38})/([A-Za-z][\w.-]*\d[\w.-]*)"
    r"(?![\w/])"
)
_FILE_EXTENSION = re.compile(
    r"\.(md|json|jsonl|py|sh|ya?ml|txt|csv|tsv|toml|git|html?|png|log)$", re.I
)
FULL_REVISION = re.compile(r"\b[0-9a-f]{40}\b")
_MODEL_LABEL = re.compile(r"\bmodel\b", re.I)
LEAD_LINES = 15
_TITLE = re.compile(r"^ {0,3}#\s+(.+?)\s*#*\s*$")
# a model written in running text: a word, up to four more, then its size (`Qwen3.6-27B`,
# `Nemotron 3 Super 120B`, `Llama 3.1 8B`), with an active-size or variant suffix
_NAME_IN_TEXT = re.compile(
    r"\b[A-Za-z][\w.]+(?:[- ][\w.]+){0,4}?[- ]?\d+(?:\.\d+)?[BbMm]\b"
    r"(?:[- ]A\d+(?:\.\d+)?B\b)?(?:-(?:Instruct|Chat|IT|Base|Coder|Thinking)\b)?"
)
_MODEL_LINE = re.compile(
    r"^[\s>*_|-]*(?:served\s+|tested\s+|measured\s+)?model(?:\s+(?:id|name))?[\s*_`]*[:|]"
    r"[\s*_`]*(?P<value>[^|]+)",
    re.IGNORECASE,
)
_MODEL_HEADER = re.compile(r"^(?:served\s+)?model(?:\s*(?:id|name))?$", re.IGNORECASE)
_JSON_MODEL = re.compile(r'"(?:model|model_id|model_name|served_model_name)"\s*:\s*"([^"]{2,120})"')
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_MARKUP = re.compile(r"[*_`]+")
_TRAILER = re.compile(r"\s+[(\[].*$|\s+[—–@-]\s.*$|\s*[,;]\s.*$|[^\w)\].+-]+$")
_REMARK_WORD = re.compile(r"^[a-z][a-z-]*$")


@dataclass(frozen=True)
class StatedModel:
    """A model name as a document writes it, and the line that writes it (1-based)."""

    name: str
    line: int


def clean_name(text: str) -> str:
    """A name without Markdown links, emphasis, code ticks or a trailing remark (`… at a
    pinned revision`, `… dense`: lowercase words after the part that states a size)."""
    plain = _TRAILER.sub("", _MARKUP.sub("", _LINK.sub(r"\1", text)).strip()).strip()
    words = plain.split()
    for index, word in enumerate(words):
        if (
            index
            and _REMARK_WORD.match(word)
            and any(c.isdigit() for w in words[:index] for c in w)
        ):
            return " ".join(words[:index]).rstrip(".:")
    return plain.rstrip(".:")


def is_model_name(name: str) -> bool:
    """Whether a written name reads as a model (a size or a version piece, short)."""
    return 2 <= len(name) <= 80 and bool(MODEL_SHAPE.search(name)) and len(name.split()) <= 8


def _after_lead_words(text: str) -> str:
    """A title's model name without the words before it (`Notes on Qwen3.6-27B` → the name):
    what follows the last all-lowercase word (`on`, `with`, `for`)."""
    words = text.split()
    lowercase = [i for i, word in enumerate(words[:-1]) if _REMARK_WORD.match(word)]
    return " ".join(words[lowercase[-1] + 1 :] if lowercase else words)


def _squashed(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def distinct_models(found: list[StatedModel]) -> list[StatedModel]:
    """One entry per model: names that are spellings or variants of one another
    (`Nemotron 3 Super 120B` and `NVIDIA Nemotron 3 Super 120B A12B`) are one model, named by
    its fullest spelling at the first line that writes it."""
    groups: list[list[StatedModel]] = []
    for stated in found:
        key = _squashed(stated.name)
        group = next(
            (
                g
                for g in groups
                if any(key in _squashed(o.name) or _squashed(o.name) in key for o in g)
            ),
            None,
        )
        if group is None:
            groups.append([stated])
        else:
            group.append(stated)
    return [max(group, key=lambda s: (len(s.name), -s.line)) for group in groups]


def stated_models(document: Document) -> list[StatedModel]:
    """Every model the document names by one of the shapes, one entry per model."""
    if document.path.lower().endswith(JSON_SUFFIXES):
        found = _json_models(document)
    elif document.path.lower().endswith((".md", ".markdown")):
        found = _markdown_models(document)
    else:
        found = []
    return distinct_models(found)


def _json_models(document: Document) -> list[StatedModel]:
    found = []
    for number, line in enumerate(document.line_list, 1):
        for match in _JSON_MODEL.finditer(line):
            name = match.group(1).strip()
            if is_model_name(name):
                found.append(StatedModel(name, number))
    return found


def _markdown_models(document: Document) -> list[StatedModel]:
    lines = document.line_list
    parsed = parse_document(document)
    code = parsed.fenced_lines()
    fenced = [number in code for number in range(1, len(lines) + 1)]
    found: list[StatedModel] = []
    titled = False
    for number, line in enumerate(lines, 1):
        if fenced[number - 1]:
            continue
        title = _TITLE.match(line)
        if title and not titled:
            titled = True
            named = _NAME_IN_TEXT.search(clean_name(title.group(1)))
            name = _after_lead_words(named.group(0)) if named else ""
            if is_model_name(name):
                found.append(StatedModel(name, number))
            continue
        labelled = _MODEL_LINE.match(line)
        if labelled:
            name = clean_name(labelled.group("value"))
            if is_model_name(name):
                found.append(StatedModel(name, number))
    found.extend(_model_column(parsed))
    return found


def _model_column(parsed: ParsedDocument) -> list[StatedModel]:
    """The values of each Markdown table column headed `Model`."""
    found: list[StatedModel] = []
    for table in parsed.tables:
        if table.kind is not TableKind.MARKDOWN or not table.header_rows:
            continue
        # the first header that reads `Model`: the headers after it are not cleaned
        header = table.header_rows[0]
        column = next(
            (i for i, c in enumerate(header) if _MODEL_HEADER.match(clean_name(c.written))), None
        )
        if column is None:
            continue
        for row in table.body_rows:
            if column < len(row):
                name = clean_name(row[column].written)
                if is_model_name(name):
                    found.append(StatedModel(name, row[column].line))
    return found


def one_model(document: Document) -> StatedModel | None:
    """The model a document is about: the one it names, when it names exactly one."""
    found = stated_models(document)
    return found[0] if len(found) == 1 else None


def comparison_reason(names: list[str], where: str) -> str:
    """Why a record that compares models names none: which models, and where each is named."""
    shown = ", ".join(names[:COMPARISON_SHOWN])
    more = f" and {len(names) - COMPARISON_SHOWN} more" if len(names) > COMPARISON_SHOWN else ""
    return (
        f"a comparison: {where} {len(names)} models ({shown}{more}); "
        "each result's conditions name the model it was measured on"
    )


COMPARISON_SHOWN = 4


_MAKER = re.compile(r"^(nvidia|meta|google|microsoft|alibaba|ibm|mistral\s?ai|openai)[-_ ]+", re.I)


def model_family(name: str) -> str | None:
    """The family a model name belongs to: its leading word after any maker's name
    (`Qwen3.6-35B` → Qwen, `gpt-oss-120b` → gpt-oss, `NVIDIA-Nemotron-3-Super` → Nemotron)."""
    words: list[str] = []
    for piece in re.split(r"[-_ ]", _MAKER.sub("", name)):
        letters = re.match(r"[A-Za-z]+", piece)
        if letters is None:
            break
        words.append(letters.group(0))
        if letters.group(0) != piece:
            break
        if len(words) == 1 and len(piece) >= 4:
            break
    family = "-".join(words)
    return family if len(family) >= 3 else None


def common_model(names: list[str]) -> str | None:
    """One model for several stated names when they are variants of it (`Qwen/Qwen3-30B-A3B`
    and its `-FP8` and `-GPTQ-Int4` quantizations), else None."""
    base = min(names, key=len)
    written = default_process(base)
    if all(default_process(n).startswith(written) for n in names):
        return base
    return None


def same_model_name(a: str, b: str) -> bool:
    """Whether two spellings are one name: equal once rapidfuzz's processor has set case and
    punctuation aside (`Qwen3 30B-A3B` is `Qwen/Qwen3-30B-A3B`'s `Qwen3-30B-A3B`). Equal, not
    near: names a character apart are other models (`Qwen3-30B-A3B` and `Qwen3-32B-A3B` score
    92 by `fuzz.ratio`, `Qwen2.5-Coder-32B` and `-14B` 91)."""
    return default_process(a) == default_process(b)


def _published_id(owner: str, model: str) -> bool:
    """Whether `owner/model` reads as a model repository id: a model's name, not a file, and
    not a path under a local weights folder (`models/Qwen3-0.6B`)."""
    if _FILE_EXTENSION.search(model) or not MODEL_SHAPE.search(model):
        return False
    return not is_local_weights_path(f"{owner}/{model}")


def hf_ids(document: Document) -> list[tuple[int, str]]:
    """(line, id) of each model repository id a document names (`owner/Name-30B`)."""
    found = []
    for number, line in enumerate(document.line_list, 1):
        for match in _HF_ID.finditer(line):
            owner, model = match.group(1), match.group(2)
            if not _published_id(owner, model):
                continue
            found.append((number, f"{owner}/{model}".rstrip(".")))
    return found


def artifact(documents: list[Document], name: str | None) -> tuple[str, str] | None:
    """The model repository id (`owner/Name-30B`) the documents name, matching `name`; with
    no name, only when the documents name exactly one (several: the record is not about one)."""
    found: dict[str, str] = {}
    labelled: dict[str, str] = {}
    for document in documents:
        for number, line in enumerate(document.line_list, 1):
            for match in _HF_ID.finditer(line):
                owner, model = match.group(1), match.group(2)
                if not _published_id(owner, model):
                    continue
                ident = f"{owner}/{model}".rstrip(".")
                if name is not None and (
                    same_model_name(name, ident) or same_model_name(name, model)
                ):
                    return ident, document.line_url(number)
                found.setdefault(ident, document.line_url(number))
                if _MODEL_LABEL.search(line[: match.start()]):
                    labelled.setdefault(ident, document.line_url(number))
    if name is None and len(found) == 1:
        return next(iter(found.items()))
    if name is None and found and documents:
        # several models named: the one the README leads with is the one it is about
        lead = " ".join(documents[0].line_list[:LEAD_LINES]).lower()
        led = [i for i in found if i.split("/", 1)[1].lower() in lead]
        if len(led) == 1:
            return led[0], found[led[0]]
        # ... else the one a line labels as the (served, tested) model: `| Served model | id |`
        if len(labelled) == 1:
            return next(iter(labelled.items()))
    return None
