#!/usr/bin/env bash
# npm run dev: `remix watch` rebuilds build/ and public/build on every change of app/, and `tsx watch`
# restarts the server when its own modules or the rebuilt server bundle change (reload the page then).
# The compiled server is built once too: the Remix build starts the receipts' parse worker from it
# (rebuild with `npm run build` after changing the parser).
set -euo pipefail
export NODE_ENV=development
remix build
tsx scripts/build-server.ts
remix watch &
watcher=$!
trap 'kill "$watcher" 2>/dev/null || true' EXIT
tsx watch --clear-screen=false --include build/index.js server.ts
