"""HTML escaping, exactly as :func:`html.escape` does it.

Why not ``html.escape``: importing the standard library's ``html`` imports
``html.entities`` too (a table of 2,231 names for ``unescape``), about 40 ms
under Pyodide before the board is interactive, for five replacements.
``tests/test_escape.py`` holds the two to the same output.

>>> escape('<a title="Tom & Jerry\\'s">')
'&lt;a title=&quot;Tom &amp; Jerry&#x27;s&quot;&gt;'
>>> escape('"quoted" & <b>', quote=False)
'"quoted" &amp; &lt;b&gt;'
"""

from __future__ import annotations


def escape(text: str, quote: bool = True) -> str:
    """``text`` with ``&``, ``<`` and ``>`` (and, with ``quote``, both quote
    marks) replaced by character references, safe inside elements and
    attribute values."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text
