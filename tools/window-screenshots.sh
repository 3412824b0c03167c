#!/usr/bin/env bash
# The window's screenshots for docs/screenshots/: at each screen size of issue 21, light and dark, English and
# Chinese, on the bundled catalogue with fresh settings. Usage: tools/window-screenshots.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
build=${1:-build/dev}
out=${2:-docs/screenshots}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$out" "$scratch/run" && chmod 700 "$scratch/run"

shoot() { # size ("" = the default) theme language file [extra environment]
    local size=$1 theme=$2 lang=$3 file=$4
    rm -rf "$scratch/config" "$scratch/data"
    mkdir -p "$scratch/config/GPU Compare"
    printf '[window]\ntheme=%s\n' "$theme" >"$scratch/config/GPU Compare/gpucompare.conf"
    env XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" XDG_RUNTIME_DIR="$scratch/run" \
        LANG="$lang" LANGUAGE= LC_ALL= QT_QPA_PLATFORM=offscreen "${@:5}" \
        "$build/app/gpucompare" ${size:+--window-size "$size"} --screenshot "$out/$file" 2>/dev/null
    echo "$out/$file"
}

for size in 1280x720 1600x900 1920x1080 2560x1440; do
    for theme in light dark; do
        shoot "$size" "$theme" en_US.UTF-8 "window-$size-$theme.png"
        shoot "$size" "$theme" zh_CN.UTF-8 "window-$size-$theme-zh_CN.png"
    done
done
# The README's and docs' window at the default size (1280x800 or the screen, whichever is smaller).
shoot "" light en_US.UTF-8 window.png
shoot "" dark en_US.UTF-8 window-dark.png
shoot "" light zh_CN.UTF-8 window-zh_CN.png
shoot "" dark zh_CN.UTF-8 window-zh_CN-dark.png
# High DPI: 2560x1440 pixels at scale 2 (1280x720 logical).
shoot 1280x720 light en_US.UTF-8 window-1280x720-scale2.png QT_SCALE_FACTOR=2
