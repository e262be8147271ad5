"""The AI answered in this thread, through the same JSON text the worker reads
and writes: for tests, doctests and the command line, never the page."""

from __future__ import annotations

from collections.abc import Callable

from web.ai.protocol import ErrorReply, Reply, Request, decode_reply, encode
from web.worker.ai import handle


class DirectAi:
    """Answers at once in this thread (tests, and a fallback without workers),
    through the same JSON text the worker reads and writes."""

    def ask(self, request: Request, reply: Callable[[Reply], None]) -> None:
        try:
            result = decode_reply(handle(encode(request)))
        except Exception as exc:  # like the worker: always an answer
            result = ErrorReply(str(exc) or type(exc).__name__)
        reply(result)
