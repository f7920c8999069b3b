#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages that building, running and testing
# the game need, and only those that are missing. Uses sudo when not root.
#
#   build-essential   the C toolchain and linker Rust links with
#   pkg-config, libasound2-dev   rodio's ALSA backend (sound)
#   libegl1, libegl-mesa0, libgl1-mesa-dri   OpenGL, for the window and
#                     for the headless UI snapshot tests (llvmpipe)
#   fonts-wqy-microhei   a system CJK font (1.6 MB): the game embeds the
#                     characters its own texts use and draws any other
#                     Chinese text (file names, pasted text) with it
set -euo pipefail

packages=(build-essential pkg-config libasound2-dev libegl1 libegl-mesa0 libgl1-mesa-dri fonts-wqy-microhei)
need=()
for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || need+=("$pkg")
done
if [ "${#need[@]}" -eq 0 ]; then
    exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    as_root=(sudo)
fi
echo "installing: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "${need[@]}"
