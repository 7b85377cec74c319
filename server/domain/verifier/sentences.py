"""Sentences of a draft: where one ends (". " but not a decimal point or an abbreviation, "!", "?", ";",
Chinese 。！？；, and ", but" / "，但" clauses), never inside inline code or at an ellipsis."""

from __future__ import annotations

import re
from typing import Iterator

# Sentence and clause ends: ". " (not a decimal point or an abbreviation),
# "!", "?", ";", and Chinese 。！？； — plus ", but" / ", while" / "，但" clauses.
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "etc.", "approx.", "cf.", "no.", "fig.", "mr.", "dr.", "inc.", "ltd.")
_BOUNDARY = re.compile(
    r"(?<=[.!?])[\"')\]]?\s+(?=\S)"
    r"|(?<=[。！？；;])\s*"
    r"|,\s+(?=(?:but|while|whereas|although|though|however|yet)\b)"
    r"|，(?=(?:但|但是|而|然而|不过|同时|此外|另外|并且|建议|应|需要|可以考虑|请(?!求)))"
)


CODE_SPAN = re.compile(r"`[^`\n]*`")
_ELLIPSIS = re.compile(r"\.{2,}|…")


def sentences(text: str) -> Iterator[tuple[int, int]]:
    """The start and end of each sentence of `text`; no boundary inside inline code or at an ellipsis."""
    masked = CODE_SPAN.sub(lambda m: "x" * len(m.group(0)), text)
    masked = _ELLIPSIS.sub(lambda m: "x" * len(m.group(0)), masked)
    begin = 0
    for m in _BOUNDARY.finditer(masked):
        if m.start() <= begin:
            continue
        head = text[begin : m.start()]
        if head.lower().endswith(_ABBREVIATIONS):
            continue
        yield begin, len(head.rstrip()) + begin
        begin = m.end()
    if begin < len(text):
        tail = text[begin:]
        yield begin, begin + len(tail.rstrip())
