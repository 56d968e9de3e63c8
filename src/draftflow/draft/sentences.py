"""Sentence-level edits of a draft: split prose into sentences, drop the ones verify rejects.

`drop_sentences` takes what a verification `Flag` carries, its location and its claim, and
removes every sentence at that location that contains the claim text. Removing by claim text
rather than by sentence index was chosen because it needs nothing but the flag, stays correct
when several flags hit one string, and cannot remove the wrong sentence if the string was
re-split differently. Locations are JSON pointers into the record (`/title`, `/summary`,
`/notes/0`, `/limitations/1`, `/editorial/answer`, `/editorial/sections/1/paragraphs/0`,
`/editorial/sections/1/citations/0`, `/editorial/sections/1`); `/sections/...` without the
`/editorial` prefix is accepted too. Locations outside the draft's text (reported results,
test profiles) are ignored: the pipeline drops those from the extraction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from draftflow.draft.artifact import EditorialDraft
from draftflow.draft.template_wording import join
from draftflow.record.model import Section
from draftflow.text.sentences import split_sentences

TITLE_WITHDRAWN = "Draft record: the title needs an editor"
NEUTRAL_HEADING = "What else does the source report?"


def without_claims(text: str, claims: Iterable[str]) -> str:
    """`text` minus every sentence that contains any of `claims`.

    When no sentence contains any claim (a verifier that reports a normalised claim), the
    whole text goes: a rejected number must never survive the edit.
    """
    claims = list(claims)
    sentences = split_sentences(text)
    kept = [s for s in sentences if not any(claim in s for claim in claims)]
    if len(kept) == len(sentences):
        return ""
    return " ".join(kept)


Claims = Mapping[str, Iterable[str]] | Iterable[tuple[str, str]]


def drop_sentences(draft: EditorialDraft, claims: Claims) -> EditorialDraft:
    """A copy of `draft` without the sentences that hold a rejected claim at its location.

    `claims` maps a location to the claims rejected there (or is a list of `(location,
    claim)` pairs), e.g. `flag.location -> {flag.claim}` for each flag on the prose. A flag on
    a section (`/editorial/sections/2`) drops the section, a flag on its heading replaces the
    heading with `NEUTRAL_HEADING`, a flag on one of its
    citations (`/editorial/sections/2/citations/0`) drops that citation. Paragraphs, notes and
    limitations left empty are removed, then sections left without paragraphs or citations;
    an emptied title becomes the first of the draft's `title_fallbacks` no flag rejects
    (else `TITLE_WITHDRAWN`), an emptied summary or answer its fallback (the template's, under
    a model's) where it has one, else stays empty. Under a model's framing, each field the
    template's text replaced is named in `template_framing` and in the creation method.
    """
    by_location = _by_location(claims)
    rejected = by_location.get("/title", [])
    fallbacks = (t for t in draft.title_fallbacks if not any(claim in t for claim in rejected))
    title = _apply(draft.title, by_location, "/title")
    summary = _apply(draft.summary, by_location, "/summary")
    answer = _apply(draft.answer, by_location, "/editorial/answer", "/answer")
    # the fallbacks of an emptied field: the template's text under a model's framing
    stood_in = {
        "title": "" if title else next(fallbacks, ""),
        "summary": "" if summary else _unrejected(draft.summary_fallback, by_location, "/summary"),
        "answer": ""
        if answer
        else _unrejected(draft.answer_fallback, by_location, "/editorial/answer", "/answer"),
    }
    update: dict[str, object] = {
        "title": title or stood_in["title"] or TITLE_WITHDRAWN,
        "summary": summary or stood_in["summary"],
        "answer": answer or stood_in["answer"],
        "notes": _edit_list(draft.notes, "notes", by_location),
        "limitations": _edit_list(draft.limitations, "limitations", by_location),
        "sections": _edit_sections(draft.sections, by_location),
    }
    if draft.drafted_by_model:
        update.update(_stood_in(draft, [name for name, text in stood_in.items() if text]))
    return draft.model_copy(update=update)


def _unrejected(fallback: str, by_location: dict[str, list[str]], *locations: str) -> str:
    """The fallback, unless it holds a claim rejected at its location."""
    rejected = [claim for location in locations for claim in by_location.get(location, [])]
    return "" if any(claim in fallback for claim in rejected) else fallback


def _stood_in(draft: EditorialDraft, fields: list[str]) -> dict[str, object]:
    """A model's framing fields that verify emptied and the template's text replaced: a
    summary's or answer's fallback is used once, and the creation method says which fields
    stand in, for the editor (the Kleybrink replay read "Draft record: the title needs an
    editor" over an empty summary and answer)."""
    fields = [name for name in fields if name not in draft.template_framing]
    if not fields:
        return {}
    verb = "stands in its place" if len(fields) == 1 else "stand in their place"
    return {
        "template_framing": [*draft.template_framing, *fields],
        "summary_fallback": "" if "summary" in fields else draft.summary_fallback,
        "answer_fallback": "" if "answer" in fields else draft.answer_fallback,
        "creation_method": f"{draft.creation_method} Verify removed every sentence of the "
        f"model's {join(fields)}; the template's {verb}, for the editor to check.",
    }


def _by_location(claims: Claims) -> dict[str, list[str]]:
    pairs: Iterable[tuple[str, str]]
    if isinstance(claims, Mapping):
        pairs = [(loc, claim) for loc, found in claims.items() for claim in found]
    else:
        pairs = claims
    by_location: dict[str, list[str]] = {}
    for location, claim in pairs:
        # Draft-relative pointers (`/sections/0/...`) mean the same as record pointers.
        normal = location.rstrip("/")
        if normal.startswith("/sections/"):
            normal = "/editorial" + normal
        by_location.setdefault(normal, []).append(claim)
    return by_location


def _apply(text: str, by_location: dict[str, list[str]], *locations: str) -> str:
    found = [claim for location in locations for claim in by_location.get(location, [])]
    return without_claims(text, found) if found else text


def _edit_list(items: list[str], name: str, by_location: dict[str, list[str]]) -> list[str]:
    edited = []
    for index, text in enumerate(items):
        kept = _apply(text, by_location, f"/{name}/{index}")
        if kept:
            edited.append(kept)
    return edited


def _edit_sections(sections: list[Section], by_location: dict[str, list[str]]) -> list[Section]:
    edited = []
    for index, section in enumerate(sections):
        prefix = f"/editorial/sections/{index}"
        if prefix in by_location:
            continue
        heading = NEUTRAL_HEADING if f"{prefix}/heading" in by_location else section.heading
        paragraphs = []
        for number, paragraph in enumerate(section.paragraphs):
            kept = _apply(paragraph, by_location, f"{prefix}/paragraphs/{number}")
            if kept:
                paragraphs.append(kept)
        citations = [
            citation
            for number, citation in enumerate(section.citations)
            if f"{prefix}/citations/{number}" not in by_location
        ]
        if paragraphs and citations:
            edited.append(Section(heading=heading, paragraphs=paragraphs, citations=citations))
    return edited
