"""A commit or digest written short ("commit 2a88694fd3", "image sha256:9c1e77…") is the full hash a record gives
that starts with it: git and registries print the full one, `git blame` and `git log --oneline` 8 or so, people the
first 7 to 12 characters."""

from __future__ import annotations

import re

_SHORT = re.compile(r"[0-9a-f]{7,16}")
_ELIDED = re.compile(r"^(?:sha(?:1|256|384|512)|md5):|(?:…|\.{3})$")


def short_hash_in(key: str, lowered: str) -> bool:
    """Whether `key`, a short hex hash, opens a longer hex token of `lowered` (a unit's lower-cased text)."""
    key = _ELIDED.sub("", key)  # "sha256:4be1c9f07a3d…": the digest's first characters, its algorithm before them
    if _SHORT.fullmatch(key) is None or key.isdigit():
        return False
    return re.search(rf"(?<![0-9a-z]){key}[0-9a-f]+(?![0-9a-z])", lowered) is not None  # ("7d3e9a1c": git blame's 8)
