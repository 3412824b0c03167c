#include "ValueRange.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace {

int percentOff(double bound, double value)
{
    return value > 0.0 ? int(std::lround(std::fabs(bound / value - 1.0) * 100.0)) : 0;
}

} // namespace

QString ValueRange::spreadText() const
{
    const int below = percentOff(low, value);
    const int above = percentOff(high, value);
    if (below == above)
        return QCoreApplication::translate("ValueRange", "±%1%").arg(above);
    return QCoreApplication::translate("ValueRange", "-%1% / +%2%").arg(below).arg(above);
}

int ValueRange::halfWidthPercent() const
{
    // Geometric: half the range's width on a log scale, so that a lopsided range (-84% / +25%, or its
    // inverse -20% / +507%) reads the same for a speed and for the price that divides by it.
    return low > 0.0 ? int(std::lround((std::sqrt(high / low) - 1.0) * 100.0)) : 0;
}

QString ValueRange::text() const
{
    return QCoreApplication::translate("ValueRange", "%1: %2, %3 measurements, leave-one-GPU-out")
        .arg(spreadText(), category)
        .arg(points);
}
