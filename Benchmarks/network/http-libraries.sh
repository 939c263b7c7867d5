#!/usr/bin/env bash
# Measures what an HTTP server library would add to Nightstand: the two that resolve from the
# package mirror (FlyingFox and Hummingbird 2) against a baseline, each a one-route server
# ("GET /hello") built in release with the Swift runtime linked in, as scripts/build-release
# builds nightstand. The baseline imports full Foundation, as nightstand does (TOMLKit). For
# each: the binary's size, its shared libraries, and, after 20 requests and then SECONDS idle,
# its resident memory, threads and wake-ups a minute (voluntary context switches of every
# thread, /proc/PID/task/*/status).
#
#   Benchmarks/network/http-libraries.sh [SECONDS]      # default 60; needs libcurl4-openssl-dev
#
# The packages are made in a temporary folder and deleted afterwards. docs/network.md
# ("Choosing the HTTP server") has the figures and the choice they led to.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/env.sh
seconds="${1:-60}"
work=$(mktemp -d)
pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$work"' EXIT

package() {  # $1: name (not a dependency's: SwiftPM would take them for one package),
            # $2: dependency line, $3: product line, $4: main.swift
    mkdir -p "$work/$1/Sources/App"
    cat > "$work/$1/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "App", dependencies: [$2],
    targets: [.executableTarget(name: "App", dependencies: [$3])])
SWIFT
    printf '%s\n' "$4" > "$work/$1/Sources/App/main.swift"
}

package baseline "" "" 'import Foundation
print("up \(Date()) \(URL(fileURLWithPath: "/").path)")
while true { pause() }'
package with-flyingfox '.package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1")' \
    '.product(name: "FlyingFox", package: "FlyingFox")' 'import FlyingFox
import Foundation
let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 8099))
await server.appendRoute("GET /hello") { _ in HTTPResponse(statusCode: .ok, body: Data("hello\n".utf8)) }
try await server.run()'
package with-hummingbird \
    '.package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1")' \
    '.product(name: "Hummingbird", package: "hummingbird")' 'import Hummingbird
let router = Router()
router.get("hello") { _, _ in "hello\n" }
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8098)))
try await app.runService()'

measure() {  # $1: name, $2: port (0: none)
    local bin="$work/$1/.build/release/App"
    local started=$(date +%s)
    (cd "$work/$1" && swift build -c release --static-swift-stdlib >"$work/$1.log" 2>&1) ||
        { echo "$1: the release build failed:" >&2; grep -E "error" "$work/$1.log" | head >&2
          return 1; }
    local built=$(($(date +%s) - started))
    "$bin" >/dev/null 2>&1 &
    pid=$!
    sleep 2
    if [ "$2" != 0 ]; then
        for _ in $(seq 20); do curl -s -o /dev/null "http://127.0.0.1:$2/hello"; done
    fi
    sleep 1
    # Per thread, so that a thread that starts or ends between the samples counts right.
    sample() { for t in /proc/$pid/task/*; do
        echo "${t##*/} $(awk '/^voluntary_ctxt_switches/ {print $2}' "$t/status" 2>/dev/null)"; done; }
    sample > "$work/s0"; sleep "$seconds"; sample > "$work/s1"
    local switches=$(awk 'NR==FNR {a[$1]=$2; next} {s += $2 - ($1 in a ? a[$1] : 0)} END {print s}' \
        "$work/s0" "$work/s1")
    local libraries=$(ldd "$bin" | grep -c "=>")
    awk -v n="$1" -v size="$(stat -c %s "$bin")" -v libs="$libraries" -v built="$built" \
        -v rss="$(awk '/VmRSS/ {print $2}' /proc/$pid/status)" \
        -v threads="$(ls /proc/$pid/task | wc -l)" -v s="$switches" -v t="$seconds" 'BEGIN {
        printf "%s: binary_mb=%.1f shared_libraries=%d rss_mib=%.1f threads=%d wakeups_per_min=%.1f release_build_s=%d\n",
            n, size / 1e6, libs, rss / 1024, threads, s / (t / 60), built }'
    kill $pid; wait $pid 2>/dev/null || true; pid=
}

measure baseline 0
measure with-flyingfox 8099 || true
measure with-hummingbird 8098 || true
