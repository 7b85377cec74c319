"""The token file: which bearer token belongs to which tenant, stored hashed.

Format (docs/security.md): UTF-8 text, one token per line,

    # comment
    TENANT SHA256-HEX-OF-THE-TOKEN

where TENANT is 1-128 characters of [A-Za-z0-9._:-] and the hash is the
lower-case hex SHA-256 of the token's UTF-8 bytes (`evidence-trace hash-token`
prints such a line). A tenant may have several tokens (rotation: add the new
line, move clients over, remove the old line, restart). The file never holds a
token itself, so reading it gives an attacker nothing to present.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
import sys
from pathlib import Path
from typing import Optional, TextIO

_TENANT = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_HEX = re.compile(r"[0-9a-f]{64}")


class TokenFileError(ValueError):
    """The token file is unreadable or malformed; the message names the line."""


def hash_token(token: str) -> str:
    """The stored form of a token: lower-case hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    """A fresh random token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


@dataclasses.dataclass(frozen=True)
class TokenTable:
    """Token hashes and their tenants."""

    entries: tuple[tuple[str, str], ...]  # (sha256 hex, tenant)

    def tenant_for(self, token: str) -> Optional[str]:
        """The tenant a presented token belongs to, or None.

        Compares the token's hash with every entry in constant time per entry
        and without stopping at a match, so the time taken says nothing about
        which entry, or how much of one, matched.
        """
        presented = hash_token(token).encode()
        found: Optional[str] = None
        for digest, tenant in self.entries:
            if hmac.compare_digest(presented, digest.encode()):
                found = tenant
        return found

    @property
    def tenants(self) -> frozenset[str]:
        return frozenset(tenant for _, tenant in self.entries)


def parse_tokens(text: str, source: str = "token file") -> TokenTable:
    """Parse the token file format; raise TokenFileError naming the bad line."""
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2 or not _TENANT.fullmatch(parts[0]) or not _HEX.fullmatch(parts[1].lower()):
            raise TokenFileError(
                f"{source}, line {number}: expected 'TENANT SHA256-HEX' (tenant of [A-Za-z0-9._:-], 64 hex digits)"
            )
        digest = parts[1].lower()
        if digest in seen:
            raise TokenFileError(f"{source}, line {number}: this token hash is listed twice")
        seen.add(digest)
        entries.append((digest, parts[0]))
    if not entries:
        raise TokenFileError(f"{source}: no tokens (an empty file would lock every client out)")
    return TokenTable(tuple(entries))


def load_tokens(path: str) -> TokenTable:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TokenFileError(f"cannot read token file {path!r}: {exc}") from None
    return parse_tokens(text, f"token file {path!r}")


def hash_token_command(tenant: Optional[str], generate: bool, stdin: TextIO, stdout: TextIO) -> int:
    """`evidence-trace hash-token`: print a token file line for a token.

    The token is read from the first line of stdin (never from the command
    line, where it would land in shell history and process lists), or made
    with --generate, in which case it is printed once, on its own line, first.
    """
    if tenant is not None and not _TENANT.fullmatch(tenant):
        print(f"evidence-trace hash-token: tenant {tenant!r}: use 1-128 of [A-Za-z0-9._:-]", file=sys.stderr)
        return 2
    if generate:
        token = new_token()
        print(token, file=stdout)
    else:
        token = stdin.readline().rstrip("\r\n")
        if not token:
            print("evidence-trace hash-token: no token on stdin", file=sys.stderr)
            return 2
    digest = hash_token(token)
    print(f"{tenant} {digest}" if tenant else digest, file=stdout)
    return 0


def add_hash_token_parser(sub) -> None:
    """The `hash-token` subcommand of the `evidence-trace` command line."""
    p = sub.add_parser(
        "hash-token",
        help="print a token file line for a bearer token",
        description="Read a bearer token from stdin (or make one with --generate) and print its "
        "token file line, 'TENANT SHA256-HEX'; see docs/security.md.",
    )
    p.add_argument("--tenant", help="the tenant the token acts for (without it, only the hash is printed)")
    p.add_argument("--generate", action="store_true", help="make a new random token and print it first, then its line")
