"""A time after "pre-" or "post-" is a time, not a host and its port: "the post-08:00 buckets", "pre-09:30
traffic" had read "post-08" as a name no call mentions, and the claim as INVENTED. A name with a port stays one.
Domain only, offline; phrasings written for these tests."""

from __future__ import annotations

import pytest

from evidence_trace.server.domain.verifier.facts import FactKind, extract_facts


@pytest.mark.parametrize(
    ("text", "time"), [("The post-08:00 buckets sit under the cap.", "08:00"), ("pre-09:30 的流量正常。", "09:30")]
)
def test_a_time_after_pre_or_post_is_a_time(text: str, time: str) -> None:
    facts = extract_facts(text)
    assert [f.text for f in facts if f.kind == FactKind.TIME] == [time]
    assert not [f for f in facts if f.kind == FactKind.INSTANCE]


def test_a_host_and_its_port_stay_one() -> None:
    assert [f.text for f in extract_facts("web-01:8080 is down.") if f.kind == FactKind.INSTANCE] == ["web-01:8080"]
