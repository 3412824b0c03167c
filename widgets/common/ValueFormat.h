#pragma once

#include <QLocale>
#include <QString>

namespace ValueFormat {

// A number as the views show it: up to two decimals below 1000 (trailing zeros dropped), none above,
// in the given locale; four significant digits in exponent form from 1e9 up and below 1e-3.
// 989.4 -> "989.4", 80.0 -> "80", 4800.0 -> "4,800" (en_US), 1.4e12 -> "1.4e+12".
QString number(double value, const QLocale &locale = QLocale());

// A short form for labels on charts: three significant digits below 1000 (989.4 -> "989", 77.44 -> "77.4",
// 1.234 -> "1.23"), whole numbers above (1978.9 -> "1,979"). Tooltips and tables show number().
QString compact(double value, const QLocale &locale = QLocale());

// "989.4 TFLOPS"; the unit is left out when empty.
QString withUnit(double value, const QString &unit, const QLocale &locale = QLocale());

} // namespace ValueFormat
