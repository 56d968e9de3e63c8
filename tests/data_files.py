"""The test data the repository carries, and its checksums.

`tests/data/` holds byte-exact copies of the benchmark-report corpus (`corpus/`, with its
`MANIFEST.json` of path/sha256 per file), the hand-checked gold (`devgold/`), two repositories
without gold (`wild/`, with its `MANIFEST.json`), the two example records (`seeds/`), and the
team's own gold with its repository copies (`teamgold/`, never replaced by a refresh).
`tests/data/SHA256SUMS` lists every file under `tests/data/` (`sha256sum -c` reads it too);
`examples/` holds one corpus repository for the README with its own `MANIFEST.json` entry.

    python3 tests/data_files.py check            # every file against SHA256SUMS and manifests
    python3 tests/data_files.py refresh SHARED   # copy SHARED/{corpus,devgold,wild,seeds} anew

Standard library only: `scripts/test.sh` runs the check before the package is installed.

`refresh` refuses a source that is (or overlaps) its own destination, never follows a symlink
(each one is skipped, said on stderr; a part or a listed file that is one is refused), and
replaces `tests/data` whole: the copy is made in a temporary sibling folder, checked, and only
then swapped in, so a failure leaves `tests/data` as it was.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
EXAMPLES = ROOT / "examples"
PARTS = ("corpus", "devgold", "wild", "seeds")
"""The folders copied from the shared data folder, each whole."""
OWN_PARTS = ("teamgold",)
"""The project's own gold (`teamgold/gold/`, made by reading, `shared/gold/BRIEF.md`) and the
list of the repository files it was made from (`teamgold/MANIFEST.json`); a refresh from the
shared folder keeps them."""
LOCAL_CORPUS = "teamgold/corpus"
"""The team gold's repository copies: fetched material, never committed (`.gitignore`); made
on a machine with the mirrors by `scripts/team-corpus.py`, checked against
`teamgold/MANIFEST.json` where present, and left out of SHA256SUMS."""
SHARED_MANIFESTED = ("corpus", "wild")
"""The shared parts whose `MANIFEST.json` lists path and sha256 of every file."""
MANIFESTED = SHARED_MANIFESTED
"""Every part whose `MANIFEST.json` lists path and sha256 of every file of every repository."""
SUMS = "SHA256SUMS"
EXAMPLE = "jvr0x/dgx-spark-bench"
"""The corpus repository copied to `examples/` for the README's main command."""

REFRESH = "bash scripts/refresh-test-data.sh PATH/TO/shared"
USAGE = (
    "usage: python3 tests/data_files.py check\n"
    "       python3 tests/data_files.py refresh SHARED\n"
    "SHARED is the folder holding corpus/, devgold/, wild/ and seeds/ to copy into tests/data/."
)


def sha256(path: Path) -> str:
    """The sha256 hex digest of a file's bytes."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def files_under(root: Path) -> list[str]:
    """Every regular file under `root`, as sorted POSIX paths relative to it (the local team
    corpus left out: it is not carried)."""
    return sorted(
        name
        for p in root.rglob("*")
        if p.is_file() and not (name := p.relative_to(root).as_posix()).startswith(LOCAL_CORPUS)
    )


def read_sums(path: Path) -> dict[str, str]:
    """A `sha256sum` listing (`<hex>  <path>` per line) as path → digest."""
    sums: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        digest, _, name = line.partition("  ")
        sums[name] = digest
    return sums


def manifest_problems(part: Path, manifest: Path | None = None) -> list[str]:
    """What differs between a manifested folder (`corpus/`, `wild/`) and its `MANIFEST.json`
    (or `manifest`)."""
    manifest = manifest or part / "MANIFEST.json"
    if not manifest.is_file():
        return [f"{manifest} is missing"]
    entries: list[dict[str, Any]] = json.loads(manifest.read_text(encoding="utf-8"))
    problems: list[str] = []
    listed: set[str] = set()
    for entry in entries:
        folder = entry["repository"].replace("/", "__")
        for item in entry["files"]:
            relative = f"{folder}/{item['path']}"
            listed.add(relative)
            problems += _file_problems(part / relative, item["sha256"])
    for extra in files_under(part):
        if "/" in extra and extra not in listed:
            problems.append(f"{part / extra} is not listed in {manifest}")
    return problems


def sums_problems(data: Path) -> list[str]:
    """What differs between the files under `data` and `data/SHA256SUMS`."""
    sums_path = data / SUMS
    if not sums_path.is_file():
        return [f"{sums_path} is missing"]
    sums = read_sums(sums_path)
    problems = [p for name, digest in sums.items() for p in _file_problems(data / name, digest)]
    problems += [
        f"{data / name} is not listed in {sums_path}"
        for name in files_under(data)
        if name != SUMS and name not in sums
    ]
    return problems


def _file_problems(path: Path, digest: str) -> list[str]:
    if path.is_symlink():
        return [f"{path} is a symlink (never followed)"]
    if not path.is_file():
        return [f"{path} is missing"]
    if sha256(path) != digest:
        return [f"{path} differs from its recorded sha256 {digest[:12]}…"]
    return []


def check(data: Path = DATA, examples: Path = EXAMPLES) -> list[str]:
    """Every problem with the carried test data and example; empty when all files match."""
    missing = [data / part for part in PARTS if not (data / part).is_dir()]
    if missing:
        return [f"{path} is missing" for path in missing]
    problems = sums_problems(data)
    for part in MANIFESTED:
        problems += manifest_problems(data / part)
    if (data / LOCAL_CORPUS).is_dir():
        problems += manifest_problems(data / LOCAL_CORPUS, data / "teamgold" / "MANIFEST.json")
    return problems + manifest_problems(examples)


def write_sums(data: Path) -> None:
    """Write `data/SHA256SUMS` for every file under `data`, in `sha256sum` format."""
    lines = [f"{sha256(data / name)}  {name}\n" for name in files_under(data) if name != SUMS]
    (data / SUMS).write_text("".join(lines), encoding="utf-8")


def refresh(shared: Path, data: Path = DATA, examples: Path = EXAMPLES) -> None:
    """Replace `data`'s copies with `shared`'s folders and the example, then write checksums.

    The source is checked first: it may not overlap `data`, its parts may not be symlinks, and
    it must match its own manifests, so a damaged copy is never taken. The copy is made beside
    `data` and swapped in only when complete and checked (`_replace_whole`).
    """
    _refuse_overlap(shared, data)
    absent = [shared / part for part in PARTS if not (shared / part).is_dir()]
    if absent:
        raise SystemExit(f"error: {', '.join(map(str, absent))} not found\n{USAGE}")
    linked = [shared / part for part in PARTS if (shared / part).is_symlink()]
    if linked:
        raise SystemExit(
            f"error: {', '.join(map(str, linked))} is a symlink, never followed\n"
            "fix: pass the folder that holds the parts themselves"
        )
    damaged = [p for part in SHARED_MANIFESTED for p in manifest_problems(shared / part)]
    if damaged:
        raise SystemExit("error: the source does not match its manifests:\n" + "\n".join(damaged))
    _replace_whole(shared, data)
    _copy_example(data / "corpus", examples)


def _overlaps(one: Path, other: Path) -> bool:
    one, other = one.resolve(), other.resolve()
    return one == other or one in other.parents or other in one.parents


def _refuse_overlap(shared: Path, data: Path) -> None:
    """Refuse a source whose parts are, hold or lie in the destination (e.g. `tests/data`)."""
    if any(_overlaps(shared / part, data) for part in PARTS):
        raise SystemExit(
            f"error: the source {shared} is the destination {data} (or its parts lie in it): "
            "copying it onto itself would delete it\n"
            "fix: pass the shared data folder (the one holding corpus/, devgold/, wild/ and "
            "seeds/ to copy), not tests/data"
        )


def _skip_symlinks(directory: str, names: list[str]) -> set[str]:
    """`shutil.copytree`'s `ignore`: every symlink, each said on stderr."""
    linked = {name for name in names if os.path.islink(os.path.join(directory, name))}
    for name in sorted(linked):
        print(
            f"skipped {os.path.join(directory, name)}: a symlink, never followed", file=sys.stderr
        )
    return linked


def _replace_whole(shared: Path, data: Path) -> None:
    """Copy the parts into a temporary sibling of `data`, write and check its sums, swap it in."""
    data.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{data.name}.new-", dir=data.parent))
    try:
        for part in PARTS:
            shutil.copytree(shared / part, staging / part, ignore=_skip_symlinks)
        _keep_the_rest(data, staging)
        write_sums(staging)
        problems = [p for part in MANIFESTED for p in manifest_problems(staging / part)]
        if problems:
            raise SystemExit(
                "error: the copy does not match its manifests:\n" + "\n".join(problems)
            )
        _swap(staging, data)
    except (OSError, shutil.Error) as error:
        raise SystemExit(
            f"error: could not copy {shared} into {data}: {_first_problem(error)}\n"
            f"{data} is left as it was\nfix: remove or repair that file in {shared} and run again"
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _keep_the_rest(data: Path, staging: Path) -> None:
    """Copy what `data` holds besides the shared parts and the sums (regular files, and the
    project's own parts whole) into `staging`."""
    if not data.is_dir():
        return
    for entry in sorted(data.iterdir()):
        if entry.name in (*PARTS, SUMS) or entry.is_symlink():
            continue
        if entry.is_dir() and entry.name in OWN_PARTS:
            shutil.copytree(entry, staging / entry.name, ignore=_skip_symlinks)
        elif entry.is_file():
            shutil.copy2(entry, staging / entry.name)


def _swap(staging: Path, data: Path) -> None:
    """Put `staging` where `data` is: `data` moves aside, `staging` takes its name, and the
    old one goes; if the second rename fails, the old one is put back."""
    old = data.with_name(f".{data.name}.old-{os.getpid()}")
    if data.exists():
        os.rename(data, old)
    try:
        os.rename(staging, data)
    except OSError:
        if old.exists():
            os.rename(old, data)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _first_problem(error: OSError | shutil.Error) -> str:
    if isinstance(error, shutil.Error) and error.args and isinstance(error.args[0], list):
        source, _target, why = error.args[0][0]
        return f"{source}: {why}"
    return str(error)


def _copy_example(corpus: Path, examples: Path) -> None:
    entries: list[dict[str, Any]] = json.loads((corpus / "MANIFEST.json").read_text("utf-8"))
    entry = next(e for e in entries if e["repository"] == EXAMPLE)
    folder = EXAMPLE.replace("/", "__")
    examples.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder}.new-", dir=examples))
    try:
        shutil.copytree(corpus / folder, staging / folder, ignore=_skip_symlinks)
        _swap(staging / folder, examples / folder)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    text = json.dumps([entry], indent=1, ensure_ascii=False) + "\n"
    manifest = examples / "MANIFEST.json"
    written = manifest.with_name(f".{manifest.name}.new-{os.getpid()}")
    written.write_text(text, encoding="utf-8")
    os.replace(written, manifest)


def main(argv: list[str]) -> int:
    """`check` (exit 1 on any problem) or `refresh SHARED`; usage on anything else."""
    if argv == ["check"]:
        problems = check()
        for problem in problems[:20]:
            print(f"error: {problem}", file=sys.stderr)
        if problems:
            more = len(problems) - 20
            if more > 0:
                print(f"error: … and {more} more", file=sys.stderr)
            print(
                f"fix: restore the files with `git checkout -- tests/data examples`, or "
                f"copy them anew with `{REFRESH}`",
                file=sys.stderr,
            )
            return 1
        count = len(read_sums(DATA / SUMS))
        print(f"test data: {count} files under tests/data match SHA256SUMS and the manifests")
        return 0
    if len(argv) == 2 and argv[0] == "refresh":
        refresh(Path(argv[1]))
        print(f"copied {', '.join(PARTS)} from {argv[1]} into {DATA}; wrote {DATA / SUMS}")
        return main(["check"])
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
