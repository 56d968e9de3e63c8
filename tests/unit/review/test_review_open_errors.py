"""One rule of which error flags stay open: `status`, `approve` and `review` ask the same one."""

from __future__ import annotations

from draftflow.review.signoff import (
    Acknowledgement,
    SignOff,
    open_error_flags,
    resolve_acknowledgements,
    unacknowledged_errors,
)
from draftflow.review.status import open_errors
from draftflow.verify import Rule, Severity, VerificationReport
from draftflow.verify.report import CheckedCounts, Flag, make_flag

ERROR = make_flag(Severity.ERROR, Rule.REPORTED_RESULTS, "/a", "1", "not on its line")
OTHER_ERROR = make_flag(Severity.ERROR, Rule.REPORTED_RESULTS, "/b", "2", "not on its line")
WARNING = make_flag(Severity.WARNING, Rule.REPORTED_RESULTS, "/c", "3", "a warning")
REPORT = VerificationReport(
    record_id="r", checked=CheckedCounts(), flags=[ERROR, OTHER_ERROR, WARNING]
)


def signoff_acknowledging(flag: Flag) -> SignOff:
    ack = Acknowledgement(
        flag_id=flag.id,
        severity=str(flag.severity),
        rule=flag.rule,
        location=flag.location,
        claim=flag.claim,
        reason="checked",
    )
    return SignOff(
        record_id="r",
        editor="Ed",
        time="t",
        record_sha256="0" * 64,
        acknowledged=[ack],
        errors=1,
        warnings=1,
    )


def test_an_unacknowledged_error_stays_open_and_a_warning_never_does() -> None:
    assert unacknowledged_errors(REPORT.flags, {ERROR.id}) == [OTHER_ERROR]
    assert unacknowledged_errors(REPORT.flags, set()) == [ERROR, OTHER_ERROR]


def test_status_approve_and_review_count_the_same_open_errors() -> None:
    signoff = signoff_acknowledging(ERROR)
    assert open_error_flags(REPORT, signoff) == [OTHER_ERROR]
    assert open_errors(REPORT, signoff) == 1
    assert open_errors(REPORT, None) == 2
    _, still_open = resolve_acknowledgements(REPORT.flags, {ERROR.id: "checked"})
    assert still_open == open_error_flags(REPORT, signoff)
