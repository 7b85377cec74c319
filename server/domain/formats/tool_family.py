"""Which family of tool a tool name names (logs, metrics, knowledge, traces, other), and of one call."""

from __future__ import annotations

import re
from typing import Any, Mapping

from evidence_trace.server.domain.verifier.unit_model import Family


def family_of(tool_name: str) -> Family:
    name = tool_name.lower()
    if any(word in name for word in ("trace", "tempo", "jaeger", "span", "zipkin")):
        return Family.TRACES
    if "log" in name or any(word in name for word in ("loki", "splunk", "graylog", "papertrail", "sumo")):
        return Family.LOGS  # a log store's own name ("loki_query_range") is a log call
    if any(word in name for word in ("metric", "prom", "alert", "monitor")):
        return Family.METRICS
    if any(word in name for word in ("knowledge", "rag", "retriev", "doc", "search_kb", "kb")):
        return Family.KNOWLEDGE
    return Family.OTHER


# A shell or kubectl call that reads logs: "kubectl logs …", "journalctl -u …", "tail -n 200 /var/log/…",
# "docker logs …"
_READS_LOGS = re.compile(r"(?:^|[\s\"'])(?:logs|journalctl|tail)\b|/var/log/|\.log\b", re.I)


def call_family(tool_name: str, params: Mapping[str, Any]) -> Family:
    """The family of one call: its tool's, or for a general tool (kubectl, ssh_exec, shell) what its command
    reads: a call that reads logs is a log call, so "the Job's logs show …" may rest on `kubectl logs`."""
    family = family_of(tool_name)
    if family != Family.OTHER:
        return family
    command = " ".join(str(v) for v in params.values() if isinstance(v, (str, list)))
    return Family.LOGS if _READS_LOGS.search(command) else family
