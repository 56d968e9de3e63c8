"""The design documents stay true and short: every path `docs/architecture.md` and
`docs/glossary.md` name exists, the architecture stays within 1,500 words, and the glossary
defines each word once, the recurring words of the code among them (issue 35)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SRC = ROOT / "src" / "draftflow"
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
GLOSSARY = DOCS / "glossary.md"
MAX_ARCHITECTURE_WORDS = 1500

_CODE = re.compile(r"`([^`\n]+)`")
_PATH_LIKE = re.compile(r"^[\w./-]+$")
_FILE_ENDINGS = (".py", ".md", ".json", ".toml", ".sh", ".css")
# Folders whose files a bare name (`MANIFEST.json`) may stand for.
_SEARCHED = ("src", "tests", "scripts", "prompts", "docs", "records", "cassettes")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")


def named_paths(text: str) -> list[str]:
    """The code spans of a document that name a file or folder: a file name with a known
    ending, a folder (`extract/`), or a path under a top-level or package folder
    (`select/keywords`); units (`J/token`), templates (`records/<id>.json`), URLs and
    suffixes (`.figures.json`) aside."""
    found = []
    for span in _CODE.findall(text):
        if not _PATH_LIKE.match(span) or span.startswith(".") or "://" in span:
            continue
        first = span.split("/", 1)[0]
        if span.endswith((*_FILE_ENDINGS, "/")) or (
            "/" in span and ((ROOT / first).is_dir() or (SRC / first).is_dir())
        ):
            found.append(span)
    return found


def _exists(name: str) -> bool:
    if "/" in name:
        return any((base / name).exists() for base in (ROOT, SRC))
    return any(next((ROOT / top).rglob(name), None) is not None for top in _SEARCHED)


@pytest.mark.parametrize("document", [ARCHITECTURE, GLOSSARY], ids=lambda path: path.name)
def test_every_path_the_docs_name_exists(document: Path) -> None:
    names = named_paths(document.read_text(encoding="utf-8"))
    assert names, "the document names no path: the pattern no longer finds them"
    missing = sorted({name for name in names if not _exists(name)})
    assert not missing, f"{document.name} names paths that do not exist: {missing}"


def test_a_bare_or_misplaced_name_is_caught() -> None:
    spans = "`rules.py`, `select/rules.py`, `select/keywords.RUNTIMES`, `J/token`, `.md`"
    assert named_paths(spans + ", `records/<id>.json`") == [
        "rules.py",
        "select/rules.py",
        "select/keywords.RUNTIMES",
    ]
    assert not _exists("select/keywords.RUNTIMES"), "a module's name is written as its path"
    assert _exists("select/rules.py") and _exists("prompts/extract.md")
    assert not _exists("select/nowhere.py") and not _exists("model_claims.py")


def test_the_architecture_stays_within_its_word_budget() -> None:
    words = len(ARCHITECTURE.read_text(encoding="utf-8").split())
    assert words <= MAX_ARCHITECTURE_WORDS, (
        f"docs/architecture.md has {words} words (at most {MAX_ARCHITECTURE_WORDS}): move "
        "detail into module docstrings or docs/glossary.md"
    )


def _defined_terms() -> list[str]:
    text = GLOSSARY.read_text(encoding="utf-8")
    return [" ".join(term.lower().split()) for term in _BOLD.findall(text)]


def test_the_glossary_defines_each_term_once() -> None:
    repeated = [term for term, count in Counter(_defined_terms()).items() if count > 1]
    assert not repeated, f"defined more than once in docs/glossary.md: {repeated}"


# The words the code uses over and over for its own concepts (issue 35 counted standing,
# reading and front 40-130 times each, defined nowhere), and the five senses of "model".
RECURRING = (
    "standing",
    "reading",
    "front page",
    "test profile",
    "harvest",
    "cited",
    "unread table",
    "status",
    "attribution",
    "marked",
    "place",
    "chain",
    "candidate",
    "figure",
    "grounded",
    "headline",
    "label",
    "told apart",
    "unspecified",
    "condition",
    "record-level setup",
    "mention",
    "spelling",
    "dimension",
    "flag",
    "claim status",
    "rule",
    "dropped",
    "removed",
    "fact",
    "cassette",
    "language model",
    "model pass",
    "document model",
    "record model",
    "result model",
)


def test_the_glossary_defines_the_words_the_code_recurs_to() -> None:
    defined = set(_defined_terms())
    missing = [term for term in RECURRING if term not in defined]
    assert not missing, f"docs/glossary.md defines none of: {missing}"
