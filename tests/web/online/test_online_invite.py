"""The invite link: round trips, the fragment, and each refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.rules import Rules
from web.online.codec import b64
from web.online.errors import InviteError, OnlineError
from web.online.invite import Invite, clean_name, describe_terms, parse_terms, terms_code

ALL_RULES = [
    Rules(0),
    Rules(0, cube=False),
    Rules(0, jacoby=True, beavers=True),
    Rules(1),
    Rules(3, crawford=False),
    Rules(7, jacoby=True),  # kept as given, though inactive in a match
    Rules(64),
]


def counter() -> Callable[[int], bytes]:
    state = [0]

    def token(n: int) -> bytes:
        state[0] += 1
        return bytes((state[0] + i) % 256 for i in range(n))

    return token


@pytest.mark.parametrize("rules", ALL_RULES)
def test_round_trip_every_term(rules: Rules) -> None:
    invite = Invite.new("Zoë ⚀", rules, token=counter())
    assert Invite.parse(invite.text) == invite
    assert Invite.from_link(invite.link("https://x.org/app/?a=1#old")) == invite
    assert Invite.from_link("#" + invite.fragment) == invite
    assert parse_terms(terms_code(rules)) == rules


def test_text_is_url_safe_and_compact() -> None:
    invite = Invite.new("A" * 40, Rules(15, jacoby=True))
    assert len(invite.name) == 24
    assert len(invite.text) < 120
    assert all(c.isalnum() or c in "-_." for c in invite.text)


def test_two_invites_differ() -> None:
    a, b = Invite.new("Ann", Rules(5)), Invite.new("Ann", Rules(5))
    assert a.room != b.room and a.secret != b.secret


def test_names_are_cleaned() -> None:
    assert clean_name(" Ann\u0000\n  Lee\t") == "Ann Lee"
    assert Invite.new("   ", Rules()).name == "Your friend"


def test_terms_in_words() -> None:
    assert describe_terms(Rules(5)) == "a 5-point match, with the cube and the Crawford rule"
    assert describe_terms(Rules(0, jacoby=True, beavers=True)) == (
        "money play, with the cube, the Jacoby rule and beavers"
    )
    assert describe_terms(Rules(1)) == "a 1-point match, with the cube"


def good_parts() -> list[str]:
    return Invite.new("Ann", Rules(5), token=lambda n: bytes(n)).text.split(".")


def variant(index: int, value: str) -> str:
    parts = good_parts()
    parts[index] = value
    return ".".join(parts)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "another version"),
        ("3.a.b.c.d", "another version"),
        ("1.a.b", "5 parts"),
        (variant(1, "AAAA"), "damaged"),
        (variant(2, "AAAAAAAAAAAAAAAAAAAAA!"), "damaged"),
        (variant(2, "AAAAAAAAAAAAAAAAAAAAAB"), "damaged"),  # stray bits: not canonical
        (variant(3, "5x"), "unknown rules"),
        (variant(3, "65c"), "at most 64"),
        (variant(3, "05c"), "not a match length"),
        (variant(3, "5rc"), "not written as"),
        (variant(3, "5cc"), "not written as"),
        (variant(4, b64(b"\xff\xfe")), "name is damaged"),
        (variant(4, b64(b"B" * 30)), "at most 24"),
        (variant(4, b64(b" Ann")), "not a name"),
        (variant(4, ""), "not a name"),
        ("1." + "A" * 600, "short text"),
    ],
)
def test_refusals(text: str, why: str) -> None:
    with pytest.raises(InviteError, match=why) as info:
        Invite.parse(text)
    assert isinstance(info.value, OnlineError)
    assert info.value.plain.startswith("This invite link cannot be used (")


def test_links_without_invites() -> None:
    for link in ("https://x.org/", "https://x.org/#", "https://x.org/#join", "#play=1"):
        with pytest.raises(InviteError, match="no invite"):
            Invite.from_link(link)


def test_bad_values_refused_at_construction() -> None:
    with pytest.raises(InviteError):
        Invite(b"x", bytes(16), "Ann", Rules())
    with pytest.raises(InviteError, match="automatic doubles"):
        Invite(bytes(16), bytes(16), "Ann", Rules(auto_doubles=1))
