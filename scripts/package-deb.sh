#!/usr/bin/env bash
# Builds the Debian package of the game: target/debian/hive_<version>_<arch>.deb
# (cargo-deb, with the metadata in Cargo.toml's [package.metadata.deb]).
#
# The binary carries its assets, so the package is the binary, its menu
# entry and icon, and the manual page and shell completions, which the
# binary writes itself. Install it with `sudo apt install ./target/debian/hive_*.deb`.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! cargo deb --version >/dev/null 2>&1; then
    echo "package-deb: installing cargo-deb" >&2
    cargo install cargo-deb --locked
fi
if ! command -v dpkg-shlibdeps >/dev/null; then
    echo "package-deb: dpkg-shlibdeps is missing (apt-get install dpkg-dev)" >&2
    exit 1
fi

cargo build --release --bin hive
out=target/package
mkdir -p "$out"
target/release/hive manpage | gzip -9n > "$out/hive.6.gz"
target/release/hive completions bash > "$out/hive.bash"
target/release/hive completions zsh > "$out/_hive"
target/release/hive completions fish > "$out/hive.fish"
cargo deb --no-build "$@"
