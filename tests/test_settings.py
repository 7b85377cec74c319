"""Settings: validated once, flags win over the environment."""

from __future__ import annotations

import pytest

from evidence_trace.server import settings
from evidence_trace.server.cli.main import main


def test_defaults_are_the_embedded_sqlite():
    s = settings.load({}, env={})
    assert s.database_url == "sqlite:///data/evidence-trace.db"
    assert s.listen == "127.0.0.1:50051"
    assert s.verifier.backend == "rules"


def test_environment_is_read():
    s = settings.load(
        {},
        env={
            "EVIDENCE_TRACE_LISTEN": "0.0.0.0:7000",
            "EVIDENCE_TRACE_DATABASE_URL": "postgresql://u@h/db",
            "EVIDENCE_TRACE_PREVIEW_BYTES": "4096",
        },
    )
    assert (s.listen, s.database_url, s.limits.preview_bytes) == ("0.0.0.0:7000", "postgresql://u@h/db", 4096)


def test_storage_outage_settings_default_to_5_s_60_s_and_1_s_and_are_read_from_the_environment():
    defaults = settings.load({}, env={})
    assert (defaults.storage_unhealthy_after_s, defaults.storage_report_every_s, defaults.storage_probe_every_s) == (
        5.0,
        60.0,
        1.0,
    )
    s = settings.load(
        {},
        env={
            "EVIDENCE_TRACE_STORAGE_UNHEALTHY_AFTER_S": "0.5",
            "EVIDENCE_TRACE_STORAGE_REPORT_EVERY_S": "2",
            "EVIDENCE_TRACE_STORAGE_PROBE_EVERY_S": "0.1",
        },
    )
    assert (s.storage_unhealthy_after_s, s.storage_report_every_s, s.storage_probe_every_s) == (0.5, 2.0, 0.1)


def test_flags_win_over_environment():
    s = settings.load(
        {"listen": "127.0.0.1:0", "verifier_backend": "rules"},
        env={"EVIDENCE_TRACE_LISTEN": "0.0.0.0:7000", "EVIDENCE_TRACE_VERIFIER": "openai_compatible"},
    )
    assert s.listen == "127.0.0.1:0"
    assert s.verifier.backend == "rules"


@pytest.mark.parametrize(
    "env, message",
    [
        ({"EVIDENCE_TRACE_LISTEN": "nope"}, "listen address"),
        ({"EVIDENCE_TRACE_DATABASE_URL": "mysql://x"}, "database URL"),
        ({"EVIDENCE_TRACE_DURABILITY": "sometimes"}, "durability"),
        ({"EVIDENCE_TRACE_MAX_WORKERS": "many"}, "max_workers"),
        ({"EVIDENCE_TRACE_VERIFIER": "openai_compatible"}, "BASE_URL"),
        ({"EVIDENCE_TRACE_PREVIEW_BYTES": "10"}, "preview_bytes"),
        ({"EVIDENCE_TRACE_STORAGE_UNHEALTHY_AFTER_S": "0"}, "storage_unhealthy_after_s"),
        ({"EVIDENCE_TRACE_STORAGE_UNHEALTHY_AFTER_S": "nan"}, "storage_unhealthy_after_s"),
        ({"EVIDENCE_TRACE_STORAGE_REPORT_EVERY_S": "-1"}, "storage_report_every_s"),
        ({"EVIDENCE_TRACE_STORAGE_PROBE_EVERY_S": "soon"}, "storage_probe_every_s"),
        ({"EVIDENCE_TRACE_DATABASE_URL": "sqlite:///x.db?max_page_count=0"}, "max_page_count"),
        ({"EVIDENCE_TRACE_DATABASE_URL": "sqlite:///x.db?journal_mode=off"}, "unknown sqlite URL parameter"),
    ],
)
def test_invalid_settings_are_refused_with_the_setting_named(env, message):
    with pytest.raises(settings.SettingsError, match=message):
        settings.load({}, env=env)


def test_api_key_is_not_in_repr():
    s = settings.load(
        {},
        env={
            "EVIDENCE_TRACE_VERIFIER": "openai_compatible",
            "EVIDENCE_TRACE_VERIFIER_BASE_URL": "http://127.0.0.1:1/v1",
            "EVIDENCE_TRACE_VERIFIER_MODEL": "m",
            "EVIDENCE_TRACE_VERIFIER_API_KEY": "sk-secret-123",
        },
    )
    assert s.verifier.api_key == "sk-secret-123"
    assert "sk-secret-123" not in repr(s)


def test_cli_reports_invalid_setting_with_exit_2(capsys):
    assert main(["serve", "--listen", "bad"]) == 2
    assert "listen address" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("value", "floor"),
    [("strict", "strict"), ("contradictions", "contradictions"), ("off", "off"), ("on", "strict"), ("false", "off")],
)
def test_the_claim_floor_takes_its_three_modes_and_the_former_switch(value: str, floor: str) -> None:
    assert settings.load({}, env={"EVIDENCE_TRACE_VERIFIER_CLAIM_FLOOR": value}).verifier.claim_floor == floor


def test_an_unknown_claim_floor_fails_at_start_up() -> None:
    with pytest.raises(settings.SettingsError, match="claim_floor"):
        settings.load({}, env={"EVIDENCE_TRACE_VERIFIER_CLAIM_FLOOR": "lenient"})
