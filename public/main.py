"""PyScript entry point: hands the page's document and window to the front end.

The ``backgammon:*`` performance marks split the load for ``bench.load``:
Python running, the page's archive unpacked, the page's modules imported,
then (``web.app.start``) the match restored and the board interactive.
"""

from pyscript import document, window
from unpack import unpack

window.performance.mark("backgammon:main")
unpack("page.zip.gz")
window.performance.mark("backgammon:python")

from web.app import start  # noqa: E402  (after the mark: the imports are what it times)
from web.dom.browser import when_parsed  # noqa: E402

window.performance.mark("backgammon:imported")
when_parsed(document, lambda: start(document, window))
