"""A gap an empty call left, said of a clock time, needs a call that asked that time: an instant query of now that
came back empty shows nothing of "02:00 last night"; one that asked a window (its parameters name a time or a
range) may hold it.

Runs the gate through a real server in process (the empty call's outcome is the write path's).
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.testing import in_process_client
from evidence_trace.v1 import evidence_trace_pb2 as pb

_EMPTY = json.dumps({"status": "success", "data": {"resultType": "vector", "result": []}})


def decide(draft: str, params: dict[str, str]) -> list[str]:
    with in_process_client() as client:
        call = pb.ToolInvocation(
            session_id="gap-times",
            invocation_id="q-1",
            tool_name="query_metrics",
            input_params=params,
            success=True,
            output_state=pb.OUTPUT_STATE_CAPTURED,
            output_preview=_EMPTY,
        )
        client.batch_record_invocations(invocations=[call])
        answer = client.chat(session_id="gap-times", question="Did any redis node go down?", draft_answer=draft)
        return list(answer.decision.reasons)


@pytest.mark.parametrize(
    "draft",
    [
        'The query `up{job="redis"} == 0` came back empty, so no redis node was down around 03:00 last night.',
        '查询 `up{job="redis"} == 0` 结果为空，说明昨晚 03:00 前后没有 redis 节点宕机。',
    ],
)
def test_an_instant_query_of_now_shows_no_gap_at_another_time(draft: str) -> None:
    reasons = decide(draft, {"query": 'up{job="redis"} == 0'})
    assert any("asked no time of 03:00" in r for r in reasons)


@pytest.mark.parametrize(
    "draft",
    [
        'The query `up{job="redis"} == 0` came back empty, so no redis node was down around 03:00 last night.',
        '查询 `up{job="redis"} == 0` 结果为空，说明昨晚 03:00 前后没有 redis 节点宕机。',
    ],
)
def test_a_query_that_asked_a_window_may_show_it(draft: str) -> None:
    reasons = decide(draft, {"query": 'max_over_time((up{job="redis"} == 0)[12h])'})
    assert not any("asked no time" in r for r in reasons)
