"""Which model a document says it measured, read from the shapes reports name it in.

A document names its model in a title (`# Round 2: Nemotron 3 Super 120B Modeling`), a
`Model:` line (`**Model:** org/Name-30B`, `| Model | Name 120B A12B |`, `> Model: …`), a table
column headed `Model` whose rows hold one distinct value, or a `"model"` key of a JSON file
with one distinct value. Several distinct names mean the document compares models: it names
none as *the* model. A name counts only when it reads as a model (it states a size such as
`30B` or a version piece such as `-V4`), so `Model: see below` names nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from draftflow.extract.fences import fenced_lines
from draftflow.snapshot import Document

# a model name states its size (`30B`, `1.5b`, `-A3B`) or a version piece (`-V4`)
MODEL_SHAPE = re.compile(r"\d+(\.\d+)?[bm]\b|[-_]v\d|-a\d+b", re.I)
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
    if document.path.lower().endswith((".json", ".jsonl")):
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
    fenced = fenced_lines(lines)
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
    found.extend(_model_column(lines, fenced))
    return found


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _model_column(lines: list[str], fenced: list[bool]) -> list[StatedModel]:
    """The values of each Markdown table column headed `Model`."""
    found: list[StatedModel] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        is_header = (
            not fenced[index]
            and line.lstrip().startswith("|")
            and index + 1 < len(lines)
            and set(lines[index + 1].strip()) <= set("|-: ")
            and "-" in lines[index + 1]
        )
        if not is_header:
            index += 1
            continue
        header = [clean_name(cell) for cell in _cells(line)]
        column = next((i for i, cell in enumerate(header) if _MODEL_HEADER.match(cell)), None)
        index += 2
        while index < len(lines) and lines[index].lstrip().startswith("|"):
            cells = _cells(lines[index])
            if column is not None and column < len(cells):
                name = clean_name(cells[column])
                if is_model_name(name):
                    found.append(StatedModel(name, index + 1))
            index += 1
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
