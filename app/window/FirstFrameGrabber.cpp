#include "app/window/FirstFrameGrabber.h"

#include "app/ExitCodes.h"
#include "app/window/ComparisonController.h"
#include "app/window/MainWindow.h"
#include "app/window/PlanController.h"
#include "db/AtomicFileWriter.h"
#include "widgets/charts/ChartsPanel.h"
#include "widgets/common/FirstFrameShown.h"
#include "widgets/plan/PlanTab.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QImageWriter>
#include <QPixmap>
#include <QScreen>
#include <QTabWidget>
#include <QTimer>
#include <QWidget>
#include <cstdio>

FirstFrameGrabber::FirstFrameGrabber(QWidget *window, QString path, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_path(std::move(path))
{
    m_window->installEventFilter(this);
}

bool FirstFrameGrabber::eventFilter(QObject *watched, QEvent *event)
{
    // The first Paint event means the window has been laid out and drawn once; grab right after
    // it has been delivered, from the event loop.
    if (watched == m_window && event->type() == QEvent::Paint && !m_scheduled) {
        m_scheduled = true;
        if (!waitsForChart())
            QTimer::singleShot(0, this, &FirstFrameGrabber::grabAndQuit);
    }
    return QObject::eventFilter(watched, event);
}

bool FirstFrameGrabber::waitsForChart()
{
    const auto *window = qobject_cast<MainWindow *>(m_window);
    if (window && window->tabs()->currentWidget() == window->planTab() && window->plan()->isBusy()) {
        // The Plan tab: the frame once the search has ended and its table and chart are drawn.
        m_renderAgain = true;
        connect(window->plan(), &PlanController::planShown, this, &FirstFrameGrabber::grabAndQuit,
                Qt::QueuedConnection);
        return true;
    }
    if (!window || window->tabs()->currentWidget() != window->chartsPanel() ||
        !window->comparison()->isComputingCurves())
        return false;
    // The frame on screen may be older than the chart: render the window again when it is drawn.
    m_renderAgain = true;
    connect(window->comparison(), &ComparisonController::loadCurvesShown, this,
            &FirstFrameGrabber::grabAndQuit, Qt::QueuedConnection);
    connect(window->comparison(), &ComparisonController::scalingCurvesShown, this,
            &FirstFrameGrabber::grabAndQuit, Qt::QueuedConnection);
    return true;
}

void FirstFrameGrabber::grabAndQuit()
{
    // The frame the window system was given, read back from the screen (on offscreen, the window's
    // backing store): no second rendering of the whole window. Platforms that cannot read windows back
    // (Wayland) return nothing, and the window is rendered again into a pixmap instead.
    if (m_written.valid())
        return; // already grabbed
    logFirstFrameShown(*m_window);
    QPixmap frame = m_renderAgain ? QPixmap() : m_window->screen()->grabWindow(m_window->winId());
    if (frame.isNull() || frame.size() != m_window->size() * frame.devicePixelRatio())
        frame = m_window->grab();
    // QPixmap belongs to the GUI thread; the image is what the writer thread may touch.
    m_written = std::async(std::launch::async, [image = frame.toImage(), path = m_path] {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        const CatalogueError error =
            !QImageWriter(&buffer, "png").write(image)
                ? CatalogueError::make(CatalogueError::Kind::Io,
                                       tr("cannot write %1: PNG encoding failed").arg(path))
                : AtomicFileWriter::write(path, png);
        if (!error)
            return int(ExitCode::Ok);
        std::fprintf(stderr, "gpucompare: screenshot: %s\n", qPrintable(error.message));
        return ExitCode::forError(error.kind); // the path was checked before the window opened
    });
    QCoreApplication::exit(ExitCode::Ok);
}

int FirstFrameGrabber::waitUntilWritten(int exitCodeIfNoFrame)
{
    return m_written.valid() ? m_written.get() : exitCodeIfNoFrame;
}
