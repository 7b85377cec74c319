"""The evidence-format registry: one ordered table, one line per format.

`format_for` gives the first format that recognises a preview (or the stored
one, by id); `generic_json` takes any JSON and `log_lines` any text, so every
preview has a format. The recognisers are exclusive where shapes could meet
(Loki's streams and Prometheus's series by resultType, events and `get`
tables by their columns); the order only puts the specific shapes before the
catch-alls (generic_json for JSON; knowledge_chunks for a knowledge tool's
text or prose, then log_lines for text), and JSON lines before JSON (whose
reader would take the first line alone). Each JSON format reads the lines a tool prints after the body too
(trailers.py). docs/evidence-rules.md ("Formats") describes each line.
"""

from __future__ import annotations

import types
from typing import Mapping

from evidence_trace.server.domain.formats import (
    alertmanager,
    aligned,
    ansible,
    ansible_adhoc,
    azure_monitor,
    box_tables,
    ceph_osd_tree,
    cloudwatch,
    dashed_tables,
    elasticsearch,
    generic_json,
    haproxy,
    http_exchanges,
    jaeger,
    java_logs,
    jenkins,
    json_lines,
    jsonpath_output,
    key_values,
    knowledge,
    kubectl,
    kusto,
    log_lines,
    logfmt,
    loki,
    mdstat,
    memcached_stats,
    mqsc,
    ping,
    prometheus,
    redis_replies,
    spaced_tables,
    systemd_status,
    tables,
    top,
    w3c,
    xml_documents,
    yaml_documents,
)
from evidence_trace.server.domain.formats.model import Format, Preview
from evidence_trace.server.domain.formats.trailers import with_trailer

FORMATS: tuple[Format, ...] = (
    json_lines.FORMAT,  # {...}\n{...}: one object a line
    with_trailer(java_logs.FORMAT),  # {"logs": [...]}
    with_trailer(prometheus.VECTOR),  # {"data": {"resultType": "vector", "result": [...]}}
    with_trailer(prometheus.MATRIX),  # {"data": {"resultType": "matrix", "result": [...]}}
    with_trailer(prometheus.ALERTS),  # {"data": {"alerts": [...]}}
    with_trailer(loki.FORMAT),  # {"data": {"resultType": "streams", "result": [...]}}
    with_trailer(alertmanager.FORMAT),  # [{"labels": ..., "status": {"state": ...}}, ...]
    with_trailer(elasticsearch.FORMAT),  # {"hits": {"hits": [...]}}
    with_trailer(cloudwatch.FORMAT),  # {"MetricDataResults": [{"Timestamps": [...], "Values": [...]}]}
    with_trailer(azure_monitor.FORMAT),  # {"value": [{"name": ..., "unit": ..., "timeseries": [{"data": [...]}]}]}
    with_trailer(kusto.FORMAT),  # {"tables": [{"columns": [{"name": ...}], "rows": [[...]]}]}
    with_trailer(jaeger.FORMAT),  # {"data": [{"traceID": ..., "spans": [...], "processes": {...}}]}
    with_trailer(generic_json.FORMAT),  # any other JSON
    jsonpath_output.FORMAT,  # kubectl -o jsonpath='{.a}{"\\t"}{.b}': the values under the template's names
    xml_documents.FORMAT,  # <?xml …?><builds><build number="745" state="running"/>… (read as its JSON would be)
    http_exchanges.FORMAT,  # HTTP/1.1 503 …\nRetry-After: 30 (curl -i/-I/-v: a record a response, request, certificate)
    ansible_adhoc.FORMAT,  # HOST | CHANGED | rc=0 >>\n… / HOST | UNREACHABLE! => {…} (an ad-hoc run: one record a host)
    ansible.FORMAT,  # TASK [x] ****\nchanged: [host] … PLAY RECAP **** (one record a host's result, one a recap line)
    jenkins.FORMAT,  # [Pipeline] { (Build) ... [Pipeline] } (a Jenkins Pipeline's console, one record a stage)
    top.FORMAT,  # top - 10:22:42 up …\n%Cpu(s): …\n  PID USER … %CPU %MEM … COMMAND (summary, then one record a process)
    mdstat.FORMAT,  # md0 : active raid5 sdd1[4] …\n      … [4/3] [UUU_] (/proc/mdstat: one record an array, then lines)
    systemd_status.FORMAT,  # ● nginx.service - …\n  Loaded: …\n  Active: … (one record a unit, then lines)
    ceph_osd_tree.FORMAT,  # ID CLASS WEIGHT TYPE NAME STATUS … (`ceph osd tree`: one record a row, an OSD with its host)
    dashed_tables.FORMAT,  # NAME  STATUS\n----- ------\n… (SQL*Plus, sqlcmd, bq ls: a header over a rule of dash groups)
    kubectl.EVENTS,  # LAST SEEN  TYPE  REASON  OBJECT  MESSAGE
    kubectl.TABLE,  # NAME  READY  STATUS ... / No resources found
    kubectl.DESCRIBE,  # Name: ...\nNamespace: ...
    aligned.PSQL,  # a | b\n---+---
    aligned.COLUMNS,  # GROUP  TOPIC  PARTITION ... (upper-case, two spaces apart, not kubectl's)
    box_tables.FORMAT,  # ┌─a─┬─b─┐\n│ 1 │ 2 │ (clickhouse-client's Pretty)
    tables.MARKDOWN,  # | a | b |\n|---|---|
    tables.CSV,  # a,b,c
    tables.TSV,  # a<TAB>b<TAB>c
    spaced_tables.FORMAT,  # index shard prirep ... / Device r/s w/s ... %util (headers split by spaces)
    redis_replies.FORMAT,  # 1) "maxclients"\n2) "10000" (redis-cli's names and values in turn)
    w3c.FORMAT,  # #Fields: date time s-ip cs-method … (IIS, CloudFront: each line's fields under the directive's names)
    haproxy.FORMAT,  # ... haproxy[pid]: client [date] frontend backend/server timers status ...
    memcached_stats.FORMAT,  # STAT uptime 1209600\nSTAT bytes 4018922114 (memcached's stats: one record)
    ping.FORMAT,  # PING host ... / --- host ping statistics --- / rtt min/avg/max/mdev = ... (one record the report)
    mqsc.FORMAT,  # AMQ8409I: Display Queue details.\n   QUEUE(GW.REPLY.CARDS)  TYPE(QLOCAL)\n   CURDEPTH(3) (one record an object)
    logfmt.FORMAT,  # key=value key=value key=value
    yaml_documents.FORMAT,  # apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: … (read as its JSON would be)
    key_values.FORMAT,  # # Memory\nused_memory:12477651040\nmaxmemory:12884901888 (one field a line)
    knowledge.FORMAT,  # a knowledge tool's text, or prose
    log_lines.FORMAT,  # any other text, one record a line
)

BY_ID: Mapping[str, Format] = types.MappingProxyType({f.id: f for f in FORMATS})


def recognise(preview: Preview) -> Format:
    """The first format that recognises the preview."""
    for fmt in FORMATS:
        if fmt.recognise(preview):
            return fmt
    return log_lines.FORMAT


def format_for(preview: Preview, format_id: str = "") -> Format:
    """The stored format when there is one (and it is known), else the recognised one."""
    stored = BY_ID.get(format_id) if format_id else None
    return stored if stored is not None else recognise(preview)
