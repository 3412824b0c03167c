#include "tests/cli/GpuCompareProcess.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

ProcessResult runGpuCompare(const QStringList &arguments, int timeoutMs,
                            const QList<QPair<QString, QString>> &extraEnvironment)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    // The user's catalogue and settings are never touched: the default ones live in a scratch home.
    static const QTemporaryDir home;
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    for (const auto &[name, value] : extraEnvironment)
        environment.insert(name, value);
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(GPUCOMPARE_BINARY), arguments);
    ProcessResult result;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        result.crashed = true;
    }
    result.crashed = result.crashed || process.exitStatus() == QProcess::CrashExit;
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}
