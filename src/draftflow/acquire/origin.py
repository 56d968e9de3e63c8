"""Where a local copy comes from when that is not a GitHub repository: a clone of a mirror, a
bare mirror, a `file://` URL, a repository with no `origin` at all.

Such a copy still drafts: its repository name (`OWNER/NAME`) is taken from what its origin
says (the last two parts of the origin's URL or path, or a folder named `OWNER+NAME` or
`OWNER__NAME` among them) and its pinned URLs are marked local
(`local://HOST/OWNER/NAME/blob/REV/PATH`), so no one mistakes them for public pages, until
`--origin https://github.com/OWNER/NAME` names the public repository it is a copy of.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from draftflow.acquire.remote import looks_like_url, parse_remote
from draftflow.acquire.snapshot import LOCAL_SCHEME
from draftflow.errors import InputError

FILE_SCHEME = "file://"
LOCALHOST = "localhost"
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_OWNER_NAME = re.compile(r"(?P<owner>[A-Za-z0-9][A-Za-z0-9-]*)(?:\+|__)(?P<name>[A-Za-z0-9._-]+)")


def local_path(source: str) -> Path | None:
    """The path a `file://` URL names (`file:///srv/x.git`, `file://localhost/srv/x.git`),
    or None when `source` is not a `file://` URL."""
    if not source.lower().startswith(FILE_SCHEME):
        return None
    parts = urlsplit(source)
    if parts.netloc not in ("", LOCALHOST) or not parts.path:
        raise InputError(
            f"{source!r} names a file on another machine ({parts.netloc!r})",
            hint="write a local file:// URL (file:///path/to/repo) or the path itself",
        )
    return Path(unquote(parts.path))


def local_origin(origin: str) -> tuple[str, str]:
    """`OWNER/NAME` and the local URL host for what an origin that is not GitHub says: a URL
    on another host (`local://gitlab.example.org`) or a path or `file://` URL
    (`local://localhost`)."""
    host = LOCALHOST
    if looks_like_url(origin) and not origin.lower().startswith(FILE_SCHEME):
        try:
            remote = parse_remote(origin)
        except InputError:  # a deeper path, another scheme: its host and last two parts
            split = urlsplit(origin)
            host, origin = split.hostname or LOCALHOST, split.path
        else:
            return _repository(remote.owner, remote.name), LOCAL_SCHEME + remote.host.lower()
    path = local_path(origin) or Path(origin)
    parts = [part for part in path.parts if part not in ("/", "")]
    owner = parts[-2] if len(parts) > 1 else "local"
    name = parts[-1] if parts else "repository"
    return _repository(*(_folder_named(parts[-2:]) or (owner, name))), LOCAL_SCHEME + host.lower()


def _folder_named(last_two: list[str]) -> tuple[str, str] | None:
    """OWNER and NAME from a folder named after both, nearest first: `OWNER+NAME` (a mirror,
    `scripts/team-corpus.py --mirrors`) or `OWNER__NAME` (a copy, `tests/data/corpus/`), so
    that `.../bhodgens+local-llm-benchmarks/repo` is bhodgens/local-llm-benchmarks."""
    for part in reversed(last_two):
        named = _OWNER_NAME.fullmatch(part.removesuffix(".git"))
        if named:
            return named["owner"], named["name"]
    return None


def _repository(owner: str, name: str) -> str:
    """`OWNER/NAME` with the characters a repository name cannot hold replaced by `-`."""
    name = name.removesuffix(".git")
    cleaned = [_UNSAFE.sub("-", part).strip("-._") or "local" for part in (owner, name)]
    return "/".join(cleaned)
