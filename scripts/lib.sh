# Shared by the scripts: start the machine's services when they are down, install what
# the build needs. Sourced, not run.

ensure_postgres() {
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    echo "# starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -h 127.0.0.1 -p 5432 >/dev/null || { echo "PostgreSQL is not reachable on 127.0.0.1:5432" >&2; exit 1; }
}

ensure_nats() {
  if ! (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; then
    echo "# starting NATS with JetStream"
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
      -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log || true
    for _ in $(seq 1 30); do (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null && break; sleep 1; done
  fi
  (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null || { echo "NATS is not reachable on 127.0.0.1:4222" >&2; exit 1; }
}

ensure_apt_package() { # ensure_apt_package <command> <package>
  if ! command -v "$1" >/dev/null 2>&1; then
    echo "# installing $2 from Debian"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2") >/dev/null
  fi
}

ui_install() {
  (cd ui && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund --yes; fi)
}

ensure_moto() { # starts a local S3-compatible server (moto's, from PyPI) for the object-store tests
  local venv=target/moto-venv
  if [ ! -x "$venv/bin/moto_server" ]; then
    echo "# installing moto into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "moto[server]==5.2.1"
  fi
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >/dev/null 2>&1 &
  MOTO_PID=$!
  for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.5; done
  export LEDGERLINE_TEST_S3_ENDPOINT="http://127.0.0.1:$port"
}

ensure_schemathesis() { # puts a pinned schemathesis (PyPI) on PATH, in a venv under target/
  local venv=target/drill-venv
  if [ ! -x "$venv/bin/schemathesis" ]; then
    echo "# installing schemathesis into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "schemathesis==4.32.5"
  fi
  export PATH="$PWD/$venv/bin:$PATH"
}
