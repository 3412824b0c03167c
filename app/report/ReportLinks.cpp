#include "app/report/ReportLinks.h"

#include <QRegularExpression>

namespace ReportLinks {

QVector<Part> split(const QString &text)
{
    static const QRegularExpression url(QStringLiteral(R"(https?://[^\s;,()<>"]+[^\s;,()<>".])"));
    QVector<Part> parts;
    qsizetype at = 0;
    for (auto it = url.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        if (match.capturedStart() > at)
            parts.append({text.mid(at, match.capturedStart() - at), false});
        parts.append({match.captured(), true});
        at = match.capturedEnd();
    }
    if (at < text.size())
        parts.append({text.mid(at), false});
    return parts;
}

} // namespace ReportLinks
