#!/usr/bin/env bash
# Tests the packages scripts/package.sh made, as a player would, on this
# machine (Debian or Ubuntu; root, or sudo):
#
# 1. the .deb: `apt-get install ./gomoku_….deb`, desktop-file-validate and
#    appstreamcli validate on the installed files, every binary's
#    --version, `man gomoku`, the installed /usr/bin/gomoku started under
#    Xvfb (fresh HOME) and photographed;
# 2. launch to first frame, median of 5 under Xvfb, for the installed
#    /usr/bin/gomoku and for target/release/gomoku (the `cargo run
#    --release` binary), alternated;
# 3. `apt-get purge gomoku` and a comparison of the files under /usr,
#    /etc, /opt and /var/lib before and after: nothing of the package may
#    be left; then the packages apt pulled in are purged too, and what
#    still differs from before is shown;
# 4. the archive: unpacked, `sh install.sh` into a fresh HOME, the same
#    checks on ~/.local, the installed game photographed, then
#    `sh install.sh --uninstall` and a comparison of that HOME before and
#    after (only the game's own settings and log may stay).
#
#   bash scripts/test-package.sh [--keep-installed]
#
# Installs what it needs with apt-get (xvfb, xdotool, imagemagick,
# desktop-file-utils, appstream, man-db). Everything it records (file
# lists, screenshots, timings, results.txt) goes to
# TARGET/package/test/. It changes the system (installs and removes the
# package): run it on a machine where that is fine, not in CI.
set -euo pipefail
cd "$(dirname "$0")/.."

APP_ID=io.github.gomoku.Gomoku
BINS=(gomoku gomoku-text pbrain-gomoku gomoku-match)
keep_installed=false
[ "${1:-}" = "--keep-installed" ] && keep_installed=true

as_root=()
[ "$(id -u)" -ne 0 ] && as_root=(sudo)

target=$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
deb=$(ls "$target"/debian/gomoku_*.deb 2>/dev/null | tail -n 1 || true)
archive=$(ls "$target"/package/gomoku-*-linux.tar.gz 2>/dev/null | tail -n 1 || true)
if [ -z "$deb" ] || [ -z "$archive" ]; then
    echo "test-package: no package yet: run bash scripts/package.sh first" >&2
    exit 1
fi
out="$target/package/test"
rm -rf "$out"
mkdir -p "$out"
results="$out/results.txt"
: >"$results"
note() { echo "$*" | tee -a "$results"; }
fail() {
    note "FAIL: $*"
    exit 1
}

# The tools.
need=()
for tool in Xvfb:xvfb xdotool:xdotool import:imagemagick desktop-file-validate:desktop-file-utils \
    appstreamcli:appstream man:man-db; do
    command -v "${tool%%:*}" >/dev/null || need+=("${tool#*:}")
done
if [ "${#need[@]}" -gt 0 ]; then
    echo "installing: ${need[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

work=$(mktemp -d)
display=:${DISPLAY_NUMBER:-96}
xvfb_pid=
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
# -noreset: no server reset (and refused connections) each time the last
# game closes.
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp -noreset >/dev/null 2>&1 &
xvfb_pid=$!
sleep 1

# Starts the game ($1) with HOME=$2 on the virtual display and prints the
# milliseconds until its window is visible. eframe keeps the window
# hidden until its first frame is painted (egui PR 2279), so "visible"
# is the first frame. The game is left running; its pid goes to $work/pid.
start_game() {
    local bin=$1 home=$2 lang=${3:-C.UTF-8} t0 t1 pid
    mkdir -p "$home" "$work/run"
    chmod 700 "$work/run"
    t0=$(date +%s%N)
    # Started in its fresh HOME, far from the source tree, with no terminal
    # on stderr, as from the menu: the game must find everything in itself
    # and log to its file (checked below).
    (cd "$home" && exec env -u LC_ALL -u LC_MESSAGES -u LANGUAGE HOME="$home" XDG_RUNTIME_DIR="$work/run" DISPLAY="$display" \
        LANG="$lang" "$bin" >"$home.stdout" 2>"$home.stderr" </dev/null) &
    pid=$!
    echo "$pid" >"$work/pid"
    for _ in $(seq 1 3000); do
        if DISPLAY="$display" xdotool search --onlyvisible --pid "$pid" >/dev/null 2>&1; then
            t1=$(date +%s%N)
            echo $(((t1 - t0) / 1000000))
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.01
    done
    echo "test-package: $bin showed no window; its stderr:" >&2
    cat "$home.stderr" >&2
    return 1
}

stop_game() {
    local pid
    pid=$(cat "$work/pid")
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

# The game started (in language $4), given two seconds to settle; a
# stone played at h8 as a player would click it, the AI given three
# seconds to answer; photographed, stopped.
photograph() {
    local bin=$1 home=$2 shot=$3 lang=${4:-C.UTF-8} ms
    ms=$(start_game "$bin" "$home" "$lang")
    sleep 2
    # h8, the centre of the default 15x15 board in the default window.
    DISPLAY="$display" xdotool mousemove 355 360 click 1
    sleep 3
    DISPLAY="$display" xdotool mousemove 1050 760
    sleep 0.5
    DISPLAY="$display" import -window root -crop 1000x720+0+0 +repage "$shot"
    stop_game
    note "screenshot of $bin (LANG=$lang): $shot (window after $ms ms; h8 clicked)"
}

# The files under the system folders a package may touch. Package
# manager state and caches change on their own and are left out.
system_files() {
    # A folder missing here (/opt, /var/games) is no error.
    {
        find /usr /etc /opt /var/lib /var/games -xdev \
            \( -path /var/lib/dpkg -o -path /var/lib/apt -o -path /var/lib/ucf \
            -o -path /var/lib/systemd -o -path /etc/ld.so.cache \) -prune -o -print 2>/dev/null || true
    } | sort
}

check_versions() {
    local dir=$1 bin line
    for bin in "${BINS[@]}"; do
        line=$("$dir/$bin" --version) || fail "$dir/$bin --version"
        case $line in
            "$bin "*" (commit "*")") note "  $line" ;;
            *) fail "$dir/$bin --version printed '$line'" ;;
        esac
    done
}

# --- 1. The Debian package ---------------------------------------------
note "== the Debian package: $deb"
note "package size: $(stat -c %s "$deb") bytes"
dpkg-deb -f "$deb" Package Version Architecture Installed-Size Depends Recommends | tee -a "$results"
dpkg-deb -c "$deb" >"$out/deb-contents.txt"
if dpkg-query -W gomoku >/dev/null 2>&1; then
    "${as_root[@]}" apt-get purge -y -qq gomoku
fi
system_files >"$out/system-before.txt"
dpkg-query -W -f='${Package}\n' | sort >"$out/packages-before.txt"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y "$(realpath "$deb")" \
    2>&1 | tee "$out/apt-install.txt"
dpkg-query -W -f='${Package}\n' | sort >"$out/packages-after-install.txt"
pulled=$(comm -13 "$out/packages-before.txt" "$out/packages-after-install.txt" | grep -vx gomoku || true)
note "packages apt pulled in besides gomoku: $(echo ${pulled:-none})"
dpkg -L gomoku | sort >"$out/deb-installed-files.txt"
installed_kib=$(dpkg -L gomoku | while read -r f; do [ -f "$f" ] && echo "$f"; done |
    xargs du -ck | tail -n 1 | cut -f1)
note "installed size (files on disk): $installed_kib KiB"

desktop-file-validate "/usr/share/applications/$APP_ID.desktop" || fail "desktop-file-validate"
note "desktop-file-validate: ok"
appstreamcli validate --no-net "/usr/share/metainfo/$APP_ID.metainfo.xml" | tee -a "$results" ||
    fail "appstreamcli validate"
check_versions /usr/bin
man -P cat gomoku >"$out/man-gomoku.txt" 2>&1 || fail "man gomoku"
grep -q -- "--install-desktop-entry" "$out/man-gomoku.txt" || fail "man gomoku lacks the options"
note "man gomoku: ok ($(wc -l <"$out/man-gomoku.txt") lines); first lines:"
head -n 8 "$out/man-gomoku.txt" | tee -a "$results"
for bin in gomoku-text pbrain-gomoku gomoku-match; do
    man -w "$bin" >/dev/null || fail "man $bin"
done
for f in "/usr/share/bash-completion/completions/gomoku" "/usr/share/zsh/vendor-completions/_gomoku" \
    "/usr/share/fish/vendor_completions.d/gomoku.fish" /usr/share/doc/gomoku/copyright \
    /usr/share/doc/gomoku/THIRD-PARTY.md /usr/share/doc/gomoku/crate-licenses.txt.gz \
    "/usr/share/icons/hicolor/512x512/apps/$APP_ID.png"; do
    [ -s "$f" ] || fail "$f is missing"
done
bash -c 'source /usr/share/bash-completion/completions/gomoku && complete -p gomoku' >/dev/null ||
    fail "the bash completion does not load"
note "completions, icons, licences: present"

deb_home="$work/deb-home"
photograph /usr/bin/gomoku "$deb_home" "$out/deb-installed.png"
log="$deb_home/.local/state/gomoku/gomoku.log"
if [ -s "$log" ]; then
    note "the game's log (no terminal): $log:"
    tee -a "$results" <"$log"
else
    note "the game logged nothing to $log (nothing to report on this start)"
fi

# --- 2. Launch to first frame --------------------------------------------
note ""
note "== launch to first frame (ms, window visible), fresh HOME each, alternated; load: $(cut -d' ' -f1-3 /proc/loadavg)"
dev_bin="$target/release/gomoku"
kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb is gone"
installed_ms=()
dev_ms=()
for i in 1 2 3 4 5; do
    installed_ms+=("$(start_game /usr/bin/gomoku "$work/t-installed-$i")")
    stop_game
    if [ -x "$dev_bin" ]; then
        dev_ms+=("$(start_game "$dev_bin" "$work/t-dev-$i")")
        stop_game
    fi
done
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
note "installed /usr/bin/gomoku: ${installed_ms[*]} -> median $(median "${installed_ms[@]}") ms"
if [ "${#dev_ms[@]}" -gt 0 ]; then
    note "target/release/gomoku:     ${dev_ms[*]} -> median $(median "${dev_ms[@]}") ms"
fi
note "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

# --- 3. Removing the package --------------------------------------------
note ""
if $keep_installed; then
    note "left installed (--keep-installed)"
else
    "${as_root[@]}" apt-get purge -y -qq gomoku
    system_files >"$out/system-after.txt"
    diff "$out/system-before.txt" "$out/system-after.txt" >"$out/system-diff.txt" || true
    added=$(grep '^>' "$out/system-diff.txt" | cut -c3- || true)
    removed=$(grep '^<' "$out/system-diff.txt" | cut -c3- || true)
    note "after apt-get purge gomoku: $(echo -n "$added" | grep -c . || true) files added since before the install, $(echo -n "$removed" | grep -c . || true) removed"
    if dpkg-query -W gomoku >/dev/null 2>&1; then fail "gomoku is still known to dpkg"; fi
    if grep -q -e gomoku -e "$APP_ID" "$out/system-after.txt"; then
        grep -e gomoku -e "$APP_ID" "$out/system-after.txt" | tee -a "$results"
        fail "files named gomoku remain after the purge"
    fi
    note "purge: no file named gomoku or $APP_ID remains"
    # What is still new belongs to the packages apt pulled in (apt-get
    # autoremove would take them); purging those too must give back the
    # system as it was.
    if [ -n "$pulled" ]; then
        # shellcheck disable=SC2086
        "${as_root[@]}" apt-get purge -y -qq $pulled >/dev/null
        system_files >"$out/system-after-pulled.txt"
        diff "$out/system-before.txt" "$out/system-after-pulled.txt" >"$out/system-diff-pulled.txt" || true
        note "after purging the pulled-in packages too, beside before the install:"
        if [ -s "$out/system-diff-pulled.txt" ]; then
            tee -a "$results" <"$out/system-diff-pulled.txt"
        else
            note "  no difference"
        fi
    fi
fi

# --- 4. The archive ----------------------------------------------------
note ""
note "== the archive: $archive"
note "archive size: $(stat -c %s "$archive") bytes"
tar -tzf "$archive" >"$out/archive-contents.txt"
mkdir -p "$work/unpacked"
tar -xzf "$archive" -C "$work/unpacked"
dir=$(ls -d "$work"/unpacked/gomoku-*-linux)
home="$work/fresh-home"
mkdir -p "$home"
(cd "$home" && find . | sort) >"$out/home-before.txt"
system_files >"$out/system-before-archive.txt"
HOME="$home" PATH="/usr/bin:/bin" sh "$dir/install.sh" | tee -a "$results"
(cd "$home" && find . -type f | sort) >"$out/home-installed.txt"
desktop="$home/.local/share/applications/$APP_ID.desktop"
desktop-file-validate "$desktop" || fail "desktop-file-validate $desktop"
grep -qx "Exec=$home/.local/bin/gomoku %f" "$desktop" || fail "the entry's Exec is not the installed path"
appstreamcli validate --no-net "$home/.local/share/metainfo/$APP_ID.metainfo.xml" >/dev/null ||
    fail "appstreamcli validate (archive)"
note "desktop-file-validate, appstreamcli validate, Exec=$home/.local/bin/gomoku: ok"
check_versions "$home/.local/bin"
HOME="$home" PATH="$home/.local/bin:/usr/bin:/bin" man -P cat gomoku >"$out/man-gomoku-archive.txt" 2>&1 ||
    fail "man gomoku (archive, through PATH)"
note "man gomoku from ~/.local/share/man: ok"
photograph "$home/.local/bin/gomoku" "$home" "$out/archive-installed.png" zh_CN.UTF-8
HOME="$home" PATH="/usr/bin:/bin" sh "$dir/install.sh" --uninstall | tee -a "$results"
(cd "$home" && find . | sort) >"$out/home-after.txt"
diff "$out/home-before.txt" "$out/home-after.txt" >"$out/home-diff.txt" || true
note "HOME after --uninstall, beside what was there before:"
tee -a "$results" <"$out/home-diff.txt"
stray=$(grep '^>' "$out/home-diff.txt" | cut -c3- |
    grep -v -e '^\./\.config$' -e '^\./\.config/gomoku' -e '^\./\.local$' -e '^\./\.local/state$' \
        -e '^\./\.local/state/gomoku' -e '^\./\.local/share$' -e '^\./\.local/bin$' || true)
[ -z "$stray" ] || fail "install.sh --uninstall left: $stray"
system_files >"$out/system-after-archive.txt"
cmp -s "$out/system-before-archive.txt" "$out/system-after-archive.txt" ||
    fail "the archive's install changed files outside HOME"
note "uninstall: only the game's own settings and log (and empty ~/.local folders) remain; nothing outside HOME changed"

note ""
note "all checks passed; records in $out"
