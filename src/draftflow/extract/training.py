"""Figures of a training run: a time or rate whose own names say it trained.

A fine-tune's `Avg Step Time | 33.93s` under `Training Performance` was published as a
latency (pendakwahteknologi/gx10-benchmarks 04-training-finetuning/README.md:18, read-s32):
a step of an optimizer is no request served. A time or speed figure whose column, row, key or
section path names training (`training`, `fine-tuning`, `train_runtime`, `step time`) is
`training_time` or `training_throughput`; a model described as trained (`fine-tuned`) names
no training run. The words are data (`numbers/vocabulary.toml`, `[standing] training_words`).
"""

from __future__ import annotations

import re
from functools import cache

from draftflow.extract.candidates import Candidate
from draftflow.extract.standing_marks import CJK
from draftflow.extract.vocabulary import SPEED_METRICS, TIME_METRICS
from draftflow.numbers.vocabulary import vocabulary

TRAINING_TIME = "training_time"
TRAINING_THROUGHPUT = "training_throughput"
_NAME_WORDS = 4
"""A row's cell of more words is text, not a name (a model's answer in a CSV of runs that
tells of training is no training run: singhh5050's phi3_combined.csv)."""


@cache
def _training_re() -> re.Pattern[str]:
    return _words_re(vocabulary().standing.training_words)


@cache
def _inference_re() -> re.Pattern[str]:
    return _words_re(vocabulary().standing.inference_words)


def _words_re(words: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for word in sorted(words, key=len, reverse=True):
        escaped = re.escape(word).replace(r"\ ", r"[\s_-]+")
        # `_` parts a key's words (`train_runtime`); a CJK word stands inside a longer name
        parts.append(escaped if CJK.search(word) else rf"(?<![^\W_]){escaped}(?![^\W_])")
    return re.compile("|".join(parts), re.I)


def names_training(text: str) -> bool:
    """Whether a name or heading says its figures measure training (`Training Performance`,
    `train_runtime`, `Avg Step Time`)."""
    return bool(text) and _training_re().search(text) is not None


def _names(candidate: Candidate) -> tuple[str, ...]:
    """The names a figure's own place gives it, nearest first: its key, its table row's
    cells (`| 04 | Fine-Tuning | Full FT of Llama 8B in 5h |`), its JSON path and its section
    path, innermost first (a prose figure's lead-in, then its heading)."""
    row: tuple[str, ...] = ()
    if candidate.json_path is None:
        row = tuple(text for text in candidate.context.values() if len(text.split()) <= _NAME_WORDS)
    return (
        candidate.key,
        candidate.row_header or "",
        candidate.json_path or "",
        *row,
        *reversed(candidate.headings or ((candidate.heading,) if candidate.heading else ())),
        *reversed(candidate.place),
    )


def training_metric(candidate: Candidate, metric: str) -> str:
    """A time or speed metric as the training one where the figure's names say it trained;
    any other metric as it is."""
    if metric not in TIME_METRICS and metric not in SPEED_METRICS:
        return metric
    for name in _names(candidate):
        if not name:
            continue
        if _inference_re().search(name):
            return metric  # `Inference after fine-tuning`: a served model's figure
        if names_training(name):
            return TRAINING_TIME if metric in TIME_METRICS else TRAINING_THROUGHPUT
    return metric


__all__ = ["TRAINING_THROUGHPUT", "TRAINING_TIME", "names_training", "training_metric"]
