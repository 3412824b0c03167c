#include "db/BoundedFileRead.h"

#include <QCoreApplication>
#include <QFile>
#include <algorithm>

namespace BoundedFileRead {

QString tooLargeMessage(const Limit &limit)
{
    const QString size =
        limit.bytes % kMiB == 0
            ? QCoreApplication::translate("BoundedFileRead", "%1 MiB").arg(limit.bytes / kMiB)
            : QCoreApplication::translate("BoundedFileRead", "%1 bytes").arg(limit.bytes);
    return QCoreApplication::translate("BoundedFileRead",
                                       "larger than %1, the most %2 may have (read no further)")
        .arg(size, QCoreApplication::translate("BoundedFileRead", limit.kind));
}

Result read(const QString &path, const Limit &limit)
{
    Result result;
    QFile file(path);
    // Unbuffered: the bytes go straight into the result, with no second copy in QFile's buffer.
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        result.error =
            QCoreApplication::translate("BoundedFileRead", "cannot read it (%1)").arg(file.errorString());
        return result;
    }
    constexpr qint64 kChunk = 1024 * 1024;
    const qint64 most = limit.bytes + 1;
    // A regular file's size reserves the bytes at once; a pipe or device grows chunk by chunk.
    if (!file.isSequential() && file.size() > 0)
        result.bytes.reserve(qsizetype(std::min(file.size(), most)));
    while (result.bytes.size() < most) {
        const qint64 wanted = std::min(kChunk, most - result.bytes.size());
        const qsizetype at = result.bytes.size();
        result.bytes.resize(at + qsizetype(wanted));
        const qint64 got = file.read(result.bytes.data() + at, wanted);
        if (got < 0) {
            result.bytes.clear();
            result.error =
                QCoreApplication::translate("BoundedFileRead", "cannot read it (%1)").arg(file.errorString());
            return result;
        }
        result.bytes.resize(at + qsizetype(got));
        if (got == 0)
            break; // the end of the file (a pipe: its writer closed it)
    }
    if (result.bytes.size() > limit.bytes) {
        result.bytes.clear();
        result.bytes.squeeze();
        result.tooLarge = true;
        result.error = tooLargeMessage(limit);
    }
    return result;
}

} // namespace BoundedFileRead
