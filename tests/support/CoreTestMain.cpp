// main() for non-GUI tests: a QCoreApplication (for event loops, QProcess, translations) and
// QStandardPaths test mode, so tests never touch the user's catalogue or settings.

#include <QCoreApplication>
#include <QStandardPaths>
#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("GPU Compare Tests"));
    QCoreApplication::setApplicationName(QStringLiteral("gpucompare-tests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
