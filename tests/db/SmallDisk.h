#pragma once

#include <QString>
#include <QTemporaryDir>

// A small tmpfs mounted for one test, to run the catalogue on a disk that fills up as a user's does.
// Mounting needs root (the tests run as root in CI); where it cannot be mounted, isMounted() is false and
// the test skips.
class SmallDisk
{
public:
    explicit SmallDisk(qint64 bytes);
    ~SmallDisk();
    SmallDisk(const SmallDisk &) = delete;
    SmallDisk &operator=(const SmallDisk &) = delete;

    bool isMounted() const { return m_mounted; }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

    // Fills what is left with a file (filler), until the disk refuses a byte more.
    void fill();
    // Removes the filler: the disk has room again.
    void makeRoom();

private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};
