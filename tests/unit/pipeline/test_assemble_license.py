"""The record's license note says what was read (read33-s23: "check the repository's license
file" over repositories that have none)."""

from __future__ import annotations

from draftflow.pipeline.assemble import _license
from draftflow.record.model import License
from draftflow.select.setup_fields import LICENSE_NOT_NAMED

_DEFAULT = License(
    declared_spdx=None, scope="Not read by draftflow; check the repository's license file."
)


def test_a_repository_with_no_license_document_says_so() -> None:
    found = _license(_DEFAULT, None, LICENSE_NOT_NAMED)
    assert found.declared_spdx is None
    assert "check the repository's license file" not in found.scope
    assert LICENSE_NOT_NAMED in found.scope


def test_a_declared_license_is_the_repository_s_only() -> None:
    found = _license(_DEFAULT, "MIT", None)
    assert found.declared_spdx == "MIT" and found.scope.startswith("Repository license only")
