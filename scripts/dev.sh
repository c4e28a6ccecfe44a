#!/usr/bin/env bash
# npm run dev: `remix watch` rebuilds build/ and public/build on every change of app/, and `tsx watch`
# restarts the server when its own modules or the rebuilt server bundle change (reload the page then).
set -euo pipefail
export NODE_ENV=development
remix build
remix watch &
watcher=$!
trap 'kill "$watcher" 2>/dev/null || true' EXIT
tsx watch --clear-screen=false --include build/index.js server.ts
