"""Remote sources: parse git URLs and GitHub repository URLs, fetch one shallow commit.

A remote is fetched into a bare repository in the user cache (`draftflow/repos/OWNER__NAME`)
with `git fetch --depth 1 origin REV`: no work tree is checked out, so there is nothing for a
hook, a filter or a symlink to act on. A fresh cache entry only appears once its fetch has
succeeded, so a failed fetch leaves nothing behind.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs

from draftflow.acquire.git import FULL_SHA, GitFailed, resolve_commit, run_git
from draftflow.errors import InputError, NetworkError, NotCachedError

GITHUB_HOST = "github.com"
ALLOWED_SCHEMES = ("https", "ssh", "git")

_OWNER = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})")
_NAME = re.compile(r"[A-Za-z0-9._-]{1,100}")
_SCP_LIKE = re.compile(r"(?P<user>[A-Za-z0-9._-]+)@(?P<host>[A-Za-z0-9.-]+):(?P<path>[^/].*)")
_TRANSPORT_PREFIX = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*::")

URL_EXAMPLE = "https://github.com/OWNER/NAME"
FETCHED_REF = "refs/draftflow/fetched"
_BAD_REF_CHARS = re.compile(r"[\s~^:?*\[\\]|\.\.|@\{")

Progress = Callable[[str], None]


@dataclass(frozen=True)
class RemoteSource:
    """A parsed remote: where to fetch from, which repository it is, and an optional revision."""

    clone_url: str
    host: str
    owner: str
    name: str
    revision: str | None = None

    @property
    def repository(self) -> str:
        """`OWNER/NAME` as the URL names it."""
        return f"{self.owner}/{self.name}"

    @property
    def is_github(self) -> bool:
        """Whether the URL points at github.com (so pinned URLs can be built from it)."""
        return self.host.lower() == GITHUB_HOST


def looks_like_url(source: str) -> bool:
    """Whether `source` is written as a URL (scheme, scp-like `user@host:path`, `x::` transport)."""
    return (
        "://" in source
        or bool(_SCP_LIKE.fullmatch(source))
        or bool(_TRANSPORT_PREFIX.match(source))
    )


def parse_remote(source: str) -> RemoteSource:
    """Parse a git remote URL; an `InputError` for malformed URLs and disallowed transports.

    Accepted: `https://HOST/OWNER/NAME[.git][/tree/REV]`, `ssh://[user@]HOST/OWNER/NAME[.git]`,
    `git://HOST/OWNER/NAME[.git]` and `user@HOST:OWNER/NAME[.git]`.
    """
    source = source.strip()
    transport = _TRANSPORT_PREFIX.match(source)
    if transport and "://" not in source[: transport.end()]:
        raise InputError(
            f"unsupported git transport {transport[0]!r} in {source!r}",
            hint=f"use an https, ssh or git URL such as {URL_EXAMPLE}",
        )
    scp = _SCP_LIKE.fullmatch(source)
    if scp:
        host, path, allow_tree = scp["host"], scp["path"], False
        prefix = f"{scp['user']}@{host}:"
    else:
        host, prefix, path, allow_tree = _split_url(source)
    owner, raw_name, revision = _split_repository_path(path, source, allow_tree=allow_tree)
    name = raw_name.removesuffix(".git")
    return RemoteSource(
        clone_url=f"{prefix}{owner}/{raw_name}",
        host=host,
        owner=owner,
        name=name,
        revision=revision,
    )


def _split_url(source: str) -> tuple[str, str, str, bool]:
    """Host, clone-URL prefix, path, and whether `/tree/REV` is meaningful (https only)."""
    parts = urlsplit(source)
    scheme = parts.scheme.lower()
    if scheme not in ALLOWED_SCHEMES:
        hint = f"use an https, ssh or git URL such as {URL_EXAMPLE}"
        if scheme == "http":
            hint = "use https:// instead of http://"
        elif scheme == "file":
            hint = "pass the local folder or checkout path itself instead of a file:// URL"
        raise InputError(f"unsupported URL scheme {scheme + '://'!r} in {source!r}", hint=hint)
    if not parts.hostname or parts.query or parts.fragment:
        raise InputError(f"malformed repository URL {source!r}", hint=f"write it as {URL_EXAMPLE}")
    if parts.password or (scheme == "https" and parts.username):
        # The message names the host only: the URL itself holds a secret.
        raise InputError(
            f"the {scheme} URL for {parts.hostname} carries a user name or password",
            hint="remove the user name and password from the URL; draftflow reads public "
            "repositories only",
        )
    return parts.hostname, f"{scheme}://{parts.netloc}/", parts.path, scheme == "https"


def _split_repository_path(
    path: str, source: str, *, allow_tree: bool
) -> tuple[str, str, str | None]:
    """OWNER, NAME as written (maybe ending `.git`) and the `/tree/REV` revision if any."""
    path = path.strip("/")
    revision: str | None = None
    if allow_tree and "/tree/" in path:
        path, revision = path.split("/tree/", 1)
    segments = path.split("/")
    if len(segments) != 2:
        raise InputError(
            f"malformed repository URL {source!r}: expected OWNER/NAME after the host",
            hint=f"write it as {URL_EXAMPLE} (optionally ending in /tree/REV)",
        )
    owner, raw_name = segments
    name = raw_name.removesuffix(".git")
    if not _OWNER.fullmatch(owner) or not _NAME.fullmatch(name) or name in (".", ".."):
        raise InputError(
            f"malformed repository URL {source!r}: {owner!r}/{name!r} is not a repository name",
            hint=f"write it as {URL_EXAMPLE}",
        )
    return owner, raw_name, revision or None


def parse_github_repository(url: str) -> str:
    """`OWNER/NAME` of a GitHub repository URL (https, ssh, git or `git@github.com:`).

    An `InputError` when `url` is not a github.com repository URL.
    """
    try:
        remote = parse_remote(url)
    except InputError as error:
        raise InputError(
            f"{url!r} is not a GitHub repository URL ({error.message})",
            hint=f"pass the repository's GitHub URL, such as {URL_EXAMPLE}",
        ) from error
    if not remote.is_github:
        raise InputError(
            f"{url!r} is not a GitHub repository URL (host {remote.host!r})",
            hint=f"pass the repository's GitHub URL, such as {URL_EXAMPLE}",
        )
    if remote.revision:
        raise InputError(
            f"{url!r} names a revision; the origin must be the repository URL alone",
            hint=f"pass --origin {URL_EXAMPLE.replace('OWNER/NAME', remote.repository)} "
            f"and --revision {remote.revision}",
        )
    return remote.repository


def default_cache_dir() -> Path:
    """Where fetched repositories are kept: the user cache's `draftflow/repos`."""
    return platformdirs.user_cache_path("draftflow") / "repos"


def cache_key(remote: RemoteSource) -> str:
    """The cache folder name: `OWNER__NAME` on GitHub, `HOST__OWNER__NAME` elsewhere."""
    key = f"{remote.owner}__{remote.name}"
    return key if remote.is_github else f"{remote.host.lower()}__{key}"


def fetch_commit(
    remote: RemoteSource,
    revision: str | None,
    *,
    cache_dir: Path,
    timeout: float,
    progress: Progress | None = None,
    offline: bool = False,
) -> tuple[Path, str]:
    """Fetch one commit of `remote` (default branch when `revision` is None) shallowly.

    Returns the bare cache repository and the commit's full sha. A full sha already in the
    cache is used without touching the network; with `offline` nothing else is either (a
    commit not in the cache is an `InputError`). A lock file serialises draftflow processes
    that share the cache.
    """
    _check_fetchable(revision)
    if revision and FULL_SHA.fullmatch(revision.lower()):
        revision = revision.lower()
    target = cache_dir / cache_key(remote)
    if offline and not target.is_dir():
        raise _not_cached(remote, revision, target)
    cache_dir.mkdir(parents=True, exist_ok=True)
    with _locked(cache_dir):
        if target.is_dir() and revision and FULL_SHA.fullmatch(revision):
            try:
                return target, resolve_commit(target, revision, timeout=timeout)
            except InputError:
                pass
        if offline:
            raise _not_cached(remote, revision, target)
        if progress:
            progress(f"fetching {remote.clone_url} ({revision or 'default branch'})")
        if target.is_dir() and _is_usable_cache(target, timeout):
            run_git(target, "remote", "set-url", "origin", remote.clone_url, timeout=timeout)
            _fetch(target, remote, revision, timeout)
            return target, resolve_commit(target, FETCHED_REF, timeout=timeout)
        staging = Path(tempfile.mkdtemp(prefix=f".{cache_key(remote)}.", dir=cache_dir))
        try:
            run_git(None, "init", "--bare", "-q", str(staging), timeout=timeout)
            run_git(staging, "remote", "add", "origin", remote.clone_url, timeout=timeout)
            _fetch(staging, remote, revision, timeout)
            sha = resolve_commit(staging, FETCHED_REF, timeout=timeout)
            if target.exists():
                shutil.rmtree(target)
            staging.rename(target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
        return target, sha


def _not_cached(remote: RemoteSource, revision: str | None, target: Path) -> NotCachedError:
    return NotCachedError(
        f"{remote.clone_url} at {revision or 'its default branch'} is not in the local cache "
        f"{target}, and fetching is off",
        hint="pass the repository's checkout or folder, or allow fetching",
    )


@contextmanager
def _locked(directory: Path) -> Iterator[None]:
    # Locking the directory itself leaves no lock file behind after a failed fetch.
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)


def _is_usable_cache(path: Path, timeout: float) -> bool:
    try:
        run_git(path, "rev-parse", "--git-dir", timeout=timeout)
    except GitFailed:
        return False
    return True


def _check_fetchable(revision: str | None) -> None:
    if revision is not None and (revision.startswith("-") or _BAD_REF_CHARS.search(revision)):
        raise InputError(
            f"revision {revision!r} cannot be fetched from a remote",
            hint="pass a branch, a tag or a full 40-hex commit sha (no ~, ^, : or spaces)",
        )


def _fetch(repo: Path, remote: RemoteSource, revision: str | None, timeout: float) -> None:
    ref = revision or "HEAD"
    try:
        run_git(
            repo,
            "-c",
            "gc.auto=0",
            "-c",
            "maintenance.auto=false",
            "fetch",
            "--depth",
            "1",
            "--no-tags",
            "--no-recurse-submodules",
            "--quiet",
            "origin",
            f"+{ref}:{FETCHED_REF}",
            timeout=timeout,
        )
    except GitFailed as error:
        raise _fetch_error(remote, revision, error, timeout) from error


_UNREACHABLE = (
    "could not resolve host",
    "could not resolve hostname",
    "connection refused",
    "network is unreachable",
    "failed to connect",
    "connection timed out",
    "temporary failure in name resolution",
)


def is_network_failure(error: GitFailed) -> bool:
    """Whether git failed because the network did (a timeout, no name, no route)."""
    lowered = error.stderr.lower()
    return error.timed_out or any(words in lowered for words in _UNREACHABLE)


def _fetch_error(
    remote: RemoteSource, revision: str | None, error: GitFailed, timeout: float
) -> InputError | NetworkError:
    lines = [line.removeprefix("fatal: ").strip() for line in error.stderr.splitlines()]
    detail = " ".join(line for line in lines if line)[:300] or "no message from git"
    lowered = error.stderr.lower()
    url = remote.clone_url
    if error.timed_out:
        return NetworkError(
            f"network failure: fetching {url} timed out after {timeout:g} s",
            hint="check your network connection (or raise --timeout), or clone the repository "
            "where the network works and pass the local path",
        )
    if is_network_failure(error):
        return NetworkError(
            f"network failure: could not reach {url}: {detail}",
            hint="check your network connection; offline, pass a local clone or mirror of the "
            "repository instead of the URL (with --origin URL for its pinned URLs)",
        )
    if any(
        s in lowered
        for s in (
            "repository not found",
            "could not read username",
            "authentication failed",
            "permission denied",
            "does not appear to be a git repository",
            "no such repository",
        )
    ):
        return InputError(
            f"{url} does not exist or is private: {detail}",
            hint="check OWNER/NAME in the URL; for a private repository, clone it with your "
            "own credentials and pass the local checkout path",
        )
    if revision and any(
        s in lowered
        for s in (
            "couldn't find remote ref",
            "not our ref",
            "no such remote ref",
            "unadvertised object",
        )
    ):
        return InputError(
            f"revision {revision!r} does not exist in {url}",
            hint="pass a branch, a tag or a full 40-hex commit sha that exists in the repository",
        )
    return InputError(
        f"fetching {url} failed: {detail}",
        hint="check the URL and revision, or pass a local checkout path",
    )
