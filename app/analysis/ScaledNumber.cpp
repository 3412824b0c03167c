#include "app/analysis/ScaledNumber.h"

#include "db/MessageText.h"

#include <array>
#include <cmath>
#include <limits>

namespace {

struct Suffix
{
    char16_t letter;
    double factor;
};

// Upper case M, B, G and T only: a lower-case "m" reads as milli to some and mega to others.
constexpr std::array<Suffix, 6> kSuffixes{
    {{u'k', 1e3}, {u'K', 1e3}, {u'M', 1e6}, {u'B', 1e9}, {u'G', 1e9}, {u'T', 1e12}}};
// The suffixes format() writes, largest first.
constexpr std::array<Suffix, 3> kFormatSuffixes{{{u'T', 1e12}, {u'B', 1e9}, {u'M', 1e6}}};

QString notANumber(QStringView text, bool whole)
{
    return (whole ? ScaledNumber::tr("'%1' is not a whole number: write digits, optionally followed by %2")
                  : ScaledNumber::tr("'%1' is not a number: write digits, optionally followed by %2"))
        .arg(MessageText::cut(text.toString()), ScaledNumber::suffixHelp());
}

} // namespace

QString ScaledNumber::suffixHelp()
{
    return tr("k (thousand), M (million), B or G (billion) or T (trillion), e.g. 50M or 1.5B");
}

std::optional<double> ScaledNumber::parse(QStringView text, const QLocale &locale, QString *problem)
{
    return read(text, locale, false, problem);
}

std::optional<double> ScaledNumber::read(QStringView text, const QLocale &locale, bool whole,
                                         QString *problem)
{
    QStringView digits = text.trimmed();
    if (digits.isEmpty()) {
        if (problem)
            *problem = tr("empty: expected a number, optionally followed by %1").arg(suffixHelp());
        return std::nullopt;
    }
    double factor = 1.0;
    for (const Suffix &suffix : kSuffixes)
        if (digits.back() == QChar(suffix.letter)) {
            factor = suffix.factor;
            digits = digits.chopped(1).trimmed();
            break;
        }
    bool ok = false;
    const double number = digits.isEmpty() ? 0.0 : locale.toDouble(digits, &ok);
    if (!ok || !std::isfinite(number) || !std::isfinite(number * factor)) {
        if (problem)
            *problem = notANumber(text.trimmed(), whole);
        return std::nullopt;
    }
    return number * factor;
}

std::optional<qint64> ScaledNumber::parseWhole(QStringView text, const QLocale &locale, QString *problem)
{
    const std::optional<double> value = read(text, locale, true, problem);
    if (!value)
        return std::nullopt;
    // 2^63 is exact as a double; every double below it in magnitude converts without overflow.
    constexpr double kLimit = 9223372036854775808.0;
    if (*value >= kLimit || *value < -kLimit) {
        if (problem)
            *problem = tr("'%1' is too large").arg(MessageText::cut(text.trimmed().toString()));
        return std::nullopt;
    }
    if (std::trunc(*value) != *value) {
        if (problem)
            *problem = tr("'%1' is not a whole number").arg(MessageText::cut(text.trimmed().toString()));
        return std::nullopt;
    }
    return static_cast<qint64>(*value);
}

QString ScaledNumber::format(double value, const QLocale &locale)
{
    for (const Suffix &suffix : kFormatSuffixes) {
        if (std::abs(value) < suffix.factor)
            continue;
        QString number = locale.toString(value / suffix.factor, 'f', 3);
        // "1.500" -> "1.5", "50.000" -> "50": the trailing zeros say nothing.
        const QString point = locale.decimalPoint();
        if (number.contains(point)) {
            while (number.endsWith(u'0'))
                number.chop(1);
            if (number.endsWith(point))
                number.chop(point.size());
        }
        QString text = number + QChar(suffix.letter);
        const std::optional<double> back = parse(text, locale, nullptr);
        if (back && std::abs(*back - value) <= 1e-9 * std::abs(value))
            return text;
        break; // more digits than three decimals of the suffix hold: the plain number says them
    }
    return locale.toString(value, 'f', std::trunc(value) == value ? 0 : 3);
}
