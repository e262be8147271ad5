"""The test build's PyScript entry point (in place of ``public/main.py``): the
game with the test hooks read from the URL (see :mod:`e2e.site.hooks`)."""

from pyscript import document, window
from unpack import unpack

unpack("page.zip.gz")

from e2e.site.hooks import start  # noqa: E402 (unpacked just above)
from web.dom.browser import when_parsed  # noqa: E402

when_parsed(document, lambda: start(document, window))
