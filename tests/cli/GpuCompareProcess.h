#pragma once

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

ProcessResult runGpuCompare(const QStringList &arguments, int timeoutMs = 60000);
