#pragma once

#include <QString>
#include <optional>

// One step of a calculation as the math panel shows it; the controller maps the estimator's terms here.
struct MathTermView
{
    QString name;                // "KV cache"
    QString formula;             // "2 · L · n_kv · d · bytes · tokens · batch"
    QString substituted;         // "2 · 80 · 8 · 128 · 2 · 4096 · 1"
    std::optional<double> value; // the result; nullopt when the term has none (a note)
    QString unit;                // "GB"
    QString range{}; // the value's 80% range and where it comes from, or why it has none; may be empty
};
