"""knowledge_chunks: retrieved text (a knowledge tool's text output, or any prose), cut into chunks.

Unit: one chunk (`chunk 2`), split at rules (`---`) and at blank lines before a
chunk heading (`[2]`, `#`, `Source`, `来源`, `文档`). A knowledge tool's JSON
is read by generic_json (its `results[i]`).
"""

from __future__ import annotations

import functools
import re
from typing import Iterator

from evidence_trace.server.domain.formats.lines import text_state
from evidence_trace.server.domain.formats.model import Format, Preview, Record
from evidence_trace.server.domain.formats.text_shapes import looks_like_log, looks_like_records
from evidence_trace.server.domain.verifier.unit_model import Family
from evidence_trace.server.domain.verifier.unit_numbers import _numbers_in_text

_CHUNK_BREAK = re.compile(
    r"\n[ \t]*(?:-{3,}|={3,}|\*{3,})[ \t]*\n|\n\s*\n(?=[ \t]*(?:\[\d+\]|#|Document|Source|Chunk|来源|文档))"
)


def _recognise(preview: Preview) -> bool:
    family = preview.family
    if family == Family.KNOWLEDGE:
        return True
    return family == Family.OTHER and not looks_like_log(preview) and not looks_like_records(preview)


def chunks(text: str) -> list[str]:
    return [chunk.strip() for chunk in _CHUNK_BREAK.split(text) if chunk.strip()]


def records(preview: Preview) -> Iterator[Record]:
    for index, chunk in enumerate(chunks(preview.text)):
        yield Record(
            f"chunk {index + 1}",
            "chunk",
            chunk,
            state=text_state(chunk),
            numbers=functools.partial(_numbers_in_text, chunk),
        )


FORMAT = Format("knowledge_chunks", _recognise, records)
