"""The soak run of scripts/soak: mixed traffic from many clients against exposure-mock with fault
rules switching on and off, the process sampled, then SIGTERM, a restart on the state file, and a
SIGKILL under load. Usage: soak.py BINARY FIXTURES WORKDIR MINUTES CLIENTS.

Before the traffic it checks the memory bounds (300 batches of one 900-KB event, refused; 36 MB of 60-KB
events, kept within the analytics budget),
and its warm-up fills every bounded store (analytics events, journal) to its bound as the mock's
GET /_mock/health reports them, so what it samples afterwards is the steady state.

Prints the figures and exits non-zero on any unexpected error, a non-flat sample, a slow SIGTERM,
a lost session or bookmark, or a state file that fails PRAGMA integrity_check."""

import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time

BINARY, FIXTURES, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
MINUTES, CLIENTS = float(sys.argv[4]), int(sys.argv[5])
STATE = os.path.join(WORK, "state.sqlite")
API = "/v2/customer/Sandbox/businessunit/Dev"
DEVICE = {"deviceId": "soak", "type": "WEB", "model": "soak", "os": "Linux", "osVersion": "6", "manufacturer": "soak",
          "height": 1, "width": 1}
FLAT_TOLERANCE = 0.10
LARGE_BATCHES = 40
failures = []
KILLED = threading.Event()
COUNTS_LOCK = threading.Lock()


def start_mock():
    """exposure-mock on port 0 with the state file; the process and its base port."""
    out = open(os.path.join(WORK, "mock.out"), "w+")
    process = subprocess.Popen([BINARY, "--port", "0", "--fixtures", FIXTURES, "--state", STATE, "--log-level", "quiet"],
                               stdout=out, stderr=open(os.path.join(WORK, "mock.err"), "a"))
    for _ in range(200):
        out.seek(0)
        for line in out:
            if "listening on http://" in line:
                return process, int(line.rsplit(":", 1)[1])
        if process.poll() is not None:
            break
        time.sleep(0.05)
    sys.exit(f"the mock did not start: {open(os.path.join(WORK, 'mock.err')).read()[-2000:]}")


class Client:
    """One keep-alive connection; every answer is checked and counted."""

    def __init__(self, port, counts):
        self.port, self.counts = port, counts
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def request(self, method, path, body=None, token=None, expect=(200,)):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = "Bearer " + token
        data = json.dumps(body).encode() if body is not None else None
        try:
            self.connection.request(method, path, data, headers)
            response = self.connection.getresponse()
            faulted = response.getheader("X-Mock-Fault") is not None
            payload = response.read()
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            if locals().get("faulted"):  # a truncation rule cut the body, as asked
                self.tally("requests")
                self.tally("faulted")
            else:
                self.count("unexpected", f"{method} {path}: {type(error).__name__} {error}")
            return None
        self.tally("requests")
        if faulted:
            self.tally("faulted")
            return None
        if response.status not in expect:
            self.count("unexpected", f"{method} {path}: {response.status} {payload[:200]!r}")
            return None
        return payload

    def count(self, key, detail):
        if KILLED.is_set():  # the mock was killed on purpose: refused connections are expected
            return
        self.tally(key)
        with COUNTS_LOCK:
            if len(failures) < 20:
                failures.append(detail)

    def tally(self, key):
        with COUNTS_LOCK:
            self.counts[key] += 1


def json_of(payload):
    return json.loads(payload) if payload else None


def anonymous_login(client):
    answer = json_of(client.request("POST", API + "/auth/anonymous", {"deviceId": "soak", "device": DEVICE}))
    return answer["sessionToken"] if answer else None


def play_and_end(client, token, asset, offset):
    """An entitlement whose play session ends through eventsink, leaving a bookmark at `offset`."""
    play = json_of(client.request("GET", f"{API}/entitlement/{asset}/play", token=token))
    if not play:
        return False
    now = int(time.time() * 1000)
    events = [("Playback.Created", 0), ("Playback.Started", 0), ("Playback.Completed", offset)]
    batch = {"Customer": "Sandbox", "BusinessUnit": "Dev", "SessionId": play["playSessionId"], "DispatchTime": now,
             "ClockOffset": 0, "Payload": [{"EventType": kind, "Timestamp": now + index, "OffsetTime": at, "SequenceNumber": index}
                                           for index, (kind, at) in enumerate(events)]}
    return client.request("POST", API + "/eventsink/send", batch, token=token) is not None


def traffic(port, deadline, counts, accounts, lock):
    """Mixed traffic until `deadline`; remembers each account's token and bookmark."""
    client = Client(port, counts)
    token = None
    while time.monotonic() < deadline:
        action = random.random()
        if token is None or action < 0.05:
            token = anonymous_login(client)
        elif action < 0.20:
            client.request("GET", f"/v1/customer/Sandbox/businessunit/Dev/content/asset?pageSize={random.randint(1, 50)}")
        elif action < 0.30:
            client.request("GET", f"{API}/epg/news-24/date/{time.strftime('%Y-%m-%d', time.gmtime())}")
        elif action < 0.45:
            offset = random.randint(1, 80) * 1000
            if play_and_end(client, token, "behind-the-scenes", offset):
                with lock:
                    accounts[token] = offset
        elif action < 0.60:
            client.request("GET", "/streams/live/news-24/video/180p.m3u8")
        elif action < 0.75:
            client.request("GET", f"/media/reel/video/180p/seg-{random.randint(0, 29):03d}.ts")
        elif action < 0.85:
            client.request("GET", f"{API}/entitlement/behind-the-scenes/downloadinfo", token=token)
        elif action < 0.92:
            client.request("GET", "/streams/vod/behind-the-scenes/default/video/180p.m3u8")
        else:
            client.request("GET", "/_mock/requests?limit=50")


def fault_switcher(port, deadline, counts):
    """Fault rules on for a while, then off, over and over: 503s, delays and truncations."""
    client = Client(port, counts)
    rules = [{"path": "/epg/", "status": 503}, {"path": "^/streams/live/", "delayMs": 50},
             {"path": "/content/asset$", "status": 500, "times": 20}, {"path": "^/media/", "truncateAfterBytes": 100}]
    while time.monotonic() < deadline:
        client.request("POST", "/_mock/faults", random.choice(rules), expect=(201,))
        time.sleep(1)
        client.request("DELETE", "/_mock/faults", expect=(204,))
        time.sleep(1)


def sample(pid):
    """RSS (and its anonymous part) in KB, open descriptors and threads of `pid`."""
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status") if ":" in line)
    return {"rssKB": int(status["VmRSS"].split()[0]), "anonKB": int(status["RssAnon"].split()[0]),
            "fds": len(os.listdir(f"/proc/{pid}/fd")), "threads": int(status["Threads"])}


def memory(port):
    """The mock's own account of its bounded stores (GET /_mock/health's `memory`)."""
    return json_of(Client(port, {"requests": 0, "faulted": 0, "unexpected": 0}).request("GET", "/_mock/health"))["memory"]


def describe(values):
    line = (f"RSS {values['rssKB'] / 1024:.1f} MB (anonymous {values['anonKB'] / 1024:.1f}), {values['fds']} fds, "
            f"{values['threads']} threads")
    if "memory" in values:
        stores = values["memory"]
        line += "; kept: " + ", ".join(f"{name} {store['kept']} ({store['bytes'] / 1048576:.1f} of {store['maxBytes'] / 1048576:.0f} MiB)"
                                       for name, store in stores.items() if isinstance(store, dict))
    return line


def batch(session_id, events):
    now = int(time.time() * 1000)
    return {"Customer": "Sandbox", "BusinessUnit": "Dev", "SessionId": session_id, "DispatchTime": now, "ClockOffset": 0,
            "Payload": [dict(event, Timestamp=now, SequenceNumber=number) for number, event in enumerate(events)]}


def check_bounds(port, pid, counts):
    """The memory bounds under hostile batches: events over 64 KiB are refused (413), and more
    events than the analytics budget holds are kept within it."""
    client = Client(port, counts)
    token = anonymous_login(client)
    big = {"EventType": "Playback.Heartbeat", "Message": "x" * 900_000}
    for index in range(300):
        client.request("POST", API + "/eventsink/send", batch(f"soak-big-{index}", [big]), token=token, expect=(413,))
    after_big = sample(pid)
    print(f"after 300 batches of one 900-KB event (413 each): {describe(after_big)}", flush=True)
    # 60-KB events, 15 to a batch: 40 batches send 36 MB, more than the analytics budget. (Events
    # that hold far more decoded than their JSON, such as [1, 1, …], count at what they hold:
    # BoundedMemoryTests; decoding them is too slow for a debug build's soak.)
    large = {"EventType": "Playback.Heartbeat", "Message": "y" * 60_000}
    for index in range(LARGE_BATCHES):
        client.request("POST", API + "/eventsink/send", batch(f"soak-large-{index}", [large] * 15), token=token)
    after_large = dict(sample(pid), memory=memory(port))
    print(f"after {LARGE_BATCHES} batches of 15 60-KB events ({LARGE_BATCHES * 15 * 60 // 1000} MB): {describe(after_large)}", flush=True)
    events = after_large["memory"]["analyticsEvents"]
    if events["bytes"] > events["maxBytes"]:
        failures.append(f"analytics events hold {events['bytes']} bytes, over their {events['maxBytes']}")


def fill_stores(port, counts, deadline):
    """The warm-up: batches of small events like the traffic's until they alone fill the analytics
    store to its byte or count bound (the large events of `check_bounds` gone), and cheap requests
    beside the traffic until the journal is full, or `deadline`. Returns what was not filled."""
    client = Client(port, counts)
    token = anonymous_login(client)
    small = {"EventType": "Playback.Heartbeat", "OffsetTime": 1000}
    index = 0
    while time.monotonic() < deadline:
        events = memory(port)["analyticsEvents"]
        large_left = json_of(client.request("GET", f"/_mock/analytics?sessionId=soak-large-{LARGE_BATCHES - 1}"))["events"]
        if not large_left and (events["bytes"] >= 0.95 * events["maxBytes"] or events["kept"] >= events["maxKept"]):
            break
        client.request("POST", API + "/eventsink/send", batch(f"soak-fill-{index}", [small] * 1000), token=token)
        index += 1
    while time.monotonic() < deadline:
        journal = memory(port)["journal"]
        if journal["kept"] >= journal["maxKept"] or journal["bytes"] >= 0.95 * journal["maxBytes"]:
            return []
        for _ in range(100):
            client.request("GET", f"{API}/time")
    return [name for name, store in memory(port).items() if isinstance(store, dict) and name != "beacons"
            and store["kept"] < store["maxKept"] and store["bytes"] < 0.95 * store["maxBytes"]]


def run_load(port, seconds, counts, accounts, lock):
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=traffic, args=(port, deadline, counts, accounts, lock)) for _ in range(CLIENTS)]
    threads.append(threading.Thread(target=fault_switcher, args=(port, deadline, counts)))
    for thread in threads:
        thread.start()
    return threads


def main():
    counts = {"requests": 0, "faulted": 0, "unexpected": 0}
    accounts, lock = {}, threading.Lock()
    process, port = start_mock()
    total = MINUTES * 60
    samples = {"start": dict(sample(process.pid), memory=memory(port))}
    print(f"{'start':>14}: {describe(samples['start'])}", flush=True)
    check_bounds(port, process.pid, counts)
    began = time.monotonic()
    threads = run_load(port, total, counts, accounts, lock)
    unfilled = fill_stores(port, counts, began + total / 2)
    if unfilled:  # not a failure in itself: the samples after it show whether they grew too much
        print(f"the warm-up did not fill {', '.join(unfilled)} in {total / 2:.0f} s", flush=True)
    samples["after warm-up"] = dict(sample(process.pid), memory=memory(port))
    print(f"{'after warm-up':>14}: {describe(samples['after warm-up'])} ({time.monotonic() - began:.0f} s)", flush=True)
    while time.monotonic() - began < total - 17:  # a sample every 15 s, shown as the run goes
        time.sleep(15)
        name = f"{time.monotonic() - began:.0f} s"
        samples[name] = dict(sample(process.pid), memory=memory(port))
        print(f"{name:>14}: {describe(samples[name])}", flush=True)
    time.sleep(max(0.0, total - 2 - (time.monotonic() - began)))
    samples["end"] = dict(sample(process.pid), memory=memory(port))  # still under load, as after warm-up
    print(f"{'end':>14}: {describe(samples['end'])}", flush=True)
    for thread in threads:
        thread.join()
    for key in ("rssKB", "fds", "threads"):
        base, end = samples["after warm-up"][key], samples["end"][key]
        if end > base * (1 + FLAT_TOLERANCE) and end - base > 2:
            failures.append(f"{key} grew after warm-up: {base} -> {end}")
    print(f"requests {counts['requests']}, faulted (expected) {counts['faulted']}, unexpected errors {counts['unexpected']}, "
          f"{len(accounts)} accounts with bookmarks")

    began = time.monotonic()
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    stopped = time.monotonic() - began
    print(f"SIGTERM: exited {process.returncode} in {stopped * 1000:.0f} ms")
    if stopped >= 1:
        failures.append(f"SIGTERM took {stopped:.2f} s")

    process, port = start_mock()
    client = Client(port, counts)
    lost = 0
    for token, offset in accounts.items():
        session = client.request("GET", API + "/auth/session", token=token)
        history = json_of(client.request("GET", "/v1/customer/Sandbox/businessunit/Dev/userplayhistory/lastviewedoffset"
                                                "?assetIds=behind-the-scenes", token=token))
        items = (history or {}).get("items", [])
        if session is None or not any(item.get("lastViewedOffset") == offset for item in items):
            lost += 1
    print(f"restart on the state file: {len(accounts) - lost} of {len(accounts)} sessions and bookmarks found")
    if lost:
        failures.append(f"{lost} sessions or bookmarks lost across the restart")

    threads = run_load(port, 5, counts, {}, lock)
    time.sleep(2)
    KILLED.set()
    process.kill()
    process.wait()
    for thread in threads:
        thread.join()
    integrity = sqlite3.connect(STATE).execute("PRAGMA integrity_check").fetchone()[0]
    print(f"SIGKILL under load: PRAGMA integrity_check {integrity}")
    if integrity != "ok":
        failures.append(f"integrity_check: {integrity}")
    process, port = start_mock()
    restarted = Client(port, counts).request("GET", "/_mock/health") is not None
    print(f"restart after SIGKILL: {'ok' if restarted else 'FAILED'}")
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=10)
    if not restarted:
        failures.append("the mock did not restart on the state file after SIGKILL")

    for failure in failures:
        print("FAIL:", failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


main()
