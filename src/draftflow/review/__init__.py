"""Review and sign-off: where records stand, what changed, the review page, and approval."""

from draftflow.review.diff import RecordDiff, diff_lines, diff_records, load_version
from draftflow.review.html import render_review_html
from draftflow.review.signoff import (
    APPROVED_STATUS,
    Acknowledgement,
    ApprovalResult,
    SignOff,
    approve,
    load_signoff,
    snapshot_for,
)
from draftflow.review.status import (
    RecordStatus,
    ReviewState,
    load_report,
    record_status,
    review_state,
    status,
)

__all__ = [
    "APPROVED_STATUS",
    "Acknowledgement",
    "ApprovalResult",
    "RecordDiff",
    "RecordStatus",
    "ReviewState",
    "SignOff",
    "approve",
    "diff_lines",
    "diff_records",
    "load_report",
    "load_signoff",
    "load_version",
    "record_status",
    "render_review_html",
    "review_state",
    "snapshot_for",
    "status",
]
