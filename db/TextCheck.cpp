#include "db/TextCheck.h"

#include <QCoreApplication>
#include <QLocale>

namespace TextCheck {

namespace {

QString codePoint(char32_t c)
{
    return QStringLiteral("U+") + QString::number(static_cast<uint>(c), 16).toUpper().rightJustified(4, u'0');
}

bool isAllowedControl(QStringView text, qsizetype i)
{
    const char16_t c = text.at(i).unicode();
    // Tab and line feed; a carriage return only as the first half of a Windows line break.
    return c == u'\t' || c == u'\n' || (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n');
}

} // namespace

QString problem(QStringView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c.unicode() >= 0x20 && c.unicode() < 0x7f)
            continue; // printable ASCII, nearly all of a catalogue: opening one checks every stored text
        const qsizetype position = i + 1;
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            const char32_t full = QChar::surrogateToUcs4(c, text.at(i + 1));
            if (QChar::isNonCharacter(full))
                return QCoreApplication::translate("TextCheck",
                                                   "contains the noncharacter %1 at character %2 (not text)")
                    .arg(codePoint(full))
                    .arg(position);
            ++i;
            continue;
        }
        if (c.isSurrogate())
            return QCoreApplication::translate(
                       "TextCheck", "contains an unpaired surrogate %1 at character %2 (not valid Unicode)")
                .arg(codePoint(c.unicode()))
                .arg(position);
        if (c.category() == QChar::Other_Control && !isAllowedControl(text, i))
            return QCoreApplication::translate("TextCheck", "contains the control character %1 at character "
                                                            "%2 (only tab and line breaks are allowed)")
                .arg(codePoint(c.unicode()))
                .arg(position);
        if (c.isNonCharacter())
            return QCoreApplication::translate("TextCheck",
                                               "contains the noncharacter %1 at character %2 (not text)")
                .arg(codePoint(c.unicode()))
                .arg(position);
    }
    return {};
}

double fileNumber(const QString &text, bool *ok)
{
    static const QLocale c = [] {
        QLocale locale = QLocale::c();
        locale.setNumberOptions(QLocale::RejectGroupSeparator);
        return locale;
    }();
    return c.toDouble(text, ok);
}

} // namespace TextCheck
