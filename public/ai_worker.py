"""The AI's web worker (PyScript, started by web.dom.page): plain functions only.

Requests and replies are JSON text (the messages of web.ai.protocol, answered by
web.worker.ai), so nothing but strings crosses threads and nothing here
touches the page.  Once warm, the worker gets the bear-off database in the
background (web.worker.bearoff: from the browser's cache, or made from the
rules between requests; a rollout helper, ``warm("helper")``, waits for the AI's
worker to keep it instead of making its own); ``bearoff`` says where that stands.
"""

from unpack import unpack

unpack("page.zip.gz")
unpack("ai-worker.zip.gz")

from web.worker import ai as ai_service  # noqa: E402 (unpacked just above)
from web.worker import bearoff as worker_bearoff  # noqa: E402
from web.worker.ai import handle  # noqa: E402, F401 (exported to the page)


def warm(role: str = "ai") -> str:
    ready = ai_service.warm()
    worker_bearoff.start_in_browser(make=role != "helper")
    return ready


def bearoff() -> str:
    return worker_bearoff.state()


__export__ = ["handle", "warm", "bearoff"]
