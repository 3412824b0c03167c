#include "db/Quantity.h"

#include <QLocale>
#include <cmath>

namespace Quantity {

int naturalDecimals(double value)
{
    const double magnitude = std::fabs(value);
    if (magnitude >= 1000.0 || magnitude == 0.0)
        return 0;
    if (magnitude >= 100.0)
        return 1;
    if (magnitude >= 1.0)
        return 2;
    return 3;
}

QString format(std::optional<double> value, const QString &unit, int decimals)
{
    if (!value || !std::isfinite(*value))
        return QStringLiteral("n/a");
    const int places = decimals >= 0 ? decimals : naturalDecimals(*value);
    QString number = QLocale::c().toString(*value, 'f', places);
    // Trim trailing zeros of the fraction: 19.50 -> 19.5, 80.00 -> 80
    if (number.contains(u'.')) {
        while (number.endsWith(u'0'))
            number.chop(1);
        if (number.endsWith(u'.'))
            number.chop(1);
    }
    return unit.isEmpty() ? number : number + u' ' + unit;
}

} // namespace Quantity
