"""The evidence rules: what one tool call is worth as evidence.

classify() runs once per recorded invocation, on the write path. It decides the
row's Outcome in a fixed order (failure, deduplication, missing output, then
the tool's own classifier from RULES) and derives the topic domain the summary
groups by. docs/evidence-rules.md states the same rules as one table; keep the
two in step and bump CLASSIFIER_VERSION when an outcome can change.

Tools without a dedicated rule are judged by their preview's evidence format
(domain/formats/registry.py), the same reader the verifier cuts units with;
the format id is stored on the row. The rules themselves live by concept in domain/classifier/ (text, call, generic,
knowledge, logs, metrics, promql); this module is the entry point and the
registry of built-in rules, and re-exports the names it has always offered.
"""

from __future__ import annotations

import types
from typing import Mapping

from evidence_trace.server.domain.classifier.call import Finding, ToolCall, ToolRule, quote
from evidence_trace.server.domain.classifier.generic import _gate, _generic_topic, _judge_generic
from evidence_trace.server.domain.classifier.knowledge import QUERY_TOPIC_LIMIT, _judge_knowledge, normalized_query
from evidence_trace.server.domain.classifier.logs import _judge_logs, _log_topic
from evidence_trace.server.domain.classifier.metrics import _judge_metrics, _metrics_topic
from evidence_trace.server.domain.classifier.promql import promql_metric_name
from evidence_trace.server.domain.classifier.text import EXCERPT_LIMIT, NOTE_LIMIT, bounded, cut, first_line, first_text
from evidence_trace.server.domain.model import Classification, Invocation
from evidence_trace.server.domain.redaction import storable

CLASSIFIER_VERSION = 18
"""Version of these rules: rows classified under another version may differ.

3: outcomes of tools without a dedicated rule come from their evidence format
(domain/formats/), levels are read through the shared field maps, and the
format id is stored.
4: psql's tables and upper-case aligned tables (kafka-consumer-groups, docker ps) are tables, one record a
row, not log lines.
5: tables with headers split by spaces in lower or mixed case (Elasticsearch's `_cat` APIs, `iostat -x`,
`df -h`) are tables too (formats/spaced_tables.py).
6: aligned tables under a Title Case header (`amtool alert query`) are tables, and a table with an
`alertname` column gives each row its alert state (an active alert is a direct hit).
7: key-value documents (Redis `INFO`, `/proc/meminfo`, curl's `-w` timings) are read one record a section
(formats/key_values.py), their fields through the field maps.
8: redis-cli's numbered replies of names and values (`CONFIG GET`, `HGETALL`) are one record a pair
(formats/redis_replies.py): a hash's `state` "failed" is a problem; a spaced table's row whose last columns
are empty (`_cat/shards`' UNASSIGNED shards) is a row of it, not the end of the table; a Jaeger trace is one
record a span (formats/jaeger.py), a failed span direct; a Jenkins Pipeline console one record a stage
(formats/jenkins.py), a failed stage direct.
9: a key-value field whose value is itself fields (Redis's `db0:keys=…,expires=…`, `slave0:ip=…,state=online`)
is a record apart from its section.
10: `ping`'s report is read as its replies and one record of its statistics (formats/ping.py): a packet loss
is a problem; memcached's `stats` reply is one record (formats/memcached_stats.py): `accepting_conns 0` is a
problem.
11: `top -bn1` is its summary and one record a process (formats/top.py): a zombie process is a problem.
12: what an HTTP client prints (`curl -i`, `-I`, `-sv`, `-L`) is one record a response, request and certificate
(formats/http_exchanges.py): a 5xx response is a problem.
13: what `systemctl status` prints is one record a unit (formats/systemd_status.py), the lines after it lines: a
failed unit is a problem, a restarting one a warning.
14: CloudWatch GetMetricData is one record a result, each value at its timestamp (formats/cloudwatch.py): a value
beyond the query's threshold is a problem; an instant query's `ALERTS` series has its `alertstate` as its state,
so a firing one is direct; a plain line's source location in braces (Airflow's `{taskinstance.py:3311}`) is no word
of the four its level is sought in; a Kusto query response is one record a row under its columns' names
(formats/kusto.py); an ASCII-framed table (the mysql client, `bq query`, snowsql) is one record a row, each under
its frame's column names (formats/box_tables.py); ansible-playbook's output one record a host's result and one a
host's recap line, a failed or unreachable host a problem (formats/ansible.py); a header underlined by dash groups
(SQL*Plus, sqlcmd, `bq ls`) a table, one record a row (formats/dashed_tables.py); a W3C extended log (IIS,
CloudFront) one record a line under its `#Fields:` names, a 5xx sc-status a problem (formats/w3c.py).
15: YAML (`kubectl get -o yaml`, `gcloud … describe`, `helm get values`) is read as its JSON would be
(formats/yaml_documents.py), not one record a line; a JSON object beside a listing, and the own fields of an object
that holds one, are records of their own (generic_json.py); IBM MQ's runmqsc output is one record an object it
displays, an `AMQnnnnE:` message an error (formats/mqsc.py).
16: `/proc/mdstat` is one record an array with the lines indented under it, a degraded, recovering or resyncing array
a warning and a failed member or an inactive array an error (formats/mdstat.py), not one record a line.
17: `kubectl -o jsonpath` output is read under its template's names (formats/jsonpath_output.py).
18: an ad-hoc `ansible` run is one record a host, its header and output together, FAILED, UNREACHABLE and a
non-zero rc an error (formats/ansible_adhoc.py), not one record a line; `key<TAB>value` lines (`mntr`) are key
values, no TSV table (formats/key_values.py); `ceph osd tree` is one record a row, an OSD with the host above it, a
down OSD an error (formats/ceph_osd_tree.py); log4j's bracketed head gives a line's level (preview/loglines.py), and a
report that lists things as `Key=Value, …` lines in sections is a listing (formats/text_shapes.py)."""

TOPIC_LIMIT = 256
"""Maximum length, in characters, of a topic domain (the contract's bound)."""

GENERAL_TOPIC = "general"
"""The topic domain when neither the agent nor the tool's rule gives one."""


def classify(invocation: Invocation) -> Classification:
    """Classify one tool call as evidence (rules: docs/evidence-rules.md)."""
    call = ToolCall(invocation)
    rule = RULES.get(invocation.tool_name, GENERIC_RULE)
    gated = _gate(call)
    finding = gated or rule.judge(call)
    # Notes and derived topics may quote decoded JSON values ("\u0000"): every
    # field is made storable here, so a stored row needs no later check.
    return Classification(
        outcome=finding.outcome,
        topic_domain=storable(topic_domain(call, rule)),
        excerpt=storable(cut(finding.excerpt, EXCERPT_LIMIT)),
        note=storable(bounded(finding.note, NOTE_LIMIT)),
        format_id="" if gated is not None else call.format_id,
    )


def topic_domain(call: ToolCall, rule: ToolRule) -> str:
    """The agent's topic domain, else the tool's derived one, else "general"."""
    own = call.invocation.topic_domain.strip()
    if own:
        return own[:TOPIC_LIMIT]
    derived = " ".join(rule.topic(call).split())[:TOPIC_LIMIT]
    return derived or GENERAL_TOPIC


RULES: Mapping[str, ToolRule] = types.MappingProxyType(
    {
        "lookup_knowledge": ToolRule(judge=_judge_knowledge, topic=normalized_query),
        "query_logs": ToolRule(judge=_judge_logs, topic=_log_topic),
        "query_metrics": ToolRule(judge=_judge_metrics, topic=_metrics_topic),
    }
)
"""The built-in classifier of each known tool. Known tools ignore evidence hints."""

GENERIC_RULE = ToolRule(judge=_judge_generic, topic=_generic_topic)
"""The rule for every tool not in RULES."""

__all__ = [
    "CLASSIFIER_VERSION",
    "EXCERPT_LIMIT",
    "Finding",
    "GENERAL_TOPIC",
    "GENERIC_RULE",
    "NOTE_LIMIT",
    "QUERY_TOPIC_LIMIT",
    "RULES",
    "TOPIC_LIMIT",
    "ToolCall",
    "ToolRule",
    "bounded",
    "classify",
    "cut",
    "first_line",
    "first_text",
    "normalized_query",
    "promql_metric_name",
    "quote",
    "topic_domain",
]
