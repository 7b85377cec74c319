"""Settings, validated once at start-up.

Sources, strongest first: command-line flags, environment variables
(EVIDENCE_TRACE_*), defaults. docs/configuration.md lists every setting.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import socket
import urllib.parse
from typing import Any, Callable, Mapping, Optional

from evidence_trace.server.domain.validation import Limits
from evidence_trace.server.domain.verifier.zones import EvidenceZones
from evidence_trace.server.rpc.tokens import TokenFileError, load_tokens
from evidence_trace.server.store.db import sqlite_url_pragmas

ENV_PREFIX = "EVIDENCE_TRACE_"
_ATTRIBUTE_NAME = re.compile(r"[A-Za-z0-9_.\-]{1,255}")
DEFAULT_DATABASE_URL = "sqlite:///data/evidence-trace.db"
#: Most server processes `workers` may ask for.
MAX_PROCESSES = 256


class SettingsError(ValueError):
    """A setting is invalid; the message names it and says what is allowed."""


@dataclasses.dataclass(frozen=True)
class VerifierSettings:
    """Which verifier the Chat gate calls when the caller sends no verifier output."""

    #: "rules" (built-in, deterministic, the default) or "openai_compatible".
    backend: str = "rules"
    #: Base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1.
    base_url: str = ""
    #: Model name sent in each chat-completions request.
    model: str = ""
    #: API key, sent as a Bearer token; read from the environment only, never logged.
    api_key: str = dataclasses.field(default="", repr=False)
    #: Seconds to wait for the verifier before degrading to LOW_CONFID.
    timeout_s: float = 20.0
    #: How a model verifier's verdict is held to the claim checks. "strict": a
    #: contradicted or invented claim lowers it to REJECT, any other claim not
    #: grounded (ungrounded, unchecked, weak, vague) to LOW_CONFID.
    #: "contradictions": only a contradicted or invented claim lowers it (to
    #: REJECT); the model's ACCEPT may settle claims the rules leave ungrounded or
    #: unchecked, and the verdict marks them settled. "off": the verdict stands.
    claim_floor: str = "strict"


@dataclasses.dataclass(frozen=True)
class Settings:
    """The server's settings."""

    #: host:port to listen on; port 0 picks a free port.
    listen: str = "127.0.0.1:50051"
    #: sqlite:///relative.db, sqlite:////absolute.db or postgresql://user@host:5432/db.
    database_url: str = DEFAULT_DATABASE_URL
    #: "full": an acknowledged row survives power loss (SQLite synchronous=FULL);
    #: "normal": it survives a process crash but not a power loss (synchronous=NORMAL).
    durability: str = "full"
    #: gRPC worker threads, the bound on concurrently served calls.
    max_workers: int = 64
    #: Server processes sharing the listening port (SO_REUSEPORT), each with its own
    #: threads and writer; 1 serves from this process (docs/deployment.md#workers).
    workers: int = 1
    #: Seconds SIGTERM waits for in-flight calls before the server stops.
    grace_period_s: float = 10.0
    #: Seconds a write waits for its commit when the call has no deadline.
    commit_timeout_s: float = 30.0
    #: Largest gRPC message accepted, in bytes.
    max_message_bytes: int = 8 * 1024 * 1024
    #: PostgreSQL connections per replica.
    pool_size: int = 8
    #: Milliseconds a SQLite write waits for a lock held by another process
    #: before the call fails with UNAVAILABLE (reason STORAGE_BUSY).
    busy_timeout_ms: int = 5000
    #: Seconds writes must have been failing (a storage outage) before the health of the
    #: write services (evidence_trace.v1.EvidenceTraceService, OTLP) turns NOT_SERVING.
    storage_unhealthy_after_s: float = 5.0
    #: Seconds between the log lines that say a storage outage goes on (docs/reliability.md).
    storage_report_every_s: float = 60.0
    #: Seconds without a write, during a storage outage, after which the writer probes the store.
    storage_probe_every_s: float = 1.0
    #: Row size limits (docs/contract.md).
    limits: Limits = Limits()
    #: The Chat verifier.
    verifier: VerifierSettings = VerifierSettings()
    #: Python logging level.
    log_level: str = "INFO"
    #: host:port of the HTTP endpoint: the audit page (docs/audit-page.md) and Prometheus /metrics;
    #: empty disables it; port 0 picks a free port.
    http_listen: str = ""
    #: The former name of http_listen, still accepted; setting both to different addresses is an error.
    metrics_listen: str = ""
    #: Seconds between a WatchSession's polls of the database for new rows.
    watch_poll_s: float = 0.2
    #: Token file ("TENANT SHA256-HEX" lines, docs/security.md); empty: no tokens, loopback clients only.
    tokens_file: str = ""
    #: PEM certificate chain and private key; both set turn TLS on.
    tls_cert: str = ""
    tls_key: str = dataclasses.field(default="", repr=False)
    #: PEM bundle of the CA that signs client certificates; set, it requires mutual TLS.
    tls_client_ca: str = ""
    #: Calls served at once before new ones are refused with RESOURCE_EXHAUSTED
    #: (health checks excepted); 0 picks max_workers minus a few (docs/reliability.md).
    max_concurrent_rpcs: int = 0
    #: Of those, streams (WatchSession) served at once; 0 picks half of them, so
    #: watchers can never take every worker from writes and reads.
    max_concurrent_streams: int = 0
    #: Extra JSON key words whose values are redacted before storage (docs/security.md).
    redact_keys: tuple[str, ...] = ()
    #: Extra regular expressions whose matches are redacted from stored text.
    redact_patterns: tuple[str, ...] = ()
    #: OTLP ingest: the span (or resource) attribute holding the session id when a
    #: span has no gen_ai.conversation.id; empty: the trace id is the session (docs/otlp.md).
    otlp_session_attribute: str = ""
    #: Zones of naive evidence timestamps, "TOOL_OR_TOPIC=ZONE" entries (query_logs=Asia/Shanghai):
    #: the answer gate reads those times in that zone; others are read as written (docs/verifier-protocol.md).
    evidence_zones: tuple[str, ...] = ()

    @property
    def http_address(self) -> str:
        """Where the HTTP endpoint (audit page and /metrics) listens: http_listen or its alias; "" when disabled."""
        return self.http_listen or self.metrics_listen

    def validate(self) -> "Settings":
        _check_listen(self.listen)
        scheme = urllib.parse.urlparse(self.database_url).scheme
        if scheme not in ("sqlite", "postgresql", "postgres"):
            raise SettingsError(f"database URL {self.database_url!r}: use sqlite:///PATH or postgresql://...")
        if scheme == "sqlite":
            try:
                sqlite_url_pragmas(urllib.parse.urlparse(self.database_url))
            except ValueError as exc:
                raise SettingsError(f"database URL: {exc}") from None
        if self.durability not in ("full", "normal"):
            raise SettingsError(f"durability {self.durability!r}: use 'full' or 'normal'")
        for name in ("max_workers", "pool_size", "max_message_bytes", "busy_timeout_ms"):
            if getattr(self, name) < 1:
                raise SettingsError(f"{name} must be at least 1")
        if not 1 <= self.workers <= MAX_PROCESSES:
            raise SettingsError(f"workers must be 1 to {MAX_PROCESSES} server processes (got {self.workers})")
        if self.workers > 1 and not hasattr(socket, "SO_REUSEPORT"):
            raise SettingsError("workers above 1 need SO_REUSEPORT, which this platform does not have; use 1")
        for name in ("grace_period_s", "commit_timeout_s"):
            if getattr(self, name) <= 0:
                raise SettingsError(f"{name} must be positive")
        for name in ("storage_unhealthy_after_s", "storage_report_every_s", "storage_probe_every_s"):
            if not 0 < getattr(self, name) <= 86_400:
                raise SettingsError(f"{name} must be more than 0 and at most 86400 seconds (got {getattr(self, name)})")
        if self.limits.preview_bytes < 256:
            raise SettingsError("preview_bytes must be at least 256")
        v = self.verifier
        if v.backend not in ("rules", "openai_compatible"):
            raise SettingsError(f"verifier backend {v.backend!r}: use 'rules' or 'openai_compatible'")
        if v.backend == "openai_compatible":
            if not v.base_url.startswith(("http://", "https://")):
                raise SettingsError(
                    "the openai_compatible verifier needs EVIDENCE_TRACE_VERIFIER_BASE_URL (http[s]://...)"
                )
            if not v.model:
                raise SettingsError("the openai_compatible verifier needs EVIDENCE_TRACE_VERIFIER_MODEL")
        if v.claim_floor not in CLAIM_FLOORS:
            raise SettingsError(f"verifier claim floor {v.claim_floor!r}: use one of {', '.join(CLAIM_FLOORS)}")
        if v.timeout_s <= 0:
            raise SettingsError("verifier timeout must be positive")
        for name in ("http_listen", "metrics_listen"):
            if getattr(self, name):
                _check_listen(getattr(self, name))
        if self.http_listen and self.metrics_listen and self.http_listen != self.metrics_listen:
            raise SettingsError(
                f"http_listen {self.http_listen!r} and metrics_listen {self.metrics_listen!r} differ: metrics are "
                "served on the HTTP endpoint, so set one of them (--metrics-listen is the old name of --http-listen)"
            )
        if not 0 < self.watch_poll_s <= 60:
            raise SettingsError("watch_poll_s must be more than 0 and at most 60 seconds")
        try:
            EvidenceZones.parse(self.evidence_zones)
        except ValueError as exc:
            raise SettingsError(f"evidence_zones: {exc}") from None
        if self.otlp_session_attribute and not _ATTRIBUTE_NAME.fullmatch(self.otlp_session_attribute):
            raise SettingsError(
                f"otlp_session_attribute {self.otlp_session_attribute!r}: use an attribute name such as session.id"
            )
        if self.log_level.upper() not in ("DEBUG", "INFO", "WARNING", "ERROR"):
            raise SettingsError(f"log level {self.log_level!r}: use DEBUG, INFO, WARNING or ERROR")
        _check_security(self)
        return self


def _check_security(s: "Settings") -> None:
    """Token file, TLS files, admission limit and redaction rules (docs/security.md)."""
    if s.tokens_file:
        try:
            load_tokens(s.tokens_file)
        except TokenFileError as exc:
            raise SettingsError(f"tokens_file: {exc}") from None
    if bool(s.tls_cert) != bool(s.tls_key):
        raise SettingsError("TLS needs both EVIDENCE_TRACE_TLS_CERT and EVIDENCE_TRACE_TLS_KEY")
    if s.tls_client_ca and not s.tls_cert:
        raise SettingsError("tls_client_ca (mutual TLS) needs tls_cert and tls_key")
    for name in ("tls_cert", "tls_key", "tls_client_ca"):
        path = getattr(s, name)
        if path and not os.access(path, os.R_OK):
            raise SettingsError(f"{name}: cannot read {path!r}")
    if s.max_concurrent_rpcs < 0 or (s.max_concurrent_rpcs and s.max_concurrent_rpcs >= s.max_workers > 1):
        raise SettingsError(
            f"max_concurrent_rpcs must be 0 (automatic) or below max_workers ({s.max_workers}), "
            "so that health checks and refusals always find a free worker"
        )
    if s.max_concurrent_streams < 0:
        raise SettingsError("max_concurrent_streams must be 0 (automatic: half the admitted calls) or positive")
    for pattern in s.redact_patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise SettingsError(f"redact_patterns: {pattern!r} is not a regular expression: {exc}") from None


def _on_off(value: Any) -> bool:
    """on/off, true/false, yes/no, 1/0 (any case); a bool is kept."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("on", "true", "yes", "1"):
        return True
    if word in ("off", "false", "no", "0"):
        return False
    raise ValueError(f"expected on or off, got {value!r}")


_on_off.__name__ = "on/off value"

CLAIM_FLOORS = ("strict", "contradictions", "off")


def _claim_floor(value: Any) -> str:
    """strict, contradictions or off; on/true/yes/1 (the former switch) mean strict, a bool is kept as one."""
    word = str(value).strip().lower()
    if word in CLAIM_FLOORS:
        return word
    return "strict" if _on_off(value) else "off"


_claim_floor.__name__ = "claim floor (strict, contradictions or off)"


def _comma_list(value: Any) -> tuple[str, ...]:
    """'a, b' -> ('a', 'b'); a list or tuple (from code or flags) is kept."""
    items = value if isinstance(value, (list, tuple)) else str(value).split(",")
    return tuple(item.strip() for item in items if item.strip())


def _json_list(value: Any) -> tuple[str, ...]:
    """A JSON array of strings (regular expressions hold commas); a list or tuple is kept."""
    items = value if isinstance(value, (list, tuple)) else json.loads(value)
    if not isinstance(items, (list, tuple)) or not all(isinstance(i, str) for i in items):
        raise ValueError("expected a JSON array of strings")
    return tuple(items)


def _check_listen(listen: str) -> None:
    host, sep, port = listen.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise SettingsError(f"listen address {listen!r}: use HOST:PORT, e.g. 127.0.0.1:50051 or [::]:0")


# setting name -> (environment variable, converter)
#: A setting's environment variable (after EVIDENCE_TRACE_) and its converter.
_Table = dict[str, tuple[str, Callable[[str], Any]]]

_TOP: _Table = {
    "listen": ("LISTEN", str),
    "database_url": ("DATABASE_URL", str),
    "durability": ("DURABILITY", str),
    "max_workers": ("MAX_WORKERS", int),
    "workers": ("WORKERS", int),
    "grace_period_s": ("GRACE_PERIOD_S", float),
    "commit_timeout_s": ("COMMIT_TIMEOUT_S", float),
    "max_message_bytes": ("MAX_MESSAGE_BYTES", int),
    "pool_size": ("POOL_SIZE", int),
    "busy_timeout_ms": ("BUSY_TIMEOUT_MS", int),
    "storage_unhealthy_after_s": ("STORAGE_UNHEALTHY_AFTER_S", float),
    "storage_report_every_s": ("STORAGE_REPORT_EVERY_S", float),
    "storage_probe_every_s": ("STORAGE_PROBE_EVERY_S", float),
    "log_level": ("LOG_LEVEL", str),
    "http_listen": ("HTTP_LISTEN", str),
    "metrics_listen": ("METRICS_LISTEN", str),
    "watch_poll_s": ("WATCH_POLL_S", float),
    "tokens_file": ("TOKENS_FILE", str),
    "tls_cert": ("TLS_CERT", str),
    "tls_key": ("TLS_KEY", str),
    "tls_client_ca": ("TLS_CLIENT_CA", str),
    "max_concurrent_rpcs": ("MAX_CONCURRENT_RPCS", int),
    "max_concurrent_streams": ("MAX_CONCURRENT_STREAMS", int),
    "redact_keys": ("REDACT_KEYS", _comma_list),
    "redact_patterns": ("REDACT_PATTERNS", _json_list),
    "otlp_session_attribute": ("OTLP_SESSION_ATTRIBUTE", str),
    "evidence_zones": ("EVIDENCE_ZONES", _comma_list),
}
_LIMITS: _Table = {"preview_bytes": ("PREVIEW_BYTES", int)}
_VERIFIER: _Table = {
    "backend": ("VERIFIER", str),
    "base_url": ("VERIFIER_BASE_URL", str),
    "model": ("VERIFIER_MODEL", str),
    "api_key": ("VERIFIER_API_KEY", str),
    "timeout_s": ("VERIFIER_TIMEOUT_S", float),
    "claim_floor": ("VERIFIER_CLAIM_FLOOR", _claim_floor),
}


def _collect(table: _Table, flags: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, (var, convert) in table.items():
        value = flags.get(name)
        source = "flag"
        if value is None and ENV_PREFIX + var in env:
            value, source = env[ENV_PREFIX + var], ENV_PREFIX + var
        if value is None:
            continue
        try:
            out[name] = convert(value)
        except ValueError:
            raise SettingsError(
                f"{name} from {source}: {value!r} is not a valid {getattr(convert, '__name__', 'value')}"
            ) from None
    return out


def load(flags: Optional[Mapping[str, Any]] = None, env: Optional[Mapping[str, str]] = None) -> Settings:
    """Build and validate settings; flags win over the environment."""
    flags = flags or {}
    env = os.environ if env is None else env
    settings = Settings(
        **_collect(_TOP, flags, env),
        limits=Limits(**_collect(_LIMITS, flags, env)),
        verifier=VerifierSettings(
            **_collect(
                _VERIFIER, {k[len("verifier_") :]: v for k, v in flags.items() if k.startswith("verifier_")}, env
            )
        ),
    )
    return settings.validate()
