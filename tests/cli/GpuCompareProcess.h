#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

// Runs the built gpucompare binary with arguments and collects what it printed.
struct ProcessResult
{
    int exitCode = -1;
    bool crashed = false;
    QString out;
    QString err;
};

// environment: variables set for this run on top of the test's own ("LANG" -> "zh_CN.UTF-8").
ProcessResult runGpuCompare(const QStringList &arguments, int timeoutMs = 60000,
                            const QList<QPair<QString, QString>> &environment = {});
