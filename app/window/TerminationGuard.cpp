#include "app/window/TerminationGuard.h"

#include <QGuiApplication>
#include <QSocketNotifier>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace {

int s_pipe[2] = {-1, -1}; // [0] written by the handler, [1] read by the notifier
// The handler's end, read once per signal: -1 before teardown closes it, so a handler running on
// another thread never writes into a closed (or reused) descriptor.
std::atomic<int> s_writeEnd{-1};
static_assert(std::atomic<int>::is_always_lock_free, "read in a signal handler");
struct sigaction s_previous;

void onSigterm(int)
{
    const int fd = s_writeEnd.load();
    if (fd < 0)
        return;
    const int savedErrno = errno;
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(fd, &byte, 1);
    errno = savedErrno;
}

} // namespace

TerminationGuard::TerminationGuard(QObject *parent)
    : QObject(parent)
{
#if QT_CONFIG(sessionmanager)
    if (auto *app = qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        connect(app, &QGuiApplication::commitDataRequest, this, &TerminationGuard::sessionEnding,
                Qt::DirectConnection); // the session manager waits for the slot to return
#endif
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, s_pipe) != 0)
        return; // no guard: SIGTERM keeps its default action
    m_notifier = new QSocketNotifier(s_pipe[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationGuard::readSignal);
    s_writeEnd.store(s_pipe[0]);
    struct sigaction action = {};
    action.sa_handler = onSigterm;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &action, &s_previous);
}

TerminationGuard::~TerminationGuard()
{
    if (!m_notifier)
        return;
    sigaction(SIGTERM, &s_previous, nullptr);
    s_writeEnd.store(-1);
    delete m_notifier;
    ::close(s_pipe[0]);
    ::close(s_pipe[1]);
    s_pipe[0] = s_pipe[1] = -1;
}

void TerminationGuard::readSignal()
{
    char byte = 0;
    [[maybe_unused]] const ssize_t read = ::read(s_pipe[1], &byte, 1);
    emit terminationRequested();
}
