"""A minimal websocket client (RFC 6455) on asyncio streams, for tests against a real Daphne.

The `websockets` package is not a dependency; this reads text and close frames
and answers pings, which is all a silent table page does.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct


class WebSocket:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, host: str, port: int, path: str) -> WebSocket:
        reader, writer = await asyncio.open_connection(host, port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{host}:{port}\r\n\r\n"
            ).encode()
        )
        status = await reader.readline()
        if b" 101 " not in status:
            raise ConnectionError(f"websocket refused: {status!r}")
        while await reader.readline() not in (b"\r\n", b""):
            pass
        return cls(reader, writer)

    def _send(self, opcode: int, payload: bytes = b"") -> None:
        mask = os.urandom(4)
        header = bytes([0x80 | opcode])
        length = len(payload)
        if length < 126:
            header += bytes([0x80 | length])
        else:
            header += bytes([0x80 | 126]) + struct.pack("!H", length)
        self.writer.write(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    async def _frame(self) -> tuple[int, bytes]:
        first, second = await self.reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
        return first & 0x0F, await self.reader.readexactly(length)

    async def receive(self) -> tuple[str, object]:
        """The next text message ("text", str) or the close ("close", code); pings are answered."""
        parts: list[bytes] = []
        while True:
            opcode, payload = await self._frame()
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode == 0xA:
                continue
            if opcode == 0x8:
                return "close", struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
            parts.append(payload)
            if opcode in (0x1, 0x0):
                return "text", b"".join(parts).decode()

    async def close(self) -> None:
        self._send(0x8, struct.pack("!H", 1000))
        self.writer.close()
