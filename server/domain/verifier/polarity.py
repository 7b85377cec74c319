"""Contradiction by the opposite polarity: a claim asserting one pole of an outcome against a unit of its
subject showing the other (docs/verifier-protocol.md, "Statuses").

- A success claim ("job X completed successfully", "执行成功") against a unit of X
  that shows it failing (check_success); with no name, X is the record at the time
  to the second the success is told at ("it completed successfully at 07:44:51").
- A denied condition ("sesskv-03 hasn't reached its maxmemory limit yet") against
  an error of the subject that states it ("OOM command not allowed when used memory
  > 'maxmemory'"): the claim names only its subject; the words it denies are what
  is checked (check_denied_condition).

check_opposite_polarity() runs the one the claim's polarity calls for.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from evidence_trace.server.domain.formats.jenkins import STAGE
from evidence_trace.server.domain.model import ClaimCheck, ClaimStatus
from evidence_trace.server.domain.payloads import ERROR_LEVELS
from evidence_trace.server.domain.verifier.claims import Claim
from evidence_trace.server.domain.verifier.content_words import content_words
from evidence_trace.server.domain.verifier.denied_counters import counter_rival
from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.fact_matching import matches_all
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.intervals import seconds_of
from evidence_trace.server.domain.verifier.unit_search import grounding_of
from evidence_trace.server.domain.verifier.units import Strength, Unit


def check_opposite_polarity(
    claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base: Callable[..., ClaimCheck]
) -> Optional[ClaimCheck]:
    """CONTRADICTED when a unit of the claim's subject shows the opposite pole; None otherwise."""
    if claim.negated:
        counted = counter_rival(claim.text, facts, evidence)  # "no write failures" of `doc_write_failures: 23`
        if counted is not None:
            reason = "a record of it counts what the claim denies"
            return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(counted),), reason=reason)
        return check_denied_condition(claim, facts, evidence, base)
    success = SUCCESS.search(claim.text)
    if success is None or _LAST_BEFORE.search(claim.text, 0, success.start()):
        return None  # "its last successful upload was 31 hours ago": a past record's success, not the subject's now
    named = [f for f in facts if f.is_entity or f.kind == FactKind.ID]
    if named:
        return check_success(tuple(named), evidence, base, text=claim.text)
    # "it completed successfully at 07:44:51", "11:02:47 执行成功": with no name, the record at the time to the
    # second told nearest the success, when that record's status field says it failed
    timed = [f for f in facts if f.kind == FactKind.TIME and seconds_of(f)[1] and f.text in claim.text]
    timed.sort(key=lambda f: abs(claim.text.find(f.text) - success.start()))
    if timed and not _FAILURE.search(claim.text):  # "succeeded=41 failed=1" quotes both
        return check_success(tuple(timed[:1]), evidence, base, timed=True)
    return None


SUCCESS = re.compile(
    r"\b(?:succeeded|successful(?:ly)?|completed without errors?|finished without errors?)\b"
    r"|成功完成|(?:执行|构建|部署|运行|发布)成功|已经?成功",
    re.I,
)
_LAST_BEFORE = re.compile(r"\b(?:last|previous|latest|most recent)[ \t]+$|(?:最近一次|上一次|最后一次)$", re.I)
_FAILURE = re.compile(r"fail|error|exceeded|killed|crash|oom|fatal|panic|失败|错误|异常|超限", re.I)
_SUCCESS_IN_UNIT = re.compile(r"succe|成功", re.I)
# a unit saying its subject succeeded ("successfully rolled out", "成功"), not "unsuccessful", "SuccessfulCreate"
_SUCCEEDED = re.compile(
    r"(?<![a-z])(?<!un)(?<!not )(?<!n't )(?:succeeded|successfully|successful|success)(?![a-z])|(?<![不未没])成功", re.I
)


# a record's status field that says it failed ("state": "failure", "status=failed", "phase: Error")
_FAILED_STATE = re.compile(
    r"(?:state|status|phase|result|conclusion)[\"']?[ \t]*[:=][ \t]*[\"']?(?:failure|failed|error|errored)\b", re.I
)


# a line of column names, three or more words two spaces apart ("Task Group  Queued  Starting  Running  Failed")
_HEADER_LINE = re.compile(
    r"^[ \t]*[A-Za-z][A-Za-z ]{0,20}(?:[ \t]{2,}[A-Za-z][A-Za-z]*(?: [A-Za-z]+)?){2,}[ \t]*$", re.M
)
_CLOCK = re.compile(r"(?<![0-9])[0-9]{2}:[0-9]{2}:[0-9]{2}")


def check_success(
    facts: tuple[Fact, ...], evidence: Evidence, base, timed: bool = False, text: str = ""
) -> Optional[ClaimCheck]:
    """ "job X completed successfully": contradicted by a unit of X that shows it failing; timed: X is the record
    of the second its time states, and only its status field saying it failed shows so."""
    failure = _FAILED_STATE if timed else _FAILURE
    subject = [f for f in facts if f.is_entity or f.kind in (FactKind.ID, FactKind.TIME)]
    stated = " ".join(f.text for f in subject if f.kind == FactKind.TIME)
    if not subject:
        return None
    unfinished = None if timed else _unfinished([f for f in subject if _said_of(text, f)], evidence)
    if unfinished is not None:  # "the rerun X has succeeded" where X's own row says Running: not finished yet
        reason = "its own record shows it not finished"
        return base(status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(unfinished),), reason=reason)
    ids = [f for f in subject if f.kind == FactKind.ID]
    # "build #988 succeeded, as did #987 and #986": one record a build, each read for the success said of all
    # (not "rev 43 failed, and rev 44 succeeded": a claim that tells a failure too says the success of some)
    each = len(ids) >= 2 and not _FAILURE.search(text)
    groups = [subject] + ([[i, *(f for f in subject if f.kind != FactKind.ID)] for i in ids] if each else [])
    failing = next((u for u in (_failing(g, evidence, failure, timed, stated, text) for g in groups) if u), None)
    if failing is None:
        return None
    return base(
        status=ClaimStatus.CONTRADICTED, groundings=(grounding_of(failing),), reason="the evidence shows it failing"
    )


def _failing(
    subject: Sequence[Fact], evidence: Evidence, failure: re.Pattern[str], timed: bool, stated: str, text: str
) -> Optional[Unit]:
    """A unit of the subject that shows it failing, when none shows it succeeding; or None."""
    failing = None
    for index in evidence.candidates(subject):
        units = evidence.units(index)
        question = evidence.question(index)
        # a call of named steps (a pipeline's stages): the claim speaks of the steps it names ("vite build …
        # succeeded" of the Build stage, never of the Test stage that failed), when it names any
        named = [u for u in units if u.subject and re.search(rf"\b{re.escape(u.subject)}", text, re.I)]
        for unit in named if named and all(u.ref.startswith(STAGE) for u in named) else units:
            if unit.strength < Strength.INDIRECT or unit.kind in ("input", "header"):
                continue
            if matches_all(subject, unit, question) is not True or not _whole_paths(subject, unit):
                continue
            if _SUCCEEDED.search(unit.prose) and not _FAILURE.search(unit.prose):
                return None  # a unit of X shows it succeeding ("successfully rolled out"): the claim may be its
            if any(f.kind in (FactKind.ERROR_CODE, FactKind.HTTP_STATUS) for f in subject):
                return None  # "a dig that succeeded: NOERROR", "成功返回 200": a unit shows the outcome told
            said = unit.lowered if timed else unit.prose  # a status field is read with its key
            said = _HEADER_LINE.sub(" ", said)  # a table's columns ("Queued  Running  Failed  Complete") say nothing
            clocks = set(_CLOCK.findall(said)) if timed else set()
            if timed and (len(clocks) != 1 or not clocks <= set(_CLOCK.findall(stated))):
                continue  # the one record of that second, not a unit of several records' times nor a nearby one
            if failing is None and failure.search(said) and not _SUCCESS_IN_UNIT.search(unit.prose):
                failing = unit
    return failing


def _whole_paths(subject: Sequence[Fact], unit: Unit) -> bool:
    """Whether the unit names each path of the subject whole: "GET /api/cart" is not `POST /api/cart/items`."""
    paths = [f.key for f in subject if f.text.startswith("/")]
    return all(re.search(re.escape(p) + r"(?![\w/.-])", unit.lowered) for p in paths)


# a record's status cell that says it has not finished ("STATUS=Running", "state: pending", "phase=Queued")
_UNFINISHED = re.compile(
    r"\b(?:status|state|phase|conclusion)[\"']?[ \t]*[:=][ \t]*[\"']?(?:running|pending|queued|in[_ ]?progress|waiting)\b"
)


def _said_of(text: str, name: Fact) -> bool:
    """Whether the claim's success is said of the name itself: the success word a few words after it, no figure
    or clause mark between ("X has succeeded", "X 已经成功完成"; not "X: 3 of 5 succeeded")."""
    at = text.find(name.text)
    success = SUCCESS.search(text, at + len(name.text)) if at >= 0 else None
    return (
        success is not None
        and re.fullmatch(r"[^0-9,;:，；：]{0,40}", text[at + len(name.text) : success.start()]) is not None
    )


def _unfinished(subject: list[Fact], evidence: Evidence) -> Optional[Unit]:
    """The claim's subject's own record (its name the record's whole subject, never a longer name a child's row
    gives, as a run's task runs are named after it; with no name, the records of each id it gives: "#745") whose
    status cell says it has not finished, when no own record that has finished says it succeeded; None
    otherwise. A run still going may carry a success word already (TeamCity's `status="SUCCESS"` beside
    `state="running"` says only that nothing has failed yet)."""
    names = {f.key for f in subject if f.is_entity}
    ids = [f for f in subject if f.kind == FactKind.ID]
    if not names and not ids:
        return None  # no name the success is said of: no record of its own to read
    own = [
        unit
        for index in evidence.candidates(subject)
        for unit in evidence.units(index)
        if unit.strength >= Strength.INDIRECT
        and unit.kind not in ("input", "header")
        and (unit.subject.lower() in names if names else matches_all(ids, unit, None) is True)
    ]
    if any(_SUCCEEDED.search(unit.prose) and not _UNFINISHED.search(unit.lowered) for unit in own):
        return None
    return next((unit for unit in own if _UNFINISHED.search(unit.lowered)), None)


# Words too common to say what is denied: verbs of reaching and happening, time words.
_GENERIC = frozenset(
    "reached reach exceeded exceed happened happen occurred occur started start stopped stop become became "
    "still anything something nothing yet limit limits level levels value values problem problems issue issues "
    "error errors warning warnings logged logs metric metrics".split()
)
_DENIAL = re.compile(
    r"\b(?:hasn't|has not|haven't|have not|hadn't|had not|didn't|did not|doesn't|does not|isn't|is not|aren't|"
    r"are not|wasn't|was not|weren't|were not|never|not yet|no longer)\b|没有|尚未|并未|从未|(?<![不])未(?!知)",
    re.I,
)
_DISTINCTIVE = re.compile(r"[a-z][a-z0-9_.]{5,}")
# where what a denial governs ends: a clause or a cause after it ("doesn't resolve because X can't create it": the
# failure to create is what an error of X states, not what the claim denies)
_GOVERNED_END = re.compile(
    r"[,;:，；：。]|\b(?:because|since|as|so|but|while|when|can't|cannot|can not|unable|fail(?:s|ed)?)\b|因为|由于|所以|但|无法|不能",
    re.I,
)


def check_denied_condition(claim: Claim, facts: tuple[Fact, ...], evidence: Evidence, base) -> Optional[ClaimCheck]:
    """A negated claim naming only its subject, contradicted by an error entry or firing alert of
    that subject which says a distinctive word the claim denies."""
    if not claim.negated or not facts or not all(f.is_entity for f in facts):
        return None
    rest = claim.text
    for f in facts:
        rest = re.sub(re.escape(f.text), " ", rest, flags=re.I)
    denial = _DENIAL.search(rest)
    if denial is None:
        return None
    # What the denial governs: the words right after it ("hasn't reached its maxmemory limit").
    governed = _GOVERNED_END.split(rest[denial.end() : denial.end() + 48], 1)[0].lower()
    words = {w for w in content_words(governed) if _DISTINCTIVE.fullmatch(w) and w not in _GENERIC}
    if not words:
        return None
    for index in evidence.candidates(facts):
        units = evidence.units(index)
        question = evidence.question(index)
        for unit in units:
            if unit.strength != Strength.DIRECT or not (unit.level in ERROR_LEVELS or unit.state == "firing"):
                continue
            if matches_all(facts, unit, question) is not True:
                continue
            said = sorted(w for w in words if re.search(rf"(?<![a-z0-9_]){re.escape(w)}(?![a-z0-9_])", unit.lowered))
            # an error that denies it too agrees ("… cryptoKeyVersions/3 is not enabled" of "3 is not enabled")
            said = [
                w
                for w in said
                if not re.search(rf"\b(?:not|never|no)[ \t]+(?:been[ \t]+)?{re.escape(w)}\b", unit.lowered)
            ]
            if said:
                return base(
                    status=ClaimStatus.CONTRADICTED,
                    groundings=(grounding_of(unit),),
                    reason=f"{unit.ref} of {unit.invocation_id}, an error of the subject, states {said[0]}",
                )
    return None
