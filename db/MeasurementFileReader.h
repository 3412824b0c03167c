#pragma once

#include "db/BoundedFileRead.h"
#include "db/MeasuredRun.h"

#include <QByteArray>
#include <QString>
#include <QVector>

// Reads a user's benchmark result file into MeasuredRun records. The format is recognised by the
// content, never the file name: vllm bench serve --save-result JSON, SGLang bench_serving JSONL,
// AIPerf / GenAI-Perf profile export JSON, llama-bench -o json / jsonl / csv, and GPU Compare's CSV
// template (docs/measurements.md). Touches nothing but the file: a pure reader.
//
// A file is read whole or refused: an error is one line naming the file and what is wrong (the formats
// read, where the JSON breaks off, which field holds NaN or a negative value, that there are no runs).
struct MeasurementReadResult
{
    QVector<MeasuredRun> runs; // empty when error is set
    QString error;             // "" on success

    bool ok() const { return error.isEmpty(); }
};

class MeasurementFileReader
{
public:
    static constexpr qsizetype kMaxBytes = BoundedFileRead::kMeasurementFile.bytes;

    // Reads the file at path (BoundedFileRead: at most kMaxBytes + 1 bytes of anything); fileName in messages
    // is its name without the directory.
    static MeasurementReadResult read(const QString &path);
    // Reads bytes that came from a file called fileName (used in messages only).
    static MeasurementReadResult read(const QByteArray &bytes, const QString &fileName);

    // The formats read, for messages and help: "vllm bench serve --save-result JSON, ...".
    static QString formatsRead();
    // A format's name as messages give it ("vllm bench serve JSON").
    static QString formatName(MeasuredRun::Format format);
};
