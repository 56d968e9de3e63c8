"""The pinned documents a record names (its source and supplemental sources), with their ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from draftflow.record.model import Record

__all__ = ["PinnedDocument", "record_documents"]


class PinnedDocument(NamedTuple):
    """One pinned document a record names: its id, path, pinned URL and expected sha256."""

    document_id: str
    path: str
    pinned_url: str
    sha256: str

    @property
    def repository(self) -> str | None:
        """`OWNER/NAME` parsed from the pinned URL (`https://HOST/OWNER/NAME/blob/REV/PATH`)."""
        parts = self._url_parts()
        return f"{parts[0]}/{parts[1]}" if parts else None

    @property
    def revision(self) -> str | None:
        """The revision parsed from the pinned URL."""
        parts = self._url_parts()
        return parts[3] if parts else None

    def _url_parts(self) -> list[str] | None:
        _, _, rest = self.pinned_url.partition("://")
        parts = rest.split("/", 5)[1:]
        return parts if len(parts) >= 4 and parts[2] == "blob" else None


def record_documents(record: Record) -> list[PinnedDocument]:
    """Every pinned document the record names: the source first, then each supplemental source.

    The primary source carries no document id in the record; it gets the id that the
    supplemental sources' naming implies (their common prefix + the path), falling back to the
    snapshot convention `<repository name lowercased>-<path with / replaced by ->`.
    Documents are listed once each (by pinned URL), in record order.
    """
    source = record.source
    documents: list[PinnedDocument] = []
    if source.document_path and source.pinned_url and source.document_sha256:
        documents.append(
            PinnedDocument(
                _source_document_id(record, source.document_path),
                source.document_path,
                source.pinned_url,
                source.document_sha256,
            )
        )
    documents += [
        PinnedDocument(s.document_id, s.document_path, s.pinned_url, s.document_sha256)
        for s in record.supplemental_sources
    ]
    seen: set[str] = set()
    unique = []
    for document in documents:
        if document.pinned_url not in seen:
            seen.add(document.pinned_url)
            unique.append(document)
    return unique


def _path_slug(path: str) -> str:
    return path.replace("/", "-")


def _source_document_id(record: Record, path: str) -> str:
    source = record.source
    for supplemental in record.supplemental_sources:
        if supplemental.document_path == path and (supplemental.repository == source.repository):
            return supplemental.document_id
    for supplemental in record.supplemental_sources:
        suffix = "-" + _path_slug(supplemental.document_path)
        if supplemental.repository == source.repository and supplemental.document_id.endswith(
            suffix
        ):
            prefix = supplemental.document_id[: -len(suffix)]
            return f"{prefix}-{_path_slug(path)}"
    name = source.repository.rsplit("/", 1)[-1].lower()
    return f"{name}-{_path_slug(path)}"
