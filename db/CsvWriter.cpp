#include "db/CsvWriter.h"

namespace {

bool startsLikeFormula(const QString &value)
{
    if (value.isEmpty())
        return false;
    const QChar first = value.front();
    return first == u'=' || first == u'+' || first == u'-' || first == u'@' || first == u'\t' ||
           first == u'\r' || first == u'\'';
}

} // namespace

namespace CsvWriter {

QString field(const QString &value)
{
    const bool needsQuotes = value.contains(u',') || value.contains(u'"') || value.contains(u'\n') ||
                             value.contains(u'\r') ||
                             (!value.isEmpty() && (value.front().isSpace() || value.back().isSpace()));
    if (!needsQuotes)
        return value;
    QString quoted = value;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString textField(const QString &value)
{
    return field(startsLikeFormula(value) ? u'\'' + value : value);
}

QString unprotectText(const QString &value)
{
    if (value.size() >= 2 && value.front() == u'\'' && startsLikeFormula(value.mid(1)))
        return value.mid(1);
    return value;
}

QString line(const QStringList &escapedFields)
{
    return escapedFields.join(u',') + QStringLiteral("\r\n");
}

} // namespace CsvWriter
