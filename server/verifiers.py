"""Choosing the Chat verifier backend from settings."""
from __future__ import annotations

from evidence_trace.server.domain.verifier.backend import Verifier
from evidence_trace.server.domain.verifier.openai_compatible import (
    OpenAICompatibleSettings,
    OpenAICompatibleVerifier,
)
from evidence_trace.server.domain.verifier.rules import RulesVerifier
from evidence_trace.server.settings import VerifierSettings


def build_verifier(settings: VerifierSettings) -> Verifier:
    """The configured backend: the built-in rules verifier unless told otherwise."""
    if settings.backend == "openai_compatible":
        return OpenAICompatibleVerifier(OpenAICompatibleSettings(
            base_url=settings.base_url, model=settings.model, api_key=settings.api_key,
            timeout_s=settings.timeout_s))
    return RulesVerifier()
