"""Tables on the local network, with zeroconf (DNS-SD): the game that hosts a table announces it; the
game on the Join screen lists what it hears, by the host's name, the game and the free seats.

Only an announcement: the table itself is the server's, reached by its address and code like any
other. `interfaces` ["127.0.0.1"] keeps both to this computer (the tests)."""

from __future__ import annotations

import socket
import threading

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from game.net.invite import Found

SERVICE = "_bolivia._tcp.local."
MAX_TEXT = 60  # characters of a name heard: anyone on the network may announce anything


def _zeroconf(interfaces: list[str] | None) -> Zeroconf:
    if interfaces is None:
        return Zeroconf(ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


class TableAnnouncer:
    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self.zc = _zeroconf(interfaces)
        self.info: ServiceInfo | None = None

    def announce(self, host: str, game: str, free: int, code: str, port: int) -> None:
        """Say (again) that this table is here; the same table's new free seats replace the old."""
        addresses = [socket.inet_aton(a) for a in (self.interfaces or [_my_address()])]
        label = "".join(ch for ch in host if ch.isalnum() or ch in " -_")[:40] or "Bolivia"
        info = ServiceInfo(SERVICE, f"{label} {code}.{SERVICE}", addresses=addresses, port=port,
                           properties={"host": host[:MAX_TEXT], "game": game, "free": str(free), "code": code},
                           server=f"bolivia-{code.lower()}.local.")
        if self.info is None:
            self.zc.register_service(info, allow_name_change=True)
        else:
            self.zc.update_service(info)
        self.info = info

    def close(self) -> None:
        try:
            if self.info is not None:
                self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class TableBrowser:
    """Listens for tables from the moment it is made; `tables()` is what it heard, still announced."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.zc = _zeroconf(interfaces)
        self._lock = threading.Lock()
        self._found: dict[str, Found] = {}
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        found = _found_of(info) if info is not None else None
        with self._lock:
            if found is None:
                self._found.pop(name, None)
            else:
                self._found[name] = found

    def tables(self) -> list[Found]:
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.host, f.where))

    def close(self) -> None:
        self.browser.cancel()
        self.zc.close()


def _found_of(info: ServiceInfo) -> Found | None:
    """A table as announced, or None when the announcement is not one of ours."""
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    code = props.get("code", "")
    if not addresses or not info.port or not code.isalnum() or len(code) > 16:
        return None
    free = int(props["free"]) if props.get("free", "").isdigit() else 0
    return Found(props.get("host", "")[:MAX_TEXT], props.get("game", "bolivia")[:20], min(free, 4),
                 f"{code} ws://{addresses[0]}:{info.port}")


def _my_address() -> str:
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"
