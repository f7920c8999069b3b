#!/usr/bin/env bash
# Builds, from this checkout, the two ways a player installs Gomoku without
# Rust:
#
#   target/debian/gomoku_VERSION-1_ARCH.deb          Debian/Ubuntu package
#   target/package/gomoku-VERSION-ARCH-linux.tar.gz  any Linux: unpack, run
#                                                    install.sh (no root)
#
# (under CARGO_TARGET_DIR instead of target/ if that is set).
#
#   bash scripts/package.sh
#
# Installs what it needs: the build's Debian packages
# (scripts/install-deps.sh, whose build-essential brings dpkg-shlibdeps
# for the package's dependencies) and cargo-deb at the version pinned
# below. scripts/test-package.sh installs and checks the results.
set -euo pipefail
cd "$(dirname "$0")/.."

# The packager, pinned: a new cargo-deb may lay out a package differently.
CARGO_DEB_VERSION=3.8.0
APP_ID=io.github.gomoku.Gomoku
BINS=(gomoku gomoku-text pbrain-gomoku gomoku-match)

bash scripts/install-deps.sh
if [ "$(cargo deb --version 2>/dev/null)" != "cargo-deb $CARGO_DEB_VERSION" ]; then
    cargo install cargo-deb --version "=$CARGO_DEB_VERSION" --locked
fi

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
arch=$(uname -m)
target=$(cargo metadata --format-version 1 --no-deps |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
echo "== gomoku $version for $arch, target folder $target"

build_args=(--release --locked)
for bin in "${BINS[@]}" gomoku-package-files; do
    build_args+=(--bin "$bin")
done
cargo build "${build_args[@]}"

# The generated files: man pages, completions, icons, desktop entries,
# the crates' licence texts (gomoku-package-files says what each is).
files="$target/release/package-files"
rm -rf "$files"
"$target/release/gomoku-package-files" third-party --check
"$target/release/gomoku-package-files" files "$files"
gzip -9n "$files"/man/*.1
# Debian compresses large documents; the archive keeps them plain.
gzip -9n -c "$files/crate-licenses.txt" >"$files/crate-licenses.txt.gz"
gzip -9n -c README.md >"$files/README.md.gz"

# The Debian package: cargo-deb reads [package.metadata.deb] in Cargo.toml.
# The binaries are built above, with the same flags.
rm -f "$target"/debian/gomoku_*.deb
cargo deb --no-build
deb=$(ls "$target"/debian/gomoku_*.deb)

# The archive.
name="gomoku-$version-$arch-linux"
stage="$target/package/$name"
rm -rf "$stage" "$target/package/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/share/applications" "$stage/share/metainfo" \
    "$stage/share/man/man1" "$stage/share/doc/gomoku" \
    "$stage/share/bash-completion/completions" "$stage/share/zsh/site-functions" \
    "$stage/share/fish/vendor_completions.d"
for bin in "${BINS[@]}"; do
    install -m 755 "$target/release/$bin" "$stage/bin/"
done
for dir in "$files"/icons/*; do
    install -D -m 644 "$dir/$APP_ID.png" "$stage/share/icons/hicolor/$(basename "$dir")/apps/$APP_ID.png"
done
install -m 644 "$files/archive/$APP_ID.desktop" "$stage/share/applications/"
install -m 644 "packaging/$APP_ID.metainfo.xml" "$stage/share/metainfo/"
install -m 644 "$files"/man/*.1.gz "$stage/share/man/man1/"
install -m 644 "$files"/completions/bash/* "$stage/share/bash-completion/completions/"
install -m 644 "$files"/completions/zsh/* "$stage/share/zsh/site-functions/"
install -m 644 "$files"/completions/fish/* "$stage/share/fish/vendor_completions.d/"
install -m 644 LICENSE THIRD-PARTY.md README.md "$stage/share/doc/gomoku/"
install -m 644 assets/fonts/OFL.txt "$stage/share/doc/gomoku/fonts-OFL.txt"
install -m 644 "$files/crate-licenses.txt" "$stage/share/doc/gomoku/"
install -m 755 packaging/install.sh "$stage/"
cat >"$stage/README.txt" <<EOF
Gomoku (五子棋) $version for Linux ($arch)

Play at once:      ./bin/gomoku
Install for you:   sh install.sh            (into ~/.local, no root needed;
                                              adds 五子棋 / Gomoku to the menu)
Remove again:      sh install.sh --uninstall

Needs the ALSA and OpenGL (EGL) libraries every desktop has; on Debian or
Ubuntu: sudo apt install libasound2 libegl1 libgl1-mesa-dri.
Licences: share/doc/gomoku/ (LICENSE, THIRD-PARTY.md, crate-licenses.txt).
EOF
# Fixed owner, order and times, so the same checkout gives the same archive.
stamp=$(git log -1 --format=%ct 2>/dev/null || date +%s)
tar -C "$target/package" --owner=0 --group=0 --numeric-owner --sort=name \
    --mtime="@$stamp" -cf - "$name" | gzip -9n >"$target/package/$name.tar.gz"
archive="$target/package/$name.tar.gz"

echo
echo "== built"
ls -l "$deb" "$archive"
echo "package:  $deb ($(du -k "$deb" | cut -f1) KiB)"
echo "archive:  $archive ($(du -k "$archive" | cut -f1) KiB)"
echo "Check them with: bash scripts/test-package.sh"
