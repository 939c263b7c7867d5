#!/bin/bash
# Builds a busybox initramfs holding the nightstand binary, its shared libraries, the DRM
# driver modules (bochs, virtio-gpu, cirrus, cirrusfb and their dependencies), evdev and uinput,
# the test input device, the fonts and init.sh.
# Usage: build-initramfs.sh NIGHTSTAND_BINARY KERNEL_RELEASE OUTPUT.cpio [SYSROOT MODULES]
# NIGHTSTAND_INITRAMFS_SOURCES=1: also curl and its libraries and the virtio-net modules, for the
# sources VM (sources.sh), which fetches a calendar and an album from the host over the network.
# SYSROOT: take busybox, the binary (a path inside SYSROOT), its libraries, fontconfig's
# configuration and the fonts from this root, a Debian arm64 system whose programs run through
# qemu-user (scripts/trixie.sh), instead of from this machine; the driver modules are then
# virtio-gpu's, from MODULES/lib/modules/KERNEL_RELEASE (Debian compresses them with xz:
# they go in unpacked, for busybox's insmod), and the input pieces are left out (the inputs case
# runs on the x86 VM only).
set -euo pipefail
binary=$1
release=$2
output=$3
sysroot=${4:-}
modroot=${5:-}
here=$(cd "$(dirname "$0")" && pwd)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/{bin,sbin,dev,proc,sys,tmp,lib64,lib/x86_64-linux-gnu,lib/aarch64-linux-gnu,lib/modules}
if [[ -n $sysroot ]]; then
    # shellcheck source=../../../scripts/trixie.sh
    source "$here/../../../scripts/trixie.sh"
    cp "$sysroot/bin/busybox" "$root/bin/busybox"
else
    cp "$(command -v busybox)" "$root/bin/busybox"
fi
for tool in sh mount sleep cat echo kill insmod grep sed ls mkdir mkfifo head cut tr wc dmesg poweroff sync chvt setsid ip gzip base64 md5sum; do
    ln -s busybox "$root/bin/$tool"
done
cp "$here/init.sh" "$root/init"
cp "$here/car-init.sh" "$root/car-init.sh"
cp "$here/sources-init.sh" "$root/sources-init.sh"
# The car bar board as shipped, whose memory the car VM measures (car-init.sh).
mkdir -p "$root/etc"
cp "$here/../../../boards/car-bar-1280x480.toml" "$root/etc/car-bar.toml"
chmod +x "$root/init"

# The binary and every shared library it loads (Swift runtime, libdrm, …).
if [[ -n $sysroot ]]; then
    cp "$sysroot$binary" "$root/bin/nightstand"
    trixie_run "$sysroot" ldd "$binary" | awk '/=> \//{print $3} /^[ \t]*\/lib\/ld-/{print $1}' |
        while read -r lib; do
            case "$lib" in
                */ld-linux-*) cp -L "$sysroot$lib" "$root/lib/" ;;
                *) cp -L "$sysroot$lib" "$root/lib/aarch64-linux-gnu/" ;;
            esac
        done
else
    cp "$binary" "$root/bin/nightstand"
    ldd "$binary" | awk '/=> \//{print $3} /^\s*\/lib64/{print $1}' | while read -r lib; do
        case "$lib" in
            /lib64/*) cp -L "$lib" "$root/lib64/" ;;
            *) cp -L "$lib" "$root/lib/x86_64-linux-gnu/" ;;
        esac
    done
    cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
fi

# The run-alarms case (init.sh): libasound and libsndfile, which nightstand opens when alarms
# are configured, their libraries, and ALSA's configuration (alarms play on its `null` device).
# (The x86 VMs only.)
if [[ -z $sysroot ]]; then
    for library in libasound.so.2 libsndfile.so.1; do
        path=/usr/lib/x86_64-linux-gnu/$library
        [[ -e $path ]] || continue
        cp -L "$path" "$root/lib/x86_64-linux-gnu/"
        ldd "$path" | awk '/=> \//{print $3}' | while read -r lib; do
            cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
        done
    done
    [[ -d /usr/share/alsa ]] && mkdir -p "$root/usr/share" && cp -a /usr/share/alsa "$root/usr/share/"
fi

# The run-network cases (init.sh): libmosquitto, which nightstand opens when [mqtt] is set, the
# Mosquitto broker, their libraries, the broker's configuration (loopback, as root, nothing
# kept), and the HTTP API's token.
# (The x86 VMs only: the arm64 VM has no network case.)
if [[ -z $sysroot ]] && { command -v mosquitto >/dev/null 2>&1 || [ -x /usr/sbin/mosquitto ]; }; then
    broker=$(command -v mosquitto || echo /usr/sbin/mosquitto)
    cp "$broker" "$root/bin/mosquitto"
    client=/usr/lib/x86_64-linux-gnu/libmosquitto.so.1
    cp -L "$client" "$root/lib/x86_64-linux-gnu/"
    { ldd "$broker"; ldd "$client"; } | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
        cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
    done
    mkdir -p "$root/etc"
    printf 'listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\nuser root\n' \
        >"$root/etc/mosquitto.conf"
    echo 0123456789abcdef0123456789abcdef >"$root/etc/http-token"
    # The run-network-tls case: a TLS listener on 8883 with a certificate for 127.0.0.1 that a
    # CA made here signed (valid two days), and that CA for [mqtt] ca_file.
    if command -v openssl >/dev/null; then
        mkdir -p "$root/etc/mqtt"
        "$here/../../../scripts/test-certificates" "$root/etc/mqtt"
        printf 'listener 8883 127.0.0.1\ncafile /etc/mqtt/ca.crt\ncertfile /etc/mqtt/broker.crt\nkeyfile /etc/mqtt/broker.key\n' \
            >>"$root/etc/mosquitto.conf"
    fi
fi

# Nightstand's words (the String Catalogs), where an installed program reads them: the binary
# alone would show the catalogs' keys.
mkdir -p "$root/usr/share/nightstand/strings"
cp "$here/../../../Sources/Localization/Strings/"*.xcstrings "$root/usr/share/nightstand/strings/"

# Fonts for `nightstand run` (the default clock and date): fontconfig's configuration with its
# links resolved, the families Nightstand draws with (Inter, Quicksand, DejaVu, Material Icons),
# and fontconfig's cache of them.
mkdir -p "$root/etc" "$root/usr/share/fonts" "$root/var/cache/fontconfig"
if [[ -n $sysroot ]]; then
    # Its links are absolute: they resolve inside the root.
    trixie_run "$sysroot" tar -C /etc -chf - fonts | tar -xf - -C "$root/etc"
else
    cp -rL /etc/fonts "$root/etc/fonts"
fi
for pattern in 'opentype/inter/Inter-*.otf' 'truetype/quicksand/*.ttf' 'truetype/dejavu/DejaVuS*.ttf' \
    'truetype/material-design-icons-iconfont/*.ttf'; do
    dir=$root/usr/share/fonts/$(dirname "$pattern")
    mkdir -p "$dir"
    # shellcheck disable=SC2086 # the pattern expands here, under /usr/share/fonts
    cp "$sysroot"/usr/share/fonts/$pattern "$dir/"
done
# Their cache, as a board's font packages leave it (fc-cache runs on install), so `run` maps it
# instead of scanning the fonts and keeping the result on its heap.
fc-cache --sysroot="$root" --system-only

# The test input device (uinput-device.c), built for the guest against the host's glibc, which
# the initramfs holds for nightstand.
[[ -n $sysroot ]] || "${CC:-cc}" -O2 -Wall -o "$root/bin/uinput-device" "$here/uinput-device.c"

# Driver modules in dependency order (modules.dep lists a module's dependencies after it).
moddir=${modroot:-}/lib/modules/$release
[[ -d $moddir || -z $modroot ]] || moddir=$modroot/usr/lib/modules/$release
# vgem (a GEM-only device: no KMS, no connectors) goes first: the interact VM loads it before
# the display driver (ns_render_first=1), as a Pi 4 or 5 may probe v3d before the display.
drivers=(vgem bochs cirrus cirrusfb virtio-gpu virtio_pci)
[[ -n $sysroot ]] && drivers=(virtio-gpu)
declare -A seen=()
order=()
add() {
    local path=$1
    [[ -n ${seen[$path]:-} ]] && return
    seen[$path]=1
    local deps
    deps=$(grep "^$path:" "$moddir/modules.dep" | cut -d: -f2)
    for dep in $deps; do add "$dep"; done
    order+=("$path")
}
for name in "${drivers[@]}"; do
    path=$(grep -E "/$name\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1)
    [[ -n $path ]] || { echo "module $name not found in $moddir" >&2; exit 1; }
    add "$path"
done
: >"$root/lib/modules/order"
for path in "${order[@]}"; do
    name=$(basename "$path" .xz)
    if [[ $path == *.xz ]]; then
        xz -dc "$moddir/$path" >"$root/lib/modules/$name"
    else
        cp "$moddir/$path" "$root/lib/modules/"
    fi
    echo "$name" >>"$root/lib/modules/order"
done

# evdev and uinput, loaded by init.sh's inputs case only (the other cases run with no input
# device nodes): they depend on nothing.
[[ -n $sysroot ]] || for name in evdev uinput; do
    path=$(grep -E "/$name\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1)
    [[ -n $path ]] || { echo "module $name not found in $moddir" >&2; exit 1; }
    cp "$moddir/$path" "$root/lib/modules/$name.ko"
done

# The car case (car-init.sh): SocketCAN with ISO-TP on a vcan interface (can, can-isotp, vcan and
# its can-dev, in dependency order), the engine ECU that answers there, the first-frame timer and
# the power key's logind stand-in.
if [[ -z $sysroot ]]; then
    mkdir -p "$root/lib/modules/can"
    for name in can can-isotp can-dev vcan; do
        path=$(grep -E "/$name\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1)
        [[ -n $path ]] || { echo "module $name not found in $moddir" >&2; exit 1; }
        cp "$moddir/$path" "$root/lib/modules/can/$name.ko"
        echo "$name.ko" >>"$root/lib/modules/can/order"
    done
    # virtio-rng (its virtio and virtio_ring load with virtio_pci): the car VMs' random number
    # generator, which seeds the kernel's pool as a board's own generator does.
    path=$(grep -E "/virtio-rng\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1)
    [[ -n $path ]] || { echo "module virtio-rng not found in $moddir" >&2; exit 1; }
    cp "$moddir/$path" "$root/lib/modules/can/virtio-rng.ko"
    for program in obd-ecu first-frame power-key; do
        "${CC:-cc}" -O2 -Wall -o "$root/bin/$program" "$here/$program.c"
    done
fi

# The sources VM (sources-init.sh): curl, which nightstand runs for each download, with its
# libraries, and virtio-net (with its failover modules, in dependency order) for QEMU's
# user-mode network.
if [[ -z $sysroot && ${NIGHTSTAND_INITRAMFS_SOURCES:-0} == 1 ]]; then
    cp "$(command -v curl)" "$root/bin/curl"
    ldd "$(command -v curl)" | awk '/=> \//{print $3}' | while read -r lib; do
        cp -L "$lib" "$root/lib/x86_64-linux-gnu/"
    done
    mkdir -p "$root/lib/modules/net"
    for name in failover net_failover virtio_net; do
        path=$(grep -E "/$name\.ko(\.xz)?:" "$moddir/modules.dep" | cut -d: -f1)
        [[ -n $path ]] || { echo "module $name not found in $moddir" >&2; exit 1; }
        cp "$moddir/$path" "$root/lib/modules/net/$name.ko"
        echo "$name.ko" >>"$root/lib/modules/net/order"
    done
fi

(cd "$root" && find . | cpio -o -H newc --quiet) >"$output"
