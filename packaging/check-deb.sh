#!/usr/bin/env bash
# Builds the .deb from a built tree and checks it:
#   check-deb.sh [BUILD_DIR]            cpack, then extract into a scratch root (dpkg-deb -x): the file list,
#                                       Depends, no run-time link into the build tree, and the extracted
#                                       binary's --version and a headless estimate
#   check-deb.sh --lintian [BUILD_DIR]  lintian on the .deb (built before): no errors; exit 77 without lintian
#   check-deb.sh --install [BUILD_DIR]  the above, then apt-get install the .deb on this machine (root or
#                                       sudo), run /usr/bin/gpucompare, and apt-get purge it again
# BUILD_DIR defaults to build/ci. The .deb is left in BUILD_DIR/package.
set -euo pipefail

mode=contents
case "${1:-}" in
--lintian) mode=lintian; shift ;;
--install) mode=install; shift ;;
esac
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "${1:-$source_dir/build/ci}" && pwd)
package_dir=$build_dir/package
app_id=io.github.gpucompare.GpuCompare

fail() { echo "check-deb: $*" >&2; exit 1; }

find_deb() {
  local debs=("$package_dir"/gpucompare_*.deb)
  [ -f "${debs[0]}" ] || fail "no .deb in $package_dir (run check-deb.sh $build_dir first)"
  [ ${#debs[@]} -eq 1 ] || fail "more than one .deb in $package_dir: ${debs[*]}"
  deb=${debs[0]}
}

# Runs a gpucompare binary headless, with every user folder in a temporary place, and checks what it says.
check_binary() {
  local binary=$1 home
  home=$(mktemp -d)
  local run=(env -u DISPLAY -u WAYLAND_DISPLAY HOME="$home" XDG_CONFIG_HOME="$home/config"
             XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" XDG_RUNTIME_DIR="$home/runtime")
  mkdir -m 0700 "$home/runtime"
  local version estimate
  version=$("${run[@]}" "$binary" --version) || fail "$binary --version failed"
  [[ "$version" =~ ^gpucompare\ [0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "$binary --version said: $version"
  estimate=$("${run[@]}" "$binary" estimate --gpu h100_sxm5_80gb --model llama-3-8b --task inference --json) \
    || fail "$binary estimate failed"
  [[ "$estimate" == "{"* ]] || fail "estimate --json is not a JSON object: ${estimate:0:200}"
  grep -q '"h100_sxm5_80gb"' <<<"$estimate" || fail "estimate --json does not name h100_sxm5_80gb"
  grep -q '"fits": true' <<<"$estimate" || fail "estimate --json does not say the model fits: ${estimate:0:400}"
  rm -rf "$home"
  echo "check-deb: $binary: $version; headless estimate OK"
}

if [ "$mode" = lintian ]; then
  command -v lintian >/dev/null || { echo "check-deb: lintian is not installed: skipped" >&2; exit 77; }
  find_deb
  # Errors fail; warnings are listed (docs/packaging.md says which remain and why).
  out=$(lintian --no-cfg --fail-on error "$deb" 2>&1) || { echo "$out"; fail "lintian reports errors"; }
  echo "$out"
  echo "check-deb: lintian: no errors ($(grep -c '^W:' <<<"$out" || true) warnings)"
  exit 0
fi

rm -rf "$package_dir"
cpack --config "$build_dir/CPackConfig.cmake" -B "$package_dir" >"$build_dir/cpack.log" 2>&1 \
  || { cat "$build_dir/cpack.log" >&2; fail "cpack failed"; }
find_deb
echo "check-deb: built $deb ($(du -k "$deb" | cut -f1) KiB)"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"

expected=(
  usr/bin/gpucompare
  usr/share/applications/$app_id.desktop
  usr/share/metainfo/$app_id.metainfo.xml
  usr/share/mime/packages/$app_id.xml
  usr/share/icons/hicolor/scalable/apps/$app_id.svg
  usr/share/man/man1/gpucompare.1.gz
  usr/share/doc/gpucompare/copyright
  usr/share/doc/gpucompare/changelog.gz
)
for size in 16 24 32 48 64 128 256; do
  expected+=("usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
for file in "${expected[@]}"; do
  [ -f "$root/$file" ] || fail "$file is missing from the package"
done
# Translations, once the project has any: compiled .qm files next to the data.
if compgen -G "$source_dir/resources/translations/*.ts" >/dev/null; then
  compgen -G "$root/usr/share/gpucompare/translations/*.qm" >/dev/null \
    || fail "usr/share/gpucompare/translations/*.qm is missing from the package"
fi
[ -z "$(find "$root" -mindepth 1 -maxdepth 1 ! -name usr)" ] || fail "files outside /usr"

# The binary needs nothing from the build tree: no RPATH/RUNPATH, every library resolved by the system.
if readelf -d "$root/usr/bin/gpucompare" | grep -Eq 'RPATH|RUNPATH'; then
  fail "usr/bin/gpucompare has an RPATH/RUNPATH: $(readelf -d "$root/usr/bin/gpucompare" | grep -E 'RPATH|RUNPATH')"
fi
libraries=$(ldd "$root/usr/bin/gpucompare")
if grep -Eq "not found|$build_dir|$source_dir" <<<"$libraries"; then
  fail "usr/bin/gpucompare links outside the system: $libraries"
fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "check-deb: Depends: $depends"
for package in libqt6sql6-sqlite libqt6svg6 qt6-qpa-plugins libqt6widgets6 libqcustomplot2.1-qt6; do
  grep -Eq "(^|, )$package( |,|$)" <<<"$depends" || fail "Depends lacks $package: $depends"
done

check_binary "$root/usr/bin/gpucompare"

if [ "$mode" = install ]; then
  as_root=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || fail "need root or sudo to install $deb"
    as_root=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get install -y -q --no-install-recommends "$deb"
  check_binary /usr/bin/gpucompare
  "${as_root[@]}" apt-get purge -y -q gpucompare
  [ ! -e /usr/bin/gpucompare ] || fail "/usr/bin/gpucompare is still there after apt-get purge"
  echo "check-deb: installed with apt, ran, purged"
fi
