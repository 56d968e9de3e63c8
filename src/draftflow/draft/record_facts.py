"""What the template drafter reads of the record-level metadata (the select stage's
`RecordMetadata` satisfies it): the measured model, runtimes, system and what stays unstated."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

UNSTATED_NAMES = {
    "model_id": "the measured model",
    "runtime": "the runtime",
    "system": "the system",
    "node_count": "the number of machines",
    "quantization": "the quantization",
    "experiment_date": "the date of the measurements",
}


class RecordFacts(Protocol):
    """Record-level facts the sources state, each tied to a line elsewhere."""

    @property
    def model_label(self) -> str | None: ...

    @property
    def model_id(self) -> str | None: ...

    @property
    def runtimes(self) -> Sequence[str]: ...

    @property
    def system(self) -> str | None: ...

    @property
    def node_count(self) -> int | None: ...

    @property
    def quantization(self) -> str | None: ...

    @property
    def experiment_date(self) -> str | None: ...

    @property
    def unstated(self) -> Mapping[str, str]: ...
