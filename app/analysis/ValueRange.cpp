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
    return QCoreApplication::translate("ValueRange", "-%1%/+%2%").arg(below).arg(above);
}

int ValueRange::halfWidthPercent() const
{
    return low > 0.0 ? int(std::lround((std::sqrt(high / low) - 1.0) * 100.0)) : 0;
}

QString ValueRange::text() const
{
    return QCoreApplication::translate("ValueRange", "%1: %2, %3 measurements, leave-one-GPU-out")
        .arg(spreadText(), category)
        .arg(points);
}
