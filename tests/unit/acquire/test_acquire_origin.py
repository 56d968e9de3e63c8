"""Naming a copy whose origin is not GitHub: from the origin's URL or path, marked local."""

from __future__ import annotations

from pathlib import Path

import pytest

from draftflow.acquire.origin import local_origin, local_path
from draftflow.errors import InputError


def test_file_urls_name_local_paths() -> None:
    assert local_path("file:///srv/x%20y.git") == Path("/srv/x y.git")
    assert local_path("file://localhost/srv/x.git") == Path("/srv/x.git")
    assert local_path("https://github.com/a/b") is None
    with pytest.raises(InputError, match="another machine"):
        local_path("file://otherhost/srv/x.git")


@pytest.mark.parametrize(
    ("origin", "named"),
    [
        ("https://gitlab.com/team/bench.git", ("team/bench", "local://gitlab.com")),
        ("git@git.example.org:team/bench.git", ("team/bench", "local://git.example.org")),
        ("/srv/mirrors/bench.git", ("mirrors/bench", "local://localhost")),
        ("file:///srv/my mirrors/bench.git", ("my-mirrors/bench", "local://localhost")),
        ("bench", ("local/bench", "local://localhost")),
        (
            "/work/.mirror/bhodgens+local-llm-benchmarks/repo",
            ("bhodgens/local-llm-benchmarks", "local://localhost"),
        ),
        ("/srv/copies/jvr0x__dgx-spark-bench", ("jvr0x/dgx-spark-bench", "local://localhost")),
        ("file:///srv/mirrors/team+bench.git", ("team/bench", "local://localhost")),
        ("ssh://Git.Example.org/srv/git/team/bench.git", ("team/bench", "local://git.example.org")),
    ],
)
def test_an_origin_is_named_as_it_says(origin: str, named: tuple[str, str]) -> None:
    assert local_origin(origin) == named
