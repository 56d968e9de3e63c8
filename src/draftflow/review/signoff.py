"""Sign-off: an editor approves one exact version of a record, with every error flag answered.

What a sign-off is bound to: `record_sha256` is `record_file_sha256` of the record's file *as
approved*, that is after its `editorial_status` has been set to `approved`: the sha256 of the
bytes of `records/<id>.json` (`sha256sum` gives the same value). Any later change to the file,
the status included, makes the sign-off stale. A re-draft whose content is unchanged keeps the
previous record (and so its status) byte for byte (see `pipeline.stabilise`), so it does not
go stale.

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

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from draftflow import __version__
from draftflow.acquire.snapshot import Snapshot
from draftflow.errors import CheckFailed, InputError, OutputError
from draftflow.record.model import Record, dump_record, parse_record, record_file_sha256
from draftflow.record.render import render_markdown
from draftflow.review.reverify import current_report
from draftflow.store.json_files import load_optional_json
from draftflow.store.write import RecordStore, atomic_write_text
from draftflow.verify import Flag, VerificationReport

APPROVED_STATUS = "approved"
HASH_SCOPE = "sha256 of records/<id>.json as approved (editorial_status included)"

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
    still_open = [f for f in flags if f.is_error and f.id not in acknowledged]
    return list(acknowledged.values()), still_open


def _find_flag(flags: list[Flag], given: str) -> Flag:
    exact = [f for f in flags if f.id == given]
    matches = exact or [f for f in flags if f.id.startswith(given)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise InputError(
            f"no flag {given!r} in the current verification of this record",
            hint="run `draftflow review ID` to list the flags and their ids",
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
    path = store.paths(record_id).json
    if not store.exists(record_id):
        store.load(record_id)  # raises the store's "no record" error with its hint
    loaded_text = path.read_text(encoding="utf-8")  # exact bytes: a hand edit need not be canonical
    record = parse_record(loaded_text, origin=str(path))
    report = (verifier or _verifier_for(store))(record, snapshot)
    acknowledged, still_open = resolve_acknowledgements(report.flags, acks or {})
    if still_open:
        raise CheckFailed(
            f"sign-off refused: {len(still_open)} error flag(s) of {record_id} are not "
            f"acknowledged: {', '.join(f.id for f in still_open)}",
            hint="fix the record, or acknowledge each with --ack FLAG_ID --reason TEXT "
            "(see `draftflow review " + record_id + "`)",
        )
    approved = record.model_copy(update={"editorial_status": APPROVED_STATUS})
    report_text = report.model_dump_json(indent=2) + "\n"
    saved = store.save(approved, markdown=render_markdown(approved), report=report_text)
    if saved.previous_text not in (None, loaded_text, dump_record(approved)):
        # Another writer replaced the record between our read and our save (a concurrent
        # approval of the same content would have written the same bytes): our copy overwrote
        # theirs, which is in history. Refuse rather than sign what the editor did not review.
        raise OutputError(
            f"{record_id} changed while it was being approved; the sign-off was not written",
            hint="run `draftflow diff ID --against previous`, then approve again",
        )
    signoff = SignOff(
        record_id=record_id,
        editor=editor.strip(),
        time=(now or datetime.now(UTC)).astimezone(UTC).replace(microsecond=0).isoformat(),
        record_sha256=record_file_sha256(dump_record(approved)),
        acknowledged=acknowledged,
        errors=sum(1 for f in report.flags if f.is_error),
        warnings=sum(1 for f in report.flags if not f.is_error),
    )
    atomic_write_text(approved_copy_path(store, record_id), dump_record(approved))
    path = store.paths(record_id).signoff
    atomic_write_text(path, dump_signoff(signoff))
    return ApprovalResult(signoff, report, path, saved.changed)
