"""Whether a pull or merge request was merged, as a code host's API gives it, read against a claim that says so.

    {"number": 2291, "state": "open", "merged": false, "merged_at": null, ...}      (GitHub)
    {"iid": 418, "state": "merged", "merged_at": "2026-08-18T09:12:33Z", ...}        (GitLab)

A claim that a request "has been merged", "was merged into main", "已合并", "已经合入" is contradicted by the
record of that request (its number in the claim: "#2291", "PR 2291", "!418") that says it was not (`"merged":
false`, `"state": "open"` or `"closed"` with no `merged_at`); a claim that it is "still open", "not merged yet",
"还没合并" by one that says it was. A claim naming no request's number is not read so.
"""

from __future__ import annotations

import re
from typing import Optional

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.units import Strength, Unit

_NUMBER = re.compile(r"(?:#|!|\b(?:PR|MR|pull request|merge request)[ \t#!]*)([0-9]{1,7})\b", re.I)
_MERGED_SAID = re.compile(
    r"\b(?:has|have|had|was|were|is|got|been)(?:[ \t]+(?:been|already|now))*[ \t]+merged\b|\bmerged[ \t]+(?:in)?to\b"
    r"|(?<![没未不])(?:已经?|被)?(?:合并|合入)(?:了|到|进)",
    re.I,
)
_OPEN_SAID = re.compile(
    r"\b(?:still|remains?)[ \t]+open\b|\bnot[ \t]+(?:yet[ \t]+)?(?:been[ \t]+)?merged\b|\bunmerged\b"
    r"|(?:还|尚)?(?:没有?|未)(?:被)?(?:合并|合入)",
    re.I,
)
_NOT_MERGED = re.compile(
    r"\"merged\"[ \t]*:[ \t]*false|\"merged_at\"[ \t]*:[ \t]*null|\"state\"[ \t]*:[ \t]*\"(?:open|opened)\""
)
_WAS_MERGED = re.compile(r"\"merged\"[ \t]*:[ \t]*true|\"state\"[ \t]*:[ \t]*\"merged\"")


def merge_state(text: str, evidence: Evidence) -> Optional[Unit]:
    """The record of the request the claim numbers that says otherwise than the claim of its merge, or None."""
    numbered = _NUMBER.search(text)
    if numbered is None:
        return None
    opened = _OPEN_SAID.search(text) is not None
    merged = not opened and _MERGED_SAID.search(text) is not None
    if not (merged or opened):
        return None
    number = numbered.group(1)
    names = re.compile(rf"\"(?:number|iid)\"[ \t]*:[ \t]*{number}\b|/pulls?/{number}\b|/merge_requests/{number}\b")
    for index in evidence.rows():
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or not names.search(unit.text):
                continue
            if merged and _NOT_MERGED.search(unit.text) and not _WAS_MERGED.search(unit.text):
                return unit
            if opened and _WAS_MERGED.search(unit.text):
                return unit
    return None
