"""The reply schema the extract model fills (`extract/model_reply.py`)."""

from __future__ import annotations

import json

from draftflow.extract.model_pass.reply import ExtractReply, reply_schema_json


def test_the_schema_names_what_a_chunk_reply_holds() -> None:
    schema = json.loads(reply_schema_json())
    assert set(schema["properties"]) == {"results", "repeated_runs", "profiles", "setup"}
    result = schema["$defs"]["ResultClaim"]
    assert set(result["required"]) == {"document_id", "line", "value", "label", "metric", "unit"}


def test_an_empty_reply_is_valid_and_states_no_setup() -> None:
    reply = ExtractReply.model_validate({})
    assert reply.results == [] and reply.setup.node_count is None
