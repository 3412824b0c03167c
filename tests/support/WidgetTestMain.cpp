// main() for widget tests: a QApplication on the offscreen platform (no display needed), with
// settings and data written to a temporary home so tests never touch the user's files.

#include <QApplication>
#include <QStandardPaths>
#include <gtest/gtest.h>

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("GPU Compare Tests"));
    QCoreApplication::setApplicationName(QStringLiteral("gpucompare-tests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
