#pragma once

#include <QString>
#include <optional>

// The 80% range of one estimated number, from its category's band (UncertaintyTable): the value times
// exp(10th percentile) to the value times exp(90th percentile), or the inverse for a time or a price.
struct ValueRange
{
    double low = 0.0;
    double high = 0.0;
    double value = 0.0;
    QString category; // what the measurements behind it are: "llama.cpp prefill speed"
    int points = 0;   // measurements behind it

    // "±18%" when both sides round alike, else "-12% / +9%".
    QString spreadText() const;
    // What one estimate is known to err, in percent: half the range's width on a log scale, rounded
    // (sqrt(high / low) - 1: 15 for "-12% / +18%").
    int halfWidthPercent() const;
    // "±18%: llama.cpp prefill speed, 66 measurements, leave-one-GPU-out"
    QString text() const;
};
