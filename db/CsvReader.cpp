#include "db/CsvReader.h"

#include <QCoreApplication>
#include <QStringDecoder>

namespace CsvReader {

std::optional<QVector<CsvRecord>> parse(const QByteArray &bytes, QString *error)
{
    const auto fail = [error](int line, const QString &reason) -> std::optional<QVector<CsvRecord>> {
        if (error)
            *error = QCoreApplication::translate("CsvReader", "line %1: %2").arg(line).arg(reason);
        return std::nullopt;
    };
    if (bytes.size() > kMaxBytes)
        return fail(1, QCoreApplication::translate("CsvReader", "the file is larger than %1 MiB")
                           .arg(kMaxBytes / (1024 * 1024)));

    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::Stateless);
    QString text = decoder.decode(bytes);
    if (decoder.hasError())
        return fail(1, QCoreApplication::translate("CsvReader", "the file is not valid UTF-8 text"));
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    if (text.contains(QChar(0)))
        return fail(1, QCoreApplication::translate("CsvReader",
                                                   "the file contains NUL bytes (binary data, not CSV)"));

    QVector<CsvRecord> records;
    CsvRecord record;
    QString field;
    int line = 1;
    record.line = 1;
    bool inQuotes = false;
    bool fieldWasQuoted = false;
    bool recordHasContent = false;
    int quoteStartLine = 0;

    const auto endField = [&]() -> bool {
        record.fields << field;
        field.clear();
        fieldWasQuoted = false;
        return record.fields.size() <= kMaxFields;
    };
    const auto endRecord = [&]() {
        const bool blank = record.fields.size() == 1 && record.fields.first().isEmpty() && !recordHasContent;
        if (!blank)
            records.append(record);
        record = CsvRecord();
        recordHasContent = false;
    };

    const qsizetype length = text.size();
    for (qsizetype i = 0; i < length; ++i) {
        const QChar c = text.at(i);
        if (inQuotes) {
            if (c == u'"') {
                if (i + 1 < length && text.at(i + 1) == u'"') {
                    field += u'"';
                    ++i;
                } else {
                    inQuotes = false;
                }
            } else {
                if (c == u'\n' || (c == u'\r' && !(i + 1 < length && text.at(i + 1) == u'\n')))
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u'"') {
            if (!field.isEmpty() || fieldWasQuoted)
                return fail(
                    line,
                    QCoreApplication::translate(
                        "CsvReader",
                        "a quote inside an unquoted field (quote the whole field and double the quote)"));
            inQuotes = true;
            fieldWasQuoted = true;
            recordHasContent = true;
            quoteStartLine = line;
        } else if (c == u',') {
            recordHasContent = true;
            if (!endField())
                return fail(record.line,
                            QCoreApplication::translate("CsvReader", "more than %1 fields").arg(kMaxFields));
        } else if (c == u'\r' || c == u'\n') {
            if (c == u'\r' && i + 1 < length && text.at(i + 1) == u'\n')
                ++i;
            if (!endField())
                return fail(record.line,
                            QCoreApplication::translate("CsvReader", "more than %1 fields").arg(kMaxFields));
            endRecord();
            ++line;
            record.line = line;
        } else {
            if (fieldWasQuoted)
                return fail(line, QCoreApplication::translate("CsvReader", "text after a closing quote"));
            field += c;
            recordHasContent = true;
        }
    }
    if (inQuotes)
        return fail(quoteStartLine,
                    QCoreApplication::translate("CsvReader", "a quoted field is never closed"));
    if (!field.isEmpty() || fieldWasQuoted || !record.fields.isEmpty() || recordHasContent) {
        if (!endField())
            return fail(record.line,
                        QCoreApplication::translate("CsvReader", "more than %1 fields").arg(kMaxFields));
        endRecord();
    }
    return records;
}

} // namespace CsvReader
