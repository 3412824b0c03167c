#pragma once

#include <QString>
#include <optional>

// One measured result with its source, from the calibration set or added by the user.
struct Benchmark
{
    qint64 rowId = 0;
    QString benchId;
    QString category;
    QString gpuId;
    QString gpuAsReported; // the GPU name as the source printed it
    int gpuCount = 1;
    QString system;
    QString model;
    QString task;
    QString precision;
    QString batchSize; // text: "1", "64", or "submitter-tuned"
    QString inputLength;
    QString outputLength;
    QString framework;
    QString metric;
    double value = 0.0;
    QString unit;
    std::optional<double> valuePerGpu;
    QString constraints;
    QString dateOrVersion;
    QString source;
    QString reliability;
    QString notes;

    int revision = 0; // bumped on every save; detects concurrent edits
    bool userModified = false;
};
