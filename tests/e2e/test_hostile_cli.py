"""Hostile input, as a new user meets it: each case runs `python -m draftflow` as a real process.

Every case must end with its documented exit code (README: 0 ok, 1 the checked thing failed,
2 bad usage or input, 3 the model server failed, 4 output not written, 130 interrupted), one
`error:` line with its `fix:` line, no traceback, and no temporary file left behind. Model
servers are stubs on 127.0.0.1 (tests/stub_server.py).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_process import assert_fails_cleanly, clean_env, cli
from draft_cli import draft_args
from stub_server import StubReply, StubServer

JVR0X = "jvr0x__dgx-spark-bench"
ONE_FILE = "results/qwen3.6-35b-nvfp4-nvidia.json"
HTML_PAGE = "<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body></body></html>"
# A root process ignores file modes; this drops the capabilities that let it (setpriv, util-linux).
NO_ROOT_OVERRIDE = (
    "--bounding-set=-dac_override,-dac_read_search,-fowner",
    "--inh-caps=-dac_override,-dac_read_search,-fowner",
)


def leftovers(folder: Path) -> list[Path]:
    """Temporary files a write may leave behind."""
    if not folder.exists():
        return []
    return [p for p in folder.rglob("*") if p.name.endswith((".tmp", ".previous"))]


def saving(records: Path) -> bool:
    """Whether a save has begun in `records`: a temporary file beside the files it writes (a
    new records folder's saves write there). One listing of the folder, not `leftovers`' walk
    of it: it is asked every millisecond while the draft works (the walk, ~5 CPU-s a run,
    took that CPU from the draft it waits for)."""
    try:
        names = os.listdir(records)
    except FileNotFoundError:
        return False
    return any(name.endswith((".tmp", ".previous")) for name in names)


@pytest.fixture
def jvr0x(corpus_dir: Path, manifest: dict[str, dict[str, Any]]) -> tuple[Path, dict[str, Any]]:
    return corpus_dir / JVR0X, manifest[JVR0X]


@pytest.fixture
def stub() -> Iterator[Any]:
    servers: list[StubServer] = []

    def start(reply: StubReply) -> StubServer:
        server = StubServer(lambda _request: reply).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def small_draft(jvr0x: tuple[Path, dict[str, Any]], records: Path, *extra: str) -> list[str]:
    folder, entry = jvr0x
    return draft_args(folder, entry, records, "--only", ONE_FILE, *extra)


# ---- the records folder -------------------------------------------------------------------


def read_only_folder() -> Iterator[Path]:
    # Under /tmp with open parents: the capability-less child must reach it.
    folder = Path(tempfile.mkdtemp(prefix="draftflow-ro-", dir="/tmp"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        for path in [folder, *folder.rglob("*")]:
            if path.is_dir():
                os.chmod(path, 0o755)
        shutil.rmtree(folder)


@pytest.fixture
def unprivileged() -> tuple[str, ...]:
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: root writes into read-only folders")
    return ("setpriv", *NO_ROOT_OVERRIDE)


def test_a_read_only_records_folder_is_exit_4_before_any_work(jvr0x, tmp_path, unprivileged):
    for folder in read_only_folder():
        records = folder / "records"
        records.mkdir()
        os.chmod(records, 0o555)
        result = cli(tmp_path, *small_draft(jvr0x, records), prefix=unprivileged)
        assert_fails_cleanly(result, 4, f"cannot write in {records}")
        assert "Permission denied" in result.stderr
        assert list(records.iterdir()) == []


def test_approve_into_a_read_only_records_folder_is_exit_4(jvr0x, tmp_path, unprivileged):
    folder_path, _ = jvr0x
    for folder in read_only_folder():
        records = folder / "records"
        drafted = cli(tmp_path, *small_draft(jvr0x, records))
        assert drafted.returncode == 0, drafted.stderr
        before = {p.name: p.read_bytes() for p in records.iterdir() if p.is_file()}
        os.chmod(records, 0o555)
        result = cli(
            tmp_path,
            "approve", "jvr0x-dgx-spark-bench", "--editor", "A. Editor",
            "--records-dir", str(records), "--source", str(folder_path),
            prefix=unprivileged,
        )  # fmt: skip
        assert_fails_cleanly(result, 4, f"cannot write in {records}")
        assert {p.name: p.read_bytes() for p in records.iterdir() if p.is_file()} == before
        assert leftovers(records) == []


def test_records_get_the_permissions_of_any_new_file(jvr0x, tmp_path):
    for umask, mode in ((0o022, 0o644), (0o002, 0o664)):
        records = tmp_path / f"records-{umask:o}"
        result = cli(tmp_path, *small_draft(jvr0x, records), umask=umask)
        assert result.returncode == 0, result.stderr
        written = sorted(p for p in records.iterdir() if p.is_file())
        assert [p.name.split(".", 1)[1] for p in written] == [
            "figures.json", "json", "md", "source.json", "verify.json"
        ]  # fmt: skip
        assert {oct(p.stat().st_mode & 0o777) for p in written} == {oct(mode)}


def test_an_unsafe_id_is_refused_before_any_work(jvr0x, tmp_path):
    records = tmp_path / "records"
    result = cli(tmp_path, *small_draft(jvr0x, records, "--id", "a b$(x)"))
    assert_fails_cleanly(result, 2, "'a b$(x)' is not a record id")
    assert not records.exists()


# ---- model servers that misbehave ---------------------------------------------------------

BAD_SERVERS = {
    "html page": StubReply(body=HTML_PAGE, content_type="text/html"),
    "invalid json": StubReply(body='{"id": "chatcmpl-1", "choices": [{"index": 0,'),
}


@pytest.mark.parametrize("kind", sorted(BAD_SERVERS))
def test_a_server_answering_nonsense_is_one_clear_error(kind, stub, jvr0x, tmp_path):
    server = stub(BAD_SERVERS[kind])
    # Every route answers the nonsense, /models included.
    server._answer = lambda request: BAD_SERVERS[kind]
    model = ("--base-url", server.url, "--model", "stub-model")
    says = f"the server at {server.url} did not answer with an OpenAI-compatible"
    assert_fails_cleanly(cli(tmp_path, "models", "--base-url", server.url), 3, says)
    assert_fails_cleanly(cli(tmp_path, "doctor", *model), 1, says)  # doctor: a check failed
    records = tmp_path / "records"
    result = cli(tmp_path, *small_draft(jvr0x, records, *model, "--no-cache"))
    assert_fails_cleanly(result, 3, says)
    assert "/v1" in result.stderr and "not a web page" in result.stderr
    assert not any(p.is_file() for p in records.glob("*"))


def test_a_hanging_server_ends_within_the_deadline_saying_what_it_waits_for(stub, jvr0x, tmp_path):
    server = stub(StubReply(delay=3600))
    records = tmp_path / "records"
    model = ("--base-url", server.url, "--model", "stub-model", "--no-cache")
    # The deadline bounds the wait for the model, not the stages before it (which take tens of
    # seconds of wall time on a loaded machine): time from the waiting notice to the exit.
    args = small_draft(jvr0x, records, *model, "--deadline", "4")
    process = subprocess.Popen(
        [sys.executable, "-m", "draftflow", *args],
        cwd=tmp_path, env=clean_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert process.stderr is not None
    seen = ""
    while "waiting for the model server" not in seen:
        line = process.stderr.readline()
        if not line:
            break
        seen += line
    started = time.monotonic()
    try:
        out, err = process.communicate(timeout=4 + 30)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    elapsed = time.monotonic() - started
    result = subprocess.CompletedProcess(process.args, process.returncode, out, seen + err)
    assert_fails_cleanly(result, 3, f"the model server at {server.url} did not answer within 4 s")
    assert "--deadline 4 s per request" in result.stderr
    notices = [
        line for line in result.stderr.splitlines() if "waiting for the model server" in line
    ]
    assert notices, result.stderr
    assert "to answer prompt 'extract' (model stub-model)" in notices[0]
    assert "gives up after 4 s (--deadline)" in notices[0]
    assert elapsed < 4 + 30, f"{elapsed:.1f} s after the notice: the deadline did not bound it"
    assert not any(p.is_file() for p in records.glob("*"))


# ---- interrupts ---------------------------------------------------------------------------


def interrupt_after(
    tmp: Path, args: list[str], signum: int, *, when: str | float
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Start draftflow, send `signum` once stderr shows `when` (or `when` seconds after it set
    its handlers), and return the finished process and the seconds it took to exit."""
    process = subprocess.Popen(
        [sys.executable, "-m", "draftflow", *args],
        cwd=tmp, env=clean_env(tmp), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stderr is not None
    seen = ""
    if isinstance(when, str):
        while when not in seen:
            line = process.stderr.readline()
            assert line, f"exited before {when!r}: {seen}"
            seen += line
    else:
        wait_for_handlers(process.pid)
        time.sleep(when)
    assert process.poll() is None, "the run ended before the signal: nothing was tested"
    sent = time.monotonic()
    process.send_signal(signum)
    out, err = process.communicate(timeout=60)
    took = time.monotonic() - sent
    return subprocess.CompletedProcess(process.args, process.returncode, out, seen + err), took


def wait_for_handlers(pid: int, timeout: float = 60) -> None:
    """Until draftflow catches SIGTERM (its handlers are set once Python has imported it): a
    signal before then ends Python's start-up, which is not what these tests are about."""
    status = Path(f"/proc/{pid}/status")
    if not status.exists():
        pytest.skip("needs /proc to see when the process catches signals")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        caught = next(
            (
                line.split()[1]
                for line in status.read_text().splitlines()
                if line.startswith("SigCgt:")
            ),
            "0",
        )
        if int(caught, 16) & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.01)
    pytest.fail("draftflow never set its signal handlers")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_waiting_for_the_model_ends_at_once_and_writes_nothing(
    signum, stub, jvr0x, tmp_path
):
    server = stub(StubReply(delay=3600))
    records = tmp_path / "records"
    model = ("--base-url", server.url, "--model", "stub-model", "--no-cache", "--deadline", "20")
    result, took = interrupt_after(
        tmp_path, small_draft(jvr0x, records, *model), signum, when="waiting for the model"
    )
    name = signal.Signals(signum).name
    assert result.returncode == 130, result.stderr
    assert took < 1.5, f"{name} took {took:.2f} s"
    assert "Traceback" not in result.stderr
    assert f"interrupted by {name}: no record or output file was written" in result.stderr
    assert not any(p.is_file() for p in records.glob("*")) and leftovers(records) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_cpu_bound_stages_is_honoured_within_a_second(
    signum, corpus_dir, manifest, tmp_path
):
    entry = manifest[JVR0X]
    records = tmp_path / "records"
    args = draft_args(corpus_dir / JVR0X, entry, records)  # the whole repository: ~10 s of work
    result, took = interrupt_after(tmp_path, args, signum, when=1.0)
    name = signal.Signals(signum).name
    assert result.returncode == 130, result.stderr
    assert took < 1.5, f"{name} took {took:.2f} s"
    assert "Traceback" not in result.stderr
    assert f"interrupted by {name}: no record or output file was written" in result.stderr
    assert not any(p.is_file() for p in records.glob("*")) and leftovers(records) == []


# ---- render and review --------------------------------------------------------------------


def test_a_record_nested_100000_deep_is_bad_input(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"a":' * 100_000 + "1" + "}" * 100_000)
    result = cli(tmp_path, "render", str(deep))
    assert_fails_cleanly(result, 2, "nests its JSON deeper than any record does")
    assert not deep.with_suffix(".md").exists()


@pytest.fixture(scope="module")
def drafted_once(corpus_dir, manifest, tmp_path_factory) -> Path:
    """One results file of jvr0x drafted by a real process, once for the tests below."""
    tmp = tmp_path_factory.mktemp("hostile-cli-draft")
    records = tmp / "records"
    result = cli(tmp, *small_draft((corpus_dir / JVR0X, manifest[JVR0X]), records))
    assert result.returncode == 0, result.stderr
    return records


@pytest.fixture
def drafted(drafted_once, tmp_path) -> Path:
    """A copy of the module's draft in the test's own folder (each test may write to it)."""
    return Path(shutil.copytree(drafted_once, tmp_path / "records"))


def test_render_into_a_folder_writes_the_article_there(drafted, tmp_path):
    out = tmp_path / "articles"
    out.mkdir()
    result = cli(tmp_path, "render", str(drafted / "jvr0x-dgx-spark-bench.json"), "-o", str(out))
    assert result.returncode == 0, result.stderr
    article = out / "jvr0x-dgx-spark-bench.md"
    assert article.read_text() == (drafted / "jvr0x-dgx-spark-bench.md").read_text()


def test_render_into_a_missing_folder_says_so_not_to_free_disk_space(drafted, tmp_path):
    target = tmp_path / "missing" / "article.md"
    result = cli(tmp_path, "render", str(drafted / "jvr0x-dgx-spark-bench.json"), "-o", str(target))
    assert_fails_cleanly(result, 4, f"the folder {target.parent} does not exist")
    assert "disk space" not in result.stderr
    assert not target.parent.exists()


def test_review_html_into_a_missing_folder_is_refused_not_created(drafted, jvr0x, tmp_path):
    folder, _ = jvr0x
    page = tmp_path / "nowhere" / "review.html"
    result = cli(
        tmp_path,
        "review", "jvr0x-dgx-spark-bench", "--records-dir", str(drafted),
        "--source", str(folder), "--html", str(page),
    )  # fmt: skip
    assert_fails_cleanly(result, 4, f"the folder {page.parent} does not exist")
    assert not page.parent.exists()


def test_review_never_prints_a_line_anchor_without_a_line(drafted, jvr0x, tmp_path):
    folder, _ = jvr0x
    changed = tmp_path / "changed"
    shutil.copytree(folder, changed)
    source = changed / ONE_FILE
    source.write_text(
        source.read_text().replace('"schema_version": "1.0"', '"schema_version": "2"')
    )
    result = cli(
        tmp_path,
        "review", "jvr0x-dgx-spark-bench", "--records-dir", str(drafted), "--source", str(changed),
    )  # fmt: skip
    assert result.returncode == 1, result.stderr  # review exits 1 while error flags stand
    assert "hash" in result.stdout.lower()  # the changed document is flagged...
    assert "#LNone" not in result.stdout  # ...and its evidence has no line to anchor


def test_piped_output_keeps_long_paths_on_one_line(jvr0x, tmp_path):
    records = tmp_path / ("a-records-folder-with-a-long-name-" + "x" * 60)
    result = cli(tmp_path, *small_draft(jvr0x, records))
    assert result.returncode == 0, result.stderr
    record = str(records / "jvr0x-dgx-spark-bench.json")
    assert len(record) > 80
    assert any(record in line for line in result.stdout.splitlines()), result.stdout
    summary = json.loads(cli(tmp_path, *small_draft(jvr0x, records, "--json")).stdout)
    assert summary["record_path"] == record


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_during_the_save_keeps_all_the_files_or_none(
    signum, corpus_dir, manifest, tmp_path
):
    entry = manifest[JVR0X]
    records = tmp_path / "records"
    args = draft_args(corpus_dir / JVR0X, entry, records)  # a 17 MB report: the save takes time
    process = subprocess.Popen(
        [sys.executable, "-m", "draftflow", *args],
        cwd=tmp_path, env=clean_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not saving(records) and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)  # the first temporary file of the save appears
    assert process.poll() is None, "the run ended before the save was seen: nothing was tested"
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    assert "Traceback" not in err
    written = sorted(p.name for p in records.iterdir() if p.is_file())
    unit = [f"jvr0x-dgx-spark-bench.{end}" for end in ("json", "md", "source.json", "verify.json")]
    assert written in ([], sorted(unit)), f"half a record was written: {written}"
    assert leftovers(records) == []
    name = signal.Signals(signum).name
    if written:
        assert f"interrupted by {name} after the output was complete: wrote" in err
    else:
        assert f"interrupted by {name}: no record or output file was written" in err
