#include "app/OutputPath.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace OutputPath {

QString unwritableReason(const QString &path)
{
    const QFileInfo info(path);
    const QFileInfo folder(info.absolutePath());
    if (!folder.isDir())
        return QCoreApplication::translate("cli", "the folder %1 does not exist")
            .arg(folder.absoluteFilePath());
    if (!folder.isWritable())
        return QCoreApplication::translate("cli", "the folder %1 is not writable")
            .arg(folder.absoluteFilePath());
    if (info.isDir())
        return QCoreApplication::translate("cli", "%1 is a folder").arg(info.absoluteFilePath());
    if (info.exists() && !info.isWritable())
        return QCoreApplication::translate("cli", "%1 is not writable").arg(info.absoluteFilePath());
    return {};
}

} // namespace OutputPath
