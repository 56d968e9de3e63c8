"""The record's measured model, read from the headline figures and the sources, with the line
that states it or the reason no source does.

The model is the one the selected figures were measured on (their `model` conditions), else
the model repository id the README names, else the one model the README states by another
shape (title, `Model:` line, a model column of one value: `model_names.py`), else the one model
every headline figure's document states; its family is the name's leading word. A repository
that compares models names none: the reason lists them, and the family is kept when all of
them share it. Each headline figure without a model of its own carries its document's model
(`metadata.read_metadata` reads them into `document_models` first).
"""

from __future__ import annotations

from collections.abc import Sequence

from draftflow.acquire.snapshot import Document, Snapshot
from draftflow.extract.document import parse_document
from draftflow.record.model import ModelArtifact, ReportedResult, document_url
from draftflow.select.artifact_revision import artifact_revision
from draftflow.select.metadata_model import RecordMetadata
from draftflow.select.model_names import (
    StatedModel,
    common_model,
    comparison_reason,
    distinct_models,
    model_family,
    same_model_name,
    stated_models,
)
from draftflow.select.model_names import (
    artifact as named_artifact,
)

MODEL_KEYS = ("model", "model_id", "model_name", "served_model", "served_model_name")


# a maker's name before the model's own (`NVIDIA Nemotron 3 Super`, `Meta Llama 3.1 8B`)
def read_model(
    meta: RecordMetadata,
    snapshot: Snapshot,
    headline: list[ReportedResult],
    front: list[Document],
    readme: Document | None,
) -> None:
    """The measured model: the headline figures' own (variants of one model are that model;
    several models are a comparison, which names none), matched to the model repository id
    the front documents name, else the one model the README or the figures' documents state;
    `unstated` says why when there is none."""
    stated = _figure_models(headline)
    every = _with_carried_models(meta, headline, stated)
    named = distinct_models([StatedModel(n, 0) for n in every])
    if len(named) > 1 and common_model(list(every)) is None:
        found = [(n.name, every[n.name]) for n in named]
        _comparison(meta, found, "the headline figures were measured on")
        return
    name: str | None = None
    if stated and not _most_name_a_model(meta, headline):
        meta.unstated["model_id"] = (
            "the model a few headline figures name is not what most of them were measured on"
        )
        return
    if stated:
        name = common_model(list(stated))
        if name is None:
            return  # several stated models that are not variants of one: handled above
        meta.evidence["model_id"] = stated[name]
    name = _model_artifact(meta, snapshot, front, name, headline)
    if name is None:
        name = _stated_elsewhere(meta, readme, headline, front[1:] if readme else front)
    if name is None:
        if "model_id" not in meta.unstated:
            meta.unstated["model_id"] = "no source names the model it measured"
        return
    _name_model(meta, name)


def _most_name_a_model(meta: RecordMetadata, headline: list[ReportedResult]) -> bool:
    """Whether at least half the headline figures name a model, their own or their
    document's: one table of another model among unnamed figures does not name the record's."""
    naming = sum(
        any(isinstance(result.conditions.get(key), str) for key in MODEL_KEYS)
        or result.source_document_id in meta.document_models
        for result in headline
    )
    return naming * 2 >= len(headline)


def _figure_models(headline: list[ReportedResult]) -> dict[str, str]:
    """The models the headline figures' own conditions name (the first model key a figure
    fills), each with the evidence of the first figure that names it, in order."""
    return first_stated(headline, MODEL_KEYS)


def first_stated(headline: list[ReportedResult], keys: Sequence[str]) -> dict[str, str]:
    """Each value the figures' conditions state under the first of `keys` a figure fills,
    with the evidence of the first figure that states it, in order."""
    where: dict[str, str] = {}
    for result in headline:
        for key in keys:
            value = result.conditions.get(key)
            if isinstance(value, str) and value.strip():
                where.setdefault(value.strip(), result.evidence_url)
                break
    return where


def _with_carried_models(
    meta: RecordMetadata, headline: list[ReportedResult], stated: dict[str, str]
) -> dict[str, str]:
    """The figures' own models, with those that figures without one of their own carry from
    their documents."""
    every = dict(stated)
    for result in headline:
        carried = meta.document_models.get(result.source_document_id)
        if carried is not None and not any(
            isinstance(result.conditions.get(key), str) for key in MODEL_KEYS
        ):
            every.setdefault(carried[0], carried[1])
    return every


def _model_artifact(
    meta: RecordMetadata,
    snapshot: Snapshot,
    front: list[Document],
    name: str | None,
    headline: list[ReportedResult],
) -> str | None:
    """The model repository id the front documents name for `name` (with no name, the one
    they name, but not in a code block of a document without a headline figure: an example
    config names no model of figures elsewhere), with its revision where a source writes it:
    set as the record's model id and artifact. Returns the model's name: `name`, else the
    id's model part; None when neither."""
    artifact = named_artifact(front, name)
    if artifact is None:
        return name
    ident, line = artifact
    if name is None and _an_example_elsewhere(front, line, headline):
        return None
    name_part = ident.split("/", 1)[1]
    if name is not None and not (same_model_name(name, ident) or same_model_name(name, name_part)):
        return name
    meta.model_id = ident
    revision = artifact_revision(snapshot, ident, line)
    meta.model_artifact = ModelArtifact(id=ident, revision=revision[0] if revision else None)
    meta.evidence["model_id"] = meta.evidence.get("model_id", line)
    meta.evidence["model_artifact"] = line
    if revision is not None:
        meta.evidence["model_revision"] = revision[1]
    return name or name_part


def _name_model(meta: RecordMetadata, name: str) -> None:
    """The record's model id (unless its artifact set it), label and family, cited where
    the model id is."""
    meta.model_id = meta.model_id or name
    meta.model_label = name.split("/", 1)[-1]
    meta.model_family = model_family(meta.model_label)
    meta.evidence["model_label"] = meta.evidence["model_id"]
    if meta.model_family:
        meta.evidence["model_family"] = meta.evidence["model_id"]


def _stated_elsewhere(
    meta: RecordMetadata,
    readme: Document | None,
    headline: list[ReportedResult],
    cited: list[Document],
) -> str | None:
    """The one model the README states (title, `Model:` line, model column), else the one
    every headline figure's document states; several in the README: a comparison."""
    if readme is not None:
        named = stated_models(readme)
        if len(named) == 1:
            meta.evidence["model_id"] = readme.line_url(named[0].line)
            return named[0].name
        if named:
            found = [(n.name, readme.line_url(n.line)) for n in named]
            _comparison(meta, found, "the README names")
            return None
    carried = [meta.document_models.get(r.source_document_id) for r in headline]
    if not headline or None in carried:
        _unnamed(meta, cited)  # a figure's document names no one model: the record cannot
        return None
    urls = dict(sorted({c for c in carried if c is not None}, reverse=True))
    named = distinct_models([StatedModel(name, 0) for name in sorted(urls)])
    if len(named) == 1:
        meta.evidence["model_id"] = urls[named[0].name]
        return named[0].name
    return None


def _unnamed(meta: RecordMetadata, cited: list[Document]) -> None:
    """Why no model: the headline figures' documents compare several, or name one only in
    some of them (those figures carry it in their conditions)."""
    found = [
        (stated.name, document.line_url(stated.line))
        for document in cited
        for stated in stated_models(document)
    ]
    named = distinct_models([StatedModel(name, 0) for name, _ in found])
    urls = dict(reversed(found))
    if len(named) > 1 and common_model([name for name, _ in found]) is None:
        listed = [(n.name, urls[n.name]) for n in named]
        _comparison(meta, listed, "the documents of the headline figures name")
    elif named:
        meta.unstated["model_id"] = (
            f"only some headline figures' documents name their model ({named[0].name}); "
            "those figures carry it in their conditions, the others state none"
        )


def _comparison(meta: RecordMetadata, found: list[tuple[str, str]], where: str) -> None:
    """A record about several models (name, line URL) names none; the family stays when all
    of them share it."""
    names = [name for name, _ in found]
    meta.unstated["model_id"] = comparison_reason(names, where)
    families = {(model_family(n.split("/")[-1]) or "").lower() for n in names}
    if len(families) == 1 and "" not in families:
        meta.model_family = model_family(names[0].split("/")[-1])
        meta.evidence["model_family"] = found[0][1]
    else:
        meta.unstated["model_family"] = "the compared models belong to several families"


def _an_example_elsewhere(front: list[Document], line: str, headline: list[ReportedResult]) -> bool:
    """Whether a line naming a model is in a fenced code block of a document that holds no
    headline figure (er0080/vllm-benchmarking's README: `model: facebook/opt-125m` in the
    config a first run is shown with, while its figures stand in `docs/`)."""
    where = document_url(line)
    if where in {document_url(result.evidence_url) for result in headline}:
        return False
    number = int(line.rpartition("#L")[2] or 0)
    document = next((d for d in front if document_url(d.line_url(1)) == where), None)
    return document is not None and number in parse_document(document).fenced_lines()
