"""The select stage: the headline `reported_results` among every grounded figure, and the
record-level metadata, test profiles and per-figure conditions the sources state.

`select(snapshot, extraction, client)` reads the extract stage's `Extraction` and returns a
`Selection` (`artifact.py`), the draft stage's input. It scores every figure by rules (see
`rules.py`); with a model, the model chooses among the best-ranked candidates by id
(`model_choice.py`) and can never add a number. Every figure keeps a stable id in
`records/<id>.figures.json`; an editor's later changes (`draftflow select ID --add/--drop`) are
re-applied on a re-draft.

The names below load on first use (PEP 562): a process that reads only a submodule (`verify`
reads `select.figures_file`, `review` the figures file) does not import the whole stage, with
its lead model, name matching and metadata readers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from draftflow.runtime.lazy import lazy_names

if TYPE_CHECKING:
    from draftflow.select.artifact import Selection
    from draftflow.select.figures_file import (
        Figure,
        dump_figures,
        figure_id,
        load_figures,
        make_figures,
        parse_figures,
    )
    from draftflow.select.metadata_model import RecordMetadata
    from draftflow.select.model_names import model_family
    from draftflow.select.profiles import (
        make_profiles,
        profile_label,
        readable_label,
        with_stated_labels,
    )
    from draftflow.select.rules import DEFAULT_MAX_RESULTS
    from draftflow.select.run import EDITED, apply_edits, build_selection, select

FIGURES_NAME = "figures.json"
"""The figures file beside a record: `records/<id>.figures.json`."""

# each name this package gives, and the module it comes from
_FROM = {
    "DEFAULT_MAX_RESULTS": "draftflow.select.rules",
    "EDITED": "draftflow.select.run",
    "Figure": "draftflow.select.figures_file",
    "RecordMetadata": "draftflow.select.metadata_model",
    "Selection": "draftflow.select.artifact",
    "apply_edits": "draftflow.select.run",
    "build_selection": "draftflow.select.run",
    "dump_figures": "draftflow.select.figures_file",
    "figure_id": "draftflow.select.figures_file",
    "load_figures": "draftflow.select.figures_file",
    "make_figures": "draftflow.select.figures_file",
    "make_profiles": "draftflow.select.profiles",
    "model_family": "draftflow.select.model_names",
    "parse_figures": "draftflow.select.figures_file",
    "profile_label": "draftflow.select.profiles",
    "readable_label": "draftflow.select.profiles",
    "select": "draftflow.select.run",
    "with_stated_labels": "draftflow.select.profiles",
}

__all__ = [
    "DEFAULT_MAX_RESULTS",
    "EDITED",
    "FIGURES_NAME",
    "Figure",
    "RecordMetadata",
    "Selection",
    "apply_edits",
    "build_selection",
    "dump_figures",
    "figure_id",
    "load_figures",
    "make_figures",
    "make_profiles",
    "model_family",
    "parse_figures",
    "profile_label",
    "readable_label",
    "select",
    "with_stated_labels",
]

__getattr__, __dir__ = lazy_names(__name__, _FROM)
