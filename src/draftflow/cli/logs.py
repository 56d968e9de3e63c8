"""`draftflow logs ID`: every model request and reply of a record's last draft, the rejected
ones with the reason, then what the checks dropped afterwards (the record's provenance)."""

from __future__ import annotations

from pathlib import Path

import click

from draftflow.cli import main
from draftflow.cli.options import records_dir_option
from draftflow.errors import InputError
from draftflow.llm.exchange_log import LOG_NAME, LoggedAttempt, Outcome, load_exchange_log
from draftflow.record.model import Record
from draftflow.store.write import RecordStore

EXAMPLES = """\b
Examples:
  draftflow logs jvr0x-dgx-spark-bench
  draftflow logs jvr0x-dgx-spark-bench --rejected --full
  draftflow logs jvr0x-dgx-spark-bench --prompt extract --json
"""

_SHOWN = 300  # characters of a request or reply shown without --full


@main.command("logs", epilog=EXAMPLES)
@click.argument("record_id", metavar="ID")
@click.option("--prompt", "prompt_name", metavar="NAME", help="Only the calls of prompt NAME.")
@click.option("--rejected", is_flag=True, help="Only the replies that were not accepted.")
@click.option("--full", is_flag=True, help="Whole requests and replies, not their first lines.")
@click.option("--json", "as_json", is_flag=True, help="Print the log file's entries as JSON.")
@records_dir_option()
def logs_command(
    record_id: str,
    prompt_name: str | None,
    rejected: bool,
    full: bool,
    as_json: bool,
    records_dir: Path,
) -> None:
    """Show each model request of record ID's last draft and its reply: accepted, rejected
    (with the reason: not JSON, cut at the token cap, not the schema) or refused by the
    server; then what the checks dropped from the accepted replies (the provenance).

    A draft with a model writes the log beside the record (<id>.model-log.json); a reply from
    the response cache shows the attempts of the call that filled it.
    """
    store = RecordStore(records_dir)
    record = store.load(record_id)
    log = load_exchange_log(_log_path(store, record))
    attempts = [
        attempt
        for attempt in log.attempts
        if (prompt_name is None or attempt.prompt == prompt_name)
        and (not rejected or attempt.outcome is not Outcome.ACCEPTED)
    ]
    if as_json:
        click.echo(log.model_copy(update={"attempts": attempts}).to_text(), nl=False)
        return
    drafted_at = record.provenance.created_at if record.provenance else None
    if log.drafted_at != drafted_at:
        click.echo(
            f"note: this log is of the draft of {log.drafted_at}, not of the record's "
            f"current version ({drafted_at}), which was drafted without a model"
        )
    _print_summary(record_id, log.model, log.attempts)
    for attempt in attempts:
        _print_attempt(attempt, full)
    _print_dropped(record)


def _log_path(store: RecordStore, record: Record) -> Path:
    """The record's log file; an error that says why there is none for a record drafted
    without a model."""
    path = store.extra_path(record.id, LOG_NAME)
    model = record.provenance.model if record.provenance else "deterministic"
    if not path.is_file() and model.startswith("deterministic"):
        raise InputError(
            f"{record.id} was drafted without a model, so no model request was made",
            hint="draft it with a model to see its requests and replies: draftflow draft "
            "SOURCE --base-url http://HOST:PORT/v1 --model NAME (or --cassette PATH)",
        )
    return path


def _print_summary(record_id: str, model: str | None, attempts: list[LoggedAttempt]) -> None:
    calls = {(a.prompt, a.call) for a in attempts}
    counts = {outcome: sum(a.outcome is outcome for a in attempts) for outcome in Outcome}
    click.echo(
        f"{record_id}: {len(calls)} model calls, {len(attempts)} requests to {model}: "
        + ", ".join(f"{count} {outcome.value}" for outcome, count in counts.items())
    )


def _print_attempt(attempt: LoggedAttempt, full: bool) -> None:
    """One attempt: its call and outcome, the request's last message and the reply."""
    cap = f", at most {attempt.max_tokens} tokens" if attempt.max_tokens else ""
    click.echo(
        f"\n{attempt.prompt} call {attempt.call} attempt {attempt.attempt} "
        f"({attempt.mode}{cap}): "
        + attempt.outcome.value
        + (f": {attempt.reason}" if attempt.reason else "")
    )
    sizes = ", ".join(f"{m.get('role')} {len(m.get('content', ''))} chars" for m in attempt.request)
    last = attempt.request[-1].get("content", "") if attempt.request else ""
    click.echo(f"  request ({sizes}): {_shown(last, full)}")
    if attempt.reply is not None:
        finish = f", finish {attempt.finish_reason}" if attempt.finish_reason else ""
        click.echo(f"  reply ({len(attempt.reply)} chars{finish}): {_shown(attempt.reply, full)}")


def _print_dropped(record: Record) -> None:
    dropped = record.provenance.dropped if record.provenance else []
    if dropped:
        click.echo(f"\ndropped after the checks ({len(dropped)}, the record's provenance):")
        for item in dropped:
            click.echo(f"  - {item}")


def _shown(text: str, full: bool) -> str:
    """`text` whole with `full`, else its first characters on one line."""
    if full:
        return "\n" + text
    flat = " ".join(text.split())
    return flat if len(flat) <= _SHOWN else flat[: _SHOWN - 1] + "…"
