"""The conjoined parts of a claim ("X failed at 03:05, Y recovered at 03:09", "A 和 B 都 …"), for
unit_search.ground_parts: where a claim splits, and which parts are one."""

from __future__ import annotations

import re

from evidence_trace.server.domain.verifier.claim_patterns import ASIDE
from evidence_trace.server.domain.verifier.facts import Fact, FactKind, extract_facts
from evidence_trace.server.domain.verifier.name_ranges import range_joints
from evidence_trace.server.domain.verifier.zones import is_zone_note

CONJUNCTION = re.compile(
    r",(?![0-9])\s*(?:and\s+)?|\s+and\s+|\s*(?:和|以及)\s*(?=[^，。；,;]*都)|\s+with\s+|；|;\s|，|、|\s+·\s+|\s+plus\s+|\s+as well as\s+|\s+(?:vs\.?|versus)\s+|[（(]",
    re.I,
)


_HASH = re.compile(r"[0-9a-f]{7,40}")
_COMMIT_IN = re.compile(r"(?<![\w-])(?=[0-9a-f]{0,39}[0-9])(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}(?![\w-])")


def split_parts(text: str) -> list[tuple[str, bool]]:
    """The conjoined parts of a claim, each with whether it opened with a parenthesis."""
    pieces: list[tuple[str, bool]] = []
    begin, opened = 0, False
    joints: list[tuple[int, int, str, tuple[str, ...]]] = [
        (m.start(), m.end(), m.group(0), ()) for m in CONJUNCTION.finditer(text)
    ]
    for start, end, joint, between in sorted(joints + [(s, e, "", names) for s, e, names in range_joints(text)]):
        if is_zone_note(text, start) or start < begin:
            continue  # "10:41 (UTC)": the time's zone, not another part
        if text[begin:start].strip():
            pieces.append((text[begin:start], opened))
        pieces.extend((name, False) for name in between)  # a range's names between its ends, each a part
        begin, opened = end, bool(joint) and joint in "(（"
    if text[begin:].strip():
        pieces.append((text[begin:], opened))
    return pieces


def times_joined(
    pieces: list[tuple[str, bool]], own: list[tuple[Fact, ...]]
) -> tuple[list[tuple[str, bool]], list[tuple[Fact, ...]]]:
    """A part of times only after another ("pg_dump failed a second later, at 10:05 UTC") dates that part:
    the two are one part, so the time is checked with what it dates, never skipped. A parenthesis of times
    ("(03:00–03:30 UTC)") restates the part's times in another zone (intervals.misrestated_time checks it).
    A parenthesis of a record's id after a part ("1.22.3 (revision 8)", "3.8.1（rev 43）") names that part's
    record: the two are one part, so the id is the record's, never another row's."""
    out_pieces: list[tuple[str, bool]] = []
    out_own: list[tuple[Fact, ...]] = []
    for piece, facts in zip(pieces, own):
        dates = not piece[1] and all(f.kind == FactKind.TIME for f in facts)
        names = (  # a release's or a time's record: a pod, a service are subjects, not one record
            piece[1]
            and any(f.kind in (FactKind.VERSION, FactKind.TIME) for f in (out_own[-1] if out_own else ()))
            # (or its commit: "v1.19.0 (e3d81a4)", a short or a full hash)
            and all(f.kind == FactKind.ID or _HASH.fullmatch(f.key) for f in facts)
        )
        # "…修订 13，是 wangfang 通过 set image 发布的", "…, deployed by wangfang": who did the record told before
        acts = all(f.kind == FactKind.ACTOR for f in facts)
        if acts and facts and any(out_own) and not out_own[-1]:  # joined to the last part that told something
            last = max(i for i, told in enumerate(out_own) if told)
            out_pieces[last:] = [(", ".join(text for text, _ in out_pieces[last:]), out_pieces[last][1])]
            out_own[last:] = [tuple(f for told in out_own[last:] for f in told)]
        if out_pieces and facts and (dates or names or acts):
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
    r"|(?:所在|其所在|其|它的|它所在)(?:的)?[ \t]*(?:主机|节点|机器|实例|pod|容器)|(?:运行|跑|部署|调度)在"
    # the state the part gives its subject ("…, state is UPDATE_COMPLETE", "…，状态为 UPDATE_COMPLETE")
    r"|(?:its[ \t]+|the[ \t]+)?(?:state|status|phase)[ \t]+(?:is|was)\b|(?:当前|目前|现在)?(?:状态|阶段)[ \t]*(?:为|是))",
    re.I,
)


# A part that speaks of another record than the one the claim opened with ("replacing 3.7.2", "followed by …")
_ANOTHER = re.compile(
    r"\b(?:replac\w*|previous|prior|before|after|then|and|followed|next|later)\b|上一|之前|之后|替换|然后|接着|随后",
    re.I,
)
_PLURAL_ID = re.compile(r"[A-Za-z]+s\b|[0-9]+$")  # "revisions 40", a bare "40": a list's, not one record's


def record_ids(facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """The ids of one record a claim opens with ("revision 8", "build #562", "pid 41877")."""
    return tuple(f for f in facts if f.kind == FactKind.ID and not _PLURAL_ID.match(f.text))


def takes_ids(part: str, present: set[FactKind]) -> bool:
    """Whether a later part without an id of its own is about the record the claim opened with
    ("revision 8, change-cause …"): not when it names another ("replacing 3.7.2", "followed by …"), or a commit
    of its own ("Synced to v1.19.0 (e3d81a4)")."""
    return FactKind.ID not in present and _ANOTHER.search(part) is None and _COMMIT_IN.search(part) is None


SUBJECT_KINDS = frozenset({FactKind.SERVICE, FactKind.INSTANCE})


def names_only(part: str, facts: tuple[Fact, ...]) -> bool:
    """Whether a part is names and little else ("the two pods A", "`B`"): a subject, not a clause."""
    if not facts or not all(f.kind in SUBJECT_KINDS for f in facts):
        return False
    rest = _rest(part, facts)
    return len(re.findall(r"[A-Za-z]+", rest)) <= 3 and len(re.findall(r"[\u4e00-\u9fff]", rest)) <= 4


def _rest(part: str, facts: tuple[Fact, ...]) -> str:
    for fact in facts:
        part = part.replace(fact.text, " ")
    return part


def _members(pieces: list[tuple[str, bool]], own: list[tuple[Fact, ...]]) -> bool:
    """Whether parts are members of a list: names only, no figure or value of their own ("the other 6 from A",
    "B twice", "when_full: block" are not)."""
    return all(names_only(p, o) and not q and not _FIGURE.search(_rest(p, o)) for (p, q), o in zip(pieces, own))


# a figure of its own ("and B twice", "B 两次") or a value after its key ("when_full: block"): no bare member
_FIGURE = re.compile(
    r"[0-9]|[:=：]|\b(?:once|twice|thrice|one|two|three|four|five|six|seven|eight|nine|ten|dozen|hundreds?|thousands?)\b"
    r"|[一二两三四五六七八九十百千万几]",
    re.I,
)


def said(facts: tuple[Fact, ...]) -> tuple[Fact, ...]:
    """What a part says of its subject: its facts other than names and times."""
    return tuple(f for f in facts if f.kind not in SUBJECT_KINDS and f.kind != FactKind.TIME)


def shared_said(pieces: list[tuple[str, bool]], own: list[tuple[Fact, ...]], number: int) -> tuple[Fact, ...]:
    """What a part of names only shares of what the claim says around it: a list's trailing members ("Two pods
    are Running: A and B", "Running 的是 A、B 和 C") share what the clause that opened the list said of its first
    member, when that clause names one of the same kind; leading members ("A and B are Running", "A、B 都超时")
    share what the next part says. Nothing for a parenthesis or a part that says more than names."""
    part, parenthetical = pieces[number]
    if parenthetical or not names_only(part, own[number]):
        return ()
    kinds = {f.kind for f in own[number]}
    if number > 0 and _members(pieces[number:], own[number:]):
        lead = next((j for j in range(number - 1, -1, -1) if not names_only(pieces[j][0], own[j])), None)
        if lead is not None and not pieces[lead][1] and kinds & {f.kind for f in own[lead] if f.kind in SUBJECT_KINDS}:
            return said(own[lead])
    # (never what a parenthesis after it says: "X 的 Y 是 Z（实例 W 使用 nam3）" is an aside about W)
    return said(own[number + 1]) if number + 1 < len(own) and not pieces[number + 1][1] else ()


_NONE_FOUND = re.compile(r"\b(?:no|none|nothing|zero)\b|没有|无任何|未发现|为空", re.I)


def checkable_premise(before: str) -> bool:
    """Whether a premise before a hedged consequence ("…, so the broker will start failing writes soon") has
    something to check: a figure or a quoted name, or a finding of none about a name ("Loki shows no error lines
    from auth-service, so …", its name a soft one too: "the build-shipment-plan Lambda logs show no errors, so …")
    or a level ("shows no ERROR entries for it, so …"), or a search it names ("the runner logs in Elasticsearch show
    no schema-related errors, so …"), or what a log it names shows ("its client.log shows the runs completing
    cleanly, so …"). "Database-side locks were not queried, so …" has none."""
    return (
        re.search(r"[0-9`]", before) is not None
        or (
            _NONE_FOUND.search(before) is not None
            and (
                any(f.is_entity or f.kind == FactKind.LEVEL for f in extract_facts(before))
                or _SEARCHED.search(before) is not None  # "the runner logs in Elasticsearch show no schema errors"
            )
        )
        # what a log it names shows ("its local client.log shows the recent runs completing cleanly, so …")
        or (_SEARCHED.search(before) is not None and _SHOWS.search(before) is not None)
    )


_SHOWS = re.compile(r"\b(?:shows?|showed|reports?|reported|indicates?|confirms?)\b|显示|表明|记录了|可以看到", re.I)
# a search the premise reports on: what a log or event search found none of is checked against that search
_SEARCHED = re.compile(
    r"\b(?:logs?|log lines|elasticsearch|opensearch|kibana|loki|splunk|cloudwatch|events?|audit trail)\b"
    r"|日志|审计|事件记录",
    re.I,
)


def lead_in_sentence(text: str) -> bool:
    """Whether a short line ending in a colon is a sentence leading into a list, not a label: a clause with a figure,
    then a comma outside any aside ("日志中共有 3 个文件报告了差异，例如：", which words without blanks keep short;
    "The log reports differences on 3 files, for example:"). "Evidence, in order:" and "日志（最近 1 小时，共 6 条）："
    stay labels."""
    bare = ASIDE.sub("", text)
    comma = re.search(r"[，,]", bare)
    return comma is not None and re.search(r"[0-9]", bare[: comma.start()]) is not None
