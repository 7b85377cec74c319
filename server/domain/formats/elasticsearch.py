"""elasticsearch: an Elasticsearch / OpenSearch _search response, `{"hits": {"total", "hits": [...]}}`.

Unit: one hit (`hits[3]`: its `_index`, `_id` and `_source` or `fields`), one
aggregation bucket (`aggregations.by_service.buckets[0]`), a metric
aggregation's one value (`aggregations.unique_ips`: a cardinality, a sum, an
average; an object, not a record), and a header with the total. The level,
subject and problem are read from the hit's source through the field maps
(`log.level`, `service.name`, `http.response.status_code`).
hits.total 0 is no hit.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from evidence_trace.server.domain.formats.json_records import header_record, object_record
from evidence_trace.server.domain.formats.model import Format, Preview, Reading, Record, judge
from evidence_trace.server.domain.model import Outcome


def _recognise(preview: Preview) -> bool:
    value = preview.value
    hits = value.get("hits") if isinstance(value, dict) else None
    return isinstance(hits, dict) and isinstance(hits.get("hits"), list)


def total(preview: Preview) -> Optional[int]:
    """hits.total (a number, or `{"value": n}`), or None when unsaid."""
    raw = preview.value["hits"].get("total")
    if isinstance(raw, dict):
        raw = raw.get("value")
    return raw if isinstance(raw, int) and not isinstance(raw, bool) else None


def records(preview: Preview) -> Iterator[Record]:
    hint = preview.metric_hint
    count = total(preview)
    if count is not None:
        raw = preview.value["hits"].get("total")
        # "relation": "gte" (track_total_hits stopped counting at 10,000): at least that many, not how many
        at_least = isinstance(raw, dict) and raw.get("relation") == "gte"
        yield header_record({"total": count, "relation": "gte"} if at_least else {"total": count}, hint)
    for index, hit in enumerate(preview.value["hits"]["hits"]):
        if not isinstance(hit, dict):
            continue
        source, fields = hit.get("_source"), hit.get("fields")
        shown: dict[str, Any] = source if isinstance(source, dict) else fields if isinstance(fields, dict) else {}
        item: dict[str, Any] = {key: hit[key] for key in ("_index", "_id") if key in hit}
        item.update(shown)
        yield object_record(f"hits[{index}]", item, hint, ("hits", "hits", index))
    aggregations = preview.value.get("aggregations")
    if isinstance(aggregations, dict):
        for name, aggregation in aggregations.items():
            value = aggregation.get("value") if isinstance(aggregation, dict) else None
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                # a metric's one value (cardinality, sum, avg, max): `"unique_ips": {"value": 137}`
                yield object_record(f"aggregations.{name}", {name: value}, hint, ("aggregations", name), kind="object")
            buckets = aggregation.get("buckets") if isinstance(aggregation, dict) else None
            for index, bucket in enumerate(buckets if isinstance(buckets, list) else []):
                if isinstance(bucket, dict):
                    ref = f"aggregations.{name}.buckets[{index}]"
                    yield object_record(ref, bucket, hint, ("aggregations", name, "buckets", index), kind="item")


def classify(preview: Preview) -> Reading:
    found = list(records(preview))
    reading = judge(found)
    count = total(preview)
    if reading.outcome == Outcome.NO_HIT:
        if count:
            return Reading(Outcome.INDIRECT_SUPPORT, found[0], note=f"{count} hits reported, none shown")
        return Reading(Outcome.NO_HIT, note="the search returned 0 hits")
    return reading


FORMAT = Format("elasticsearch", _recognise, records, classify)
