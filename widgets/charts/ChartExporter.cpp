#include "widgets/charts/ChartExporter.h"

#include "db/AtomicFileWriter.h"
#include "widgets/charts/ExportableChart.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QImageWriter>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <cmath>

namespace {

// Vector outputs are laid out at this resolution so point-sized fonts match the screen and PNG layout.
constexpr int kLogicalDpi = 96;

// Fills in whichever of the message and the kind the caller asked for.
struct Failure
{
    QString *message;
    CatalogueError::Kind *kind;

    std::nullopt_t operator()(CatalogueError::Kind failedKind, const QString &text) const
    {
        if (message)
            *message = text;
        if (kind)
            *kind = failedKind;
        return std::nullopt;
    }
};

} // namespace

std::optional<ChartExporter::Format> ChartExporter::formatForFileName(const QString &fileName)
{
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == u"png")
        return Format::Png;
    if (suffix == u"svg")
        return Format::Svg;
    if (suffix == u"pdf")
        return Format::Pdf;
    return std::nullopt;
}

QString ChartExporter::fileExtension(Format format)
{
    switch (format) {
    case Format::Png:
        return QStringLiteral("png");
    case Format::Svg:
        return QStringLiteral("svg");
    case Format::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

bool ChartExporter::exportChart(const ExportableChart &chart, const QString &fileName, const Options &options,
                                QString *errorMessage, CatalogueError::Kind *errorKind)
{
    const std::optional<Drawing> drawing = draw(chart, fileName, options, errorMessage, errorKind);
    return drawing && write(*drawing, errorMessage, errorKind);
}

std::optional<ChartExporter::Drawing> ChartExporter::draw(const ExportableChart &chart,
                                                          const QString &fileName, const Options &options,
                                                          QString *errorMessage,
                                                          CatalogueError::Kind *errorKind)
{
    using Kind = CatalogueError::Kind;
    const Failure fail{errorMessage, errorKind};
    const QString name = QDir::toNativeSeparators(fileName);
    if (fileName.isEmpty())
        return fail(Kind::Invalid, tr("No file name given for the chart export."));
    if (options.size.isEmpty() || !(options.scale > 0.0) || !std::isfinite(options.scale))
        return fail(Kind::Invalid,
                    tr("Cannot export %1: the size %2x%3 at scale %4 is not a valid image size.")
                        .arg(name)
                        .arg(options.size.width())
                        .arg(options.size.height())
                        .arg(options.scale));
    const double pixelsWide = options.size.width() * options.scale;
    const double pixelsHigh = options.size.height() * options.scale;
    if (pixelsWide > kMaxPixels || pixelsHigh > kMaxPixels || options.size.width() > kMaxPixels ||
        options.size.height() > kMaxPixels)
        return fail(Kind::Invalid,
                    tr("Cannot export %1: %2x%3 pixels is larger than the limit of %4 per side.")
                        .arg(name)
                        .arg(qRound(pixelsWide))
                        .arg(qRound(pixelsHigh))
                        .arg(kMaxPixels));

    // Made whole in memory, then written in one checked step (AtomicFileWriter): a full disk fails the
    // export and leaves any previous file as it was, where the PDF and SVG writers ignore write errors.
    Drawing drawing{fileName, {}, {}};
    QByteArray &bytes = drawing.bytes;
    const QSize size = options.size;
    switch (options.format) {
    case Format::Png: {
        QImage &image = drawing.image;
        image = chart.toImage(size, options.scale);
        if (image.isNull())
            return fail(Kind::Io, tr("Cannot export %1: not enough memory for the image.").arg(name));
        // Record the resolution, so a 2x image prints and places at the chart's logical size.
        const int dotsPerMeter = qRound(kLogicalDpi * options.scale / 0.0254);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        break;
    }
    case Format::Svg: {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setResolution(kLogicalDpi);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(chart.chartTitle());
        generator.setDescription(tr("Chart exported by GPU Compare"));
        QPainter painter;
        if (!painter.begin(&generator))
            return fail(Kind::Io, tr("Cannot export %1: the SVG writer could not start.").arg(name));
        chart.renderChart(painter, size);
        painter.end();
        break;
    }
    case Format::Pdf: {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        writer.setResolution(kLogicalDpi);
        writer.setCreator(tr("GPU Compare"));
        writer.setTitle(chart.chartTitle());
        const QSizeF points(size.width() * 72.0 / kLogicalDpi, size.height() * 72.0 / kLogicalDpi);
        writer.setPageLayout(
            QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                        QPageLayout::Portrait, QMarginsF()));
        QPainter painter;
        if (!painter.begin(&writer))
            return fail(Kind::Io, tr("Cannot export %1: the PDF writer could not start.").arg(name));
        chart.renderChart(painter, size);
        painter.end();
        break;
    }
    }

    return drawing;
}

bool ChartExporter::write(const Drawing &drawing, QString *errorMessage, CatalogueError::Kind *errorKind)
{
    const Failure fail{errorMessage, errorKind};
    QByteArray encoded;
    if (!drawing.image.isNull()) {
        QBuffer buffer(&encoded);
        buffer.open(QIODevice::WriteOnly);
        // Encoding into memory fails only when memory runs out.
        if (!QImageWriter(&buffer, "png").write(drawing.image)) {
            fail(CatalogueError::Kind::Io, tr("Cannot export %1: not enough memory for the image.")
                                               .arg(QDir::toNativeSeparators(drawing.fileName)));
            return false;
        }
    }
    const QByteArray &bytes = drawing.image.isNull() ? drawing.bytes : encoded;
    if (const CatalogueError error = AtomicFileWriter::write(drawing.fileName, bytes)) {
        fail(error.kind, error.message);
        return false;
    }
    return true;
}
