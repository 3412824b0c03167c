#include "widgets/common/ValueFormat.h"

#include <algorithm>
#include <cmath>

namespace ValueFormat {

namespace {

QString fixed(double value, int decimals, const QLocale &locale)
{
    QString text = locale.toString(value, 'f', decimals);
    if (decimals > 0) {
        const QString point = locale.decimalPoint();
        if (text.contains(point)) {
            while (text.endsWith(locale.zeroDigit()))
                text.chop(locale.zeroDigit().size());
            if (text.endsWith(point))
                text.chop(point.size());
        }
    }
    if (text == u"-0")
        text = locale.toString(0);
    return text;
}

// Below 0.01 two decimals would round a small amount to "0": enough decimals for two significant digits
// ("0.0042"), so a rounded number never reads as nothing.
int smallDecimals(double magnitude, int decimals)
{
    if (magnitude > 0.0 && magnitude < 0.01)
        return std::max(decimals, 1 - int(std::floor(std::log10(magnitude))));
    return decimals;
}

} // namespace

QString compact(double value, const QLocale &locale)
{
    const double magnitude = std::abs(value);
    if (!std::isfinite(value) || magnitude >= 1e9 || (magnitude > 0.0 && magnitude < 1e-3))
        return number(value, locale);
    return fixed(value, smallDecimals(magnitude, magnitude >= 100.0 ? 0 : magnitude >= 10.0 ? 1 : 2), locale);
}

QString number(double value, const QLocale &locale)
{
    if (!std::isfinite(value))
        return locale.toString(value);
    const double magnitude = std::abs(value);
    if (magnitude >= 1e9 || (magnitude > 0.0 && magnitude < 1e-3))
        return locale.toString(value, 'g', 4); // 1.4e+12, 2.5e-05
    return fixed(value, smallDecimals(magnitude, magnitude >= 1000.0 ? 0 : 2), locale);
}

QString withUnit(double value, const QString &unit, const QLocale &locale)
{
    const QString text = number(value, locale);
    return unit.isEmpty() ? text : text + u'\u00a0' + unit;
}

} // namespace ValueFormat
