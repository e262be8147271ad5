"""Manual signalling's codes (``public/online-transport.js``: ``compactSdp`` and
``expandSdp``), run by Node on session descriptions that Chromium made.

A code keeps only what differs between two sessions -- the ICE credentials, the
DTLS fingerprint and role, the candidates -- and the SDP rebuilt from it must
carry exactly those.  That Chromium accepts the rebuilt SDP and opens the
channel is proven in the browser (``e2e/test_online_transport.py``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

import pytest
from repo_paths import ROOT

GLUE = ROOT / "public" / "online-transport.js"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="node not installed")

# Made by Chromium 156 (RTCPeerConnection with one negotiated data channel, no
# ICE servers, gathering complete) in a network namespace with 10.200.0.1 and
# fd00:200::1; "mdns" without --disable-features=WebRtcHideLocalIpsWithMdns.
CHROMIUM_OFFER = (
    "v=0\r\no=- 3916521523169286273 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 38795 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 10.200.0.1\r\n"
    "a=candidate:1834449275 1 udp 2113937151 10.200.0.1 38795 typ host generation 0"
    " network-cost 999\r\n"
    "a=candidate:2633807539 1 udp 2113942271 fd00:200::1 58528 typ host generation 0"
    " network-cost 999\r\n"
    "a=ice-ufrag:nShB\r\na=ice-pwd:hkYYNZVOOx8j1kXZJRBFNl08\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 99:D5:16:5A:56:CB:5C:31:81:A9:3C:BF:A1:B2:36:81:F8:61:3D:C9:DC:07"
    ":FB:97:43:7B:AC:D2:98:2B:84:23\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
CHROMIUM_ANSWER = (
    "v=0\r\no=- 5055452886509356274 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 37245 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 10.200.0.1\r\n"
    "a=candidate:2999315146 1 udp 2113937151 10.200.0.1 37245 typ host generation 0"
    " network-cost 999\r\n"
    "a=candidate:3454558235 1 udp 2113942271 fd00:200::1 53517 typ host generation 0"
    " network-cost 999\r\n"
    "a=ice-ufrag:pfWA\r\na=ice-pwd:2ly9pkHJineu3yNDiL1HSblr\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 47:02:A1:43:21:22:DC:6D:9A:2D:2B:F1:14:06:D8:94:22:45:D4:99:76:46"
    ":CC:4C:F3:13:70:DA:51:94:A0:1F\r\n"
    "a=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
CHROMIUM_MDNS_OFFER = (
    "v=0\r\no=- 9099135945331754719 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:165507628 1 udp 2113937151 22c3b871-fcc1-47ec-88f5-edff0c5d9658.local 36746"
    " typ host generation 0 network-cost 999\r\n"
    "a=candidate:4168531428 1 udp 2113942271 4a1cd833-6ff2-4428-b97b-f2342135e922.local 45694"
    " typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:sJ3V\r\na=ice-pwd:QhwqH6ref0pMHDNIXewA/FWM\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 68:4F:E6:26:FF:75:CD:C6:07:84:1F:46:7A:D4:9E:78:80:89:00:13:79:CB"
    ":B2:4F:56:39:43:E7:E7:E3:14:80\r\n"
    "a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
CHROMIUM_MDNS_ANSWER = (
    "v=0\r\no=- 3193686157293165289 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
    "a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n"
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    "a=candidate:4098094328 1 udp 2113937151 22c3b871-fcc1-47ec-88f5-edff0c5d9658.local 35176"
    " typ host generation 0 network-cost 999\r\n"
    "a=candidate:99105584 1 udp 2113942271 4a1cd833-6ff2-4428-b97b-f2342135e922.local 60993"
    " typ host generation 0 network-cost 999\r\n"
    "a=ice-ufrag:uA0n\r\na=ice-pwd:koPHMV4njbPYiGJZDS3tsGfo\r\na=ice-options:trickle\r\n"
    "a=fingerprint:sha-256 5C:25:F4:90:1C:F4:46:D0:80:B0:1F:9B:71:BE:15:34:E2:33:27:34:23:6B"
    ":69:F8:BF:35:A5:63:CC:39:BD:47\r\n"
    "a=setup:active\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n"
)
# As a player behind NAT with STUN and TURN sends it: Chromium's mDNS offer with
# server-reflexive and relay candidates (documentation addresses), a TCP
# candidate and a second component, which the code leaves out.
BEHIND_NAT_OFFER = CHROMIUM_MDNS_OFFER.replace(
    "a=ice-ufrag:",
    "a=candidate:842163049 1 udp 1677729535 203.0.113.7 61234 typ srflx raddr 0.0.0.0"
    " rport 0 generation 0 network-cost 999\r\n"
    "a=candidate:1877445417 1 udp 33562623 2001:db8::7 3478 typ relay raddr 203.0.113.7"
    " rport 61234 generation 0 network-cost 999\r\n"
    "a=candidate:2999745851 1 tcp 1518280447 10.200.0.1 9 typ host tcptype active"
    " generation 0 network-cost 999\r\n"
    "a=candidate:842163049 2 udp 1677729534 203.0.113.7 61235 typ srflx raddr 0.0.0.0"
    " rport 0 generation 0 network-cost 999\r\n"
    "a=ice-ufrag:",
)
# Modelled on Firefox's answers: longer hex credentials, "\n" line ends, passive.
FIREFOX_LIKE_ANSWER = (
    "v=0\no=mozilla...THIS_IS_SDPARTA-99.0 6215418283036958036 0 IN IP4 0.0.0.0\ns=-\n"
    "t=0 0\na=fingerprint:sha-256 1F:2E:3D:4C:5B:6A:79:88:97:A6:B5:C4:D3:E2:F1:00:11:22:33"
    ":44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:01\na=group:BUNDLE 0\na=ice-options:trickle\n"
    "a=msid-semantic:WMS *\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\n"
    "c=IN IP4 0.0.0.0\na=candidate:0 1 UDP 2122252543 192.168.1.20 50123 typ host\n"
    "a=candidate:1 1 UDP 1686052863 198.51.100.23 50123 typ srflx raddr 192.168.1.20"
    " rport 50123\na=sendrecv\na=end-of-candidates\na=ice-pwd:0123456789abcdef0123456789abcdef\n"
    "a=ice-ufrag:89abcdef\na=mid:0\na=setup:passive\na=sctp-port:5000\n"
    "a=max-message-size:1073741823\n"
)
SAMPLES = {
    "chromium offer": (CHROMIUM_OFFER, "offer"),
    "chromium answer": (CHROMIUM_ANSWER, "answer"),
    "chromium mdns offer": (CHROMIUM_MDNS_OFFER, "offer"),
    "chromium mdns answer": (CHROMIUM_MDNS_ANSWER, "answer"),
    "behind nat offer": (BEHIND_NAT_OFFER, "offer"),
    "firefox-like answer": (FIREFOX_LIKE_ANSWER, "answer"),
}

_RUNNER = """
import fs from "node:fs";
import {compactSdp, expandSdp} from %s;
const calls = JSON.parse(fs.readFileSync(0, "utf8"));
const answers = calls.map(([name, ...args]) => {
  try {
    return {value: (name === "compact" ? compactSdp : expandSdp)(...args)};
  } catch (error) {
    return {error: String(error.message)};
  }
});
process.stdout.write(JSON.stringify(answers));
"""


def _node(calls: list[list[str]]) -> list[dict[str, str]]:
    """Run ``compactSdp``/``expandSdp`` in Node on each call's arguments."""
    script = _RUNNER % json.dumps(GLUE.as_uri())
    run = subprocess.run(
        ["node", "--no-warnings", "--input-type=module", "-e", script],
        input=json.dumps(calls),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answers: list[dict[str, str]] = json.loads(run.stdout)
    return answers


def compact(sdp: str, kind: str) -> str:
    (answer,) = _node([["compact", sdp, kind]])
    assert "value" in answer, answer
    return answer["value"]


def expand(code: str) -> str:
    (answer,) = _node([["expand", code]])
    assert "value" in answer, answer
    return answer["value"]


def essentials(sdp: str) -> dict[str, Any]:
    """What must survive a code: credentials, fingerprint, role, UDP candidates of
    component 1 (address, port, type), addresses normalised."""
    lines = sdp.replace("\r\n", "\n").split("\n")

    def value(name: str) -> str:
        (found,) = [line.split(":", 1)[1] for line in lines if line.startswith(f"a={name}:")]
        return found.strip()

    candidates = set()
    for line in lines:
        if not line.startswith("a=candidate:"):
            continue
        _, component, transport, _, address, port, _, kind, *_ = line.split(" ")
        if component == "1" and transport.lower() == "udp":
            candidates.add((_normal_address(address), int(port), kind))
    algorithm, digest = value("fingerprint").split()
    return {
        "ufrag": value("ice-ufrag"),
        "pwd": value("ice-pwd"),
        "fingerprint": (algorithm, digest.upper()),
        "setup": value("setup"),
        "candidates": candidates,
    }


def _normal_address(address: str) -> str:
    import ipaddress

    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return address.lower()  # an mDNS name


@pytest.mark.parametrize("name", SAMPLES)
def test_online_sdp_round_trip_keeps_what_changes(name: str) -> None:
    sdp, kind = SAMPLES[name]
    code = compact(sdp, kind)
    rebuilt = expand(code)
    assert essentials(rebuilt) == essentials(sdp)
    assert compact(rebuilt, kind) == code  # and the code is stable


def test_online_sdp_codes_are_short_and_fit_in_a_link() -> None:
    codes = {name: compact(sdp, kind) for name, (sdp, kind) in SAMPLES.items()}
    # The estimate: ~105 characters instead of a ~700-byte SDP.
    assert len(codes["chromium offer"]) <= 115 < len(CHROMIUM_OFFER) / 5
    assert len(codes["chromium mdns answer"]) <= 130
    for code in codes.values():
        assert re.fullmatch(r"[A-Za-z0-9_./+-]+", code), code  # safe in a #fragment
    assert codes["chromium offer"].startswith("1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08.")
    assert codes["chromium answer"].startswith("1a.")
    assert codes["firefox-like answer"].startswith("1p.")


def test_online_sdp_leaves_out_tcp_and_other_components() -> None:
    code = compact(BEHIND_NAT_OFFER, "offer")
    rebuilt = expand(code)
    candidates = [line for line in rebuilt.split("\r\n") if line.startswith("a=candidate:")]
    assert len(candidates) == 4  # 2 mDNS hosts, srflx, relay
    assert all(" 1 udp " in line for line in candidates)
    assert [line.split(" typ ")[1].split()[0] for line in candidates] == [
        "host",
        "host",
        "srflx",
        "relay",
    ]
    # Priorities fall with the type's preference, so ICE tries hosts first.
    priorities = [int(line.split()[3]) for line in candidates]
    assert priorities == sorted(priorities, reverse=True)


def test_online_sdp_rebuilt_is_a_data_channel_description() -> None:
    rebuilt = expand(compact(CHROMIUM_OFFER, "offer"))
    assert rebuilt.endswith("\r\n") and "\n" not in rebuilt.replace("\r\n", "")
    lines = rebuilt.split("\r\n")
    assert lines[0] == "v=0"
    for needed in (
        "a=group:BUNDLE 0",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=setup:actpass",
        "a=end-of-candidates",
    ):
        assert needed in lines


@pytest.mark.parametrize(
    "code",
    [
        "",
        "hello",
        "2o.abcd.0123456789012345678901.AAAA",  # a format this code does not know
        "1x.nShB.hkYYNZVOOx8j1kXZJRBFNl08.mdUWWlbLXDGBqTy_obI2gfhhPcncB_uXQ3us0pgrhCM",
        "1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08",  # no fingerprint
        "1o.nShB.hkYY NZVOO.mdUWWlbLXDGBqTy_obI2gfhhPcncB_uXQ3us0pgrhCM",
        "1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08.mdUWWlbLXDGBqTy_obI2gfhhPcncB",  # cut short
        "1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08.mdUWWlbLXDGBqTy_obI2gfhhPcncB_uXQ3us0pgrhCM.hCsgAA",
        "1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08.mdUWWlbLXDGBqTy_obI2gfhhPcncB_uXQ3us0pgrhCM.x1234567",
        "1o.nShB.hkYYNZVOOx8j1kXZJRBFNl08.mdUWWlbLXDGBqTy_obI2gfhhPcncB_uXQ3us0pgrhCM.h!@#$",
    ],
)
def test_online_sdp_refuses_what_is_not_a_code(code: str) -> None:
    (answer,) = _node([["expand", code]])
    assert answer.get("error", "").startswith("not a connection code"), answer


def test_online_sdp_compaction_needs_the_fields_it_keeps() -> None:
    no_fingerprint = re.sub(r"a=fingerprint:[^\r]*\r\n", "", CHROMIUM_OFFER)
    answers = _node([["compact", no_fingerprint, "offer"], ["compact", CHROMIUM_ANSWER, "offer"]])
    assert "no a=fingerprint" in answers[0]["error"]
    assert "setup:active" in answers[1]["error"]  # an answer is not an offer
