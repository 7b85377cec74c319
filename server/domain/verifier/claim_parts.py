"""The conjoined parts of a claim ("X failed at 03:05, Y recovered at 03:09", "A 和 B 都 …"), for
unit_search.ground_parts: where a claim splits, and which parts are one."""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.zones import is_zone_note

CONJUNCTION = re.compile(
    r",(?![0-9])\s*(?:and\s+)?|\s+and\s+|\s*(?:和|以及)\s*(?=[^，。；,;]*都)|\s+with\s+|；|;\s|，|、|\s+·\s+|\s+plus\s+|\s+as well as\s+|\s+(?:vs\.?|versus)\s+|[（(]",
    re.I,
)


def split_parts(text: str) -> list[tuple[str, bool]]:
    """The conjoined parts of a claim, each with whether it opened with a parenthesis."""
    pieces: list[tuple[str, bool]] = []
    begin, opened = 0, False
    for m in CONJUNCTION.finditer(text):
        if is_zone_note(text, m.start()):
            continue  # "10:41 (UTC)": the time's zone, not another part
        if text[begin : m.start()].strip():
            pieces.append((text[begin : m.start()], opened))
        begin, opened = m.end(), m.group(0) in "(（"
    if text[begin:].strip():
        pieces.append((text[begin:], opened))
    return pieces


def times_joined(
    pieces: list[tuple[str, bool]], own: list[tuple[Fact, ...]]
) -> tuple[list[tuple[str, bool]], list[tuple[Fact, ...]]]:
    """A part of times only after another ("pg_dump failed a second later, at 10:05 UTC") dates that part:
    the two are one part, so the time is checked with what it dates, never skipped. A parenthesis of times
    ("(03:00–03:30 UTC)") restates the part's times in another zone (intervals.misrestated_time checks it)."""
    out_pieces: list[tuple[str, bool]] = []
    out_own: list[tuple[Fact, ...]] = []
    for piece, facts in zip(pieces, own):
        if out_pieces and facts and not piece[1] and all(f.kind == FactKind.TIME for f in facts):
            text, opened = out_pieces[-1]
            out_pieces[-1] = (f"{text}, {piece}", opened)
            out_own[-1] = out_own[-1] + facts
        else:
            out_pieces.append(piece)
            out_own.append(facts)
    return out_pieces, out_own


# where a thing ran, said of the part before it ("…的 span，所在主机是 X", "running on X"): unit_search.ground_parts
ATTRIBUTE = re.compile(
    r"[ \t,，;；]*(?:(?:and|with)[ \t]+)?(?:its[ \t]+(?:host|node|pod|instance|server|machine)\b|(?:running|run|hosted|scheduled)[ \t]+on\b"
    r"|(?:所在|其所在|其|它的|它所在)(?:的)?[ \t]*(?:主机|节点|机器|实例|pod|容器)|(?:运行|跑|部署|调度)在)",
    re.I,
)
