#pragma once

#include "widgets/charts/ChartExporter.h"

#include <QFutureWatcher>
#include <QObject>

// Encodes and writes one drawn chart (ChartExporter::write) on Qt's global thread pool, so the window
// stays responsive while a large PNG is encoded: at 3200x2000 pixels that takes Qt's writer a third of
// a second or more (docs/performance.md). finished() arrives on this object's thread. The application
// waits for the global pool when it quits, so closing the window does not cut a write short.
class ChartFileWriter : public QObject
{
    Q_OBJECT
public:
    explicit ChartFileWriter(QObject *parent = nullptr);

    // Starts writing; call once per writer.
    void start(ChartExporter::Drawing drawing);
    const QString &fileName() const { return m_fileName; }

signals:
    // errorMessage is empty when the file was written, else translated and naming the file.
    void finished(const QString &errorMessage);

private:
    QString m_fileName;
    QFutureWatcher<QString> m_watcher;
};
