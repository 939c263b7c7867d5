# Sourced by the scripts that build or test with Debian 13 (trixie): the Swift 6.0.3 that Pi
# users get (`apt install swiftlang`), the arm64 libraries a cross build links against, and
# arm64 systems to run the result in. Each is a root folder made on demand with debootstrap
# from deb.debian.org, kept in a cache outside the repository and reused:
#
#   ${NIGHTSTAND_CACHE:-$HOME/.cache/nightstand}/trixie-amd64   swiftlang, the -dev libraries
#       for amd64 (and, for a cross build, arm64 through multiarch) and the test fonts
#   …/trixie-arm64   a minimal arm64 Debian 13 (packages install into copies of it)
#
# A root asked for a package list it has not had yet installs what is missing. Delete the cache
# folder to start over. Needs root (debootstrap, chroot, mounts), as the QEMU test does.
#
# Functions: trixie_need, trixie_root, trixie_toolchain, trixie_run, trixie_binfmt.

nightstand_cache=${NIGHTSTAND_CACHE:-$HOME/.cache/nightstand}
trixie_mirror=${NIGHTSTAND_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# trixie_need COMMAND PACKAGE: makes sure COMMAND exists on this machine, installing the Debian
# package that provides it; where that is not possible, says which package to install.
trixie_need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "trixie: installing $2 (for $1)" >&2
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends "$2" >/dev/null; } ||
            { echo "trixie: apt-get install $2 failed; $1 is needed" >&2; return 1; }
        command -v "$1" >/dev/null 2>&1 && return 0
    fi
    echo "trixie: $1 is missing: install the Debian package $2 (as root: apt-get install $2)" >&2
    return 1
}

# trixie_binfmt: lets this machine run arm64 programs (in a chroot too) through qemu-user:
# qemu-user-static's binfmt entry, registered with the F flag so the interpreter is opened
# before the chroot.
trixie_binfmt() {
    trixie_need qemu-aarch64-static qemu-user-static || return 1
    local misc=/proc/sys/fs/binfmt_misc
    [[ -e $misc/register ]] || mount -t binfmt_misc binfmt_misc "$misc" ||
        { echo "trixie: cannot mount $misc (binfmt_misc) to run arm64 programs" >&2; return 1; }
    [[ -e $misc/qemu-aarch64 ]] && return 0
    trixie_need update-binfmts binfmt-support || return 1
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 ||
        update-binfmts --import qemu-aarch64 >/dev/null 2>&1
    [[ -e $misc/qemu-aarch64 ]] ||
        { echo "trixie: qemu-aarch64 did not register in $misc (qemu-user-static)" >&2; return 1; }
}

# trixie_root NAME ARCH [--foreign-arch A] PACKAGES…: prints the path of the root
# $nightstand_cache/trixie-NAME (Debian 13 for ARCH, variant minbase), making it first if
# needed, with PACKAGES installed (NAME:arm64 names install through multiarch once
# --foreign-arch arm64 is given). Progress goes to standard error; a lock keeps two scripts
# from making the same root at once.
trixie_root() {
    local name=$1 arch=$2
    shift 2
    local foreign=
    if [[ ${1:-} == --foreign-arch ]]; then foreign=$2; shift 2; fi
    local root=$nightstand_cache/trixie-$name
    mkdir -p "$nightstand_cache"
    (
        flock 9
        if [[ ! -e $root/.nightstand-root ]]; then
            trixie_need debootstrap debootstrap || exit 1
            [[ $arch == amd64 ]] || trixie_binfmt || exit 1
            echo "trixie: making $root (debootstrap trixie $arch, a few minutes)" >&2
            rm -rf "$root.tmp"
            debootstrap --variant=minbase --arch="$arch" trixie "$root.tmp" "$trixie_mirror" \
                >"$nightstand_cache/debootstrap-$name.log" 2>&1 ||
                { tail -n 20 "$nightstand_cache/debootstrap-$name.log" >&2
                    echo "trixie: debootstrap failed (log: $nightstand_cache/debootstrap-$name.log)" >&2
                    exit 1; }
            # No documentation or translations: they are a third of a root's size.
            printf '%s\n' 'path-exclude=/usr/share/doc/*' 'path-include=/usr/share/doc/*/copyright' \
                'path-exclude=/usr/share/man/*' 'path-exclude=/usr/share/locale/*' \
                >"$root.tmp/etc/dpkg/dpkg.cfg.d/nightstand-nodoc"
            touch "$root.tmp/.nightstand-root"
            mv "$root.tmp" "$root"
        fi
        [[ $arch == amd64 ]] || trixie_binfmt || exit 1
        # The stamp names the package list: a changed list installs what is missing.
        local stamp
        stamp=$root/.nightstand-packages-$(echo "$foreign $*" | md5sum | cut -c1-12)
        if [[ ! -e $stamp && $# -gt 0 ]]; then
            echo "trixie: installing into $root: $*" >&2
            local add=
            [[ -n $foreign ]] && add="dpkg --add-architecture $foreign &&"
            # (dpkg --configure -a: an install stopped half-way is finished first.)
            trixie_run "$root" sh -c "$add dpkg --configure -a && apt-get update -qq &&
                DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $* \
                    >/tmp/apt.log 2>&1 || { tail -n 20 /tmp/apt.log; exit 1; }" >&2 ||
                { echo "trixie: apt-get install in $root failed" >&2; exit 1; }
            trixie_run "$root" apt-get clean
            touch "$stamp"
        fi
    ) 9>"$nightstand_cache/.lock-$name" || return 1
    echo "$root"
}

# trixie_toolchain [arm64]: prints the path of the Debian 13 root that builds Nightstand with
# Swift 6.0.3 (`swift build` for amd64). With arm64 it can also cross-compile: the arm64 -dev
# libraries through multiarch, the arm64 Swift runtime and modules from swiftlang:arm64 (only
# its lib/swift and lib/swift_static) and libswiftlang:arm64, unpacked to /opt/swiftlang-arm64
# (not installed: they would replace the amd64 ones), and a
# Swift SDK, trixie-arm64 in /opt/swift-sdks, that points the compiler at them:
#   swift build --swift-sdks-path /opt/swift-sdks --swift-sdk trixie-arm64
# (with PKG_CONFIG_PATH=/usr/lib/aarch64-linux-gnu/pkgconfig, so SwiftPM's pkg-config finds the
# arm64 libraries first).
trixie_toolchain() {
    local repo packages
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    # libstdc++-14-dev: the C++ headers TOMLKit's toml++ needs (swiftlang brings gcc, not g++).
    # dpkg-dev, lintian: scripts/package-deb (dpkg-shlibdeps, dpkg-deb, the package's check).
    packages="swiftlang libstdc++-14-dev git dpkg-dev lintian $("$repo/scripts/deps" --print | tr '\n' ' ')"
    if [[ ${1:-} != arm64 ]]; then
        trixie_root amd64 amd64 $packages
        return
    fi
    local arm64
    # binutils-aarch64-linux-gnu: strip and objdump (dpkg-shlibdeps) for arm64 files.
    arm64="libc6-dev:arm64 libstdc++-14-dev:arm64 libgcc-14-dev:arm64 binutils-aarch64-linux-gnu"
    for p in $("$repo/scripts/deps" --print); do
        [[ $p == *-dev ]] && arm64+=" $p:arm64"
    done
    local root
    root=$(trixie_root amd64 amd64 --foreign-arch arm64 $packages $arm64) || return 1
    (
        flock 9
        [[ -e $root/opt/swift-sdks/trixie-arm64.artifactbundle/info.json ]] && exit 0
        echo "trixie: unpacking swiftlang:arm64's runtime and modules into $root/opt/swiftlang-arm64" >&2
        trixie_run "$root" sh -c 'cd /tmp && apt-get download swiftlang:arm64 libswiftlang:arm64 \
            >/dev/null' || { echo "trixie: apt-get download swiftlang:arm64 failed" >&2; exit 1; }
        local lib=$root/opt/swiftlang-arm64/usr/libexec/swift/lib
        rm -rf "$root/opt/swiftlang-arm64"
        mkdir -p "$root/opt/swiftlang-arm64"
        dpkg-deb --fsys-tarfile "$root"/tmp/swiftlang_*_arm64.deb |
            tar -x -C "$root/opt/swiftlang-arm64" --wildcards \
                './usr/libexec/swift/lib/swift/*' './usr/libexec/swift/lib/swift_static/*' \
                --exclude './usr/libexec/swift/lib/swift/embedded/*' \
                --exclude './usr/libexec/swift/lib/swift/host/*' \
                --exclude './usr/libexec/swift/lib/swift_static/embedded/*' || exit 1
        # The runtime's shared libraries (libswiftlang): the arm64 test suite loads them.
        dpkg-deb -x "$root"/tmp/libswiftlang_*_arm64.deb "$root/opt/swiftlang-arm64" || exit 1
        rm -f "$root"/tmp/swiftlang_*_arm64.deb "$root"/tmp/libswiftlang_*_arm64.deb
        # The resource folders' clang link points at ../clang/17: the amd64 compiler's headers.
        ln -sfn /usr/libexec/swift/lib/clang "$lib/clang"
        # The sysroot: the root's own /usr, under a path of its own (a sysroot of / would make
        # the compiler treat the package's own modules as the SDK's).
        mkdir -p "$root/opt/sysroot-arm64"
        ln -sfn /usr "$root/opt/sysroot-arm64/usr"
        ln -sfn usr/lib "$root/opt/sysroot-arm64/lib"
        # Without a settings file the compiler warns that it cannot read one, at every file.
        echo '{ "Version": "13.0", "CanonicalName": "trixie-arm64" }' \
            >"$root/opt/sysroot-arm64/SDKSettings.json"
        local sdk=$root/opt/swift-sdks/trixie-arm64.artifactbundle
        mkdir -p "$sdk/sdk"
        cat >"$sdk/sdk/swift-sdk.json" <<'JSON'
{
  "schemaVersion": "4.0",
  "targetTriples": {
    "aarch64-unknown-linux-gnu": {
      "sdkRootPath": "/opt/sysroot-arm64",
      "swiftResourcesPath": "/opt/swiftlang-arm64/usr/libexec/swift/lib/swift",
      "swiftStaticResourcesPath": "/opt/swiftlang-arm64/usr/libexec/swift/lib/swift_static",
      "toolsetPaths": ["toolset.json"]
    }
  }
}
JSON
        echo '{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] } }' \
            >"$sdk/sdk/toolset.json"
        # Debian's swift names the host x86_64-pc-linux-gnu; swift.org's, -unknown-.
        cat >"$sdk/info.json" <<'JSON'
{
  "schemaVersion": "1.0",
  "artifacts": {
    "trixie-arm64": {
      "type": "swiftSDK",
      "version": "6.0.3",
      "variants": [
        { "path": "sdk", "supportedTriples": ["x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"] }
      ]
    }
  }
}
JSON
    ) 9>"$nightstand_cache/.lock-amd64" || return 1
    echo "$root"
}

# trixie_test_services ROOT: installs in ROOT (trixie_toolchain's) what the test suite runs
# besides itself, as scripts/deps --test provides it on this machine: a Mosquitto broker and
# its clients, openssl for the TLS test's certificates, Chromium for the web page, and the
# calendar's reference Python, a venv in /opt/reference-python that the tests find through
# NIGHTSTAND_REFERENCE_PYTHON=/opt/reference-python/bin/python3.
trixie_test_services() {
    trixie_root amd64 amd64 mosquitto mosquitto-clients openssl chromium python3-venv >/dev/null &&
        trixie_run "$1" scripts/deps --reference /opt/reference-python
}

# trixie_run ROOT COMMAND…: runs COMMAND in ROOT (chroot) in a mount namespace of its own,
# with /proc, /sys, /dev, the host's DNS and git settings (and a copy of the CA certificates
# pip trusts, where PIP_CERT names them: behind a proxy of its own), the Swift package mirror
# (/opt/swift-packages, where the machine has one) and the checkout this script belongs to,
# at the same path as outside (so paths in messages are the checkout's). The mounts end with
# the command. Extra folders to mount: NIGHTSTAND_TRIXIE_BINDS="DIR DIR…".
trixie_run() {
    local root=$1
    shift
    local repo
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    local binds="$repo ${NIGHTSTAND_TRIXIE_BINDS:-}"
    # A copy, not a mount: a package's scripts in the root may rewrite their own certificates.
    local -x pip_cert=
    if [[ -n ${PIP_CERT:-} && -f $PIP_CERT ]]; then
        pip_cert=/etc/nightstand-pip-ca.crt
        cp "$PIP_CERT" "$root$pip_cert"
    fi
    [[ -d /opt/swift-packages ]] && binds+=" /opt/swift-packages"
    # shellcheck disable=SC2016 # expanded by the inner shell
    unshare --mount --propagation private bash -c '
        set -e
        root=$1; binds=$2; shift 2
        mount -t proc proc "$root/proc"
        mount --rbind /sys "$root/sys"
        mount --rbind /dev "$root/dev"
        for f in /etc/resolv.conf /etc/gitconfig; do
            [[ -e $f ]] || continue
            touch "$root$f"
            mount --bind "$f" "$root$f"
        done
        for d in $binds; do
            mkdir -p "$root$d"
            mount --rbind "$d" "$root$d"
        done
        # In the same folder as outside where it is mounted, else in /.
        exec chroot "$root" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
            PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin \
            ${NIGHTSTAND_RECORD_GOLDENS:+NIGHTSTAND_RECORD_GOLDENS=$NIGHTSTAND_RECORD_GOLDENS} \
            ${pip_cert:+PIP_CERT=$pip_cert} \
            /bin/sh -c '\''cd "$0" 2>/dev/null || cd /; exec "$@"'\'' "$PWD" "$@"' \
        trixie-run "$root" "$binds" "$@"
}
