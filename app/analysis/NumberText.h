#pragma once

#include <QLocale>
#include <QString>

// A number at a fixed count of decimals for a sentence or a text column, never hundreds of digits: from
// 1e12 up it is written in e-notation ("1.00e+305"; a datasheet value of 1e-300 TFLOPS gives such a
// time), and a value that is not finite says so ("inf", "n/a") instead of printing a number.
namespace NumberText {

QString fixed(double value, int decimals); // C locale, for the command line and --json side texts
QString fixed(double value, int decimals, const QLocale &locale);

} // namespace NumberText
