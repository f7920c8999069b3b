#!/bin/sh
# Installs Gomoku (五子棋) from this folder for you alone, without root:
# the programs into ~/.local/bin; the menu entry, icons, man pages, shell
# completions and licences under ~/.local/share ($XDG_DATA_HOME if set).
#
#   sh install.sh               install (again: replaces the old copy)
#   sh install.sh --uninstall   remove every file install.sh put there
#
# Your settings and games (~/.config/gomoku) and the game's log
# (~/.local/state/gomoku) are yours: --uninstall leaves them; delete those
# folders to remove them too.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
bindir="$HOME/.local/bin"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
app_id=io.github.gomoku.Gomoku

usage() {
    echo "usage: sh install.sh [--uninstall]" >&2
    exit 2
}

# The files of this archive, one a line, relative to it: bin/… and share/….
archive_files() {
    (cd "$here" && find bin share -type f | sort)
}

# Where an archive file goes.
target_of() {
    case $1 in
        bin/*) echo "$bindir/${1#bin/}" ;;
        share/*) echo "$data/${1#share/}" ;;
    esac
}

# Removes the empty folders above $1, up to but not including the top
# folders ($bindir, $data) themselves: nothing that was there before and
# still holds anything is touched.
prune() {
    dir=$(dirname "$1")
    while [ "$dir" != "$bindir" ] && [ "$dir" != "$data" ] && [ "$dir" != "/" ] &&
        rmdir "$dir" 2>/dev/null; do
        dir=$(dirname "$dir")
    done
}

install_all() {
    if [ ! -x "$here/bin/gomoku" ]; then
        echo "install.sh: run it from the unpacked archive (no bin/gomoku beside it)" >&2
        exit 1
    fi
    # The game needs the system's ALSA and OpenGL libraries (every desktop
    # has them); say which are missing rather than fail later.
    if ! "$here/bin/gomoku" --version >/dev/null 2>&1; then
        echo "install.sh: bin/gomoku does not start here:" >&2
        "$here/bin/gomoku" --version >&2 || true
        echo "  (on Debian/Ubuntu: sudo apt install libasound2 libegl1 libgl1-mesa-dri)" >&2
        exit 1
    fi
    archive_files | while IFS= read -r file; do
        case $file in
            bin/*) mode=755 ;;
            *) mode=644 ;;
        esac
        target=$(target_of "$file")
        mkdir -p "$(dirname "$target")"
        # Through a temporary name and a rename, so a running game keeps
        # its old binary and never sees half a new one.
        cp "$here/$file" "$target.new.$$"
        chmod "$mode" "$target.new.$$"
        mv -f "$target.new.$$" "$target"
    done
    # The archive's menu entry runs "gomoku" from PATH, and ~/.local/bin is
    # often not on the menu's PATH: the game writes the entry again with
    # its absolute path, quoted as the desktop entry format wants.
    "$bindir/gomoku" --install-desktop-entry >/dev/null
    echo "Gomoku $("$bindir/gomoku" --version | cut -d' ' -f2-) is installed:"
    echo "  programs   $bindir (gomoku, gomoku-text, pbrain-gomoku, gomoku-match)"
    echo "  menu entry $data/applications/$app_id.desktop"
    echo "Find 五子棋 / Gomoku in your applications menu."
    case ":$PATH:" in
        *":$bindir:"*) ;;
        *) echo "Note: $bindir is not on your PATH; add it to run gomoku from a terminal." ;;
    esac
    echo "Remove it again with: sh $here/install.sh --uninstall"
}

uninstall_all() {
    archive_files | while IFS= read -r file; do
        target=$(target_of "$file")
        if [ -e "$target" ] || [ -L "$target" ]; then
            rm -f "$target"
            prune "$target"
        fi
    done
    echo "Gomoku is removed from $bindir and $data."
    config="${XDG_CONFIG_HOME:-$HOME/.config}/gomoku"
    if [ -d "$config" ]; then
        echo "Your settings and games are kept in $config."
    fi
}

case ${1:-} in
    "") install_all ;;
    --uninstall) uninstall_all ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
    *) usage ;;
esac
