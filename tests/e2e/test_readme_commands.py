"""The README's command examples run as written: every one that needs no model server, no
network and no name of the reader's own runs offline, in README order, in a folder holding
the repository's `examples/`, `cassettes/` and `.venv`. The only change made to a command
is its temporary records folder; every command left out is listed below with its reason."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The README's folders under /tmp, and the temporary one each becomes here.
RECORDS = {"/tmp/draftflow-demo-model": "records-model", "/tmp/draftflow-demo": "records"}

SERVER = "needs a model server (tests/e2e/test_live_server.py runs the llama.cpp quickstart)"
NETWORK = "needs the network: a GitHub URL"
YOURS = "names something of the reader's own"
SKIPPED = {
    "python3 -m venv .venv": "creates the .venv this test already runs in",
    ".venv/bin/pip install -q -e .": "installs the package this test already runs",
    "bash scripts/test.sh": "the whole test suite, this test included",
    "draftflow eval tests/data/devgold/*.json": "drafts every gold repository (minutes); "
    "tests/e2e/test_evaluate.py runs eval",
    "draftflow eval --leave-one-out tests/data/devgold/*.json": (
        "trains and drafts 13 times (a minute or more); tests/e2e/test_learning.py runs "
        "--leave-one-out on three repositories"
    ),
    "llama-server -m MODEL.gguf -c 8192 --port 8080": SERVER,
    "draftflow doctor --base-url http://127.0.0.1:8080/v1 --model MODEL": SERVER,
    "draftflow draft examples/jvr0x__dgx-spark-bench --only results/minimax-m3-dual.json "
    "--base-url http://127.0.0.1:8080/v1 --model MODEL --records-dir /tmp/draftflow-local": SERVER,
    "vllm serve Qwen/Qwen3-8B --max-model-len 16384": SERVER,
    "draftflow doctor --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B": SERVER,
    "draftflow draft examples/jvr0x__dgx-spark-bench --base-url http://127.0.0.1:8000/v1 "
    "--model Qwen/Qwen3-8B --records-dir /tmp/draftflow-local": SERVER,
    "draftflow draft https://github.com/OWNER/NAME": NETWORK,
    "draftflow draft ./checkout --base-url http://spark:8000/v1 --model Qwen/Qwen3-32B": SERVER,
    'draftflow approve jvr0x-dgx-spark-bench --editor "A. Editor" --ack FLAG --reason "..."': (
        f"{YOURS}: FLAG, a flag id that review prints"
    ),
    "draftflow draft --from repositories.txt": f"{YOURS}: repositories.txt",
    "draftflow draft ./checkout --base-url http://spark:8000/v1 --timeout 300 --deadline 900": (
        SERVER
    ),
    "draftflow doctor --base-url http://spark:8000/v1 --deadline 30": SERVER,
    "draftflow draft https://github.com/A/ONE https://github.com/B/TWO ./checkout": NETWORK,
    "draftflow draft --from repositories.txt --base-url http://spark:8000/v1 --concurrency 32": (
        SERVER
    ),
    "vllm serve Qwen/Qwen3-32B --data-parallel-size 4": SERVER,
    "vllm serve Qwen/Qwen3-32B --data-parallel-size 2 --data-parallel-size-local 1 "
    "--data-parallel-address 10.0.0.1 --data-parallel-rpc-port 13345": SERVER,
    "vllm serve Qwen/Qwen3-32B --headless --data-parallel-size 2 --data-parallel-size-local 1 "
    "--data-parallel-start-rank 1 --data-parallel-address 10.0.0.1 "
    "--data-parallel-rpc-port 13345": SERVER,
    "draftflow draft --from repositories.txt --base-url http://10.0.0.1:8000/v1 "
    "--model Qwen/Qwen3-32B --concurrency 32": SERVER,
    "draftflow draft --from repositories.txt --base-url http://proxy-host:4000/v1 "
    "--model qwen3-32b --concurrency 32": SERVER,
}


def readme_commands() -> list[str]:
    """Every command of the README's bash blocks in order: continuation lines joined,
    `a && b` split, comments dropped."""
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(), re.S):
        for line in re.sub(r"\\\n\s*", "", block).splitlines():
            line = line.split("  #")[0].strip()
            if line and not line.startswith("#"):
                commands += [part.strip() for part in line.split(" && ")]
    return commands


def runnable() -> list[str]:
    return [command for command in readme_commands() if command not in SKIPPED]


def test_every_skipped_command_is_in_the_readme() -> None:
    assert set(SKIPPED) <= set(readme_commands())


def test_the_readme_commands_run_as_written(tmp_path: Path) -> None:
    """Each command ends 0, or 1 with one error: line and one fix: line (the example's
    record has flags to review). One test, in README order: the first command drafts the
    example into records/, which the later ones read."""
    for name in ("examples", "cassettes"):
        (tmp_path / name).symlink_to(ROOT / name)
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parents[1])
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DRAFTFLOW_", "OPENAI_"))}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["DRAFTFLOW_CACHE_DIR"] = str(tmp_path / "cache")
    env["COLUMNS"] = "120"
    failures = [problem for command in runnable() if (problem := _run(command, tmp_path, env))]
    assert not failures, "\n\n".join(failures)
    assert (tmp_path / "records" / "jvr0x-dgx-spark-bench.json").is_file()
    assert (tmp_path / "review.html").is_file()


def _run(command: str, folder: Path, env: dict[str, str]) -> str | None:
    line = command
    for written, temporary in RECORDS.items():
        line = line.replace(written, temporary)
    done = subprocess.run(
        ["bash", "-c", line], cwd=folder, env=env, capture_output=True, text=True, timeout=600
    )
    said = f"$ {line}\nexit {done.returncode}\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    if "Traceback" in done.stderr or done.returncode not in (0, 1):
        return said
    errors = [text for text in done.stderr.splitlines() if text.startswith("error: ")]
    if done.returncode == 1 and (len(errors) != 1 or "fix:" not in done.stderr):
        return said
    return None
