"""The acquire stage: a remote URL, a local checkout or a plain folder → a pinned `Snapshot`.

- A remote git URL is fetched shallowly into the user cache and read from the object database.
- A local git checkout or bare repository (also as a `file://` URL) is read from its commit
  (HEAD or `revision`), never from the work tree; the repository comes from `origin=`, else
  its GitHub `origin` remote, else what its origin (or its own path) says, with pinned URLs
  marked local (`origin.py`).
- A plain folder (a byte-exact copy of a repository) needs `origin=` and the full 40-hex
  `revision=` it is a copy of, unless a `MANIFEST.json` beside it names both (`manifest.py`).

Selection rules live in `select.py`; git subprocess work in `git.py`; URLs in `remote.py`.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from pathlib import Path

from draftflow.acquire.folder import collect_folder
from draftflow.acquire.git import (
    FULL_SHA,
    collect_commit,
    commit_time,
    is_git_repository,
    remote_url,
    resolve_commit,
)
from draftflow.acquire.manifest import MANIFEST_NAME, check_copy, manifest_beside
from draftflow.acquire.origin import local_origin, local_path
from draftflow.acquire.remote import (
    URL_EXAMPLE,
    Progress,
    default_cache_dir,
    fetch_commit,
    looks_like_url,
    parse_github_repository,
    parse_remote,
)
from draftflow.acquire.rules import DEFAULT_MAX_BYTES, Collector, build_documents, skip_summary
from draftflow.acquire.snapshot import (
    GITHUB,
    SkippedFile,
    Snapshot,
    is_local_url,
    repository_url,
    url_host,
)
from draftflow.errors import InputError

__all__ = ["DEFAULT_MAX_BYTES", "Progress", "acquire", "restrict", "skip_summary"]

_HEX40 = re.compile(r"[0-9a-fA-F]{40}")


def acquire(
    source: str,
    *,
    revision: str | None = None,
    origin: str | None = None,
    cache_dir: Path | None = None,
    timeout: float = 60.0,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Progress | None = None,
    offline: bool = False,
) -> Snapshot:
    """Pin `source` at one full revision and read every document that passes selection.

    `source` is a remote git URL, a local git checkout or bare repository (a path or a
    `file://` URL), or a plain folder. `revision` picks the commit (a plain folder needs the
    full 40-hex sha it is a copy of); `origin` is the GitHub repository URL used for pinned
    URLs (required for a plain folder; a checkout or remote that is not on github.com without
    it gets pinned URLs marked local). A plain folder given neither takes both from the
    `MANIFEST.json` beside it, when that names it and lists its files' exact bytes.
    `timeout` bounds each git call in seconds; files over `max_bytes` are skipped.
    `progress`, when given, receives short status lines.
    With `offline`, a remote is read from the cache only (never fetched).
    Raises `InputError` for every unusable input, before anything is written.
    """
    if timeout <= 0 or max_bytes <= 0:
        raise InputError(
            "timeout and max_bytes must be positive",
            hint="pass a timeout in seconds and a size limit in bytes above 0",
        )
    named = _named_origin(origin)
    path = local_path(source) or Path(source).expanduser()
    if path.exists():
        if not path.is_dir():
            raise InputError(
                f"{source} is a file, not a repository folder",
                hint="pass the folder that holds the repository's files, or a repository URL",
            )
        if is_git_repository(path):
            return _from_checkout(path, revision, named, timeout, max_bytes)
        return _from_folder(path, revision, named, max_bytes)
    if looks_like_url(source) and local_path(source) is None:
        remote = parse_remote(source)
        if remote.revision and revision and remote.revision != revision:
            raise InputError(
                f"the URL names revision {remote.revision!r} but --revision is {revision!r}",
                hint="give the revision once: either in the URL (/tree/REV) or as --revision",
            )
        return _from_remote(
            source,
            revision or remote.revision,
            named or _remote_repository(source),
            cache_dir or default_cache_dir(),
            timeout,
            max_bytes,
            progress,
            offline,
        )
    raise InputError(
        f"{source} does not exist",
        hint=f"pass an existing folder or git checkout, or a repository URL like {URL_EXAMPLE}",
    )


def _from_checkout(
    path: Path,
    revision: str | None,
    named: tuple[str, str] | None,
    timeout: float,
    max_bytes: int,
) -> Snapshot:
    sha = _checkout_commit(path, revision, timeout)
    named = named or _origin_repository(path, timeout)
    collector = Collector(max_bytes)
    collect_commit(path, sha, collector, timeout=timeout)
    return _snapshot(named, sha, commit_time(path, sha, timeout=timeout), collector)


def _checkout_commit(path: Path, revision: str | None, timeout: float) -> str:
    if revision is not None:
        return resolve_commit(path, revision, timeout=timeout)
    try:
        return resolve_commit(path, "HEAD", timeout=timeout)
    except InputError as error:
        if "owned by another user" in error.message:
            raise
        raise InputError(
            f"the git repository {path} has no commits yet (HEAD does not name a commit)",
            hint="commit the files first (git add -A && git commit), or pass --revision",
        ) from error


def _named_origin(origin: str | None) -> tuple[str, str] | None:
    """`OWNER/NAME` and URL host of `--origin`: a GitHub repository URL, or the local URL a
    record drafted from a local copy names (so verifying it again names it the same way)."""
    if origin is None:
        return None
    if is_local_url(origin):
        host = url_host(origin)
        parts = origin[len(host) :].strip("/").split("/")
        if len(parts) == 2 and all(parts):
            return "/".join(parts), host
    return parse_github_repository(origin), GITHUB


def _origin_repository(path: Path, timeout: float) -> tuple[str, str]:
    """`OWNER/NAME` and the URL host of a checkout: on GitHub when its `origin` remote is
    there, else as its origin (or, with none, its own path) says, marked local."""
    url = remote_url(path, "origin", timeout=timeout)
    if url is None:
        return local_origin(str(path.resolve()))
    try:
        return parse_github_repository(url), GITHUB
    except InputError:
        return local_origin(url)


def _remote_repository(source: str) -> tuple[str, str]:
    """`OWNER/NAME` and the URL host of a remote URL: GitHub's, or marked local elsewhere."""
    remote = parse_remote(source)
    if remote.is_github:
        return remote.repository, GITHUB
    return local_origin(source)


def _from_folder(
    path: Path, revision: str | None, named: tuple[str, str] | None, max_bytes: int
) -> Snapshot:
    copy = manifest_beside(path) if named is None and revision is None else None
    if copy is not None:
        named = parse_github_repository(copy.entry.url), GITHUB
        revision = copy.entry.revision
    if named is None or revision is None:
        raise InputError(
            f"{path} is a plain folder, not a git checkout, and no {MANIFEST_NAME} beside it "
            "names it, so its repository and revision are unknown",
            hint=f"pass --origin {URL_EXAMPLE} and --revision <full 40-hex sha> naming the "
            "commit it is a copy of",
        )
    if not _HEX40.fullmatch(revision):
        raise InputError(
            f"--revision {revision!r} is not a full 40-hex commit sha",
            hint="a plain folder cannot resolve branch names or short shas: pass the full sha "
            "of the commit the folder is a copy of",
        )
    collector = Collector(max_bytes)
    collect_folder(path, collector)
    if copy is not None:
        check_copy(copy, path, collector.files)
    return _snapshot(named, revision.lower(), None, collector)


def _from_remote(
    source: str,
    revision: str | None,
    named: tuple[str, str],
    cache_dir: Path,
    timeout: float,
    max_bytes: int,
    progress: Progress | None,
    offline: bool,
) -> Snapshot:
    remote = parse_remote(source)
    repo, sha = fetch_commit(
        remote, revision, cache_dir=cache_dir, timeout=timeout, progress=progress, offline=offline
    )
    if progress:
        progress(f"reading {named[0]} at {sha[:12]}")
    collector = Collector(max_bytes)
    collect_commit(repo, sha, collector, timeout=timeout)
    return _snapshot(named, sha, commit_time(repo, sha, timeout=timeout), collector)


def _snapshot(named: tuple[str, str], sha: str, time: str | None, collector: Collector) -> Snapshot:
    """The snapshot of repository `named` (`OWNER/NAME` and its URL host) at `sha`."""
    if not FULL_SHA.fullmatch(sha):
        raise InputError(f"{sha!r} is not a full commit sha")
    repository, host = named
    return Snapshot(
        repository=repository,
        url=repository_url(repository, host),
        revision=sha,
        commit_time=time,
        documents=build_documents(collector.files, repository, sha, host),
        skipped=collector.skipped,
    )


def restrict(snapshot: Snapshot, patterns: Sequence[str]) -> Snapshot:
    """Keep the documents whose path matches one of `patterns`; list the rest as skipped.

    Patterns are shell-style (`results/*.md`; `*` also crosses `/`). Document ids and pinned
    URLs do not change, so a record drafted from a restricted snapshot verifies against the
    whole repository. Raises `InputError` when no document matches.
    """
    if not patterns:
        return snapshot
    kept = [d for d in snapshot.documents if any(fnmatch.fnmatchcase(d.path, p) for p in patterns)]
    if not kept:
        raise InputError(
            f"no document of {snapshot.repository} matches --only {' '.join(patterns)}",
            hint="list the documents with `draftflow sources SOURCE` and pass their paths",
        )
    left_out = [
        SkippedFile(path=d.path, reason="not selected by --only")
        for d in snapshot.documents
        if d not in kept
    ]
    return snapshot.model_copy(
        update={"documents": kept, "skipped": [*snapshot.skipped, *left_out]}
    )
