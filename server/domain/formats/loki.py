"""loki_streams: a Loki /loki/api/v1/query_range (or query) response of resultType "streams".

Unit: one log line of one stream (`streams[0].values[2]`): the line, then its
stream's labels; the level is the stream's `level`/`detected_level` label, else
the line's own (lines.py); the subject is the stream's service, app, pod or job.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

from evidence_trace.server.domain.formats.fields import level_of, subject_of
from evidence_trace.server.domain.formats.lines import line_record
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.payloads import iter_dicts


def _recognise(preview: Preview) -> bool:
    value = preview.value
    data = value.get("data") if isinstance(value, dict) else None
    if not isinstance(data, dict) or not isinstance(data.get("result"), list):
        return False
    if data.get("resultType") == "streams":
        return True
    return "resultType" not in data and "stream" in next(iter_dicts(data["result"]), {})


def records(preview: Preview) -> Iterator[Record]:
    for index, stream in enumerate(iter_dicts(preview.value["data"]["result"])):
        labels: dict[str, Any] = stream["stream"] if isinstance(stream.get("stream"), dict) else {}
        label_text = "{" + ", ".join(f'{k}="{v}"' for k, v in labels.items()) + "}"
        level = level_of(labels)
        subject = subject_of(labels)
        values = stream.get("values")
        for position, sample in enumerate(values if isinstance(values, list) else []):
            if not (isinstance(sample, list) and len(sample) >= 2 and isinstance(sample[1], str)):
                continue
            ref = f"streams[{index}].values[{position}]"
            record = line_record(ref, sample[1], path=("data", "result", index, "values", position), subject=subject)
            yield dataclasses.replace(
                record, text=f"{sample[1]} {label_text}", level=level or record.level, kind="log line"
            )


FORMAT = Format("loki_streams", _recognise, records)
