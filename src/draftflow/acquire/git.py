"""Git subprocess work: a hardened runner and reads from the object database.

Every git call runs with hooks disabled, no credential prompts, submodules off and only the
https/ssh/git transports allowed, so neither a hostile repository nor a hostile URL can make
draftflow run code, ask for a password, or read a local file through a `file://` or `ext::`
transport. Files are read from the commit itself (`ls-tree` + `cat-file --batch`), never from
the work tree, so the revision is exact and a symlink is never followed.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from draftflow.acquire.rules import BAD_PATH, MISSING_OBJECT, SUBMODULE, SYMLINK, Collector
from draftflow.errors import InputError

FULL_SHA = re.compile(r"[0-9a-f]{40}")

SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "core.fsmonitor=false",
    "core.askPass=",
    "credential.helper=",
    "credential.interactive=never",
    "submodule.recurse=false",
    "fetch.recurseSubmodules=false",
    "protocol.allow=never",
    "protocol.https.allow=always",
    "protocol.ssh.allow=always",
    "protocol.git.allow=always",
    "advice.detachedHead=false",
)

# Variables that would point git at another repository or inject configuration (e.g. when
# draftflow itself runs inside a git hook); proxies and CA settings are kept.
_INHERITED_GIT_VARIABLES_DROPPED = frozenset(
    {
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_INDEX_FILE",
        "GIT_OBJECT_DIRECTORY",
        "GIT_ALTERNATE_OBJECT_DIRECTORIES",
        "GIT_COMMON_DIR",
        "GIT_NAMESPACE",
        "GIT_ALLOW_PROTOCOL",
        "GIT_PROTOCOL_FROM_USER",
        "GIT_SSH",
        "GIT_SSH_COMMAND",
        "GIT_EXTERNAL_DIFF",
        "GIT_EDITOR",
        "GIT_SEQUENCE_EDITOR",
    }
)

MODE_SYMLINK = "120000"
MODE_SUBMODULE = "160000"


def git_environment() -> dict[str, str]:
    """The environment for every git call: no prompts, no pagers, bounded network waits."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _INHERITED_GIT_VARIABLES_DROPPED and not k.startswith("GIT_CONFIG_")
    }
    env.update(
        {
            "GIT_ALLOW_PROTOCOL": "https:ssh:git",
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_ASKPASS": "/bin/false",
            "SSH_ASKPASS": "/bin/false",
            "GIT_SSH_COMMAND": "ssh -o BatchMode=yes -o ConnectTimeout=15",
            "GIT_PAGER": "cat",
            "GIT_HTTP_LOW_SPEED_LIMIT": "1000",
            "GIT_HTTP_LOW_SPEED_TIME": "30",
            "LC_ALL": "C",
        }
    )
    return env


class GitFailed(Exception):
    """A git command exited non-zero or timed out; callers turn it into an `InputError`."""

    def __init__(self, args: Sequence[str], stderr: str, *, timed_out: bool = False) -> None:
        super().__init__(stderr)
        self.args_run = list(args)
        self.stderr = stderr.strip()
        self.timed_out = timed_out


def run_git(
    repo: Path | None,
    *args: str,
    timeout: float,
    stdin: bytes | None = None,
) -> bytes:
    """Run one hardened git command (in `repo` when given) and return its stdout bytes."""
    command = ["git"]
    for setting in SAFE_CONFIG:
        command += ["-c", setting]
    if repo is not None:
        command += ["-C", str(repo)]
    command += list(args)
    try:
        result = subprocess.run(
            command,
            input=stdin,
            capture_output=True,
            env=git_environment(),
            timeout=timeout,
            check=False,
            stdin=None if stdin is not None else subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as error:
        raise GitFailed(args, f"timed out after {timeout:g} s", timed_out=True) from error
    except FileNotFoundError as error:
        raise InputError(
            "git is not installed or not on PATH",
            hint="install git (https://git-scm.com) and run the command again",
        ) from error
    if result.returncode != 0:
        raise GitFailed(args, result.stderr.decode("utf-8", errors="replace"))
    return result.stdout


def is_git_repository(path: Path) -> bool:
    """Whether `path` is the top of a git checkout (has `.git`) or a bare repository."""
    if (path / ".git").exists():
        return True
    return (path / "HEAD").is_file() and (path / "objects").is_dir() and (path / "refs").is_dir()


def resolve_commit(repo: Path, revision: str, *, timeout: float) -> str:
    """The full 40-hex sha of `revision` in `repo`; an `InputError` when there is no such commit."""
    try:
        out = run_git(
            repo,
            "rev-parse",
            "--verify",
            "--quiet",
            "--end-of-options",
            f"{revision}^{{commit}}",
            timeout=timeout,
        )
    except GitFailed as error:
        if "dubious ownership" in error.stderr:
            raise InputError(
                f"git refuses to read {repo}: it is owned by another user",
                hint=f"run `git config --global --add safe.directory {repo}` if you trust it",
            ) from error
        raise InputError(
            f"revision {revision!r} does not exist in {repo}",
            hint="pass a commit sha, branch or tag that exists there (see `git log --oneline`)",
        ) from error
    sha = out.decode().strip()
    if not FULL_SHA.fullmatch(sha):
        raise InputError(f"git resolved {revision!r} to {sha!r}, not a commit sha")
    return sha


def commit_time(repo: Path, sha: str, *, timeout: float) -> str | None:
    """The committer time of `sha` as strict ISO 8601, or None when git cannot tell."""
    try:
        out = run_git(repo, "show", "-s", "--format=%cI", sha, timeout=timeout)
    except GitFailed:
        return None
    return out.decode().strip() or None


def remote_url(repo: Path, name: str, *, timeout: float) -> str | None:
    """The URL of remote `name` in `repo`, or None when there is no such remote."""
    try:
        out = run_git(repo, "remote", "get-url", name, timeout=timeout)
    except GitFailed:
        return None
    return out.decode().strip() or None


@dataclass(frozen=True)
class TreeEntry:
    """One entry of `git ls-tree -r --long`: a blob, symlink or submodule at a path; `missing`
    when git lists the entry but the copy does not hold its content (size `BAD`)."""

    mode: str
    kind: str
    object_id: str
    size: int | None
    path: bytes
    missing: bool = False


def list_tree(repo: Path, sha: str, *, timeout: float) -> list[TreeEntry]:
    """Every entry of the commit's tree, recursively, with sizes (no file content read)."""
    out = run_git(repo, "ls-tree", "-r", "-z", "--long", "--full-tree", sha, timeout=timeout)
    return list(_parse_ls_tree(out))


def _parse_ls_tree(out: bytes) -> Iterator[TreeEntry]:
    for record in out.split(b"\0"):
        if not record:
            continue
        meta, _, path = record.partition(b"\t")
        mode, kind, object_id, size = meta.decode("ascii").split()
        if size == "BAD":  # the object is listed in the tree but absent from this copy
            yield TreeEntry(mode, kind, object_id, None, path, missing=True)
        else:
            yield TreeEntry(mode, kind, object_id, None if size == "-" else int(size), path)


def read_blobs(repo: Path, object_ids: Sequence[str], *, timeout: float) -> dict[str, bytes]:
    """The exact bytes of each blob, read in one `git cat-file --batch` call."""
    if not object_ids:
        return {}
    request = "".join(f"{oid}\n" for oid in object_ids).encode("ascii")
    out = run_git(repo, "cat-file", "--batch", timeout=timeout, stdin=request)
    blobs: dict[str, bytes] = {}
    position = 0
    for oid in object_ids:
        header_end = out.index(b"\n", position)
        header = out[position:header_end].decode("ascii").split()
        if len(header) != 3 or header[1] != "blob":
            raise InputError(f"git could not read object {oid} ({' '.join(header)})")
        size = int(header[2])
        start = header_end + 1
        blobs[oid] = out[start : start + size]
        position = start + size + 1
    return blobs


def collect_commit(repo: Path, sha: str, collector: Collector, *, timeout: float) -> None:
    """Apply the selection rules to every entry of commit `sha` and read the selected blobs.

    Sizes come from the tree listing, so an oversized or excluded blob is never read.
    """
    wanted: dict[str, str] = {}
    for entry in list_tree(repo, sha, timeout=timeout):
        try:
            path = entry.path.decode("utf-8")
        except UnicodeDecodeError:
            collector.skip(entry.path.decode("utf-8", errors="replace"), BAD_PATH)
            continue
        if collector.excluded(path):
            continue
        if entry.mode == MODE_SYMLINK:
            collector.skip(path, SYMLINK)
        elif entry.mode == MODE_SUBMODULE or entry.kind != "blob":
            collector.skip(path, SUBMODULE)
        elif entry.missing:
            if collector.is_document(path):
                collector.skip(path, MISSING_OBJECT)
        elif collector.is_document(path) and collector.size_allowed(path, entry.size or 0):
            wanted[path] = entry.object_id
    blobs = read_blobs(repo, sorted(set(wanted.values())), timeout=timeout)
    for path, object_id in wanted.items():
        collector.add(path, blobs[object_id])
