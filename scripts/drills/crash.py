#!/usr/bin/env python3
"""Crash drill: 32 clients post journal entries with Idempotency-Keys into one workspace of
a real `ledgerline serve`; the server is killed with SIGKILL mid-stream and restarted on
the same data; every request that got no answer is sent again (same key, same body) with
a fresh token. Passes only if every entry exists exactly once, entry numbers are 1..N
without a gap, and the trial balance balances.

Usage: [DATABASE_URL=postgres://…] scripts/drills/crash.py BINARY [entries_per_client] [seconds_before_kill]
"""
import csv
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

CLIENTS = 32
EMAIL = "drill@books.ng"
PASSWORD = "Drill-passw0rd!"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, binary, data_dir):
        self.binary, self.data_dir, self.port = binary, data_dir, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = None

    def start(self):
        log = open(os.path.join(self.data_dir, "server.log"), "ab")
        self.proc = subprocess.Popen(
            [self.binary, "--data-dir", self.data_dir, "serve", "--bind", f"127.0.0.1:{self.port}"],
            stdout=log, stderr=log)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.base + "/api/v1/health/", timeout=1)
                return
            except Exception:
                time.sleep(0.1)
        raise SystemExit("the server did not start; see server.log")

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def call(base, method, path, body=None, token=None, key=None, timeout=30):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if key:
        request.add_header("Idempotency-Key", key)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            raw = answer.read()
            return answer.status, raw
    except urllib.error.HTTPError as err:
        return err.code, err.read()


def data(status_raw):
    status, raw = status_raw
    if status >= 300:
        raise SystemExit(f"unexpected {status}: {raw[:300]!r}")
    return json.loads(raw)["data"] if raw else None


def login(base):
    return data(call(base, "POST", "/api/v1/accounts/login/", {"email": EMAIL, "password": PASSWORD}))["access"]


def sign_up(server):
    registered = data(call(server.base, "POST", "/api/v1/accounts/register/",
                           {"first_name": "Drill", "last_name": "Run", "email": EMAIL, "password": PASSWORD}))
    outbox = os.path.join(server.data_dir, "outbox")
    token = None
    for _ in range(300):
        for name in sorted(os.listdir(outbox)) if os.path.isdir(outbox) else []:
            text = open(os.path.join(outbox, name), encoding="utf-8", errors="replace").read()
            found = re.search(r"token=([0-9a-f]+)", text)
            if EMAIL in text and found:
                token = found.group(1)
        if token:
            break
        time.sleep(0.05)
    if not token:
        raise SystemExit("no verification mail in the outbox")
    data(call(server.base, "POST", "/api/v1/accounts/email-verification/complete/", {"token": token}))
    return registered["organization_id"], login(server.base)


def entries_by_memo(export_csv):
    """The journal-entry CSV export as memo -> the set of entry numbers carrying it."""
    entries = {}
    for row in csv.DictReader(io.StringIO(export_csv.decode("utf-8"))):
        number = row["entry_number"].lstrip("'")
        entries.setdefault(row["memo"].lstrip("'"), set()).add(int(number.split("-")[-1] or 0) if number else 0)
    return entries


def replay_all(keys, send):
    """Sends every key again, 32 at a time, until each is answered. A key the killed
    process held as "in progress" is taken over once its pending mark is older than the
    takeover window (15 s): until then it answers 409, so the retries run side by side
    rather than one key's wait after another's."""
    def until_answered(numbered):
        n, key = numbered
        for _ in range(40):
            status, raw = send(n, key)
            if status in (200, 201):
                return
            time.sleep(1)
        raise SystemExit(f"{key} was never answered after the restart: {status} {raw[:200]!r}")

    with ThreadPoolExecutor(CLIENTS) as pool:
        list(pool.map(until_answered, enumerate(keys)))


def leaves(nodes):
    for node in nodes:
        children = node.get("children") or []
        if children:
            yield from leaves(children)
        elif node.get("is_editable", True):
            yield node


def main():
    binary = sys.argv[1]
    per_client = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    kill_after = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    data_dir = tempfile.mkdtemp(prefix="ll-drill-")
    server = Server(binary, data_dir)
    server.start()
    try:
        organization, token = sign_up(server)
        workspace = data(call(server.base, "POST", f"/api/v1/accounts/organizations/{organization}/workspaces/",
                              {"name": "Drill", "base_currency": "NGN"}, token))["id"]
        books = f"/api/v1/accounting/workspaces/{workspace}/"
        call(server.base, "POST", books + "accounts/default/setup/", None, token)
        accounts = list(leaves(data(call(server.base, "GET", books + "accounts/", None, token))))
        debit, credit = accounts[0]["id"], accounts[-1]["id"]

        requests = {}
        for c in range(CLIENTS):
            for i in range(per_client):
                key = f"drill-{c}-{i}"
                requests[key] = {"date": "2026-03-01", "memo": key, "post": True, "lines": [
                    {"account_id": debit, "debit": f"{100 + c}.{i % 100:02d}"},
                    {"account_id": credit, "credit": f"{100 + c}.{i % 100:02d}"}]}
        answered, lock = set(), threading.Lock()
        token_box = [token]

        def client(c):
            for i in range(per_client):
                key = f"drill-{c}-{i}"
                try:
                    status, raw = call(server.base, "POST", books + "journal-entries/", requests[key],
                                       token_box[0], key, timeout=10)
                except Exception:
                    return  # the server is gone: this and later requests are unanswered
                if status == 201:
                    with lock:
                        answered.add(key)
                elif status >= 500 or status == 409:
                    return
                else:
                    raise SystemExit(f"{key}: {status} {raw[:200]!r}")

        killer = threading.Timer(kill_after, server.kill)
        killer.start()
        with ThreadPoolExecutor(CLIENTS) as pool:
            list(pool.map(client, range(CLIENTS)))
        killer.join()
        before_restart = len(answered)
        server.start()
        token_box[0] = login(server.base)
        unanswered = [k for k in requests if k not in answered]
        # A few answered ones again too: a retry of an acknowledged request changes nothing.
        replay = unanswered + sorted(answered)[:50]
        replay_all(replay, lambda n, key: call(server.base, "POST", books + "journal-entries/", requests[key],
                                               token_box[0], key))

        status, raw = call(server.base, "GET", books + "journal-entries/export/?format=csv", None, token_box[0])
        entries = entries_by_memo(raw)
        doubled = [k for k, numbers in entries.items() if len(numbers) != 1]
        missing = [k for k in requests if k not in entries]
        numbers = sorted(n for ns in entries.values() for n in ns)
        tb = data(call(server.base, "GET", books + "trial-balance/?as_of=2026-12-31", None, token_box[0]))
        print(f"requests {len(requests)}, answered before the kill {before_restart}, "
              f"replayed {len(replay)}, entries {len(entries)}, numbers {numbers[0] if numbers else '-'}.."
              f"{numbers[-1] if numbers else '-'}, trial balance balanced: {tb['balanced']}")
        problems = []
        if doubled:
            problems.append(f"posted more than once: {doubled[:5]}")
        if missing:
            problems.append(f"missing: {missing[:5]}")
        if numbers != list(range(1, len(numbers) + 1)):
            problems.append("entry numbers are not 1..N without gaps")
        if not tb["balanced"]:
            problems.append("the trial balance does not balance")
        if before_restart == len(requests):
            problems.append("the kill came after every request was answered: raise the entries or lower the delay")
        if problems:
            raise SystemExit("crash drill FAILED: " + "; ".join(problems))
        print("crash drill passed: every acknowledged and every replayed entry exists exactly once")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
