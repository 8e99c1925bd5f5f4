#!/usr/bin/env python3
"""Scale-out drill: Ledgerline run as four processes on one Postgres and one NATS — two API
nodes (`serve --role api`), one projector (`--role projector`) and one relay (`--role
relay`). 32 clients post journal entries with Idempotency-Keys into one workspace, half
through each API node; mid-stream one API node, then the projector, then the relay are
killed with SIGKILL, a second apart, and restarted; every request that got no answer is sent again (same key, same
body, to the other node first) with a fresh token. Passes only if every entry exists
exactly once, entry numbers are 1..N without a gap although two nodes numbered them, the
trial balance balances, and the relay has published every event of the workspace to
JetStream exactly once (the stream's message count for the workspace's subjects equals the
workspace's events in the log).

Usage: DATABASE_URL=postgres://… scripts/drills/scale_out.py BINARY [entries_per_client] [seconds_before_kill]
"""
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from crash import (CLIENTS, call, data, entries_by_memo, free_port, leaves, login,  # noqa: E402
                   replay_all, sign_up)

NATS = os.environ.get("NATS_URL", "nats://127.0.0.1:4222")
# A stream and subjects of its own: JetStream de-duplicates by log position, so a stream
# must never hold two logs (another drill's, a test's, a real installation's).
STREAM = f"DRILL_{os.getpid()}"
SUBJECTS = f"drill{os.getpid()}"


class Process:
    """One `ledgerline serve --role ROLE` on the shared database and data directory."""

    def __init__(self, binary, data_dir, role):
        self.binary, self.data_dir, self.role = binary, data_dir, role
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        log = open(os.path.join(self.data_dir, f"{self.role}-{self.port}.log"), "ab")
        env = dict(os.environ, NATS_URL=NATS, LEDGERLINE_NATS_STREAM=STREAM,
                   LEDGERLINE_NATS_SUBJECT_PREFIX=SUBJECTS)
        self.proc = subprocess.Popen(
            [self.binary, "--data-dir", self.data_dir, "serve", "--role", self.role,
             "--bind", f"127.0.0.1:{self.port}"], stdout=log, stderr=log, env=env)
        if self.role != "api":
            time.sleep(0.5)
            if self.proc.poll() is not None:
                raise SystemExit(f"the {self.role} process exited at start; see its log in {self.data_dir}")
            return
        for _ in range(600):
            try:
                urllib.request.urlopen(self.base + "/api/v1/health/", timeout=1)
                return
            except Exception:
                time.sleep(0.1)
        raise SystemExit(f"the API node on {self.port} did not start; see its log in {self.data_dir}")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def jetstream(api, request):
    """One JetStream API call ($JS.API.<api>) over the NATS protocol itself: no client
    library needed."""
    host, port = NATS.removeprefix("nats://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        reader = sock.makefile("rb")
        reader.readline()  # INFO
        inbox = f"_INBOX.drill{os.getpid()}"
        body = json.dumps(request).encode()
        sock.sendall(b'CONNECT {"verbose":false,"pedantic":false}\r\n'
                     + f"SUB {inbox} 1\r\n".encode()
                     + f"PUB $JS.API.{api} {inbox} {len(body)}\r\n".encode() + body + b"\r\nPING\r\n")
        while True:
            line = reader.readline()
            if line.startswith(b"PING"):
                sock.sendall(b"PONG\r\n")
            elif line.startswith(b"MSG"):
                size = int(line.split()[-1])
                return json.loads(reader.read(size + 2)[:size])
            elif not line:
                raise SystemExit("NATS closed the connection")


def relayed_count(subject_filter):
    """Messages the drill's stream holds on subjects matching the filter."""
    info = jetstream(f"STREAM.INFO.{STREAM}", {"subjects_filter": subject_filter})
    if "error" in info:
        raise SystemExit(f"JetStream: {info['error']}")
    return sum((info["state"].get("subjects") or {}).values())


def psql(sql):
    out = subprocess.run(["psql", os.environ["DATABASE_URL"], "-At", "-c", sql],
                         check=True, capture_output=True, text=True)
    return out.stdout.strip()


def main():
    if "DATABASE_URL" not in os.environ:
        raise SystemExit("the scale-out drill needs DATABASE_URL (one Postgres shared by every node)")
    binary = sys.argv[1]
    per_client = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    kill_after = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
    data_dir = tempfile.mkdtemp(prefix="ll-scale-")
    node_a, node_b = Process(binary, data_dir, "api"), Process(binary, data_dir, "api")
    projector, relay = Process(binary, data_dir, "projector"), Process(binary, data_dir, "relay")
    everyone = [node_a, node_b, projector, relay]
    started = time.monotonic()
    for process in everyone:
        process.start()
    try:
        organization, token = sign_up(node_a)
        workspace = data(call(node_a.base, "POST", f"/api/v1/accounts/organizations/{organization}/workspaces/",
                              {"name": "Scale-out drill", "base_currency": "NGN"}, token))["id"]
        books = f"/api/v1/accounting/workspaces/{workspace}/"
        call(node_b.base, "POST", books + "accounts/default/setup/", None, token)
        accounts = list(leaves(data(call(node_a.base, "GET", books + "accounts/", None, token))))
        debit, credit = accounts[0]["id"], accounts[-1]["id"]

        requests = {}
        for c in range(CLIENTS):
            for i in range(per_client):
                key = f"scale-{c}-{i}"
                requests[key] = {"date": "2026-03-01", "memo": key, "post": True, "lines": [
                    {"account_id": debit, "debit": f"{100 + c}.{i % 100:02d}"},
                    {"account_id": credit, "credit": f"{100 + c}.{i % 100:02d}"}]}
        answered, lock = set(), threading.Lock()

        def client(c):
            node = node_a if c % 2 == 0 else node_b
            for i in range(per_client):
                key = f"scale-{c}-{i}"
                try:
                    status, raw = call(node.base, "POST", books + "journal-entries/", requests[key],
                                       token, key, timeout=10)
                except Exception:
                    return  # its node is gone: this and later requests are unanswered
                if status == 201:
                    with lock:
                        answered.add(key)
                elif status >= 500 or status == 409:
                    return
                else:
                    raise SystemExit(f"{key}: {status} {raw[:200]!r}")

        def crash():
            # One API node first, then the projector while the other node still posts
            # (its answers wait on a projector that is gone), then the relay; each comes
            # back two seconds after its kill, as a supervisor would bring it back.
            for process in (node_a, projector, relay):
                process.kill()
                time.sleep(2.0)
                process.start()

        posting_started = time.monotonic()
        killer = threading.Timer(kill_after, crash)
        killer.start()
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, range(CLIENTS)))
        killer.join()
        before_restart = len(answered)
        fresh = login(node_b.base)
        unanswered = [k for k in requests if k not in answered]
        replay = unanswered + sorted(answered)[:50]
        nodes = (node_b, node_a)
        replay_all(replay, lambda n, key: call(nodes[n % 2].base, "POST", books + "journal-entries/",
                                               requests[key], fresh, key))
        posting_seconds = time.monotonic() - posting_started

        status, raw = call(node_a.base, "GET", books + "journal-entries/export/?format=csv", None, fresh)
        entries = entries_by_memo(raw)
        doubled = [k for k, numbers in entries.items() if len(numbers) != 1]
        missing = [k for k in requests if k not in entries]
        numbers = sorted(n for ns in entries.values() for n in ns)
        balances = [data(call(node.base, "GET", books + "trial-balance/?as_of=2026-12-31", None, fresh))
                    for node in (node_a, node_b)]
        logged = int(psql(f"SELECT count(*) FROM events WHERE chain = '{workspace}'"))
        relayed = None
        for _ in range(120):  # the restarted relay catches up from its checkpoint
            relayed = relayed_count(f"{SUBJECTS}.{workspace}.>")
            if relayed >= logged:
                break
            time.sleep(0.5)
        print(f"scale-out drill: 2 API nodes + projector + relay on one Postgres and NATS; "
              f"requests {len(requests)}, answered while posting {before_restart}, replayed {len(replay)}, "
              f"entries {len(entries)}, numbers {numbers[0] if numbers else '-'}..{numbers[-1] if numbers else '-'}, "
              f"trial balance balanced on both nodes: {all(tb['balanced'] for tb in balances)}, "
              f"workspace events in the log {logged}, relayed to JetStream {relayed}; "
              f"posting and replay {posting_seconds:.1f} s, whole drill {time.monotonic() - started:.1f} s")
        problems = []
        if doubled:
            problems.append(f"posted more than once: {doubled[:5]}")
        if missing:
            problems.append(f"missing: {missing[:5]}")
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append("entry numbers are not 1..N without gaps")
        if not all(tb["balanced"] for tb in balances):
            problems.append("the trial balance does not balance")
        if balances[0] != balances[1]:
            problems.append("the two API nodes answer different trial balances")
        if relayed != logged:
            problems.append(f"JetStream holds {relayed} of the workspace's {logged} events")
        if before_restart == len(requests):
            problems.append("the kill came after every request was answered: raise the entries or lower the delay")
        if problems:
            raise SystemExit("scale-out drill FAILED: " + "; ".join(problems))
        print("scale-out drill passed: every entry exactly once, numbered without gaps across two nodes, "
              "every event relayed once")
    finally:
        for process in everyone:
            process.stop()
        jetstream(f"STREAM.DELETE.{STREAM}", {})


if __name__ == "__main__":
    main()
