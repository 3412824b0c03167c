#pragma once

#include <QString>

// The 80% range of one estimated number, from its category's band (UncertaintyTable): the value times
// exp(10th percentile) to the value times exp(90th percentile), or the inverse for a time or a price.
struct ValueRange
{
    double low = 0.0;
    double high = 0.0;
    double value = 0.0;
    QString category; // what the measurements behind it are: "llama.cpp prefill speed"
    int points = 0;   // measurements behind it

    // The two ranges share a value: the difference between the two numbers is within what is known.
    bool overlaps(const ValueRange &other) const { return low <= other.high && other.low <= high; }
    // "±18%" when both sides round alike, else "-12% / +9%".
    QString spreadText() const;
    // The largest gap between this value and the other's, in percent of the smaller, at which the two
    // ranges still overlap: what "about the same (within ±X%)" quotes. Two numbers of one band
    // "-6% / +19%" stay the same up to 1.19 / 0.94 - 1 = 27% apart.
    int sameWithinPercent(const ValueRange &other) const;
    // "±18%: llama.cpp prefill speed, 66 measurements, leave-one-GPU-out"
    QString text() const;
};
