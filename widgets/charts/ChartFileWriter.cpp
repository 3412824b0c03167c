#include "widgets/charts/ChartFileWriter.h"

#include <QtConcurrent/QtConcurrentRun>

ChartFileWriter::ChartFileWriter(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<QString>::finished, this,
            [this] { emit finished(m_watcher.result()); });
}

void ChartFileWriter::start(ChartExporter::Drawing drawing)
{
    m_fileName = drawing.fileName;
    m_watcher.setFuture(QtConcurrent::run([drawing = std::move(drawing)] {
        QString error;
        ChartExporter::write(drawing, &error);
        return error;
    }));
}
