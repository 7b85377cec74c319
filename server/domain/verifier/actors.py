"""Who did what: an actor's role in a claim and in a record.

"deployed by ci-bot", "was started by Dana Chen", "由 zhao-qi 合并" name an actor (fact_vocabulary._ACTOR)
and what they did. A record that names the same person in another role does not show the claim: Jenkins's
"Approved by Dana Chen" beside "Started by user Marcus Oyelaran" shows who approved the deploy, not who
started it; a pull request's `"merged_by": {"login": "zhao-qi"}` shows who merged it, not who wrote it. The
roles are few and coarse (ROLES); a record that gives the name no role (a bare mention, an audit row's
user column) shows any.
"""

from __future__ import annotations

import re

ROLES: dict[str, tuple[str, ...]] = {
    "approve": ("approved", "approve", "reviewed", "signed off", "审批", "批准", "审核", "approver", "reviewer"),
    "merge": ("merged", "merge", "merged_by", "合并"),
    "author": ("authored", "author", "committed", "committer", "wrote", "opened", "提交", "提的"),
    # a record's field of whom a ticket or detection went to: not who assigned it (a claim's "assigned to X by Y"
    # and "由 Y 分配给 X" name Y, who did it)
    "assignee": ("assigned_to", "assignee"),
}
"""Roles a claim or a record may give a person, by the words that give them; any other verb ("started",
"deployed", "triggered", "rolled back", "发布", "执行") is the role of doing it ("do")."""

_WORD_ROLE = {word: role for role, words in ROLES.items() for word in words}
_LONGEST_FIRST = tuple(sorted(_WORD_ROLE, key=len, reverse=True))  # "merged_by" before "merged"
_ROLE_WORDS = "|".join(re.escape(w) for w in _LONGEST_FIRST)
# the role a record gives the name right after it: "Approved by Dana Chen", "Started by user Marcus",
# "merged_by": {"login": "zhao-qi", "author": "a.b"
_ROLE_BEFORE = re.compile(
    rf"(?:\b({_ROLE_WORDS}|[a-z]+ed)[ \t]+by(?:[ \t]+user)?[ \t]*:?[ \t]*@?"
    rf"|[\"']({_ROLE_WORDS}|[a-z_]+)[\"'][ \t]*:[ \t]*(?:\{{[ \t]*[\"']login[\"'][ \t]*:[ \t]*)?[\"']@?)$",
    re.I,
)
# the role after a Chinese name: "zhao-qi 合并", "由 zhao-qi 审批"
_ROLE_AFTER = re.compile(rf"^[ \t]*(?:于[^，。；]{{0,24}})?({_ROLE_WORDS})")


def claim_role(written: str) -> str:
    """The role the claim's actor phrase gives ("was started by Dana Chen" -> "do", "由 X 审批" -> "approve")."""
    lowered = written.lower()
    for word in _LONGEST_FIRST:
        if word in lowered:
            return _WORD_ROLE[word]
    return "do"


def record_roles(lowered: str, name: str) -> set[str]:
    """The roles a record gives each mention of `name` ("" for a mention with no role)."""
    roles = set()
    for m in re.finditer(re.escape(name), lowered):
        before = _ROLE_BEFORE.search(lowered, max(0, m.start() - 48), m.start())
        after = _ROLE_AFTER.match(lowered, m.end())
        word = (before.group(1) or before.group(2)) if before else (after.group(1) if after else "")
        roles.add(_WORD_ROLE.get(word, "do" if before and before.group(1) else "") if word else "")
    return roles


def role_shown(role: str, lowered: str, name: str) -> bool:
    """Whether the record shows `name` in `role`: some mention in that role, or one in none when the record
    gives that role to nobody (a pull request's `"user"` is no merger when it has a `"merged_by"`)."""
    roles = record_roles(lowered, name)
    if role in roles or not roles:
        return True
    return "" in roles and not (role in ROLES and any(word in lowered for word in ROLES[role]))
