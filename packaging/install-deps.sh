#!/usr/bin/env bash
# Installs every Debian 12 package that building, running and testing GPU Compare needs.
# Does nothing (no apt call, no root needed) when they are all present already.
set -euo pipefail

packages=(
  # build
  build-essential cmake ninja-build pkg-config
  # Qt 6 and QCustomPlot
  qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-qpa-plugins libqt6svg6 libgl-dev libvulkan-dev libxkbcommon-dev
  libqcustomplot-dev
  # the style checks of .ci/run (tools/check-format.sh, tools/normalize-includes.py)
  clang-format python3
  # tests and benchmarks
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  # the report tests read the PDF's text (pdftotext)
  poppler-utils
  # a team catalogue on PostgreSQL: Qt's driver and libpq's headers (build), and a server for the tests
  # (tests/pg start their own with initdb and pg_ctl, as the postgres user when run as root)
  libqt6sql6-psql libpq-dev postgresql
  # sanitizer and fuzzing runtimes (clang's libFuzzer), SQLite shell for fault tests
  clang libclang-rt-dev sqlite3
  # Qt's own Chinese strings; a CJK font so the Chinese window (and its screenshots) shows glyphs
  qt6-translations-l10n fonts-wqy-microhei
  # desktop file and AppStream validators, real X server for screenshots
  desktop-file-utils appstream xvfb xauth
  # the .deb: CPack's dependency scan (dpkg-shlibdeps needs file) and lintian
  dpkg-dev file lintian
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null || true)
  [[ "$status" == ii* ]] || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
