"""Where a source's head is now: the default-branch head of a remote, the HEAD of a checkout.

A remote is asked with `git ls-remote` through the hardened runner (no hooks, no prompts,
https/ssh/git only), so looking costs no fetch. A local checkout is read with `rev-parse`.
A plain folder has no history, so it has no head to compare.

`is_ancestor` tells whether a head lies behind an earlier commit (history rewritten, e.g. by a
force-push): in a checkout with `git merge-base --is-ancestor`; for a remote, in a temporary
bare repository that fetches the earlier commit's history without trees or blobs.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from draftflow.acquire.git import FULL_SHA, GitFailed, is_git_repository, resolve_commit, run_git
from draftflow.acquire.origin import local_path
from draftflow.acquire.remote import is_network_failure, looks_like_url, parse_remote
from draftflow.errors import InputError, NetworkError
from draftflow.record.source import RecordSource, SourceKind


def source_of(source: str, *, origin: str | None, only: tuple[str, ...]) -> RecordSource:
    """Describe `source` as acquire reads it (call after a successful acquire of it).

    Local paths are stored absolute so that a later refresh works from any directory; a URL
    loses its `/tree/REV` part, since a refresh follows the default branch.
    """
    path = local_path(source) or Path(source).expanduser()
    if path.is_dir():
        kind = SourceKind.CHECKOUT if is_git_repository(path) else SourceKind.FOLDER
        return RecordSource(kind=kind, location=str(path.resolve()), origin=origin, only=list(only))
    if looks_like_url(source):
        remote = parse_remote(source)
        return RecordSource(
            kind=SourceKind.REMOTE, location=remote.clone_url, origin=origin, only=list(only)
        )
    raise InputError(f"{source} is neither a folder nor a repository URL")


def current_head(source: RecordSource, *, timeout: float = 60.0) -> str:
    """The full sha a re-draft of `source` would read now.

    Raises `InputError` for a plain folder, an unreachable remote or a vanished checkout.
    """
    if source.kind is SourceKind.FOLDER:
        raise InputError(
            f"{source.location} is a plain folder: it has no history to follow",
            hint="draft the repository from its URL or a git checkout to make it refreshable",
        )
    if source.kind is SourceKind.CHECKOUT:
        path = Path(source.location)
        if not path.is_dir():
            raise InputError(
                f"the checkout {path} the record was drafted from no longer exists",
                hint="draft the record again from its URL or its new location",
            )
        return resolve_commit(path, "HEAD", timeout=timeout)
    return _remote_head(source.location, timeout)


def _remote_head(url: str, timeout: float) -> str:
    remote = parse_remote(url)
    try:
        out = run_git(
            None, "ls-remote", "--end-of-options", remote.clone_url, "HEAD", timeout=timeout
        )
    except GitFailed as error:
        detail = " ".join(error.stderr.split())[:300] or "no message from git"
        if is_network_failure(error):
            raise NetworkError(
                f"network failure: could not ask {remote.clone_url} for its default branch: "
                f"{detail}",
                hint="check your network connection, then run the command again",
            ) from error
        raise InputError(
            f"could not ask {remote.clone_url} for its default branch: {detail}",
            hint="check the URL and your network connection",
        ) from error
    for line in out.decode("utf-8", errors="replace").splitlines():
        sha, _, ref = line.partition("\t")
        if ref == "HEAD" and FULL_SHA.fullmatch(sha):
            return sha
    raise InputError(
        f"{remote.clone_url} names no default branch (no HEAD in `git ls-remote`)",
        hint="check that the repository has commits",
    )


def is_ancestor(source: RecordSource, older: str, newer: str, *, timeout: float = 60.0) -> bool:
    """Whether commit `older` is a strict ancestor of commit `newer` in `source`'s history.

    False when they are the same commit, when `older` is not behind `newer`, and when the
    history cannot be read (a plain folder, a commit the source no longer has).
    """
    shas = FULL_SHA.fullmatch(older) and FULL_SHA.fullmatch(newer)
    if not shas or older == newer or source.kind is SourceKind.FOLDER:
        return False
    if source.kind is SourceKind.CHECKOUT:
        return _ancestor_in(Path(source.location), older, newer, timeout)
    scratch = Path(tempfile.mkdtemp(prefix="draftflow-history-"))
    try:
        run_git(None, "init", "--bare", "-q", str(scratch), timeout=timeout)
        run_git(
            scratch,
            "-c",
            "gc.auto=0",
            "fetch",
            "--filter=tree:0",
            "--no-tags",
            "--quiet",
            "--end-of-options",
            parse_remote(source.location).clone_url,
            newer,
            timeout=timeout,
        )
        return _ancestor_in(scratch, older, newer, timeout)
    except GitFailed:
        return False
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _ancestor_in(repo: Path, older: str, newer: str, timeout: float) -> bool:
    try:
        run_git(repo, "merge-base", "--is-ancestor", older, newer, timeout=timeout)
    except GitFailed:
        return False  # not an ancestor (exit 1), or a commit the repository does not have
    return True
