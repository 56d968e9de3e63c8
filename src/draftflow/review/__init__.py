"""Review and sign-off: where records stand, what changed, the review page, and approval."""

from draftflow.review.copies import LocalCopies
from draftflow.review.diff import RecordDiff, diff_lines, diff_records
from draftflow.review.html import render_review_html
from draftflow.review.reverify import (
    Reverification,
    Verification,
    current_report,
    reverify,
    snapshot_for,
)
from draftflow.review.signoff import (
    APPROVED_STATUS,
    Acknowledgement,
    ApprovalResult,
    SignOff,
    approve,
    load_signoff,
)
from draftflow.review.status import (
    RecordStatus,
    ReviewState,
    load_report,
    open_errors,
    record_status,
    review_state,
    status,
)
from draftflow.review.versions import diff_versions, load_version

__all__ = [
    "APPROVED_STATUS",
    "Acknowledgement",
    "ApprovalResult",
    "LocalCopies",
    "RecordDiff",
    "RecordStatus",
    "Reverification",
    "ReviewState",
    "SignOff",
    "Verification",
    "approve",
    "current_report",
    "diff_lines",
    "diff_records",
    "diff_versions",
    "load_report",
    "load_signoff",
    "load_version",
    "open_errors",
    "record_status",
    "render_review_html",
    "reverify",
    "review_state",
    "snapshot_for",
    "status",
]
