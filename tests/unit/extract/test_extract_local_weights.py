"""A path under a local weights folder (`vllm serve models/Qwen3-0.6B`) reads `owner/name`
like a model repository id, but names a copy on the run's disk: no record or figure gives it
as the published artifact (Sergey-Kit, read33-s26b: "measured on the weights of
models/Qwen3-0.6B"; `configs/experiment.yaml` names `Qwen/Qwen3-0.6B`)."""

from __future__ import annotations

from documents import make_document
from draftflow.extract.conditions.not_a_model import is_local_weights_path
from draftflow.extract.conditions.readers import Resolved
from draftflow.select.model_names import artifact, hf_ids

LOG = "# .venv/bin/vllm serve models/Qwen3-0.6B --dtype float16\n"
CONFIG = "model:\n  hf_id: Qwen/Qwen3-0.6B\n  local_dir: models/Qwen3-0.6B\n"


def test_a_local_weights_path_is_no_repository_id() -> None:
    assert is_local_weights_path("models/Qwen3-0.6B")
    assert is_local_weights_path("checkpoints/Llama-3-8B")
    assert not is_local_weights_path("Qwen/Qwen3-0.6B")
    assert not is_local_weights_path("unsloth/Qwen3-30B-A3B-GGUF")


def test_the_record_names_the_published_id_not_the_local_path() -> None:
    log = make_document("results/vllm_longctx.log", LOG)
    config = make_document("configs/experiment.yaml", CONFIG)
    assert hf_ids(log) == []
    found = artifact([log, config], "Qwen3-0.6B")
    assert found is not None and found[0] == "Qwen/Qwen3-0.6B"
    assert artifact([log], None) is None


def test_a_figure_condition_puts_no_local_path_as_its_artifact() -> None:
    resolved = Resolved()
    resolved.put("model_artifact", "models/Qwen3-0.6B")
    assert "model_artifact" not in resolved.values
    resolved.put("model_artifact", "Qwen/Qwen3-0.6B")
    assert resolved.values["model_artifact"] == "Qwen/Qwen3-0.6B"
