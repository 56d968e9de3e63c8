"""The weights' revision read next to the artifact's id, or left null."""

from __future__ import annotations

import pytest

from draftflow.select.artifact_revision import artifact_revision
from extract_support import snapshot_of

ID = "deepseek-ai/DeepSeek-V4-Flash-0731"
HASH = "9e165c30e2704aec5d9d593cce3eebd58bbef1cb"
OTHER = "da1daf40bf18e5eaae04f26a80a537c8168a8bc2"


def _revision(files: dict[str, str]) -> tuple[str, str] | None:
    snapshot = snapshot_of(files)
    readme = snapshot.by_path("README.md")
    assert readme is not None
    line = next(i for i, text in enumerate(readme.line_list, 1) if ID in text)
    return artifact_revision(snapshot, ID, readme.line_url(line))


@pytest.mark.parametrize(
    ("readme", "line"),
    [
        (f"# Bench\n\nWeights: `{ID}` at revision `{HASH}`.\n", 3),
        (f"# Bench\n\nWeights: [`{ID}`](https://huggingface.co/{ID})\nat revision `{HASH}`.\n", 4),
        (
            f"# Bench\n\n- Repository: `{ID}`\n"
            f"- Tested revision: `{HASH}` (vllm serve honors it)\n",
            4,
        ),
        (f"# Bench\n\n```\nhf download {ID} \\\n  --revision {HASH}\n```\n", 5),
    ],
)
def test_a_revision_written_beside_the_id_is_the_weights_with_its_line(
    readme: str, line: int
) -> None:
    found = _revision({"README.md": readme})
    assert found is not None
    assert found[0] == HASH and found[1].endswith(f"/README.md#L{line}")


def test_a_revision_in_another_document_that_names_the_id_counts() -> None:
    found = _revision(
        {"README.md": f"# Bench\n\nModel: {ID}\n", "docs/model.md": f"`{ID}`\nrevision: {HASH}\n"}
    )
    assert found is not None and found[1].endswith("/docs/model.md#L2")


@pytest.mark.parametrize(
    "readme",
    [
        f"# Bench\n\nModel: {ID}\n\nvLLM source commit `{OTHER}`\n",  # a runtime's commit
        f"# Bench\n\nModel: {ID}\nDocker image revision `{OTHER}`\n",  # an image's
        f"# Bench\n\nModel: {ID}\nother/Model-7B revision `{OTHER}`\n",  # another model's
        f"# Bench\n\nModel: {ID}-FP8 revision {OTHER}\nModel: {ID}\n",  # a variant's
        f"# Bench\n\nModel: {ID} revision {HASH}\n\n{ID} revision {OTHER}\n",  # two: which?
        f"# Bench\n\nModel: {ID} at revision `9e165c30…bef1cb`\n",  # abbreviated
    ],
)
def test_no_revision_when_the_hash_is_not_the_weights_or_is_ambiguous(readme: str) -> None:
    assert _revision({"README.md": readme}) is None
