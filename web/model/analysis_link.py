"""The analysis board's shared link: the page's address with the position's
XGID in the ``#`` fragment, which browsers never send to a server, so the
link opens the board offline as well (the service worker serves the page).

>>> xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
>>> link = share_link("https://example.org/backgammon/#join=abc", xgid)
>>> link
'https://example.org/backgammon/#xgid=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'
>>> xgid_from_fragment(link.partition("#")[2]) == xgid
True
>>> xgid_from_fragment("#xgid=-b----E-C---eE---c-e----B-%3A0%3A0%3A1%3A52%3A0%3A0%3A0%3A0%3A10")
'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10'
>>> xgid_from_fragment("#join=abc") is None
True
"""

from __future__ import annotations

KEY = "xgid="
PREFIX = "XGID="
MAX_FRAGMENT = 200
"""An XGID is under 70 characters; a longer fragment is not read (it is not one)."""


def share_link(page_url: str, xgid: str) -> str:
    """The link that opens the analysis board on ``xgid`` (any fragment of
    ``page_url`` is replaced)."""
    body = xgid[len(PREFIX) :] if xgid.upper().startswith(PREFIX) else xgid
    return f"{page_url.partition('#')[0]}#{KEY}{body}"


def xgid_from_fragment(fragment: str) -> str | None:
    """The XGID a page's fragment (with or without its ``#``) holds, as
    ``XGID=...`` text for the engine to read; None when it holds none.  Whether
    it is a valid XGID is the engine's to say."""
    text = fragment.lstrip("#")
    if len(text) > MAX_FRAGMENT:
        return None
    for part in text.split("&"):
        if part.lower().startswith(KEY):
            # Imported only here: urllib.parse imports ipaddress, together about
            # 70 ms under Pyodide, and only a shared link's load gets this far.
            from urllib.parse import unquote

            body = unquote(part[len(KEY) :]).strip()
            if body.upper().startswith(PREFIX):
                body = body[len(PREFIX) :]
            return PREFIX + body
    return None
