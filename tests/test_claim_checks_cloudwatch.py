"""Claim checks over CloudWatch GetMetricData (`aws cloudwatch get-metric-data`), whose results give their samples
as two lists, Timestamps and Values: each value is read at its time and in the unit its label names
(IteratorAgeMilliseconds). Domain only, offline; phrasings written for these tests, both ways and both languages.
"""

from __future__ import annotations

import json

import pytest

from evidence_trace.server.domain.model import Decision, EvidenceRow, Outcome
from evidence_trace.server.domain.verifier.grounding import check_draft, decide


def judge(draft: str, *rows: EvidenceRow) -> Decision:
    return decide(check_draft(draft, rows))[0]


def metric_data(*results: tuple[str, str, list[float]], start: str = "2026-11-03T06") -> EvidenceRow:
    """Results sampled every 5 minutes from :00, listed newest first as the CLI prints them."""
    listed = [
        {
            "Id": id_,
            "Label": label,
            "Timestamps": [f"{start}:{5 * i:02d}:00+00:00" for i in reversed(range(len(values)))],
            "Values": list(reversed(values)),
            "StatusCode": "Complete",
        }
        for id_, label, values in results
    ]
    body = json.dumps({"MetricDataResults": listed, "Messages": []}, indent=4)
    command = (
        "aws cloudwatch get-metric-data --metric-data-queries file://queries.json --start-time 2026-11-03T06:00:00Z"
    )
    return EvidenceRow("cw-1", "aws_cli", Outcome.INDIRECT_SUPPORT, body, {"command": command})


WEB = metric_data(
    ("cpu", "CPUUtilization Average", [38.4, 52.9, 77.1, 89.6]),
    ("err", "HTTPCode_Target_5XX_Count Sum", [0.0, 12.0, 57.0, 203.0]),
)
STREAM = metric_data(
    ("age", "GetRecords.IteratorAgeMilliseconds", [840.0, 5210.0, 96012.0, 418770.0]),
    ("throttle", "ReadProvisionedThroughputExceeded", [0.0, 0.0, 311.0, 1205.0]),
)
TABLE = "| UTC | CPU avg | Target 5xx |\n|---|---|---|\n{rows}\n"


@pytest.mark.parametrize(
    ("rows", "decision"),
    [
        ("| 06:05 | 52.9% | 12 |\n| 06:10 | 77.1% | 57 |\n| 06:15 | 89.6% | 203 |", Decision.ACCEPT),
        # the CPU of 06:15 put at 06:10, and the 5xx count of 06:10 at 06:15
        ("| 06:05 | 52.9% | 12 |\n| 06:10 | 89.6% | 57 |\n| 06:15 | 77.1% | 203 |", Decision.LOW_CONFID),
        ("| 06:05 | 52.9% | 12 |\n| 06:10 | 77.1% | 203 |", Decision.LOW_CONFID),
    ],
)
def test_a_row_of_a_time_and_two_metrics_binds_each_value_to_its_result_at_that_time(
    rows: str, decision: Decision
) -> None:
    assert judge(TABLE.format(rows=rows), WEB) == decision


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("CPU averaged 77.1% at 06:10 UTC and reached 89.6% by 06:15 UTC.", Decision.ACCEPT),
        ("06:10 UTC 时 CPU 平均 77.1%，到 06:15 UTC 升到 89.6%。", Decision.ACCEPT),
        ("CPU averaged 77.1% at 06:15 UTC.", Decision.LOW_CONFID),
        ("06:05 UTC 时 CPU 平均 77.1%。", Decision.LOW_CONFID),
    ],
)
def test_a_value_is_read_at_the_timestamp_beside_it(draft: str, decision: Decision) -> None:
    assert judge(draft, WEB) == decision


@pytest.mark.parametrize(
    ("draft", "decision"),
    [
        ("The iterator age reached 418,770 ms at 06:15 UTC, about 7 minutes behind.", Decision.ACCEPT),
        ("06:15 UTC 时 iterator age 达到约 419 秒。", Decision.ACCEPT),
        ("The iterator age reached 418,770 s at 06:15 UTC.", Decision.LOW_CONFID),
        ("06:15 UTC 时 iterator age 达到约 419 毫秒。", Decision.LOW_CONFID),
    ],
)
def test_a_label_ending_in_milliseconds_gives_its_values_in_milliseconds(draft: str, decision: Decision) -> None:
    assert judge(draft, STREAM) == decision
