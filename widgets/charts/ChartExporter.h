#pragma once

#include "db/CatalogueError.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

class ExportableChart;

// Saves a chart as PNG, SVG or PDF at a chosen logical size and scale. Writes are atomic and checked
// (AtomicFileWriter): a failed export, a full disk included, returns a message for the user and leaves
// any previous file byte for byte as it was.
class ChartExporter
{
    Q_DECLARE_TR_FUNCTIONS(ChartExporter)
public:
    enum class Format
    {
        Png,
        Svg,
        Pdf
    };

    struct Options
    {
        Format format = Format::Png;
        QSize size{1600, 1000}; // logical size the chart is laid out at
        double scale = 1.0;     // PNG pixels per logical unit: 1600x1000 at 2 gives 3200x2000
    };

    // The format a file name's extension asks for (case-insensitive .png, .svg, .pdf); none otherwise.
    static std::optional<Format> formatForFileName(const QString &fileName);
    static QString fileExtension(Format format);

    // A chart drawn for export and not yet written. Drawing needs the GUI thread (it lays out widgets);
    // encoding a large PNG and writing the file do not, so write() may run on a worker thread.
    struct Drawing
    {
        QString fileName;
        QImage image;     // a PNG export, to be encoded by write()
        QByteArray bytes; // an SVG or PDF export, complete
    };

    // Writes the chart to fileName: draw() then write(). Returns true on success; on failure false and, if
    // errorMessage is not null, a translated message naming the file and the reason. errorKind, if not
    // null, says whose the failure was: Invalid for a name or size the caller gave, Io for the disk or the
    // system (a full disk, no memory for the image), so the command line can exit with the right code.
    static bool exportChart(const ExportableChart &chart, const QString &fileName, const Options &options,
                            QString *errorMessage = nullptr, CatalogueError::Kind *errorKind = nullptr);

    // The chart drawn at the options' size and scale; nothing on failure, with the message and kind as
    // exportChart() gives them. GUI thread only.
    static std::optional<Drawing> draw(const ExportableChart &chart, const QString &fileName,
                                       const Options &options, QString *errorMessage = nullptr,
                                       CatalogueError::Kind *errorKind = nullptr);
    // Encodes the drawing if it is an image and writes it atomically. Any thread.
    static bool write(const Drawing &drawing, QString *errorMessage = nullptr,
                      CatalogueError::Kind *errorKind = nullptr);

    // The largest PNG side in pixels that exportChart() accepts.
    static constexpr int kMaxPixels = 16384;
};
