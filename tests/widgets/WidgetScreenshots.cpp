// Saves a screenshot of each view filled with the seed article's five GPUs, for looking at them:
//   widgets_screenshots OUTPUT_DIR
// Not a test: run by hand (offscreen) when a view's look changes.

#include "BarChartWidget.h"
#include "ChartExporter.h"
#include "ChartTestData.h"
#include "RadarChartWidget.h"

#include <QApplication>
#include <QDir>
#include <QTextStream>

namespace {

bool save(QWidget &widget, const QString &dir, const QString &name)
{
    widget.show();
    QApplication::processEvents();
    const QString file = QDir(dir).filePath(name + QStringLiteral(".png"));
    const bool ok = widget.grab().save(file);
    QTextStream(stdout) << (ok ? "wrote " : "FAILED ") << file << Qt::endl;
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp/widgets-shots");
    QDir().mkpath(dir);
    bool ok = true;

    BarChartWidget bars;
    bars.resize(900, 560);
    bars.setData(ChartTestData::seedCompute());
    ok &= save(bars, dir, QStringLiteral("bar-compute"));

    BarChartWidget memory;
    memory.resize(900, 560);
    memory.setData(ChartTestData::seedMemoryAndBandwidth());
    ok &= save(memory, dir, QStringLiteral("bar-memory"));

    RadarChartWidget radar;
    radar.resize(900, 560);
    radar.setData(ChartTestData::seedRadar());
    ok &= save(radar, dir, QStringLiteral("radar"));

    for (ChartView *chart : {static_cast<ChartView *>(&bars), static_cast<ChartView *>(&radar)}) {
        const QString base = QDir(dir).filePath(chart == &bars ? QStringLiteral("export-bar") : QStringLiteral("export-radar"));
        for (auto format : {ChartExporter::Format::Png, ChartExporter::Format::Svg, ChartExporter::Format::Pdf}) {
            QString error;
            const QString file = base + u'.' + ChartExporter::fileExtension(format);
            if (!ChartExporter::exportChart(*chart, file, {format, {1600, 1000}, 2.0}, &error)) {
                QTextStream(stdout) << error << Qt::endl;
                ok = false;
            }
        }
    }
    return ok ? 0 : 1;
}
