"""One error root for draftflow; the CLI alone turns these into messages and exit codes.

Every error carries a message saying what went wrong and a `hint` saying what to do.
"""

from __future__ import annotations

from pathlib import Path


class DraftflowError(Exception):
    """Root of every error draftflow raises on purpose."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message}\n  fix: {self.hint}"


class ConfigError(DraftflowError):
    """A setting is missing or wrong (model URL, config file, environment)."""


class InputError(DraftflowError):
    """A source, record or path given to draftflow cannot be used as it is."""


class NotCachedError(InputError):
    """Offline, a remote repository's commit is not in the local fetch cache."""


class ModelError(DraftflowError):
    """The model server failed, was unreachable, or answered something unusable."""

    exit_code = 3


class CassetteMissError(ModelError):
    """Replay mode met a request that the cassette does not hold."""


class NetworkError(DraftflowError):
    """A repository could not be reached over the network (no route, no name, a timeout)."""

    exit_code = 5


class OutputError(DraftflowError):
    """draftflow could not write its output (disk, permissions, a lock held elsewhere)."""

    exit_code = 4


class CheckFailed(DraftflowError):
    """The checked thing failed: verification found error flags, sign-off was refused."""

    exit_code = 1


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM arrived; `written` lists the files completed before it did.

    A KeyboardInterrupt, not a DraftflowError: nothing on the way out may swallow it. The
    CLI raises it from its signal handlers and alone turns it into exit code 130.
    """

    def __init__(self, signal_name: str) -> None:
        super().__init__(signal_name)
        self.signal_name = signal_name
        self.written: list[Path] = []
