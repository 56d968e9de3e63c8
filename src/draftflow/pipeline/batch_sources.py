"""The list of sources a batch drafts (`draftflow draft --from FILE`).

One source per line: a repository URL, a git checkout or a plain folder. `#` starts a
comment; blank lines are skipped. A line may add the options a single draft takes, written
the same way: `--origin URL`, `--revision REV`, `--id ID`, `--only GLOB` (repeatable); a
plain folder needs `--origin` and `--revision` unless a `MANIFEST.json` beside it names it.
Words are split as a shell would (quotes work). A relative path is read from the list file's
folder, so a list works from anywhere.

    # a corpus copy named in the MANIFEST.json beside it, and one pinned by hand
    examples/jvr0x__dgx-spark-bench
    copies/bench --origin https://github.com/OWNER/NAME --revision <full 40-hex sha>
    https://github.com/OWNER/NAME            # the default branch, now
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire.remote import looks_like_url
from draftflow.errors import InputError

_VALUED = {"--origin": "origin", "--revision": "revision", "--id": "record_id", "--only": "only"}


@dataclass(frozen=True)
class SourceLine:
    """One source of a batch with the options its line gave."""

    source: str
    origin: str | None = None
    revision: str | None = None
    record_id: str | None = None
    only: tuple[str, ...] = ()


def read_source_list(path: Path) -> list[SourceLine]:
    """Parse the list file at `path`; an `InputError` naming the line for anything wrong."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(
            f"cannot read the source list {path}: {error}",
            hint="pass a UTF-8 text file with one repository URL or folder per line",
        ) from error
    return parse_source_list(text, base=path.parent, name=str(path))


def parse_source_list(text: str, *, base: Path, name: str = "the source list") -> list[SourceLine]:
    """The sources of a list's `text`; relative paths are taken from `base`. A byte-order mark
    before the first line is not part of it."""
    lines: list[SourceLine] = []
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as error:
            raise _line_error(name, number, str(error)) from error
        if words:
            lines.append(_parse_words(words, base, name, number))
    if not lines:
        raise InputError(
            f"{name} lists no source",
            hint="write one repository URL or folder per line (`#` starts a comment)",
        )
    return lines


def _parse_words(words: list[str], base: Path, name: str, number: int) -> SourceLine:
    source, *rest = words
    if source.startswith("-"):
        raise _line_error(name, number, f"the line starts with the option {source}, not a source")
    values: dict[str, str] = {}
    only: list[str] = []
    position = 0
    while position < len(rest):
        option, _, inline = rest[position].partition("=")
        key = _VALUED.get(option)
        if key is None:
            raise _line_error(name, number, f"unknown word {rest[position]!r} after the source")
        if inline or "=" in rest[position]:
            value = inline
        elif position + 1 < len(rest):
            position += 1
            value = rest[position]
        else:
            raise _line_error(name, number, f"{option} needs a value")
        if key == "only":
            only.append(value)
        elif key in values:
            raise _line_error(name, number, f"{option} is given twice")
        else:
            values[key] = value
        position += 1
    return SourceLine(
        source=_resolve(source, base),
        origin=values.get("origin"),
        revision=values.get("revision"),
        record_id=values.get("record_id"),
        only=tuple(only),
    )


def _resolve(source: str, base: Path) -> str:
    if looks_like_url(source):
        return source
    path = Path(source).expanduser()
    return str(path if path.is_absolute() else base / path)


def _line_error(name: str, number: int, problem: str) -> InputError:
    return InputError(
        f"{name}, line {number}: {problem}",
        hint="write `SOURCE [--origin URL] [--revision REV] [--id ID] [--only GLOB]` per line",
    )
