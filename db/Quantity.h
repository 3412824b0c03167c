#pragma once

#include <QString>
#include <optional>

namespace Quantity {

// "989.4 TFLOPS", or "n/a" when the value is missing: a missing spec is never shown as 0.
QString format(std::optional<double> value, const QString &unit, int decimals = -1);

// Number of decimals that keeps about four significant digits: 3350, 989.4, 19.5, 0.125.
int naturalDecimals(double value);

} // namespace Quantity
