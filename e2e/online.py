"""Online play's test bench: two browsers, a Nostr relay and the site, all inside
a private network that the test creates and that reaches nothing else.

- **The namespace** (:class:`Namespace`): ``unshare --net`` held open by a
  ``sleep``; everything else enters it with ``nsenter``.  Inside: ``lo`` and one
  veth pair (``10.200.0.1`` <-> ``10.200.0.2``) carrying the default route,
  because Chromium gathers WebRTC host candidates only on the default route's
  interface, and none at all on a machine with nothing but loopback.  Nothing
  lies beyond the pair, so a packet for any other address dies inside.
- **The site and the relay** listen on the namespace's own ``127.0.0.1``: a
  loopback page is a secure context, which Trystero's ``crypto.subtle`` needs.
  The relay is PyPI's ``nostr-relay`` (:class:`Relay`), run from this venv.
- **The browsers**: each :func:`launch_in` starts its own Chromium process in the
  namespace through a wrapper script (``nsenter ... /usr/bin/chromium "$@"``);
  Playwright drives it over its pipe, not the network.  Chromium runs with
  ``--disable-features=WebRtcHideLocalIpsWithMdns``, so its host candidates carry
  the veth address instead of an mDNS name that nothing in the namespace resolves.

:func:`namespace_unavailable` says why a machine cannot do this (the tests then
skip): the kernel or the sandbox refuses network namespaces or veth pairs.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from playwright.sync_api import Browser, BrowserType

ROOT = Path(__file__).resolve().parent.parent
HOST_ADDRESS = "10.200.0.1"
PEER_ADDRESS = "10.200.0.2"
SUBNET = "10.200.0.0/24"
MDNS_OFF = "--disable-features=WebRtcHideLocalIpsWithMdns"
RELAY_PORT = 7447
TRACKER_PORT = 8000
SILENT_PORT = 7448
"""Where nothing listens: a relay that is down."""
START_TIMEOUT_S = 60.0


def _privileged() -> bool:
    return os.geteuid() == 0


def _unshare() -> list[str]:
    """A new network namespace; without root, inside a new user namespace where we are root."""
    return (
        ["unshare", "--net"] if _privileged() else ["unshare", "--user", "--map-root-user", "--net"]
    )


def namespace_unavailable() -> str | None:
    """Why the online tests cannot run here (no namespace, no veth), or ``None``."""
    for tool in ("unshare", "nsenter", "ip"):
        if shutil.which(tool) is None:
            return f"{tool} not found (util-linux, iproute2)"
    probe = "ip link add veth-probe type veth peer name veth-probe1 && ip link set lo up"
    try:
        run = subprocess.run(
            [*_unshare(), "sh", "-c", probe], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"`{' '.join(_unshare())} sh -c '{probe}'` failed: {error}"
    if run.returncode != 0:
        return (
            f"the kernel refuses a network namespace with a veth pair: "
            f"`{' '.join(_unshare())} sh -c '{probe}'` exited {run.returncode}: "
            f"{run.stderr.strip()}"
        )
    return None


class Namespace:
    """A private network namespace, held open by a ``sleep`` (see the module's docstring)."""

    def __init__(self) -> None:
        self._holder = subprocess.Popen(
            [*_unshare(), "sleep", "infinity"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.pid = self._holder.pid
        self._processes: list[subprocess.Popen[Any]] = []
        try:
            self._set_up()
        except BaseException:
            self.close()
            raise

    def _set_up(self) -> None:
        ours = os.readlink("/proc/self/ns/net")
        deadline = time.monotonic() + 10
        while _read_link(f"/proc/{self.pid}/ns/net") in (None, ours):
            if self._holder.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{' '.join(_unshare())} did not start a namespace")
            time.sleep(0.02)
        for command in (
            "ip link set lo up",
            "ip link add veth0 type veth peer name veth1",
            f"ip addr add {HOST_ADDRESS}/24 dev veth0",
            f"ip addr add {PEER_ADDRESS}/24 dev veth1",
            # No IPv6 link-local addresses: the kernel would add them a second or
            # two after the links come up (duplicate address detection), and
            # Chromium fails the requests in flight then with
            # ERR_NETWORK_CHANGED -- the first page of a freshly made namespace.
            "ip link set veth0 addrgenmode none",
            "ip link set veth1 addrgenmode none",
            "ip link set veth0 up",
            "ip link set veth1 up",
            # WebRTC's host candidates come from the default route's interface.
            f"ip route add default via {PEER_ADDRESS} dev veth0",
        ):
            self.run(command.split())
        self._settle(deadline=time.monotonic() + 10)

    def _settle(self, deadline: float) -> None:
        """Wait until both ends of the pair are up (carrier included), so that no
        link change reaches a browser started afterwards."""
        while True:
            links = json.loads(self.run(["ip", "-j", "link", "show"]))
            states = {link["ifname"]: link.get("operstate") for link in links}
            if states.get("veth0") == "UP" and states.get("veth1") == "UP":
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"the veth pair did not come up: {states}")
            time.sleep(0.05)

    def enter(self) -> list[str]:
        """The command prefix that runs a program inside the namespace."""
        # Without root, our own user namespace too (keeping our ids, which map to
        # root inside: setgroups is denied there).
        user = [] if _privileged() else ["--user", "--preserve-credentials"]
        return ["nsenter", f"--target={self.pid}", "--net", *user, "--"]

    def run(self, argv: Sequence[str]) -> str:
        """Run ``argv`` inside, wait, and return its output (raises if it fails)."""
        done = subprocess.run(
            [*self.enter(), *argv], capture_output=True, text=True, timeout=60, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} (in the namespace): {done.stderr.strip()}")
        return done.stdout

    def start(
        self, argv: Sequence[str], *, log: Path, stdout: int | IO[Any] | None = None
    ) -> subprocess.Popen[Any]:
        """Start ``argv`` inside (stderr, and stdout unless given, to ``log``); it is
        stopped when the namespace closes."""
        with log.open("ab") as sink:
            process = subprocess.Popen(
                [*self.enter(), *argv],
                cwd=ROOT,
                stdout=sink if stdout is None else stdout,
                stderr=sink,
                start_new_session=True,
            )
        self._processes.append(process)
        return process

    def wait_for_port(self, port: int, process: subprocess.Popen[Any], log: Path) -> None:
        """Until something accepts connections on the namespace's ``127.0.0.1:port``."""
        probe = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=1)"
        deadline = time.monotonic() + START_TIMEOUT_S
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"{process.args!r} exited {process.returncode}:\n{_tail(log)}")
            done = subprocess.run(
                [*self.enter(), sys.executable, "-c", probe], capture_output=True, check=False
            )
            if done.returncode == 0:
                return
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on port {port}:\n{_tail(log)}")
            time.sleep(0.2)

    def browser_wrapper(self, chromium: Path, folder: Path) -> Path:
        """An executable that starts ``chromium`` inside the namespace, for Playwright."""
        wrapper = folder / "chromium-in-namespace"
        command = " ".join([*self.enter(), str(chromium)])
        wrapper.write_text(f'#!/bin/sh\nexec {command} "$@"\n')
        wrapper.chmod(0o755)
        return wrapper

    def close(self) -> None:
        for process in reversed(self._processes):
            _stop(process)
        _stop(self._holder)


def _stop(process: subprocess.Popen[Any]) -> None:
    """Stop a process started here, and its session (its own process group)."""
    if process.poll() is not None:
        return
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def _read_link(path: str) -> str | None:
    try:
        return os.readlink(path)
    except OSError:
        return None


def _tail(log: Path, lines: int = 30) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


@contextmanager
def namespace() -> Iterator[Namespace]:
    space = Namespace()
    try:
        yield space
    finally:
        space.close()


class Relay:
    """PyPI's ``nostr-relay`` inside the namespace, on ``ws://127.0.0.1:RELAY_PORT``;
    its log (one line per event it accepts) in ``folder/relay.log``."""

    def __init__(self, space: Namespace, folder: Path) -> None:
        executable = Path(sys.executable).with_name("nostr-relay")
        if not executable.is_file():
            raise RuntimeError(f"{executable} not found: `make test` installs the dev extras")
        config = {
            "DEBUG": False,
            "relay_name": "backgammon e2e relay",
            "storage": {
                "sqlalchemy.url": f"sqlite+aiosqlite:///{folder / 'relay.sqlite3'}",
                "validators": [
                    "nostr_relay.validators.is_signed",
                    "nostr_relay.validators.is_recent",
                ],
            },
            # Read by `serve --use-uvicorn`: the port from "bind", the rest as given.
            "gunicorn": {"bind": f"127.0.0.1:{RELAY_PORT}", "host": "127.0.0.1", "workers": 1},
            # Trystero's offers are longer than the default 4 kB limit allows.
            "max_event_size": 65536,
        }
        config_file = folder / "relay.yaml"  # JSON is YAML
        config_file.write_text(json.dumps(config, indent=1))
        self.log = folder / "relay.log"
        self.url = f"ws://127.0.0.1:{RELAY_PORT}"
        argv = [str(executable), "-c", str(config_file), "serve", "--use-uvicorn"]
        self.process = space.start(argv, log=self.log)
        space.wait_for_port(RELAY_PORT, self.process, self.log)

    def events(self) -> int:
        """How many events the relay has accepted (Trystero's announcements and offers)."""
        return sum(" added " in line for line in self.log.read_text(errors="replace").splitlines())


class DownRelay:
    """A Nostr relay that is down: nothing listens at its address."""

    url = f"ws://127.0.0.1:{SILENT_PORT}"

    def events(self) -> int:
        return 0


class Tracker:
    """The tests' WebTorrent tracker (:mod:`e2e.tracker`) inside the namespace, on
    ``ws://127.0.0.1:TRACKER_PORT``; its log (one line per announce) in
    ``folder/tracker.log``."""

    def __init__(self, space: Namespace, folder: Path) -> None:
        self.log = folder / "tracker.log"
        self.url = f"ws://127.0.0.1:{TRACKER_PORT}"
        argv = [sys.executable, "-m", "e2e.tracker", "--port", str(TRACKER_PORT)]
        self.process = space.start(argv, log=self.log)
        space.wait_for_port(TRACKER_PORT, self.process, self.log)

    def announces(self) -> int:
        """How many announces the tracker has had (offers and answers among them)."""
        lines = self.log.read_text(errors="replace").splitlines()
        return sum(line.startswith("announce ") for line in lines)


BLANK_PAGE = "online-e2e.html"
# The page's Content-Security-Policy lets it reach relays and trackers over wss:
# only; the bench's relay and tracker speak plain ws: on the namespace's loopback.
CONNECT_SRC = "connect-src 'self' wss:"
BENCH_CONNECT_SRC = f"{CONNECT_SRC} ws://127.0.0.1:*"


def allow_bench_relay(index_html: str) -> str:
    """The page's HTML with the bench's relay allowed by its Content-Security-Policy.

    >>> allow_bench_relay("connect-src 'self' wss:; object-src")
    "connect-src 'self' wss: ws://127.0.0.1:*; object-src"
    """
    if index_html.count(CONNECT_SRC) != 1:
        raise RuntimeError(f"the page's Content-Security-Policy has no {CONNECT_SRC!r} to extend")
    return index_html.replace(CONNECT_SRC, BENCH_CONNECT_SRC)


def serve_site(space: Namespace, site: Path, prefix: str, folder: Path) -> str:
    """``site`` served inside the namespace (``scripts.serve``), with a blank page
    beside its own, :data:`BLANK_PAGE`; the site's URL.

    The blank page lets a test use the site's scripts without starting the game.
    It is served, not routed by Playwright: a routed page has no address, so
    Chromium takes it for a public one and blocks its connections to the
    relay on loopback (Local Network Access).
    """
    root = folder / "root"
    root.mkdir()
    for entry in site.iterdir():
        if entry.name == "index.html":
            (root / entry.name).write_text(allow_bench_relay(entry.read_text()))
        else:
            (root / entry.name).symlink_to(entry)
    (root / BLANK_PAGE).write_text("<!doctype html>\n<title>online e2e</title>\n")
    log = folder / "site.log"
    argv = [sys.executable, "-m", "scripts.serve", "--root", str(root)]
    argv += ["--host", "127.0.0.1", "--port", "0", "--prefix", prefix]
    process = space.start(argv, log=log, stdout=subprocess.PIPE)
    assert process.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        line = str(process.stdout.readline(), "utf-8")
        if line.strip().startswith("Open "):
            return line.split("Open ", 1)[1].strip()
        if not line and process.poll() is not None:
            break
    raise RuntimeError(f"the site's server did not start:\n{_tail(log)}")


def launch_in(
    space: Namespace,
    browser_type: BrowserType,
    launch_args: dict[str, Any],
    chromium: Path,
    folder: Path,
) -> Browser:
    """A Chromium process of its own inside the namespace, driven by Playwright."""
    args = [*launch_args.get("args", []), MDNS_OFF]
    return browser_type.launch(
        **{
            **launch_args,
            "executable_path": str(space.browser_wrapper(chromium, folder)),
            "args": args,
        }
    )
