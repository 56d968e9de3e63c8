"""Which earlier version of a record a diff compares against: the approved one, the previous
one in history, or one at a git revision of the records directory."""

from __future__ import annotations

import subprocess

from draftflow.errors import InputError
from draftflow.record.files import parse_record, record_file_sha256
from draftflow.record.model import Record
from draftflow.review.diff import RecordDiff, diff_records
from draftflow.review.signoff import approved_copy_path, load_signoff
from draftflow.store.write import RecordStore


def diff_versions(store: RecordStore, record_id: str, against: str) -> RecordDiff:
    """The diff of the record's file now against the version `against` names (`load_version`),
    with the hash of each version's file bytes, as `status` and the sign-off hash them."""
    path = store.paths(record_id).json
    store.load(record_id)  # raises the store's "no record" error with its hint
    current_text = path.read_text(encoding="utf-8")
    old_text, label = version_text(store, record_id, against)
    return diff_records(
        _parse_file_text(old_text, label),
        _parse_file_text(current_text, str(path)),
        against=label,
        old_sha256=record_file_sha256(old_text),
        new_sha256=record_file_sha256(current_text),
    )


def load_version(store: RecordStore, record_id: str, against: str) -> tuple[Record, str]:
    """The version of a record to diff against, and a label saying which it is (see
    `version_text`)."""
    text, label = version_text(store, record_id, against)
    return _parse_file_text(text, label), label


def version_text(store: RecordStore, record_id: str, against: str) -> tuple[str, str]:
    """The file text of the version of a record to diff against, and a label saying which.

    `approved`: the version whose sha256 the sign-off pins (the current file, the copy that
    `approve` keeps, or one in history); `previous`: the newest version in history; anything
    else: a git revision of the repository holding the records directory
    (`git show REV:./<id>.json`).
    """
    if against == "approved":
        return _approved_version(store, record_id)
    if against == "previous":
        history = store.history(record_id)
        if not history:
            raise InputError(
                f"{record_id} has no previous version",
                hint="a record gets history when a later draft or sign-off changes it",
            )
        return history[-1].read_text(encoding="utf-8"), "previous"
    return _git_version(store, record_id, against), f"git {against}"


def _approved_version(store: RecordStore, record_id: str) -> tuple[str, str]:
    paths = store.paths(record_id)
    signoff = load_signoff(paths.signoff)
    if signoff is None:
        raise InputError(
            f"{record_id} was never approved",
            hint="use --against previous, or approve it first: "
            f"draftflow approve {record_id} --editor NAME",
        )
    copy = approved_copy_path(store, record_id)
    candidates = [
        paths.json,
        *([copy] if copy.is_file() else []),
        *reversed(store.history(record_id)),
    ]
    for candidate in candidates:
        text = candidate.read_text(encoding="utf-8")
        if record_file_sha256(text) == signoff.record_sha256:
            return text, f"approved by {signoff.editor} at {signoff.time}"
    raise InputError(
        f"the approved version of {record_id} (sha256 {signoff.record_sha256[:12]}) is not in "
        f"{paths.json.parent} or its history",
        hint="use --against previous or --against a git revision of the records directory",
    )


def _git_version(store: RecordStore, record_id: str, revision: str) -> str:
    if revision.startswith("-"):
        raise InputError(
            f"{revision!r} is not a git revision", hint="pass e.g. HEAD~1 or a commit sha"
        )
    name = store.paths(record_id).json.name
    spec = f"{revision}:./{name}"
    result = _git(store, "show", spec)
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise InputError(
            f"git cannot show {spec} in {store.root}: {message[-1] if message else 'failed'}",
            hint=_git_hint(store, record_id, name),
        )
    text = result.stdout.decode("utf-8", "replace")
    _parse_file_text(text, f"{spec} (git)")  # a version that is no record fails here, named
    return text


def _git(store: RecordStore, *args: str) -> subprocess.CompletedProcess[bytes]:
    """`git -C RECORDS_DIR ARGS`, its output captured."""
    try:
        return subprocess.run(
            ["git", "-C", str(store.root), *args], capture_output=True, check=False, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise InputError(f"cannot run git in {store.root}: {error}", hint="install git") from None


def _git_hint(store: RecordStore, record_id: str, name: str) -> str:
    """A fix that works: the commits that hold the record's file, or the record's own
    history when the records folder is not in git or never held it."""
    own = (
        f"compare with its last version: draftflow diff {record_id} --against previous"
        if store.history(record_id)
        else f"{record_id} has no earlier version to compare with yet (a re-draft or sign-off "
        "that changes it keeps one)"
    )
    inside = _git(store, "rev-parse", "--is-inside-work-tree")
    if inside.returncode != 0:
        return f"{store.root} is not in a git repository; {own}"
    log = _git(store, "log", "--format=%h %cs %s", "-n", "3", "--", f"./{name}")
    commits = log.stdout.decode("utf-8", "replace").splitlines() if log.returncode == 0 else []
    if not commits:
        return f"{name} was never committed there (commit it to compare later); or {own}"
    listed = "; ".join(commits)
    return (
        f"pass a commit that holds {name}, e.g. --against {commits[0].split()[0]} "
        f"(the latest: {listed}); or {own}"
    )


def _parse_file_text(text: str, origin: str) -> Record:
    return parse_record(text, origin=origin)
