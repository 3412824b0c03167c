#include "app/analysis/NumberText.h"

#include <cmath>

namespace NumberText {

namespace {
constexpr double kLargest = 1e12; // 13 digits: beyond, e-notation is shorter and as exact as shown
}

QString fixed(double value, int decimals, const QLocale &locale)
{
    if (std::isnan(value))
        return QStringLiteral("n/a");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    if (std::abs(value) >= kLargest)
        return locale.toString(value, 'e', 2);
    return locale.toString(value, 'f', decimals);
}

QString fixed(double value, int decimals)
{
    return fixed(value, decimals, QLocale::c());
}

} // namespace NumberText
