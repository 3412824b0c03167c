#pragma once

#include <QObject>
#include <QString>
#include <future>

class QWidget;

// Saves a window's first painted frame as a PNG, then asks the event loop to exit. A main window that
// shows a chart still being computed (latency under load), or the Plan tab while its search runs, is saved
// once the chart or the finished plan is drawn. The frame is read
// on the GUI thread; encoding and writing it (most of a --screenshot run) happen on a second thread, so
// the window can be torn down meanwhile. waitUntilWritten() gives the exit code: 0 on success, 1 (with a
// message on stderr) when the write fails, a full disk included.
class FirstFrameGrabber : public QObject
{
    Q_OBJECT
public:
    FirstFrameGrabber(QWidget *window, QString path, QObject *parent = nullptr);

    // Blocks until the frame is written and gives the exit code for the process; exitCodeIfNoFrame when
    // the event loop ended before a frame was painted.
    int waitUntilWritten(int exitCodeIfNoFrame);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool waitsForChart(); // true when it will grab once the window's chart is ready
    void grabAndQuit();

    QWidget *m_window;
    QString m_path;
    bool m_scheduled = false;
    bool m_renderAgain = false; // grab by rendering the window again, not from the screen
    std::future<int> m_written; // std::async's: destroying it waits for a write still in progress
};
