"""HTTP by hand over a plain socket, for requests no client library would send (half a
head, a body that never ends)."""

from __future__ import annotations

import socket

from tests.server.live import PATIENCE, LiveServer


def opened(live: LiveServer, timeout: float = PATIENCE) -> socket.socket:
    return socket.create_connection(("127.0.0.1", live.port), timeout=timeout)


def answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The status, headers and body of the server's next answer."""
    data = b""
    while b"\r\n\r\n" not in data:
        more = sock.recv(65536)
        assert more, f"closed without an answer: {data!r}"
        data += more
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    while len(body) < int(headers.get("content-length", "0")):
        more = sock.recv(65536)
        assert more
        body += more
    return int(lines[0].split()[1]), headers, body


def closed(sock: socket.socket) -> bool:
    """True when the server closes the connection within the socket's timeout (anything
    it sent before is read first)."""
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    return True


def get(path: str = "/api/games") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
