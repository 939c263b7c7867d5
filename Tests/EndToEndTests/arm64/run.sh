#!/bin/bash
# End-to-end proof of the arm64 Debian package, on this x86-64 machine:
#  1. scripts/package-deb arm64 builds dist/nightstand_<version>_arm64.deb (cross-compiled with
#     Debian 13's Swift 6.0.3);
#  2. `apt install ./nightstand_…_arm64.deb` into a fresh copy of a minimal Debian 13 arm64 root
#     (scripts/trixie.sh; its programs run through qemu-user) succeeds, `systemctl --root`
#     shows nightstand.service enabled, it adds no group, the configuration is a conffile;
#  3. the installed /usr/bin/nightstand, run in that root under qemu-user with only the Debian
#     arm64 libraries its Depends brought, renders `nightstand snapshot`s (the default display,
#     two boards and locales.toml, by day and at night) that equal the x86-64 build's byte for
#     byte (PPM). Both read this machine's fonts, so that only the program differs.
#
# Usage: Tests/EndToEndTests/arm64/run.sh [--keep-root DIR]     (as root)
#   --keep-root DIR   leave the installed arm64 root in DIR (the QEMU test boots its binary:
#                     NIGHTSTAND_QEMU_ARM64_ROOT=DIR Tests/EndToEndTests/qemu/run.sh)
# Environment: NIGHTSTAND_ARM64_DEB=PATH tests that package instead of building one;
# NIGHTSTAND_X86_BINARY=PATH compares with that x86-64 binary (default: the debug build).
# Exit status: 0 passed, 1 a check failed, 77 this machine cannot run the test (says why).
# The last line is "arm64: N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
cd "$repo"
keep=
if [[ ${1:-} == --keep-root ]]; then keep=$2; fi

skip() { echo "arm64 end-to-end: SKIPPED: $*" >&2; exit 77; }
[[ $(id -u) == 0 ]] || skip "needs root (chroot, mounts)"
# shellcheck source=../../../scripts/trixie.sh
source scripts/trixie.sh
trixie_binfmt || skip "this machine cannot run arm64 programs through qemu-user"

failures=0
passes=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok:   $*" >&2; passes=$((passes + 1)); }
finish() {
    echo "arm64: $passes passed, $failures failed"
    ((failures == 0)) || exit 1
    exit 0
}

deb=${NIGHTSTAND_ARM64_DEB:-}
if [[ -z $deb ]]; then
    echo "arm64 end-to-end: scripts/package-deb arm64" >&2
    deb=$(scripts/package-deb arm64 | sed -n 's/^\(dist\/[^:]*\.deb\): .*/\1/p') ||
        { fail "scripts/package-deb arm64 failed"; finish; }
    [[ -n $deb ]] || { fail "scripts/package-deb arm64 named no package"; finish; }
fi
deb=$(realpath "$deb")
base=$(trixie_root arm64 arm64) || skip "no Debian 13 arm64 root (debootstrap failed)"

work=$(mktemp -d /tmp/nightstand-arm64.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/root
cp -a "$base" "$root"
cp "$deb" "$root/tmp/"

echo "arm64 end-to-end: apt install ./$(basename "$deb") into a Debian 13 arm64 root" >&2
if trixie_run "$root" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends /tmp/$(basename "$deb")" >"$work/apt.log" 2>&1
then
    pass "apt install ./$(basename "$deb") succeeded"
else
    tail -n 20 "$work/apt.log" >&2
    fail "apt install ./$(basename "$deb") failed"
    finish
fi
state=$(systemctl --root="$root" is-enabled nightstand.service 2>&1)
[[ $state == enabled ]] && pass "systemctl --root: nightstand.service is enabled" ||
    fail "systemctl --root: nightstand.service is '$state', not enabled"
[[ ! -e $root/usr/lib/sysusers.d/nightstand.conf ]] && ! grep -q '^i2c:' "$root/etc/group" &&
    pass "the package adds no group (no sysusers.d file, no i2c group)" ||
    fail "the package added a sysusers.d file or an i2c group"
grep -qx /etc/nightstand/nightstand.toml "$root/var/lib/dpkg/info/nightstand.conffiles" &&
    pass "/etc/nightstand/nightstand.toml is a conffile" ||
    fail "/etc/nightstand/nightstand.toml is not a conffile"
file_type=$(od -An -tx1 -j18 -N2 "$root/usr/bin/nightstand" | tr -d ' ')
[[ $file_type == b700 ]] && pass "/usr/bin/nightstand is an aarch64 program" ||
    fail "/usr/bin/nightstand is not aarch64 (e_machine $file_type)"
# No Swift toolchain or runtime in the root: the program brings its own.
if compgen -G "$root/usr/lib/*/libswiftCore.so*" >/dev/null ||
    compgen -G "$root/usr/libexec/swift/*" >/dev/null; then
    fail "the root has a Swift runtime; the test would not show the program runs without one"
fi

# The x86-64 build to compare with.
x86=${NIGHTSTAND_X86_BINARY:-}
if [[ -z $x86 ]]; then
    echo "arm64 end-to-end: building the x86-64 nightstand" >&2
    source scripts/env.sh
    swift build --product nightstand >"$work/build.log" 2>&1 ||
        { cat "$work/build.log" >&2; fail "swift build failed"; finish; }
    x86=$(swift build --product nightstand --show-bin-path)/nightstand
fi

# snapshot NAME ARGS…: the same snapshot by both programs, compared byte for byte (PPM).
# A mismatch leaves both PPMs in .build/arm64-failures.
out=$work/out
mkdir -p "$out" "$root$out"
export NIGHTSTAND_TRIXIE_BINDS="/usr/share/fonts $out"
snapshot() {
    local name=$1
    shift
    local arm=$out/$name-arm64.ppm x=$out/$name-x86_64.ppm
    TZ=UTC "$x86" snapshot "$@" --out "$x" >/dev/null 2>"$out/$name-x86_64.log" ||
        { cat "$out/$name-x86_64.log" >&2; fail "$name: the x86-64 snapshot failed"; return; }
    trixie_run "$root" env TZ=UTC /usr/bin/nightstand snapshot "$@" --out "$arm" \
        >/dev/null 2>"$out/$name-arm64.log" ||
        { cat "$out/$name-arm64.log" >&2; fail "$name: the arm64 snapshot failed"; return; }
    if cmp -s "$arm" "$x"; then
        pass "$name: arm64 snapshot equals x86-64 ($(sed -n 2p "$x" | head -c 12))"
    else
        fail "$name: arm64 and x86-64 snapshots differ in $(cmp -l "$arm" "$x" | wc -l) bytes"
        mkdir -p .build/arm64-failures
        cp "$arm" "$x" .build/arm64-failures/
    fi
}
at=2026-11-21T09:41:00
snapshot default-day --at "$at" --appearance day
snapshot default-night --at "$at" --appearance night
snapshot pi-dsi-7in-day --config boards/pi-dsi-7in.toml --at "$at" --appearance day
snapshot car-bar-night --config boards/car-bar-1280x480.toml --at "$at" --appearance night
snapshot locales-day --config "$here/locales.toml" --at 2026-11-19T03:41:00 --appearance day
snapshot locales-night --config "$here/locales.toml" --at 2026-11-19T03:41:00 --appearance night

if [[ -n $keep ]]; then
    rm -rf "$keep"
    mkdir -p "$(dirname "$keep")"
    mv "$root" "$keep"
fi
finish
