#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>
#include <optional>

// Every reader of a file a user names (measurement files, catalogue imports, scenarios, request traces,
// Hugging Face configs, files dropped on the window) reads it through here: at most its limit plus one
// byte, whatever the path is. A file's size says nothing about a pipe, a FIFO, a device (/dev/zero) or a
// /proc file (0 for each), so the limit is counted on the bytes read, never on QFile::size(); an endless
// source stops one byte past the limit, in bounded time and memory.
namespace BoundedFileRead {

// The most bytes a kind of file may have, and the kind's name for the message ("a measurement file").
struct Limit
{
    qint64 bytes;
    const char *kind; // QT_TRANSLATE_NOOP("BoundedFileRead", ...), translated in the message
};

inline constexpr qint64 kMiB = 1024 * 1024;
inline constexpr Limit kMeasurementFile{64 * kMiB,
                                        QT_TRANSLATE_NOOP("BoundedFileRead", "a measurement file")};
inline constexpr Limit kCatalogueFile{64 * kMiB, QT_TRANSLATE_NOOP("BoundedFileRead", "a catalogue file")};
inline constexpr Limit kScenarioFile{16 * kMiB, QT_TRANSLATE_NOOP("BoundedFileRead", "a scenario file")};
inline constexpr Limit kRequestTrace{64 * kMiB,
                                     QT_TRANSLATE_NOOP("BoundedFileRead", "a request trace or dataset")};
inline constexpr Limit kModelConfig{16 * kMiB, QT_TRANSLATE_NOOP("BoundedFileRead", "a model's config.json")};
inline constexpr Limit kRecoveryFile{64 * kMiB,
                                     QT_TRANSLATE_NOOP("BoundedFileRead", "an edit recovery file")};

struct Result
{
    QByteArray bytes;
    QString error; // without the path: "cannot read it (No such file or directory)", "larger than 64 MiB,
                   // ..."
    bool tooLarge = false;
    bool ok() const { return error.isEmpty(); }
};

// The whole file, or why not: it cannot be opened or read, or it holds more than limit.bytes (then
// nothing past limit.bytes + 1 was read, and the message names the limit and the kind of file).
Result read(const QString &path, const Limit &limit);

// "larger than 64 MiB, the most a measurement file may have": the message of a file over the limit.
QString tooLargeMessage(const Limit &limit);

} // namespace BoundedFileRead
