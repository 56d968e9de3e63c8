#!/usr/bin/env python3
"""Make the team gold's repository copies (`tests/data/teamgold/corpus/`) on this machine.

    python3 scripts/team-corpus.py --from DIR       # copy from a folder of <owner>__<name>/ copies
    python3 scripts/team-corpus.py --mirrors DIR    # write each file from bare git mirrors in DIR

The copies are fetched material: they are never committed (`.gitignore`). What they must be is
committed: `tests/data/teamgold/MANIFEST.json` names each repository, its revision and every
file with its sha256. `--from` takes a folder that holds the copies (a shared data folder's
`teamcorpus/`, or another machine's `tests/data/teamgold/corpus/`); `--mirrors` reads bare
mirrors (`<owner>+<name>/<anything>.git` or `<owner>+<name>/` holding a bare repository, as
the search tool's `fetch` lays them out) with `git show REVISION:PATH`. Every file is checked
against the manifest; a file that differs is not written. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEAM = ROOT / "tests" / "data" / "teamgold"
TARGET = TEAM / "corpus"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _bare_repository(mirrors: Path, repository: str) -> Path | None:
    """The bare git directory of `repository` under `mirrors`, if there is one."""
    folder = mirrors / repository.replace("/", "+")
    candidates = [folder, *sorted(p for p in folder.glob("*") if p.is_dir())]
    return next(
        (c for c in candidates if (c / "HEAD").is_file() and (c / "objects").is_dir()), None
    )


def _from_mirror(git_dir: Path, revision: str, path: str) -> bytes | None:
    done = subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{revision}:{path}"],
        capture_output=True,
        check=False,
    )
    return done.stdout if done.returncode == 0 else None


def _from_folder(source: Path, repository: str, path: str) -> bytes | None:
    file = source / repository.replace("/", "__") / path
    return file.read_bytes() if file.is_file() and not file.is_symlink() else None


def main(argv: list[str]) -> int:
    """Write every manifest file that a source gives with the right sha256; report the rest."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--from", dest="source", type=Path, help="folder of <owner>__<name>/ copies")
    group.add_argument("--mirrors", type=Path, help="folder of bare mirrors (<owner>+<name>/)")
    args = parser.parse_args(argv)
    entries = json.loads((TEAM / "MANIFEST.json").read_text(encoding="utf-8"))
    missing: list[str] = []
    written = 0
    for entry in entries:
        repository, revision = entry["repository"], entry["revision"]
        git_dir = _bare_repository(args.mirrors, repository) if args.mirrors else None
        folder = TARGET / repository.replace("/", "__")
        for item in entry["files"]:
            if args.source is not None:
                data = _from_folder(args.source, repository, item["path"])
            else:
                data = _from_mirror(git_dir, revision, item["path"]) if git_dir else None
            if data is None or _sha256(data) != item["sha256"]:
                missing.append(f"{repository}: {item['path']}")
                continue
            target = folder / item["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            written += 1
    print(f"wrote {written} files of {len(entries)} repositories into {TARGET.relative_to(ROOT)}")
    for name in missing[:20]:
        print(f"error: not found with its manifest sha256: {name}", file=sys.stderr)
    if missing:
        print(
            f"fix: {len(missing)} files are missing; fetch the repositories' mirrors "
            "(github:OWNER/NAME) and pass --mirrors, or --from a folder that holds the copies",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
