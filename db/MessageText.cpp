#include "db/MessageText.h"

#include <QCoreApplication>
#include <algorithm>

namespace MessageText {

QString cut(const QString &value, int most)
{
    if (value.size() <= most)
        return value;
    qsizetype keep = std::max(0, most - 1);
    if (keep > 0 && value.at(keep - 1).isHighSurrogate())
        --keep;
    return value.left(keep) + QChar(0x2026);
}

QStringList capped(const QStringList &problems, int most)
{
    if (problems.size() <= most)
        return problems;
    QStringList shown = problems.mid(0, most);
    shown << QCoreApplication::translate("MessageText", "and %n more problem(s)", nullptr,
                                         int(problems.size() - most));
    return shown;
}

} // namespace MessageText
