"""What a `draftflow` process imports before its command runs: each stage only when a command
needs it (issue 35: ~180 processes in the suite, each paying its imports in CPU seconds)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

LOADED = """
import sys
{statement}
print(*sorted(m for m in sys.modules if m.startswith("draftflow")))
"""


def _loaded_by(statement: str) -> set[str]:
    """The draftflow modules a fresh interpreter has imported after `statement`."""
    ran = subprocess.run(
        [sys.executable, "-c", LOADED.format(statement=statement)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    return set(ran.stdout.split())


# the modules that make the select and draft stages, beyond what verify reads of them
WHOLE_SELECT = ("draftflow.select.run", "draftflow.select.lead_model", "draftflow.select.rules")
WHOLE_DRAFT = ("draftflow.draft.run", "draftflow.draft.model_drafter", "draftflow.draft.templates")


def test_the_checking_commands_do_not_import_the_select_and_draft_stages() -> None:
    """`verify`, `approve`, `review` and `status` read the figures file (`select.figures_file`)
    and the removed-figure wording (`draft.removed`), not the stages that write them."""
    loaded = _loaded_by(
        "import draftflow.cli.verify, draftflow.cli.review, draftflow.cli.status, "
        "draftflow.verify, draftflow.review"
    )
    assert "draftflow.select.figures_file" in loaded and "draftflow.draft.removed" in loaded
    assert not loaded & {*WHOLE_SELECT, *WHOLE_DRAFT}, sorted(
        loaded & {*WHOLE_SELECT, *WHOLE_DRAFT}
    )


@pytest.mark.parametrize("package", ["draftflow.select", "draftflow.draft", "draftflow.extract"])
def test_every_name_a_lazy_stage_package_gives_resolves(package: str) -> None:
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        assert value is not None, name
        assert not isinstance(value, type(module)), f"{package}.{name} is a module"
    assert set(module.__all__) <= set(dir(module))
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018
