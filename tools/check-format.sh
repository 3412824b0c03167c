#!/usr/bin/env bash
# Fails when a C++ file in the tree differs from what clang-format makes of it (.clang-format), and lists
# the places. Formatting output changes between clang-format releases, so the check uses the release the
# tree was formatted with: Debian 12's clang-format 14 (packaging/install-deps.sh installs it).
#
#   tools/check-format.sh          check every tracked .cpp and .h under app/, db/, widgets/ and tests/
#   tools/check-format.sh --fix    rewrite those files in place instead
#   CLANG_FORMAT=/path/to/clang-format tools/check-format.sh   another binary (same major version)
set -euo pipefail
cd "$(dirname "$0")/.."

expected_major=14
clang_format=${CLANG_FORMAT:-$(command -v clang-format-$expected_major || command -v clang-format || true)}
if [ -z "$clang_format" ]; then
    echo "check-format: clang-format $expected_major not found (bash packaging/install-deps.sh installs it)" >&2
    exit 2
fi
version=$("$clang_format" --version)
if [[ ! "$version" =~ version\ $expected_major\. ]]; then
    echo "check-format: $clang_format is \"$version\"; the tree is formatted with clang-format $expected_major" >&2
    exit 2
fi

mapfile -t files < <(git ls-files -- 'app/*.cpp' 'app/*.h' 'db/*.cpp' 'db/*.h' 'widgets/*.cpp' 'widgets/*.h' \
                                     'tests/*.cpp' 'tests/*.h' 'packaging/*.cpp' 'packaging/*.h' 'tools/*.cpp' \
                                     'tools/*.h')
if [ "${1:-}" = "--fix" ]; then
    "$clang_format" -i -- "${files[@]}"
    exit 0
fi
if ! "$clang_format" --dry-run -Werror -- "${files[@]}"; then
    echo "check-format: the files above are not formatted; tools/check-format.sh --fix formats them" >&2
    exit 1
fi
echo "check-format: ${#files[@]} files formatted as .clang-format says"
