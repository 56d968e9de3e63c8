"""`draftflow render`: write a record's Markdown article."""

from __future__ import annotations

from pathlib import Path

import click

from draftflow.cli import main
from draftflow.errors import InputError
from draftflow.record.files import load_record
from draftflow.record.render import render_markdown
from draftflow.store.write import atomic_write_text

RENDER_EPILOG = """\b
Examples:
  draftflow render records/jvr0x-dgx-spark-bench.json
      writes records/jvr0x-dgx-spark-bench.md next to the record
      (after `draftflow draft examples/jvr0x__dgx-spark-bench`)
  draftflow render records/<id>.json -o article.md
  draftflow render records/<id>.json -o site/articles/     # writes site/articles/<id>.md
  draftflow render records/<id>.json -o - | less
"""


@main.command("render", epilog=RENDER_EPILOG)
@click.argument("record_path", metavar="RECORD.json", type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--output",
    "output",
    metavar="OUT.md",
    default=None,
    help="Where to write the article (a file, or a folder to write <id>.md in: an existing "
    "one, or a path ending in / that is created); '-' prints it. Default: the record's path "
    "with .md.",
)
def render_command(record_path: Path, output: str | None) -> None:
    """Render RECORD.json as the Markdown article an editor reads and publishes.

    The article has the published structure: title, summary, metadata, conditions,
    reading notes, limits, licence, the editorial answer, one heading per section with
    its sources, the selected source-reported figures and the supplemental sources.
    The file is written atomically: an interrupted run leaves the previous article intact.
    """
    record = load_record(record_path)
    article = render_markdown(record)
    if output == "-":
        click.echo(article, nl=False)
        return
    target = Path(output) if output else record_path.with_suffix(".md")
    folder = output is not None and output.endswith("/")
    if folder or target.is_dir():  # like cp: into the folder, under the record's name
        target = target / record_path.with_suffix(".md").name
    if target.resolve() == record_path.resolve():
        raise InputError(
            f"the article would overwrite the record itself ({record_path})",
            hint="name the record *.json, or pass -o OUT.md",
        )
    # A folder named with its trailing slash is asked for: made, as `mkdir -p` would.
    atomic_write_text(target, article, create_folder=folder)
    click.echo(f"wrote {target}", err=True)
