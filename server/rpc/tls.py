"""Transport security: TLS, and mutual TLS with a client CA, from settings.

`tls_cert` and `tls_key` (PEM files) turn TLS on; `tls_client_ca` (a PEM
bundle) additionally requires every client to present a certificate signed by
that CA (mutual TLS), checked during the handshake, before any call. Tenants
still come from bearer tokens: a client certificate proves the client is one
of yours, the token says which tenant it acts for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import grpc


def server_credentials(tls_cert: str, tls_key: str, tls_client_ca: str) -> Optional[grpc.ServerCredentials]:
    """Credentials for the listening port, or None for plaintext (no certificate configured)."""
    if not tls_cert:
        return None
    client_ca = Path(tls_client_ca).read_bytes() if tls_client_ca else None
    return grpc.ssl_server_credentials(
        [(Path(tls_key).read_bytes(), Path(tls_cert).read_bytes())],
        root_certificates=client_ca,
        require_client_auth=client_ca is not None,
    )
