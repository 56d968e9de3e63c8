"""Sign-off: an editor approves one exact version of a record, with every error flag answered.

What a sign-off is bound to: everything that is published, as one hash. `published_sha256`
(`published_sha256` below) covers the bytes of the record `records/<id>.json` *as approved*
(its `editorial_status` set to `approved`), its article `<id>.md` and its figures file
`<id>.figures.json` (ids and content; its absence is hashed too). Any later change to any of
them, the status included, makes the sign-off stale; so does a sign-off written before the hash
covered the article and figures (it has no `published_sha256`). `record_sha256` (the record
file's own sha256, as `sha256sum` gives it) stays for `diff --against approved`. A re-draft
whose content is unchanged keeps the previous files byte for byte (see `pipeline.stabilise`),
so it does not go stale.

What a sign-off guarantees, and what it does not: it is a plain file, not a cryptographic
signature; whoever can write the records folder can write one (editor, time, hash and
acknowledgements alike). So it is never taken on trust: `status` and `review` call a record
approved only when (1) the sign-off's hash is that of the record's bytes now, and (2) the
record, verified again against its sources now (`reverify`), has no error flag that the
sign-off does not acknowledge by flag id with a reason. A record edited by hand, with or
without a sign-off edited to match, therefore shows as flagged (or, where its sources cannot
be read, as not re-verified), never as approved. What the sign-off alone attests (who approved
and when) is only as trustworthy as write access to the records folder; bind it to a person
with the records repository's signed commits.

`approve` re-runs verify (the record and its figures file) against the sources first, then
refuses while any error flag has no acknowledgement with a reason. The record is saved (the
pre-approval version goes to history) and a copy of the approved bytes kept in
`.approved/<id>.json` before the sign-off file is written, so a crash in between leaves an
unsigned record, never a sign-off for content that was not written.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from draftflow import __version__
from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import CheckFailed, InputError, OutputError
from draftflow.record.files import dump_record, parse_record, record_file_sha256
from draftflow.record.model import Record
from draftflow.record.render import render_markdown
from draftflow.review.reverify import current_report
from draftflow.store.write import HeldLock, RecordStore, atomic_write_text
from draftflow.text.json_input import load_optional_json
from draftflow.verify import Flag, VerificationReport

APPROVED_STATUS = "approved"
HASH_SCOPE = (
    "published_sha256: sha256 over records/<id>.json as approved (editorial_status included), "
    "<id>.md and <id>.figures.json, each as name, byte count and bytes"
)
PUBLISHED_FILES = ("json", "md", "figures.json")
_ABSENT = b"absent"

Verifier = Callable[[Record, Snapshot], VerificationReport]


class Acknowledgement(BaseModel):
    """An editor's answer to one flag: the flag as it stood and the reason it may stand."""

    flag_id: str
    severity: str
    rule: str
    location: str
    claim: str
    reason: str = Field(min_length=1)


class SignOff(BaseModel):
    """The editor's sign-off of one exact version of a record (`records/<id>.signoff.json`)."""

    record_id: str
    editor: str = Field(min_length=1)
    time: str = Field(description="ISO 8601 UTC time of the sign-off")
    record_sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    published_sha256: str | None = Field(
        default=None,
        pattern=r"^[0-9a-f]{64}$",
        description="one hash of the record, its article and its figures file as approved",
    )
    hash_scope: str = HASH_SCOPE
    editorial_status: str = APPROVED_STATUS
    acknowledged: list[Acknowledgement] = Field(default_factory=list)
    errors: int = Field(description="error flags at sign-off, all acknowledged")
    warnings: int = Field(description="warning flags at sign-off")
    draftflow_version: str = __version__


@dataclass(frozen=True)
class ApprovalResult:
    """What `approve` did: the sign-off written, the report it rests on, and where."""

    signoff: SignOff
    report: VerificationReport
    signoff_path: Path
    record_changed: bool


def approved_copy_path(store: RecordStore, record_id: str) -> Path:
    """Where `approve` keeps a copy of exactly the bytes it signed (`.approved/<id>.json`).

    History only holds versions that a later save replaced; a record edited by hand would
    otherwise lose its approved version, and `diff --against approved` with it.
    """
    return store.root / ".approved" / f"{record_id}.json"


def published_sha256(record_id: str, files: Mapping[str, bytes | None]) -> str:
    """One sha256 over the published files of a record: for each of `PUBLISHED_FILES` (a
    suffix such as "md" mapped to its bytes, None when there is no such file) its name, byte
    count and bytes, so that no edit, swap, deletion or addition in any of them keeps the hash."""
    digest = hashlib.sha256(b"draftflow published files v1\n")
    for suffix in PUBLISHED_FILES:
        data = files.get(suffix)
        header = f"{record_id}.{suffix}\n{'-' if data is None else len(data)}\n"
        digest.update(header.encode("utf-8"))
        digest.update(_ABSENT if data is None else data)
        digest.update(b"\n")
    return digest.hexdigest()


def published_files_now(store: RecordStore, record_id: str) -> dict[str, bytes | None]:
    """The bytes of each published file of a record as it stands on disk (None: absent)."""
    files: dict[str, bytes | None] = {}
    for suffix in PUBLISHED_FILES:
        path = store.root / f"{record_id}.{suffix}"
        try:
            files[suffix] = path.read_bytes()
        except FileNotFoundError:
            files[suffix] = None
        except OSError as error:
            raise InputError(
                f"the published file {path} cannot be read: {error.strerror}",
                hint=f"make {path} readable for you, or draft the record again",
            ) from None
    return files


def published_sha256_now(store: RecordStore, record_id: str) -> str:
    """`published_sha256` of the record's files on disk now."""
    return published_sha256(record_id, published_files_now(store, record_id))


def load_signoff(path: Path) -> SignOff | None:
    """The sign-off stored at `path`, or None when the record was never signed off."""
    return load_optional_json(
        path,
        SignOff,
        what="the sign-off file",
        hint="delete it and run `draftflow approve` again",
    )


def dump_signoff(signoff: SignOff) -> str:
    """The sign-off file text: 2-space indented JSON with a trailing newline."""
    return json.dumps(signoff.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def resolve_acknowledgements(
    flags: list[Flag], acks: Mapping[str, str]
) -> tuple[list[Acknowledgement], list[Flag]]:
    """Match each `--ack` (a flag id or a unique prefix of one) to a flag.

    Returns the acknowledgements and the error flags still open. An ack naming no flag, an
    ambiguous prefix, or an empty reason is an `InputError`.
    """
    acknowledged: dict[str, Acknowledgement] = {}
    for given, reason in acks.items():
        flag = _find_flag(flags, given)
        if not reason.strip():
            raise InputError(
                f"the acknowledgement of flag {flag.id} has no reason",
                hint=f'say why it may stand: --ack {flag.id} --reason "..."',
            )
        acknowledged[flag.id] = Acknowledgement(
            flag_id=flag.id,
            severity=str(flag.severity),
            rule=flag.rule,
            location=flag.location,
            claim=flag.claim,
            reason=reason.strip(),
        )
    return list(acknowledged.values()), unacknowledged_errors(flags, acknowledged)


def unacknowledged_errors(flags: Iterable[Flag], acknowledged: Collection[str]) -> list[Flag]:
    """The error flags whose id is not among `acknowledged`: the one rule of what stays open
    (approve, status and review all ask it)."""
    return [flag for flag in flags if flag.is_error and flag.id not in acknowledged]


def open_error_flags(report: VerificationReport, signoff: SignOff | None) -> list[Flag]:
    """The error flags of `report` the sign-off does not acknowledge."""
    acknowledged = {ack.flag_id for ack in signoff.acknowledged} if signoff else set()
    return unacknowledged_errors(report.flags, acknowledged)


def _find_flag(flags: list[Flag], given: str) -> Flag:
    exact = [f for f in flags if f.id == given]
    matches = exact or [f for f in flags if f.id.startswith(given)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        errors = [f.id for f in flags if f.is_error]
        raise InputError(
            f"no flag {given!r} in the current verification of this record",
            hint="its error flags are "
            + ", ".join(errors[:5])
            + (" …" if len(errors) > 5 else "")
            + " (`draftflow review ID` shows each)"
            if errors
            else "it has no error flag to acknowledge: approve it without --ack and --reason",
        )
    raise InputError(
        f"flag id prefix {given!r} matches {len(matches)} flags",
        hint="give more characters of the flag id (see `draftflow review ID`)",
    )


def _verifier_for(store: RecordStore) -> Verifier:
    return lambda record, snapshot: current_report(record, snapshot, store)


def approve(
    store: RecordStore,
    record_id: str,
    snapshot: Snapshot,
    *,
    editor: str,
    acks: Mapping[str, str] | None = None,
    now: datetime | None = None,
    verifier: Verifier | None = None,
) -> ApprovalResult:
    """Re-verify a record against its sources, then sign it off for `editor`.

    Refuses (`CheckFailed`) while an error flag has no acknowledgement with a reason. On
    success the record is saved with `editorial_status = "approved"` (its article and report
    rewritten too) and `records/<id>.signoff.json` pins the sha256 of exactly those bytes.
    """
    if not editor.strip():
        raise InputError("the editor's name is empty", hint="pass --editor 'Your Name'")
    with store.writer(record_id) as held:
        return _approve_locked(
            store, record_id, snapshot, editor.strip(), acks or {}, now, verifier, held
        )


def _approve_locked(
    store: RecordStore,
    record_id: str,
    snapshot: Snapshot,
    editor: str,
    acks: Mapping[str, str],
    now: datetime | None,
    verifier: Verifier | None,
    held: HeldLock,
) -> ApprovalResult:
    path = store.paths(record_id).json
    if not store.exists(record_id):
        store.load(record_id)  # raises the store's "no record" error with its hint
    loaded_text = path.read_text(encoding="utf-8")  # exact bytes: a hand edit need not be canonical
    figures_before = published_files_now(store, record_id)["figures.json"]
    record = parse_record(loaded_text, origin=str(path))
    report = (verifier or _verifier_for(store))(record, snapshot)
    acknowledged, still_open = resolve_acknowledgements(report.flags, acks)
    if still_open:
        raise CheckFailed(
            f"sign-off refused: {len(still_open)} error flag(s) of {record_id} are not "
            f"acknowledged: {', '.join(f.id for f in still_open)}",
            hint="fix the record, or acknowledge each with --ack FLAG_ID --reason TEXT "
            "(see `draftflow review " + record_id + "`)",
        )
    approved = record.model_copy(update={"editorial_status": APPROVED_STATUS})
    record_text, article = dump_record(approved), render_markdown(approved)
    report_text = report.model_dump_json(indent=2) + "\n"
    saved = store.save(approved, markdown=article, report=report_text, held=held)
    figures_after = published_files_now(store, record_id)["figures.json"]
    if saved.previous_text not in (None, loaded_text, record_text) or (
        figures_after != figures_before
    ):
        # Edited by hand between our read and our save (writers of draftflow wait for the
        # lock): our copy overwrote theirs, which is in history. Refuse rather than sign what
        # the editor did not review.
        raise OutputError(
            f"{record_id} changed while it was being approved; the sign-off was not written",
            hint="run `draftflow diff ID --against previous`, then approve again",
        )
    signoff = SignOff(
        record_id=record_id,
        editor=editor,
        time=(now or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0).isoformat(),
        record_sha256=record_file_sha256(record_text),
        published_sha256=published_sha256(
            record_id,
            {"json": record_text.encode(), "md": article.encode(), "figures.json": figures_after},
        ),
        acknowledged=acknowledged,
        errors=sum(1 for f in report.flags if f.is_error),
        warnings=sum(1 for f in report.flags if not f.is_error),
    )
    atomic_write_text(approved_copy_path(store, record_id), record_text)
    path = store.paths(record_id).signoff
    atomic_write_text(path, dump_signoff(signoff))
    return ApprovalResult(signoff, report, path, saved.changed)
