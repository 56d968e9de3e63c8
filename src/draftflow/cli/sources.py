"""`draftflow sources`: list the documents the pipeline will read from a repository."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import click
from rich.console import Console
from rich.table import Table

from draftflow.acquire import Progress, acquire, skip_summary
from draftflow.acquire.snapshot import Snapshot
from draftflow.cli import main, output_console
from draftflow.cli.options import git_timeout_option, max_bytes_option

SOURCES_EPILOG = """\b
Examples:
  draftflow sources https://github.com/jvr0x/dgx-spark-bench
  draftflow sources https://github.com/OWNER/NAME/tree/v1.2 --json
  draftflow sources path/to/checkout --revision HEAD~3
  draftflow sources examples/jvr0x__dgx-spark-bench --json
  draftflow sources path/to/copy --origin https://github.com/OWNER/NAME \\
      --revision <full 40-hex sha>

\b
SOURCE is one of:
  a remote URL    https://github.com/OWNER/NAME[/tree/REV], git@github.com:OWNER/NAME.git,
                  ssh://... or git://... (fetched shallowly into the user cache)
  a git checkout  read at HEAD or --revision; pinned URLs from its GitHub `origin` remote
  or mirror       (a bare mirror or file:///path/repo.git too); an origin that is not on
                  GitHub (a path, another host, none) gives pinned URLs marked local://
                  until --origin names the GitHub repository
  a plain folder  a copy of a repository: needs --origin URL and the full --revision SHA,
                  unless a MANIFEST.json beside it names both (as beside examples/ folders)
"""

SKIPS_SHOWN = 20


@main.command("sources", epilog=SOURCES_EPILOG)
@click.argument("source")
@click.option(
    "--revision",
    "revision",
    metavar="REV",
    default=None,
    help="Commit, branch or tag to read (a plain folder needs the full 40-hex sha).",
)
@click.option(
    "--origin",
    "origin",
    metavar="URL",
    default=None,
    help="GitHub repository URL the source is a copy of, for pinned URLs (without it, a "
    "copy whose origin is not on GitHub gets local:// URLs).",
)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON on stdout.")
@max_bytes_option()
@git_timeout_option()
def sources_command(
    source: str,
    revision: str | None,
    origin: str | None,
    as_json: bool,
    max_bytes: int,
    timeout: float,
) -> None:
    """Pin SOURCE at one full revision and list every document draftflow will read.

    Each document is listed with its path, line count (as GitHub numbers lines), size
    and the sha256 of its exact bytes; --json adds its document_id and pinned GitHub
    URL (https://github.com/OWNER/NAME/blob/<full sha>/<path>). Files that are not read are
    listed with the reason: not a document type, too large, binary, a symlink (never
    followed), or inside a vendored or CI folder. Nothing is written except the fetch
    cache of a remote repository.
    """
    with _progress() as progress:
        snapshot = acquire(
            source,
            revision=revision,
            origin=origin,
            timeout=timeout,
            max_bytes=max_bytes,
            progress=progress,
        )
    if as_json:
        click.echo(json.dumps(snapshot_json(snapshot), indent=2, ensure_ascii=False))
    else:
        _print_human(snapshot)


def snapshot_json(snapshot: Snapshot) -> dict[str, object]:
    """The `--json` shape: the snapshot's identity, its documents (no bytes) and skips."""
    return snapshot.model_dump(mode="json")


@contextmanager
def _progress() -> Iterator[Progress | None]:
    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    with console.status("reading the source…") as status:
        yield lambda message: status.update(message)


def _print_human(snapshot: Snapshot) -> None:
    console = output_console()
    table = Table(title=f"{snapshot.repository} @ {snapshot.revision}", title_justify="left")
    table.add_column("path", overflow="fold")
    table.add_column("lines", justify="right")
    table.add_column("bytes", justify="right")
    table.add_column("sha256", no_wrap=True)
    for document in snapshot.documents:
        table.add_row(
            document.path, str(document.lines), f"{document.bytes:,}", document.sha256[:12]
        )
    console.print(table)
    if snapshot.skipped:
        skips = Table(title="skipped", title_justify="left")
        skips.add_column("path", overflow="fold")
        skips.add_column("reason")
        for skipped in snapshot.skipped[:SKIPS_SHOWN]:
            skips.add_row(skipped.path, skipped.reason)
        if len(snapshot.skipped) > SKIPS_SHOWN:
            skips.add_row(f"… {len(snapshot.skipped) - SKIPS_SHOWN} more (see --json)", "")
        console.print(skips)
    console.print(_summary(snapshot), markup=False, highlight=False)


def _summary(snapshot: Snapshot) -> str:
    total = sum(d.bytes for d in snapshot.documents)
    when = f" ({snapshot.commit_time})" if snapshot.commit_time else ""
    reasons = ", ".join(
        f"{count} {reason}" for reason, count in sorted(skip_summary(snapshot.skipped).items())
    )
    skipped = f"; {len(snapshot.skipped)} skipped ({reasons})" if snapshot.skipped else ""
    return (
        f"{len(snapshot.documents)} documents, {total:,} bytes, from {snapshot.url} "
        f"at {snapshot.revision}{when}{skipped}"
    )
