"""Rule 1, identity: every named document exists at its path, its bytes hash to its
`document_sha256`, and its pinned URL is the canonical one for its repository, revision and
path. Also gathers the record's documents and the revisions and hashes known to be true."""

from __future__ import annotations

from draftflow.acquire.snapshot import (
    GITHUB,
    Snapshot,
    is_local_url,
    pinned_url,
    repository_url,
    sha256_hex,
    url_host,
)
from draftflow.record.documents import record_documents
from draftflow.record.model import Record
from draftflow.text.pointer import pointer
from draftflow.verify.context import ListedDocument, VerifyContext
from draftflow.verify.report import Rule, Severity

HUGGINGFACE = "https://huggingface.co"


def listed_documents(record: Record, snapshot: Snapshot) -> list[ListedDocument]:
    """The record's documents (source first), each with the snapshot's bytes when the
    snapshot is of the same repository and holds the path."""
    places: dict[str, tuple[str, str, str]] = {}
    if record.source.pinned_url:
        places[record.source.pinned_url] = (
            record.source.repository,
            record.source.revision,
            "/source",
        )
    for i, supplemental in enumerate(record.supplemental_sources):
        places.setdefault(
            supplemental.pinned_url,
            (supplemental.repository, supplemental.revision, pointer("supplemental_sources", i)),
        )
    listed = []
    for doc in record_documents(record):
        repository, revision, where = places[doc.pinned_url]
        same_repository = repository.lower() == snapshot.repository.lower()
        document = snapshot.by_path(doc.path) if same_repository else None
        listed.append(
            ListedDocument(
                document_id=doc.document_id,
                path=doc.path,
                pinned_url=doc.pinned_url,
                sha256=doc.sha256,
                repository=repository,
                revision=revision,
                pointer=where,
                document=document,
            )
        )
    return listed


def canonical_urls(
    repository: str, revision: str, path: str, local_host: str | None = None
) -> set[str]:
    """The pinned URLs accepted for a document: GitHub's, Hugging Face's for model repos, and
    the local one on `local_host` when the record's source is marked local."""
    urls = {
        pinned_url(repository, revision, path),
        f"{HUGGINGFACE}/{repository}/blob/{revision}/{path}",
    }
    if local_host is not None:
        urls.add(pinned_url(repository, revision, path, local_host))
    return urls


def _local_host(ctx: VerifyContext) -> str | None:
    """`local://HOST` when the record's source URL is marked local, else None."""
    url = ctx.record.source.url
    return url_host(url) if is_local_url(url) else None


def check_identity(ctx: VerifyContext) -> None:
    """Flag every document whose path, bytes, pinned URL or revision is not what it claims."""
    record, snapshot = ctx.record, ctx.snapshot
    _check_source_fields(ctx)
    ids: set[str] = set()
    for listed in ctx.listed:
        ctx.counts.documents += 1
        if listed.document_id in ids:
            ctx.flag(
                Severity.ERROR,
                Rule.IDENTITY,
                listed.pointer,
                listed.document_id,
                f"document id {listed.document_id} is used by two documents",
            )
        ids.add(listed.document_id)
        _check_pinned_url(ctx, listed)
        if listed.repository.lower() != snapshot.repository.lower():
            ctx.counts.documents_missing += 1
            ctx.flag(
                Severity.WARNING,
                Rule.IDENTITY,
                listed.pointer,
                listed.pinned_url,
                f"{listed.path} is in {listed.repository}, not in the checked repository "
                f"{snapshot.repository}; its bytes and numbers cannot be checked offline",
            )
            continue
        _check_bytes(ctx, listed)
    ctx.known_hexes.add(snapshot.revision.lower())
    ctx.known_hexes.update(d.sha256 for d in ctx.listed if d.document is not None)
    for supplemental_pointer, parent in (
        (pointer("supplemental_sources", i, "parent_record_id"), s.parent_record_id)
        for i, s in enumerate(record.supplemental_sources)
    ):
        if parent != record.id:
            ctx.flag(
                Severity.WARNING,
                Rule.IDENTITY,
                supplemental_pointer,
                parent,
                f"parent_record_id {parent} is not this record's id {record.id}",
            )


def _check_source_fields(ctx: VerifyContext) -> None:
    record, snapshot = ctx.record, ctx.snapshot
    source = record.source
    if source.repository.lower() != snapshot.repository.lower():
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            "/source/repository",
            source.repository,
            f"the record names {source.repository} but the checked source is {snapshot.repository}",
        )
    if source.revision != snapshot.revision:
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            "/source/revision",
            source.revision,
            f"the record pins revision {source.revision} but the checked source is at "
            f"{snapshot.revision}",
        )
    expected = repository_url(source.repository, _local_host(ctx) or GITHUB)
    if source.url != expected:
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            "/source/url",
            source.url,
            f"source url should be {expected}",
        )
    elif is_local_url(source.url):
        ctx.flag(
            Severity.WARNING,
            Rule.IDENTITY,
            "/source/url",
            source.url,
            f"the pinned URLs are marked local: {source.repository} was read from a copy whose "
            "origin is not a GitHub repository, so no reader can open them; draft again with "
            "--origin https://github.com/OWNER/NAME naming the public repository",
        )
    if source.document_sha256 and record.editorial.source_document_sha256 != (
        source.document_sha256
    ):
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            "/editorial/source_document_sha256",
            record.editorial.source_document_sha256 or "null",
            f"the editorial names document sha256 {record.editorial.source_document_sha256}"
            f" but the source document's is {source.document_sha256}",
        )


def _check_pinned_url(ctx: VerifyContext, listed: ListedDocument) -> None:
    accepted = canonical_urls(listed.repository, listed.revision, listed.path, _local_host(ctx))
    if listed.pinned_url not in accepted:
        expected = pinned_url(listed.repository, listed.revision, listed.path)
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            f"{listed.pointer}/pinned_url",
            listed.pinned_url,
            f"pinned URL is not the canonical URL for {listed.repository} at revision "
            f"{listed.revision}, path {listed.path}: expected {expected}",
        )
    snapshot = ctx.snapshot
    same = listed.repository.lower() == snapshot.repository.lower()
    if same and listed.revision != snapshot.revision and listed.pointer != "/source":
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            f"{listed.pointer}/revision",
            listed.revision,
            f"{listed.path} is pinned at {listed.revision}, but the checked source is at "
            f"{snapshot.revision}",
        )


def _check_bytes(ctx: VerifyContext, listed: ListedDocument) -> None:
    document = listed.document
    if document is None:
        ctx.counts.documents_missing += 1
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            f"{listed.pointer}/document_path",
            listed.path,
            f"{listed.path} does not exist in {ctx.snapshot.repository} at "
            f"{ctx.snapshot.revision} (or was skipped when the source was read)",
        )
        return
    actual = sha256_hex(document.data)
    if actual != listed.sha256:
        ctx.flag(
            Severity.ERROR,
            Rule.IDENTITY,
            f"{listed.pointer}/document_sha256",
            listed.sha256,
            f"the bytes of {listed.path} hash to {actual}, not to the recorded {listed.sha256}",
            [ctx.evidence(listed, None)],
        )
