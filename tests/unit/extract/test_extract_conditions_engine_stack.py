"""A text that names an engine and the engine it serves models through names the top of the
stack (issue 31: a stack word read from a lower layer is a wrong engine): exo runs MLX."""

from __future__ import annotations

from draftflow.extract.conditions.setup_names import engine_in, engine_measured

_EXO = (
    "**Cluster:** 2x Mac Studio M4 Max, RDMA over Thunderbolt 5, exo tensor-parallel (2 ranks).\n"
    "exo `main`=`652d8224` (zenoh networking + mlx upstream sync), mlx `main`=`419cf7efe`"
)


def test_an_engine_named_with_its_backend_is_the_engine() -> None:
    assert engine_measured(_EXO) == "exo"


def test_an_engine_compared_with_its_backend_names_neither() -> None:
    assert engine_in("exo vs MLX on one Mac Studio") is None


def test_a_variable_or_a_project_path_is_no_engine() -> None:
    assert engine_in("EXO_SPECULATIVE=1 with MLX") == "MLX"
