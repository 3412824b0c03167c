#include "app/analysis/ValueRange.h"

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

int ValueRange::sameWithinPercent(const ValueRange &other) const
{
    if (!(low > 0.0) || !(other.low > 0.0))
        return 0;
    // Overlap holds while the higher value times its low factor stays under the lower value times its high
    // factor; either of the two may be the higher one.
    const double limit =
        std::max((high / value) / (other.low / other.value), (other.high / other.value) / (low / value));
    return int(std::lround((limit - 1.0) * 100.0));
}

QString ValueRange::text() const
{
    return QCoreApplication::translate("ValueRange", "%1: %2, %3 measurements, leave-one-GPU-out")
        .arg(spreadText(), category)
        .arg(points);
}
