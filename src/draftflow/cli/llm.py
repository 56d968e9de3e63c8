"""Model commands (`models`, `doctor`, `cache clear|info`) and the reusable `model_options`.

`model_options` adds every model flag, each backed by a `DRAFTFLOW_*` environment variable;
`settings_from_options(**flags)` turns the flags into `ModelSettings` (flags, then the
environment, then `draftflow.toml` / `[tool.draftflow]`, then `OPENAI_*`, then defaults).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from draftflow.cli import main, output_console, run_async
from draftflow.errors import CheckFailed, ConfigError
from draftflow.llm import ModelSettings, resolve_settings
from draftflow.llm.model_names import short_name
from draftflow.llm.settings import START_A_SERVER

if TYPE_CHECKING:
    from draftflow.llm.cache import ResponseCache
    from draftflow.llm.doctor import DoctorReport

F = TypeVar("F", bound=Callable[..., Any])

# The keyword arguments `model_options` adds, in the order they appear in --help.
MODEL_OPTION_NAMES = (
    "base_url",
    "model",
    "api_key",
    "timeout",
    "deadline",
    "max_retries",
    "concurrency",
    "temperature",
    "seed",
    "max_tokens",
    "context_tokens",
    "max_repairs",
    "no_cache",
    "cassette",
    "record_mode",
)


def _flag(name: str, **settings: Any) -> Callable[[F], F]:
    """A model flag backed by its `DRAFTFLOW_*` environment variable (`--max-tokens`:
    `DRAFTFLOW_MAX_TOKENS`), shown in --help."""
    envvar = "DRAFTFLOW_" + name.removeprefix("--").replace("-", "_").upper()
    return click.option(name, envvar=envvar, show_envvar=True, **settings)


_OPTIONS: tuple[Callable[[F], F], ...] = (
    _flag(
        "--base-url",
        help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1 "
        "(falls back to OPENAI_BASE_URL).",
    ),
    _flag(
        "--model",
        help="Model name as the server lists it (see `draftflow models`).",
    ),
    _flag(
        "--api-key",
        help="Bearer token, if the server wants one (falls back to OPENAI_API_KEY).",
    ),
    _flag(
        "--timeout",
        type=float,
        help="Seconds one attempt of a request may take  [default: 120, longer for a server "
        "that a short generation shows to be slow].",
    ),
    _flag(
        "--deadline",
        type=click.FloatRange(min=0, min_open=True),
        help="Seconds one request may take in all, retries included: a server that "
        "stops answering ends the run (exit 3) within this  [default: 180, or 1.5 x --timeout "
        "when that is longer].",
    ),
    _flag(
        "--max-retries",
        type=click.IntRange(min=0),
        help="Retries on 429, 5xx and timeouts  [default: 2].",
    ),
    _flag(
        "--concurrency",
        type=click.IntRange(min=1),
        help="Requests in flight at once  [default: 4; at a llama.cpp server, at most its slots "
        "and the requests its context window holds together].",
    ),
    _flag(
        "--temperature",
        type=click.FloatRange(0, 2),
        help="Sampling temperature  [default: 0].",
    ),
    _flag(
        "--seed",
        type=int,
        help="Sampling seed  [default: 0].",
    ),
    _flag(
        "--max-tokens",
        type=click.IntRange(min=16),
        help="Cap on each reply's tokens  [default: 4096, at most a quarter of the server's "
        "context window].",
    ),
    _flag(
        "--context-tokens",
        type=click.IntRange(min=1000),
        help="Tokens one prompt may take (the server's context window less "
        "--max-tokens); long documents are split, and the headline and draft prompts list "
        "fewer figures, to fit  [default: 12000, at most the server's window less --max-tokens].",
    ),
    _flag(
        "--max-repairs",
        type=click.IntRange(min=0),
        help="Re-asks with the validation error after an invalid reply  [default: 2].",
    ),
    _flag(
        "--no-cache",
        is_flag=True,
        default=False,
        help="Ask the server even when a cached reply exists.",
    ),
    _flag(
        "--cassette",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Replay (and with --record-mode, record) model exchanges in this file.",
    ),
    _flag(
        "--record-mode",
        type=click.Choice(["none", "new", "all"]),
        help="With --cassette: none = replay only; new = record misses; "
        "all = re-record everything  [default: none].",
    ),
)


def model_options(command: F) -> F:
    """Add the model flags (`MODEL_OPTION_NAMES`) to a click command."""
    for option in reversed(_OPTIONS):
        command = option(command)
    return command


# What reaching a server takes; `models` needs no more, `doctor` adds what it reports.
CONNECTION_OPTIONS = ("base_url", "api_key", "timeout", "deadline", "max_retries")
DOCTOR_OPTIONS = (
    *CONNECTION_OPTIONS[:1],
    "model",
    *CONNECTION_OPTIONS[1:],
    "concurrency",
    "max_tokens",
    "context_tokens",
)


def some_model_options(*names: str) -> Callable[[F], F]:
    """Add only the model flags `names` (each in `MODEL_OPTION_NAMES`) to a click command."""
    chosen = [_OPTIONS[MODEL_OPTION_NAMES.index(name)] for name in names]

    def add(command: F) -> F:
        for option in reversed(chosen):
            command = option(command)
        return command

    return add


def settings_from_options(**flags: Any) -> ModelSettings:
    """Resolve `ModelSettings` from the keyword arguments `model_options` produced.

    Only the names in `MODEL_OPTION_NAMES` are read; anything else is ignored, so a command
    may pass all of its arguments.
    """
    overrides: dict[str, object] = {
        name: flags.get(name) for name in MODEL_OPTION_NAMES if name != "no_cache"
    }
    if flags.get("no_cache"):
        overrides["use_cache"] = False
    return resolve_settings(overrides, project_dir=Path.cwd())


MODELS_EPILOG = """\b
Examples:
  draftflow models --base-url http://127.0.0.1:8080/v1
  draftflow models --base-url http://127.0.0.1:8080/v1 --verbose
  DRAFTFLOW_BASE_URL=http://spark.local:8000/v1 draftflow models --json
"""


@main.command("models", epilog=MODELS_EPILOG)
@click.option("--json", "as_json", is_flag=True, help="Print the names as a JSON list.")
@click.option(
    "--verbose",
    "-v",
    is_flag=True,
    help="Also the id the server lists (a llama.cpp model file's full .gguf path).",
)
@some_model_options(*CONNECTION_OPTIONS)
def models_command(as_json: bool, verbose: bool, **flags: Any) -> None:
    """List the models the configured server offers, by the names a draft takes (a llama.cpp
    model file by its name without folder and .gguf)."""
    settings = settings_from_options(**flags)
    if not settings.base_url:
        raise ConfigError(
            "no model server is configured",
            hint=f"pass --base-url http://HOST:PORT/v1 or set DRAFTFLOW_BASE_URL; {START_A_SERVER}",
        )
    ids = run_async(_list_models(settings))
    if as_json:
        named = [{"name": short_name(i), "id": i} for i in ids]
        click.echo(json.dumps(named if verbose else [short_name(i) for i in ids]))
        return
    for server_id in ids:
        name = short_name(server_id)
        click.echo(f"{name}\t{server_id}" if verbose and name != server_id else name)


async def _list_models(settings: ModelSettings) -> list[str]:
    from draftflow.llm import ModelClient

    async with ModelClient(settings) as client:
        return await client.list_models()


DOCTOR_EPILOG = """\b
Examples:
  draftflow doctor --base-url http://127.0.0.1:8080/v1 --model smollm2
  draftflow doctor --json        # with DRAFTFLOW_BASE_URL / DRAFTFLOW_MODEL set
  draftflow doctor --base-url http://spark.local:8000/v1 --deadline 30   # give up after 30 s
"""

_STATUS_STYLE = {
    "ok": "[green]ok[/]",
    "warn": "[yellow]warn[/]",
    "fail": "[red]FAIL[/]",
    "skip": "[dim]skip[/]",
}


@main.command("doctor", epilog=DOCTOR_EPILOG)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@some_model_options(*DOCTOR_OPTIONS)
def doctor_command(as_json: bool, **flags: Any) -> None:
    """Check the model server: reachable, model served, JSON-schema output honoured.

    Then reports the server's context window, its speed (one short generation, in tokens/s)
    and the settings a draft will use there: --context-tokens, --max-tokens, --timeout,
    --deadline and --concurrency, each with where its value comes from. Talks to the server
    directly (no cache, no cassette) and says what to fix. Exits 1 when a check fails.
    """
    settings = settings_from_options(**flags)
    from draftflow.llm.doctor import run_doctor

    report = run_async(run_doctor(settings))
    if as_json:
        click.echo(report.model_dump_json(indent=2))
    else:
        _print_report(output_console(), report)
    if not report.ok:
        failed = next(c for c in report.checks if c.status == "fail")
        raise CheckFailed(f"doctor: {failed.name}: {failed.detail}", hint=failed.hint)


def _print_report(console: Console, report: DoctorReport) -> None:
    console.print(
        f"[bold]endpoint[/] {report.base_url or '-'}   [bold]model[/] {report.model or '-'}"
    )
    table = Table(show_header=True, header_style="bold", expand=False)
    table.add_column("check", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("detail", overflow="fold")
    for check in report.checks:
        failed = check.status == "fail"
        # a failure's detail and fix end the output as its error: and fix: lines, once
        detail = "see below" if failed else escape(check.detail)
        if check.seconds is not None:
            detail += f" [dim]({check.seconds:.2f} s)[/]"
        if check.hint and not failed:
            detail += f"\n[cyan]fix:[/] {escape(check.hint)}"
        table.add_row(check.name, _STATUS_STYLE[check.status.value], detail)
    console.print(table)


CACHE_EPILOG = """\b
Examples:
  draftflow cache info
  draftflow cache clear
  DRAFTFLOW_CACHE_DIR=/tmp/df-cache draftflow cache clear
"""


@main.group("cache", epilog=CACHE_EPILOG)
def cache_group() -> None:
    """Inspect or empty the cache of validated model replies."""


@cache_group.command("clear", epilog=CACHE_EPILOG)
def cache_clear() -> None:
    """Remove every cached model reply (the next run asks the server again)."""
    cache = _open_cache()
    try:
        removed = cache.clear()
    finally:
        cache.close()
    click.echo(
        f"removed {removed} cached repl{'y' if removed == 1 else 'ies'} from {cache.directory}"
    )


@cache_group.command("info", epilog=CACHE_EPILOG)
@click.option("--json", "as_json", is_flag=True, help="Print as JSON.")
def cache_info(as_json: bool) -> None:
    """Show where the cache is, how many replies it holds and its size.

    Only replies that validated are cached: a reply that failed validation is re-asked (up
    to --max-repairs times) and never stored, so a run whose replies were all invalid
    leaves the cache as it was.
    """
    cache = _open_cache()
    try:
        info = {"directory": str(cache.directory), "entries": len(cache), "bytes": cache.volume()}
    finally:
        cache.close()
    if as_json:
        click.echo(json.dumps(info))
    else:
        click.echo(f"{info['directory']}: {info['entries']} replies, {info['bytes']} bytes")
        click.echo(
            "only replies that validated are cached; an invalid reply is re-asked and "
            "never stored, so a run with only invalid replies adds nothing"
        )


def _open_cache() -> ResponseCache:
    from draftflow.llm.cache import ResponseCache

    settings = resolve_settings({}, project_dir=Path.cwd())
    return ResponseCache(settings.resolved_cache_dir)
