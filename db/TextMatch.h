#pragma once

#include <QString>

// How a name the user typed is compared with the catalogue's ids and names, for "close matches" hints
// (GPUs, model presets).
namespace TextMatch {

// Lower-case letters and digits only: "H100 SXM5" and "h100_sxm5" both become "h100sxm5".
QString normalized(const QString &text);

// Levenshtein distance: insertions, deletions and substitutions of one character.
int editDistance(const QString &a, const QString &b);

} // namespace TextMatch
