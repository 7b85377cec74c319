"""The query_metrics rule: Prometheus query and alert responses, thresholds, and how series and alerts are shown."""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any, Mapping, Optional

from evidence_trace.server.domain.classifier.call import Finding, ToolCall, _preview_excerpt, _query_suffix, quote
from evidence_trace.server.domain.classifier.generic import _judge_unhinted
from evidence_trace.server.domain.classifier.promql import promql_metric_name
from evidence_trace.server.domain.classifier.text import _as_text, _quoted, first_line, first_text
from evidence_trace.server.domain.formats.thresholds import COMPARISONS, number, threshold
from evidence_trace.server.domain.model import Outcome
from evidence_trace.server.domain.payloads import TRUNCATION_MARK, JsonPath, iter_dicts

_ALERT_STATES = frozenset({"firing", "pending", "inactive"})


@dataclasses.dataclass(frozen=True)
class _Series:
    """One Prometheus series: its labels, (timestamp, raw value) samples, and where each is written."""

    labels: dict[str, Any]
    samples: list[tuple[Any, Any]]
    path: JsonPath = ()
    sample_paths: tuple[JsonPath, ...] = ()

    def render(self, sample: tuple[Any, Any]) -> str:
        """'name{label="v",...} = value at time'."""
        labels = dict(self.labels)
        name = _as_text(labels.pop("__name__", ""))
        return f"{name}{_render_labels(labels)} = {_as_text(sample[1])} at {_render_time(sample[0])}"

    def quote(self, call: "ToolCall", sample_index: Optional[int] = None) -> str:
        """The series as written in the payload, showing the given sample if the excerpt must be cut."""
        focus = self.sample_paths[sample_index] if sample_index is not None and self.sample_paths else None
        return quote(call, self.path, focus)


def _judge_metrics(call: ToolCall) -> Finding:
    """query_metrics: Prometheus /api/v1/query(_range) and /api/v1/alerts responses."""
    payload = call.payload
    if payload is None or not isinstance(payload.value, dict):
        return _judge_unhinted(call)
    body = payload.value
    if body.get("status") == "error":
        kind, error = first_text(body, "errorType"), first_line(_as_text(body.get("error")))
        return Finding(Outcome.FAILED, note=": ".join(part for part in (kind, error) if part) or "Prometheus error")
    data = body.get("data")
    if isinstance(data, dict) and isinstance(data.get("alerts"), list):
        return _judge_alerts(
            call,
            [
                (("data", "alerts", i), alert)
                for i, alert in enumerate(data["alerts"])
                if isinstance(alert, dict) and alert
            ],
        )
    if isinstance(data, dict) and "result" in data:
        return _judge_series(call, _series_of(data.get("resultType"), data.get("result")))
    if payload.complete and body:
        return Finding(Outcome.INDIRECT_SUPPORT, excerpt=_preview_excerpt(call))
    prefix = "returned no series or alerts" if payload.complete else "preview cut before any series or alert"
    return Finding(Outcome.NO_HIT, note=prefix + _query_suffix(call))


def _judge_alerts(call: ToolCall, located: list[tuple[JsonPath, dict[str, Any]]]) -> Finding:
    """A firing alert is direct support, a pending one indirect; none is no hit."""
    alerts = [alert for _, alert in located]
    states = [_as_text(alert.get("state")).lower() for alert in alerts]
    for wanted, outcome in (("firing", Outcome.DIRECT_SUPPORT), ("pending", Outcome.INDIRECT_SUPPORT)):
        if wanted in states:
            path, alert = located[states.index(wanted)]
            return Finding(outcome, excerpt=quote(call, path), note=_render_alert(wanted, alert))
    if call.partial and alerts and states[-1] not in _ALERT_STATES:
        # Only the last alert can be cut; what is visible of it is content.
        path, alert = located[-1]
        return Finding(
            Outcome.INDIRECT_SUPPORT,
            excerpt=quote(call, path),
            note="alert cut before its state: " + _render_alert("", alert),
        )
    alertname = call.param("alertname", "alert_name")
    where = f" named {_quoted(alertname)}" if alertname else ""
    prefix = "preview cut before any firing or pending alert" if call.partial else "no firing or pending alerts"
    return Finding(Outcome.NO_HIT, note=prefix + where)


def _render_alert(state: str, alert: dict[str, Any]) -> str:
    """'firing alert Name severity=critical {labels} since t: summary'."""
    labels: dict[str, Any] = alert["labels"] if isinstance(alert.get("labels"), dict) else {}
    rest = {key: value for key, value in labels.items() if key not in ("alertname", "severity")}
    parts = [f"{state} alert" if state else "alert", _as_text(labels.get("alertname"))]
    if labels.get("severity"):
        parts.append(f"severity={_as_text(labels['severity'])}")
    if rest:
        parts.append(_render_labels(rest))
    if alert.get("activeAt"):
        parts.append(f"since {_as_text(alert['activeAt'])}")
    summary = first_text(alert.get("annotations"), "summary", "description", "message")
    head = " ".join(part for part in parts if part)
    return f"{head}: {summary}" if summary else head


def _series_of(result_type: Any, result: Any) -> list[_Series]:
    """The series of a vector, matrix or scalar result; cut or empty ones are skipped."""
    base: JsonPath = ("data", "result")
    if result_type in ("scalar", "string"):
        return [_Series({}, [(result[0], result[1])], base, (base,))] if _is_sample(result) else []
    series = []
    for i, item in enumerate(result if isinstance(result, list) else []):
        if not isinstance(item, dict):
            continue
        labels: dict[str, Any] = item["metric"] if isinstance(item.get("metric"), dict) else {}
        if "value" in item:
            raw, paths = [item["value"]], [base + (i, "value")]
        else:
            values = item.get("values")
            raw = values if isinstance(values, list) else []
            paths = [base + (i, "values", j) for j in range(len(raw))]
        kept = [(s, p) for s, p in zip(raw, paths) if _is_sample(s)]
        samples = [(s[0], s[1]) for s, _ in kept]
        if labels or samples:
            series.append(_Series(labels, samples, base + (i,), tuple(p for _, p in kept)))
    return series


def _is_sample(sample: Any) -> bool:
    """Whether sample is a [timestamp, value] pair."""
    return isinstance(sample, list) and len(sample) == 2


def _judge_series(call: ToolCall, series: list[_Series]) -> Finding:
    """A sample beyond the threshold is direct support; any series indirect."""
    if not series:
        prefix = "preview cut before any series" if call.partial else "returned no series"
        query = call.param("query", "promql")
        return Finding(Outcome.NO_HIT, note=prefix + (f" for PromQL query {_quoted(query)}" if query else ""))
    threshold = _threshold(call)
    if threshold is not None:
        symbol, limit = threshold
        crosses = COMPARISONS[symbol]
        for one in series:
            for index, sample in enumerate(one.samples):
                value = number(sample[1])
                if value is not None and crosses(value, limit):
                    return Finding(
                        Outcome.DIRECT_SUPPORT,
                        excerpt=one.quote(call, index),
                        note=f"{one.render(sample)} (threshold {symbol} {limit:g})",
                    )
    first = series[0]
    if not first.samples:
        return Finding(
            Outcome.INDIRECT_SUPPORT,
            excerpt=first.quote(call),
            note=f"series {_render_labels(first.labels)} (samples cut off)",
        )
    condition = f"threshold {threshold[0]} {threshold[1]:g} not crossed" if threshold else "no threshold given"
    return Finding(
        Outcome.INDIRECT_SUPPORT,
        excerpt=first.quote(call, len(first.samples) - 1),
        note=f"{first.render(first.samples[-1])} ({condition})",
    )


def _threshold(call: ToolCall) -> Optional[tuple[str, float]]:
    """input_params "threshold" (a number or numeric string) and "comparison" (default ">")."""
    return threshold(call.invocation.input_params)


def _render_labels(labels: Mapping[str, Any]) -> str:
    """'{k="v",...}' in the payload's order, or "" for no labels."""
    if not labels:
        return ""
    return "{" + ",".join(f'{key}="{_as_text(value)}"' for key, value in labels.items()) + "}"


def _render_time(raw: Any) -> str:
    """A Prometheus unix timestamp as ISO 8601 UTC; other values as given."""
    seconds = number(raw)
    if seconds is None:
        return _as_text(raw)
    try:
        moment = dt.datetime.fromtimestamp(seconds, tz=dt.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return _as_text(raw)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def _metrics_topic(call: ToolCall) -> str:
    """alertname (input_params, else payload), else the PromQL metric name, else "service"."""
    return (
        call.param("alertname", "alert_name")
        or _payload_alertname(call)
        or promql_metric_name(call.param("query", "promql"))
        or call.param("service")
    )


def _payload_alertname(call: ToolCall) -> str:
    """The alertname of the first firing alert in the payload, else of the first alert."""
    payload = call.payload
    data = payload.value.get("data") if payload is not None and isinstance(payload.value, dict) else None
    alerts = list(iter_dicts(data.get("alerts"))) if isinstance(data, dict) else []
    ordered = [a for a in alerts if a.get("state") == "firing"] + alerts
    for alert in ordered:
        name = first_text(alert.get("labels"), "alertname")
        if name and not name.endswith(TRUNCATION_MARK):
            return name
    return ""
