"""Builders for the gate corpus: payloads in the shapes the real tools emit (see ../README.md)."""

import datetime as _dt
import json

CASES = []
_COUNTERS = {}
CATEGORIES = (
    "vague",
    "binding",
    "wrong_value",
    "negation",
    "state",
    "causal",
    "weak_evidence",
    "formatting",
    "advice_hedge",
    "honest_gap",
    "query_vs_result",
    "long_markdown",
)

BASE = _dt.datetime(2026, 11, 30, 8, 0, 0, tzinfo=_dt.timezone.utc)


def epoch(minute=0, second=0):
    """A Prometheus sample time: Unix seconds (a JSON number, integral here)."""
    value = (BASE + _dt.timedelta(minutes=minute, seconds=second)).timestamp()
    return int(value) if value == int(value) else value


def iso(minute=0, second=0):
    return (BASE + _dt.timedelta(minutes=minute, seconds=second)).strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_ms(minute=0, second=0):
    return (BASE + _dt.timedelta(minutes=minute, seconds=second)).strftime("%Y-%m-%dT%H:%M:%S.123456789Z")


def cst(minute=0, second=0):
    """The Java tool's timestamp: yyyy-MM-dd HH:mm:ss in Asia/Shanghai (UTC+8)."""
    return (BASE + _dt.timedelta(hours=8, minutes=minute, seconds=second)).strftime("%Y-%m-%d %H:%M:%S")


def jackson(obj):
    """Jackson's default pretty printer: two-space indent, `"key" : value`."""
    return json.dumps(obj, ensure_ascii=False, indent=2, separators=(",", " : "))


def compact(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def add(category, lang, label, question, draft, invocations, note):
    assert category in CATEGORIES, category
    assert label in ("supported", "unsupported")
    assert lang in ("en", "zh")
    n = _COUNTERS.get(category, 0) + 1
    _COUNTERS[category] = n
    ids = [inv["invocationId"] for inv in invocations]
    assert len(ids) == len(set(ids)), ids
    prefix = f"c{len(CASES) + 1:03d}-"
    for item in invocations:
        item["invocationId"] = prefix + item["invocationId"]
    CASES.append(
        {
            "id": f"{category}-{n:02d}-{label}",
            "category": category,
            "lang": lang,
            "label": label,
            "question": question,
            "draft": draft.strip("\n"),
            "invocations": invocations,
            "note": note,
        }
    )


def inv(
    iid,
    tool,
    params,
    preview="",
    *,
    success=True,
    state=None,
    truncated=False,
    error=None,
    kind=None,
    retrieval=None,
    topic=None,
    minute=1,
    duration=420,
):
    out = {
        "invocationId": iid,
        "toolName": tool,
        "inputParams": params,
        "startTime": iso(minute, (len(iid) * 7) % 60),
        "durationMs": str(duration),
        "success": success,
    }
    if preview:
        out["outputState"] = state or "OUTPUT_STATE_CAPTURED"
        out["outputPreview"] = preview
    else:
        out["outputState"] = state or ("OUTPUT_STATE_EMPTY" if success else "OUTPUT_STATE_NOT_CAPTURED")
    if truncated:
        out["outputTruncated"] = True
    if not success:
        out["errorMessage"] = error
        out["errorKind"] = kind
    if retrieval is not None:
        out["retrieval"] = retrieval
    if topic:
        out["topicDomain"] = topic
    return out


# -- query_logs ------------------------------------------------------------------


def entry(minute, level, service, instance, message, metrics=None, second=0):
    return {
        "timestamp": cst(minute, second),
        "level": level,
        "service": service,
        "instance": instance,
        "message": message,
        "metrics": metrics or {},
    }


def logs_java(
    iid,
    topic,
    query,
    entries,
    *,
    region="ap-guangzhou",
    limit=20,
    total=None,
    topic_key="log_topic",
    empty_success=False,
    minute=2,
    message=None,
    **kw,
):
    """QueryLogsTools.queryLogs: Jackson pretty JSON; success=false and 未找到匹配的日志 when nothing matched."""
    payload = {
        "success": bool(entries) or empty_success,
        "region": region,
        topic_key: topic,
        "query": query or "DEFAULT_QUERY",
        "logs": entries,
        "total": len(entries) if total is None else total,
        "message": message or (f"成功查询到 {len(entries)} 条日志" if entries else "未找到匹配的日志"),
    }
    params = {"region": region, "logTopic": topic, "query": query, "limit": limit}
    return inv(iid, "query_logs", params, jackson(payload), minute=minute, **kw)


def logs_java_error(iid, topic, query, message, *, region="ap-guangzhou", minute=2):
    payload = {
        "success": False,
        "region": None,
        "log_topic": None,
        "query": None,
        "logs": None,
        "total": 0,
        "message": message,
    }
    return inv(
        iid,
        "query_logs",
        {"region": region, "logTopic": topic, "query": query, "limit": 20},
        jackson(payload),
        minute=minute,
    )


def logs_plain(iid, topic, query, lines, *, minute=2, params=None, **kw):
    p = {"logTopic": topic, "query": query, "limit": 50}
    if params:
        p.update(params)
    return inv(iid, "query_logs", p, "\n".join(lines), minute=minute, **kw)


# -- query_metrics (Prometheus HTTP API) -------------------------------------------


def prom_vector(iid, query, series, *, at=(5, 0), threshold=None, comparison=None, minute=3, extra=None, **kw):
    """series: [(labels, value)]"""
    t = epoch(*at)
    result = [{"metric": labels, "value": [t, value]} for labels, value in series]
    params = {"query": query, "time": iso(*at)}
    if threshold is not None:
        params["threshold"] = threshold
    if comparison:
        params["comparison"] = comparison
    if extra:
        params.update(extra)
    body = {"status": "success", "data": {"resultType": "vector", "result": result}}
    return inv(iid, "query_metrics", params, compact(body), minute=minute, **kw)


def prom_matrix(
    iid,
    query,
    series,
    *,
    start=(0, 0),
    end=(30, 0),
    step="60s",
    threshold=None,
    comparison=None,
    minute=3,
    extra=None,
    **kw,
):
    """series: [(labels, [(minute, value), ...])]"""
    result = [{"metric": labels, "values": [[epoch(m), v] for m, v in samples]} for labels, samples in series]
    params = {"query": query, "start": iso(*start), "end": iso(*end), "step": step}
    if threshold is not None:
        params["threshold"] = threshold
    if comparison:
        params["comparison"] = comparison
    if extra:
        params.update(extra)
    body = {"status": "success", "data": {"resultType": "matrix", "result": result}}
    return inv(iid, "query_metrics", params, compact(body), minute=minute, **kw)


def prom_error(iid, query, error_type, error, *, minute=3):
    body = {"status": "error", "errorType": error_type, "error": error}
    return inv(iid, "query_metrics", {"query": query}, compact(body), minute=minute)


def alert(name, state, active, value, *, severity="critical", summary="", description="", **labels):
    lab = {"alertname": name, "severity": severity}
    lab.update(labels)
    ann = {}
    if summary:
        ann["summary"] = summary
    if description:
        ann["description"] = description
    return {"labels": lab, "annotations": ann, "state": state, "activeAt": iso_ms(*active), "value": value}


def prom_alerts(iid, alerts, *, params=None, minute=1, **kw):
    body = {"status": "success", "data": {"alerts": alerts}}
    return inv(iid, "query_metrics", params or {"endpoint": "/api/v1/alerts"}, compact(body), minute=minute, **kw)


def java_alerts(iid, alerts, *, minute=1, **kw):
    """QueryMetricsTools.queryPrometheusAlerts: simplified alerts (alert_name, description, state, active_at, duration)."""
    body = {
        "success": True,
        "alerts": alerts,
        "message": f"成功检索到 {len(alerts)} 个活动告警",
        "error": None,
        "errorCode": None,
        "dataMode": "REAL",
        "nextAction": None,
    }
    return inv(iid, "query_metrics", {"endpoint": "/api/v1/alerts"}, jackson(body), minute=minute, **kw)


def java_alert(name, state, active, duration, description):
    return {
        "alert_name": name,
        "description": description,
        "state": state,
        "active_at": iso_ms(*active),
        "duration": duration,
    }


# -- lookup_knowledge ----------------------------------------------------------------


def chunk(title, file_name, content, *, distance=0.82, rerank=0.9, index=1, total=6, cid=None):
    return {
        "id": cid or f"{file_name}#{index}",
        "distance": distance,
        "source": "aiops-docs",
        "fileName": file_name,
        "chunkIndex": index,
        "totalChunks": total,
        "title": title,
        "rerankScore": rerank,
        "contentHitCount": 2,
        "metadataHitCount": 1,
        "matchedQuery": None,
        "content": content,
    }


def knowledge(iid, query, chunks, *, relevance="HIGH", l0=None, l1=None, layer="L0+L1", dedup=None, minute=4, **kw):
    """InternalDocsTools.queryInternalDocs: compact JSON, status/query/resultCount/results."""
    for c in chunks:
        c["matchedQuery"] = query
    if chunks:
        preview = compact({"status": "success", "query": query, "resultCount": len(chunks), "results": chunks})
    else:
        preview = compact({"status": "no_results", "message": "No relevant documents found in the knowledge base."})
    if l0 is None and l1 is None:
        l0, l1 = (1, len(chunks) - 1) if chunks else (0, 0)
    retrieval = {
        "retrievalLayer": layer,
        "l0Count": l0,
        "l1Count": l1,
        "relevanceLevel": f"RELEVANCE_LEVEL_{relevance}",
    }
    if dedup:
        retrieval["dedupReason"] = dedup
    return inv(iid, "lookup_knowledge", {"query": query, "topK": 3}, preview, retrieval=retrieval, minute=minute, **kw)


def failed(iid, tool, params, kind, message, *, minute=2, duration=10000):
    return inv(
        iid, tool, params, success=False, error=message, kind=f"ERROR_KIND_{kind}", minute=minute, duration=duration
    )
