"""A loopback OpenAI-compatible verifier that answers only when released: Chat calls wait on it."""

from __future__ import annotations

import http.server
import json
import threading


class StalledVerifier:
    """Serves /v1/chat/completions on 127.0.0.1:0; `arrived` is set when a request came in."""

    def __init__(self, release_after_s: float = 60) -> None:
        self.release = threading.Event()
        self.arrived = threading.Event()
        release, arrived = self.release, self.arrived

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                arrived.set()
                release.wait(release_after_s)
                body = json.dumps({"choices": [{"message": {"content": '{"decision": "ACCEPT", "reasons": ["ok"]}'}}]})
                try:
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body.encode())
                except OSError:
                    pass  # the caller gave up

            def log_message(self, *args) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.release.set()
        self.httpd.shutdown()
        self.httpd.server_close()
