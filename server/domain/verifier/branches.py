"""A branch said of a record ("built from the `main` branch", "on branch release/2.14", "main 分支的提交
4be1c07", "分支为 hotfix/pay-812") is the branch the subject's records give. CI and deploy tools write it in a
field of its own: `"branch": "main"`, `"sourceBranch": "refs/heads/release/2.14"`, `branchName="main"`,
`head_branch: main`, `"ref": "refs/heads/main"`. When records of the claim's subject (every name and id the
claim gives) give a branch and none of them the claimed one, the claim is contradicted; a record giving the
claimed branch in any of its branch fields (a pull request's source or target), or no record giving one, decides
nothing here.

A word before "branch" is a branch's name only when it is shaped like one: with a slash, a hyphen, a dot or a
figure (`release/2.14`, `hotfix-812`), quoted, or a name repositories give their trunk (main, master, develop,
trunk): "the feature branch", "the same branch" name none. A repository's `default_branch` says which branch
is its default, not which one a record was built from.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from evidence_trace.server.domain.verifier.evidence_index import Evidence
from evidence_trace.server.domain.verifier.facts import Fact, FactKind
from evidence_trace.server.domain.verifier.subject_binding import names_subject
from evidence_trace.server.domain.verifier.units import Strength, Unit

_NAME = r"[A-Za-z0-9][A-Za-z0-9._/-]{0,80}(?<![./-])"
_TRUNKS = frozenset({"main", "master", "develop", "trunk"})
_SAID = tuple(
    re.compile(pattern, re.I)
    for pattern in (
        rf"([`'\"]?)({_NAME})\1[ \t]+branch\b",  # "the `main` branch"
        rf"\bbranch[ \t]*(?:[:=]|is|was|of)?[ \t]*([`'\"]?)({_NAME})\1",  # "branch main", "branch: `release/2.14`"
        rf"([`'\"]?)({_NAME})\1[ \t]*分支",  # "main 分支"
        rf"分支[ \t]*(?:[:：]|为|是)?[ \t]*([`'\"]?)({_NAME})\1",  # "分支为 hotfix/pay-812"
    )
)
# a branch field as tools write it, its value with or without refs/heads/ (a tag's ref is no branch)
_GIVEN = re.compile(
    r"(?<![\w.-])[\"']?((?:[a-z_]*branch[a-z_]*)|(?:head_|base_)?ref)[\"']?[ \t]*[:=][ \t]*[\"']?"
    r"(refs/heads/)?([A-Za-z0-9][A-Za-z0-9._/-]*)",
    re.I,
)
_NOT_A_BRANCH = frozenset({"true", "false", "null", "none"})


def said_branches(text: str) -> list[str]:
    """The branch names the claim gives, lower-cased."""
    found = []
    for m in (m for pattern in _SAID for m in pattern.finditer(text)):
        quoted, name = bool(m.group(1)), m.group(2)
        if (quoted or re.search(r"[/._0-9-]", name) or name.lower() in _TRUNKS) and name.lower() not in found:
            found.append(name.lower())
    return found


def given_branches(text: str) -> set[str]:
    """The branches a record gives in its branch fields (not a repository's default branch), lower-cased."""
    values = set()
    for m in _GIVEN.finditer(text):
        key, value = m.group(1).lower(), m.group(3).lower().rstrip(".")
        if "default" in key or value in _NOT_A_BRANCH or value.startswith("refs/"):
            continue  # a ref that is no branch's (refs/tags/v1.2, refs/pull/41/merge)
        values.add(value)
    return values


def branch_rival(text: str, facts: Sequence[Fact], evidence: Evidence) -> Optional[Unit]:
    """A record of the claim's subject that gives a branch, when none of them gives the claimed one; or None."""
    said = said_branches(text)
    names = [f for f in facts if (f.is_entity or f.kind == FactKind.ID) and f.key not in said]
    if not said or not names or "branch" not in text.lower() and "分支" not in text:
        return None
    rival = None
    for index in evidence.rows():
        question = evidence.question(index)
        for unit in evidence.units(index):
            if unit.strength < Strength.INDIRECT or unit.kind == "input":
                continue
            given = given_branches(unit.text)
            if not given or not names_subject(names, unit, question):
                continue
            if any(branch in given for branch in said):
                return None  # a record of the subject gives the claimed branch
            rival = rival or unit
    return rival
