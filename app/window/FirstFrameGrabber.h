#pragma once

#include <QObject>
#include <QString>

class QWidget;

// Saves a window's first painted frame as a PNG, then asks the event loop to exit:
// exit code 0 on success, 2 (with a message on stderr) when the file cannot be written.
class FirstFrameGrabber : public QObject
{
    Q_OBJECT
public:
    FirstFrameGrabber(QWidget *window, QString path, QObject *parent = nullptr);

    // Checked before the window opens, so a bad path fails fast without a window.
    static QString unwritableReason(const QString &path);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void grabAndQuit();

    QWidget *m_window;
    QString m_path;
    bool m_scheduled = false;
};
