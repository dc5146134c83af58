"""A plain static server for the built site, on 127.0.0.1 only, with the headers GitHub Pages sends (the right
types for .wasm and .mjs; browsers may keep files 10 minutes before asking again).

usage: python lite/serve.py SITE_DIR [PORT]     (PORT 0 or none: a free port; the port is printed first)
"""

import functools
import http.server
import sys
from typing import ClassVar


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json", ".whl": "application/zip"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    handler = functools.partial(Handler, directory=sys.argv[1])
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as httpd:
        print(httpd.server_address[1], flush=True)
        httpd.serve_forever()


if __name__ == "__main__":
    main()
