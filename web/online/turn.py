"""The player's TURN server and the ICE servers a connection uses.

Pure data and parsing, imported when the New game dialog is submitted (its
TURN fields are checked then), before any of online play's protocol loads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from web.online.errors import TurnError
from web.words import online as say

# An ICE server as RTCPeerConnection takes it: {"urls": "stun:host:port"}, and
# for TURN "username" and "credential".
IceServer = Mapping[str, str]
# The public STUN servers used when none are given (Trystero's, and the glue's
# DEFAULT_ICE_SERVERS): a TURN server is added to them, not put in their place.
DEFAULT_STUN: tuple[IceServer, ...] = (
    {"urls": "stun:stun.l.google.com:19302"},
    {"urls": "stun:stun1.l.google.com:19302"},
    {"urls": "stun:stun.cloudflare.com:3478"},
)
_TURN_URL = re.compile(r"turns?:[^\s]{1,250}")


@dataclass(frozen=True)
class TurnServer:
    """A TURN relay server of the player's own, for when no direct connection
    gets through their routers (about 15-20 % of pairs of players).

    >>> turn = TurnServer.parse(" turn:turn.example.org:3478 ", "ann", "s3cret")
    >>> turn.ice_server()
    {'urls': 'turn:turn.example.org:3478', 'username': 'ann', 'credential': 's3cret'}
    >>> TurnServer.from_json(turn.to_json()) == turn, TurnServer.parse("", "", "")
    (True, None)
    >>> TurnServer.parse("https://turn.example.org", "", "")
    Traceback (most recent call last):
    ...
    web.online.errors.TurnError: a TURN server's address begins with turn: or turns:
    >>> with_turn(None, turn)[-1]["urls"], len(with_turn(None, turn)), with_turn((), None)
    ('turn:turn.example.org:3478', 4, ())
    """

    url: str
    username: str = ""
    credential: str = ""

    @classmethod
    def parse(cls, url: str, username: str, credential: str) -> TurnServer | None:
        """From the form's fields: ``None`` when no address is given."""
        url = url.strip()
        if not url:
            return None
        if not _TURN_URL.fullmatch(url):
            raise TurnError(say.TURN_SCHEME)
        return cls(url, username.strip()[:200], credential.strip()[:200])

    def ice_server(self) -> IceServer:
        server = {"urls": self.url}
        if self.username or self.credential:
            server |= {"username": self.username, "credential": self.credential}
        return server

    def to_json(self) -> dict[str, str]:
        return {"url": self.url, "username": self.username, "credential": self.credential}

    @classmethod
    def from_json(cls, data: object) -> TurnServer | None:
        """What :meth:`to_json` stored (``None`` for nothing, or anything unreadable)."""
        if not isinstance(data, dict):
            return None
        fields = [data.get(key, "") for key in ("url", "username", "credential")]
        if not all(isinstance(f, str) for f in fields):
            return None
        try:
            return cls.parse(*fields)
        except TurnError:
            return None


def with_turn(
    ice_servers: Sequence[IceServer] | None, turn: TurnServer | None
) -> Sequence[IceServer] | None:
    """The ICE servers to use: ``ice_servers`` (``None``: the public STUN
    servers) and the player's TURN server, if any."""
    if turn is None:
        return ice_servers
    return (*(DEFAULT_STUN if ice_servers is None else ice_servers), turn.ice_server())
