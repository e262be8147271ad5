"""The AI's web worker (PyScript, started by web.page): plain functions only.

Requests and replies are JSON text (the messages of web.protocol, answered by
web.ai_service), so nothing but strings crosses threads and nothing here
touches the page.
"""

from web.ai_service import handle, warm  # noqa: F401 (exported to the page)

__export__ = ["handle", "warm"]
