#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <optional>

// Numbers as people type them: "50M", "1.5B", "2T", "50k", "2,048". The workload form and the command line
// read their number fields with this one parser, so "50M" is 50,000,000 at both doors. A suffix multiplies:
// k or K = 10^3, M = 10^6, B or G = 10^9, T = 10^12 (one at most, after the number, a space allowed). Text
// it cannot read is refused with the reason, never guessed at: "50MB", "5e", "inf", "1.5.0", "50m" (milli
// or mega?).
class ScaledNumber
{
    Q_DECLARE_TR_FUNCTIONS(ScaledNumber)
public:
    // The value of text in locale (its decimal point and well-placed group separators; e-notation). nullopt
    // with one translated line in *problem that names the text and what is allowed.
    static std::optional<double> parse(QStringView text, const QLocale &locale, QString *problem);
    // A whole number ("1.5k" = 1,500); a fraction ("1.5", "1.0005k") or a value beyond 64 bits is refused.
    static std::optional<qint64> parseWhole(QStringView text, const QLocale &locale, QString *problem);
    // The shortest text with a suffix that reads back as value ("50M", "1.5B", "2T") from a million up;
    // below that, or when three decimals of the suffix would not give the value back, the plain number.
    static QString format(double value, const QLocale &locale);
    // What the suffixes mean, for tooltips and help: "k = thousand, M = million, B or G = billion, ...".
    static QString suffixHelp();

private:
    static std::optional<double> read(QStringView text, const QLocale &locale, bool whole, QString *problem);
};
