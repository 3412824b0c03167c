#pragma once

#include <QObject>

class QSocketNotifier;

// Tells the window when it is being ended without a close: SIGTERM (logout, shutdown, `kill`) and the
// desktop session manager's commitDataRequest. The signal handler only writes a byte to a socket pair;
// a QSocketNotifier reads it on the main thread, where Qt may be used (Qt's "Calling Qt Functions From
// Unix Signal Handlers"). One guard at a time; the previous SIGTERM action is put back when it goes.
class TerminationGuard : public QObject
{
    Q_OBJECT
public:
    explicit TerminationGuard(QObject *parent = nullptr);
    ~TerminationGuard() override;

signals:
    void terminationRequested(); // SIGTERM: the process should save what it can and exit
    void sessionEnding();        // the desktop session is ending: save, the session manager ends us

private:
    void readSignal();

    QSocketNotifier *m_notifier = nullptr;
};
