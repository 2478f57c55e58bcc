#!/usr/bin/env bash
# The README's production path, on a clean clone of the committed tree:
#   1. where dev dependencies exist: npm run build (front end and server);
#   2. on the server: npm ci --omit=dev, then npm run serve and npm start run
#      that build (Vite, a dev dependency, is absent there);
#   3. each answers /api/ready, serves the front end, and exits 0 on SIGTERM.
# Run by .ci/run. Native add-ons are compiled by the `npm ci` CI has just run;
# this check installs with --ignore-scripts and reuses their builds, because
# compiling them again would take minutes and prove nothing about the path.
set -euo pipefail
TOP="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d)"
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill -KILL "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

git clone -q "$TOP" "$WORK/site"
cd "$WORK/site"

echo "production check: building with dev dependencies"
ln -s "$TOP/node_modules" node_modules
npm run build --silent >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
rm node_modules

echo "production check: npm ci --omit=dev"
npm ci --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --loglevel=error
# The add-ons' compiled builds (better-sqlite3, argon2: each with a binding.gyp), as `npm ci` made them.
for gyp in node_modules/*/binding.gyp node_modules/@*/*/binding.gyp; do
  package=$(dirname "$gyp")
  if [ -d "$TOP/$package/build" ]; then cp -r "$TOP/$package/build" "$package/"; fi
done
if [ -e node_modules/vite ]; then echo "production check: vite is installed, so this is not a production install"; exit 1; fi

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }

# Runs `npm run <script>` on a fresh data folder, checks what a load balancer and a browser see, stops it with SIGTERM.
serve() {
  local script=$1 port
  port=$(free_port)
  rm -rf data config
  PORT=$port HOST=127.0.0.1 LOG=off npm run "$script" --silent >"$WORK/$script.log" 2>&1 &
  SERVER_PID=$!
  local url="http://127.0.0.1:$port"
  for _ in $(seq 1 120); do
    curl -fsS "$url/api/ready" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/$script.log"; echo "production check: npm run $script exited"; exit 1; }
    sleep 0.5
  done
  curl -fsS "$url/api/ready" | grep -q '"code":200' || { cat "$WORK/$script.log"; echo "production check: $url/api/ready is not 200"; exit 1; }
  curl -fsS "$url/" | grep -q '<div id="app"' || { echo "production check: $url/ does not serve the front end"; exit 1; }
  grep -q "console   $url/#/admin" "$WORK/$script.log" || { cat "$WORK/$script.log"; echo "production check: no opening block"; exit 1; }
  kill -TERM "$SERVER_PID"
  local code=0
  wait "$SERVER_PID" || code=$?
  SERVER_PID=
  [ "$code" = 0 ] || { cat "$WORK/$script.log"; echo "production check: npm run $script exited $code after SIGTERM"; exit 1; }
  echo "production check: npm run $script serves the build and stops cleanly"
}

serve serve
serve start
