#pragma once

#include <QString>
#include <QTemporaryDir>
#include <memory>

// A throwaway PostgreSQL server for the team catalogue tests: initdb and pg_ctl in a temporary folder, on a
// free port of 127.0.0.1 (and a Unix socket in that folder), stopped and removed when the test executable
// ends. One per test executable (shared()): each test takes a new database of its own (createDatabase).
// PostgreSQL refuses to run as root: as root the server runs as the `postgres` user (the postgresql
// package makes it) or else `nobody`; as another user it runs as that user.
// Logins: the superuser kAdmin with kAdminPassword, over TCP with password authentication (scram-sha-256),
// so a wrong password is refused as on a real server.
class PostgresServer
{
public:
    static constexpr const char *kAdmin = "gpucompare_admin";
    static constexpr const char *kAdminPassword = "admin-secret";

    // The server of this executable, started on first use; null and *whyNot when it cannot run here
    // (no server binaries, no Qt driver, no user to run it as, or it failed to start: its log is in whyNot).
    static PostgresServer *shared(QString *whyNot);

    ~PostgresServer();
    PostgresServer(const PostgresServer &) = delete;
    PostgresServer &operator=(const PostgresServer &) = delete;

    int port() const { return m_port; }
    // The server takes SSL (ssl=on with a self-signed certificate made by openssl for 127.0.0.1 and
    // localhost); when it does not, whyNoSsl() says why (no openssl here).
    bool sslEnabled() const { return m_sslError.isEmpty(); }
    QString whyNoSsl() const { return m_sslError; }
    // The server's certificate (its own root: sslrootcert for verify-full), and another self-signed one
    // that did not sign it.
    QString serverCertificate() const { return m_dir.filePath(QStringLiteral("server.crt")); }
    QString foreignCertificate() const { return m_dir.filePath(QStringLiteral("foreign.crt")); }
    // postgresql://USER:PASSWORD@127.0.0.1:PORT/DATABASE (no password part when password is empty).
    QString url(const QString &database, const QString &user = QString::fromLatin1(kAdmin),
                const QString &password = QString::fromLatin1(kAdminPassword)) const;
    // A new empty database owned by owner (the superuser when empty); its name.
    QString createDatabase(const QString &owner = QString());
    // Runs statements (separated by ';' as one simple query) in database as the superuser; "" or the error.
    QString exec(const QString &database, const QString &sql);
    // The first column of the first row of a query as the superuser (empty on failure).
    QString queryValue(const QString &database, const QString &sql);

private:
    PostgresServer() = default;
    bool start(QString *whyNot);
    int runAsServerUser(const QStringList &arguments, QString *output) const;
    // The certificates in the temporary folder; "" or why not.
    QString makeCertificates();

    QTemporaryDir m_dir;
    QString m_binDir;
    int m_port = 0;
    unsigned m_uid = 0;
    unsigned m_gid = 0;
    bool m_switchUser = false;
    bool m_running = false;
    int m_databases = 0;
    QString m_sslError = QStringLiteral("not started");
};

// In a test body: skips the test (with why) when no server can run here.
#define GPUCOMPARE_REQUIRE_POSTGRES(server)                                                                  \
    QString whyNoServer_;                                                                                    \
    PostgresServer *server = PostgresServer::shared(&whyNoServer_);                                          \
    if (!server)                                                                                             \
    GTEST_SKIP() << whyNoServer_.toStdString()
