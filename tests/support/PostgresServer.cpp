#include "tests/support/PostgresServer.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <arpa/inet.h>
#include <fcntl.h>
#include <grp.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

// The newest installed server's binaries (Debian: /usr/lib/postgresql/VERSION/bin), or $PG_BINDIR.
QString findBinDir()
{
    const QString given = qEnvironmentVariable("PG_BINDIR");
    if (!given.isEmpty())
        return QFile::exists(given + QStringLiteral("/pg_ctl")) ? given : QString();
    QDir root(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(),
              [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
    for (const QString &version : versions) {
        const QString bin = root.filePath(version + QStringLiteral("/bin"));
        if (QFile::exists(bin + QStringLiteral("/pg_ctl")) && QFile::exists(bin + QStringLiteral("/initdb")))
            return bin;
    }
    return {};
}

// A port nobody listens on now (the kernel's choice for port 0).
int freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof(address);
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

class AdminConnection
{
public:
    AdminConnection(const PostgresServer &server, const QString &database)
        : m_name(QStringLiteral("postgres-server-admin-%1").arg(counter().fetchAndAddRelaxed(1)))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
        db.setHostName(QStringLiteral("127.0.0.1"));
        db.setPort(server.port());
        db.setDatabaseName(database);
        db.setUserName(QString::fromLatin1(PostgresServer::kAdmin));
        db.setPassword(QString::fromLatin1(PostgresServer::kAdminPassword));
        if (!db.open())
            m_error = db.lastError().text();
    }
    ~AdminConnection()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    AdminConnection(const AdminConnection &) = delete;
    AdminConnection &operator=(const AdminConnection &) = delete;
    QString error() const { return m_error; }
    QSqlDatabase database() const { return QSqlDatabase::database(m_name, false); }

private:
    static QAtomicInteger<quint64> &counter()
    {
        static QAtomicInteger<quint64> value;
        return value;
    }
    QString m_name;
    QString m_error;
};

} // namespace

PostgresServer *PostgresServer::shared(QString *whyNot)
{
    static QString failure;
    static std::unique_ptr<PostgresServer> server = [] {
        std::unique_ptr<PostgresServer> started(new PostgresServer);
        if (!started->start(&failure))
            started.reset();
        return started;
    }();
    if (!server && whyNot)
        *whyNot = failure;
    return server.get();
}

int PostgresServer::runAsServerUser(const QStringList &arguments, QString *output) const
{
    const QString logPath = m_dir.filePath(QStringLiteral("command.log"));
    std::vector<QByteArray> storage;
    for (const QString &argument : arguments)
        storage.push_back(QFile::encodeName(argument));
    std::vector<char *> argv;
    for (QByteArray &argument : storage)
        argv.push_back(argument.data());
    argv.push_back(nullptr);
    const QByteArray log = QFile::encodeName(logPath);
    const pid_t pid = ::fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        const int fd = ::open(log.constData(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0) {
            ::dup2(fd, STDOUT_FILENO);
            ::dup2(fd, STDERR_FILENO);
        }
        if (m_switchUser && (::setgroups(0, nullptr) != 0 || ::setgid(m_gid) != 0 || ::setuid(m_uid) != 0))
            ::_exit(126);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (output) {
        QFile file(logPath);
        if (file.open(QIODevice::ReadOnly))
            *output = QString::fromLocal8Bit(file.readAll());
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

QString PostgresServer::makeCertificates()
{
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty())
        return QStringLiteral("no openssl to make a certificate with (Debian: openssl)");
    for (const QString &name : {QStringLiteral("server"), QStringLiteral("foreign")}) {
        QProcess process;
        process.setProcessChannelMode(QProcess::MergedChannels);
        process.start(openssl,
                      {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                       QStringLiteral("rsa:2048"), QStringLiteral("-nodes"), QStringLiteral("-days"),
                       QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=localhost"),
                       QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1,DNS:localhost"),
                       QStringLiteral("-keyout"), m_dir.filePath(name + QStringLiteral(".key")),
                       QStringLiteral("-out"), m_dir.filePath(name + QStringLiteral(".crt"))});
        if (!process.waitForFinished(60000) || process.exitStatus() != QProcess::NormalExit ||
            process.exitCode() != 0)
            return QStringLiteral("openssl req failed: ") + QString::fromLocal8Bit(process.readAll());
    }
    // The server refuses a key others may read; it reads it as its own user.
    const QByteArray key = QFile::encodeName(m_dir.filePath(QStringLiteral("server.key")));
    if (::chmod(key.constData(), 0600) != 0 || (m_switchUser && ::chown(key.constData(), m_uid, m_gid) != 0))
        return QStringLiteral("cannot give the key to the server's user");
    return {};
}

bool PostgresServer::start(QString *whyNot)
{
    m_binDir = findBinDir();
    if (m_binDir.isEmpty()) {
        *whyNot = QStringLiteral("no PostgreSQL server binaries (/usr/lib/postgresql/*/bin or $PG_BINDIR; "
                                 "packaging/install-deps.sh installs postgresql)");
        return false;
    }
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL"))) {
        *whyNot = QStringLiteral("Qt's PostgreSQL driver QPSQL is missing (libqt6sql6-psql)");
        return false;
    }
    if (!m_dir.isValid()) {
        *whyNot = QStringLiteral("cannot make a temporary folder");
        return false;
    }
    if (::geteuid() == 0) {
        const passwd *user = ::getpwnam("postgres");
        if (!user)
            user = ::getpwnam("nobody");
        if (!user) {
            *whyNot =
                QStringLiteral("running as root and neither a postgres nor a nobody user to run the server");
            return false;
        }
        m_uid = user->pw_uid;
        m_gid = user->pw_gid;
        m_switchUser = true;
        if (::chown(QFile::encodeName(m_dir.path()).constData(), m_uid, m_gid) != 0) {
            *whyNot = QStringLiteral("cannot give %1 to the server's user").arg(m_dir.path());
            return false;
        }
    }
    const QString data = m_dir.filePath(QStringLiteral("data"));
    const QString passwordFile = m_dir.filePath(QStringLiteral("password"));
    {
        QFile file(passwordFile);
        if (!file.open(QIODevice::WriteOnly) || file.write(kAdminPassword) < 0) {
            *whyNot = QStringLiteral("cannot write %1").arg(passwordFile);
            return false;
        }
    }
    if (m_switchUser && ::chown(QFile::encodeName(passwordFile).constData(), m_uid, m_gid) != 0) {
        *whyNot = QStringLiteral("cannot give %1 to the server's user").arg(passwordFile);
        return false;
    }
    QString output;
    // No locale: text sorts by code point as in SQLite. No sync: a test server's files need not survive.
    if (runAsServerUser({m_binDir + QStringLiteral("/initdb"), QStringLiteral("-D"), data,
                         QStringLiteral("-N"), QStringLiteral("-U"), QString::fromLatin1(kAdmin),
                         QStringLiteral("--pwfile"), passwordFile, QStringLiteral("--auth-local=trust"),
                         QStringLiteral("--auth-host=scram-sha-256"), QStringLiteral("--no-locale"),
                         QStringLiteral("-E"), QStringLiteral("UTF8")},
                        &output) != 0) {
        *whyNot = QStringLiteral("initdb failed: ") + output;
        return false;
    }
    m_sslError = makeCertificates();
    const QString ssl = m_sslError.isEmpty()
                            ? QStringLiteral(" -c ssl=on -c ssl_cert_file=%1 -c ssl_key_file=%2")
                                  .arg(serverCertificate(), m_dir.filePath(QStringLiteral("server.key")))
                            : QString();
    for (int attempt = 0; attempt < 3 && !m_running; ++attempt) {
        m_port = freePort();
        const QString options =
            QStringLiteral(
                "-c listen_addresses=127.0.0.1 -c port=%1 -c unix_socket_directories=%2 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")
                .arg(m_port)
                .arg(m_dir.path()) +
            ssl;
        m_running = runAsServerUser({m_binDir + QStringLiteral("/pg_ctl"), QStringLiteral("-D"), data,
                                     QStringLiteral("-o"), options, QStringLiteral("-l"),
                                     m_dir.filePath(QStringLiteral("server.log")), QStringLiteral("-w"),
                                     QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("start")},
                                    &output) == 0;
    }
    if (!m_running) {
        QFile log(m_dir.filePath(QStringLiteral("server.log")));
        if (log.open(QIODevice::ReadOnly))
            output += QString::fromLocal8Bit(log.readAll());
        *whyNot = QStringLiteral("the PostgreSQL server did not start: ") + output;
        return false;
    }
    return true;
}

PostgresServer::~PostgresServer()
{
    if (m_running)
        runAsServerUser({m_binDir + QStringLiteral("/pg_ctl"), QStringLiteral("-D"),
                         m_dir.filePath(QStringLiteral("data")), QStringLiteral("-m"),
                         QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("stop")},
                        nullptr);
}

QString PostgresServer::url(const QString &database, const QString &user, const QString &password) const
{
    return QStringLiteral("postgresql://%1%2@127.0.0.1:%3/%4")
        .arg(user, password.isEmpty() ? QString() : u':' + password)
        .arg(m_port)
        .arg(database);
}

QString PostgresServer::createDatabase(const QString &owner)
{
    const QString name = QStringLiteral("team_%1").arg(++m_databases);
    const QString problem =
        exec(QStringLiteral("postgres"),
             QStringLiteral("CREATE DATABASE %1%2")
                 .arg(name, owner.isEmpty() ? QString() : QStringLiteral(" OWNER ") + owner));
    return problem.isEmpty() ? name : QString();
}

QString PostgresServer::exec(const QString &database, const QString &sql)
{
    AdminConnection connection(*this, database);
    if (!connection.error().isEmpty())
        return connection.error();
    QSqlQuery query(connection.database());
    if (!query.exec(sql))
        return query.lastError().text();
    return {};
}

QString PostgresServer::queryValue(const QString &database, const QString &sql)
{
    AdminConnection connection(*this, database);
    if (!connection.error().isEmpty())
        return {};
    QSqlQuery query(connection.database());
    if (!query.exec(sql) || !query.next())
        return {};
    return query.value(0).toString();
}
