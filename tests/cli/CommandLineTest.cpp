#include "app/cli/GlobalCommandLine.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <gtest/gtest.h>
#include <set>

TEST(CommandLine, VersionPrintsNameAndVersion)
{
    const ProcessResult result = runGpuCompare({QStringLiteral("--version")});
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_EQ(result.out.trimmed(), QStringLiteral("gpucompare " GPUCOMPARE_VERSION));
}

TEST(CommandLine, HelpNamesTheGlobalOptions)
{
    const ProcessResult result = runGpuCompare({QStringLiteral("--help")});
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_TRUE(result.out.startsWith(QStringLiteral("Usage: gpucompare "))) << result.out.toStdString();
    for (const char *option : {"--db", "--screenshot", "--window-size", "--version", "--help"})
        EXPECT_TRUE(result.out.contains(QLatin1String(option))) << option;
}

TEST(CommandLine, UnknownOptionIsExit2WithOneLineNamingIt)
{
    const ProcessResult result = runGpuCompare({QStringLiteral("--frobnicate")});
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("frobnicate")));
    EXPECT_EQ(result.err.trimmed().count(u'\n'), 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.isEmpty());
}

TEST(CommandLine, UnknownCommandIsExit2)
{
    const ProcessResult result = runGpuCompare({QStringLiteral("frobnicate")});
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("unknown command 'frobnicate'")))
        << result.err.toStdString();
}

TEST(Screenshot, WritesAPngOfTheWindow)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("window.png"));
    const ProcessResult result = runGpuCompare({QStringLiteral("--screenshot"), path});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();

    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.read(8).startsWith("\x89PNG\r\n\x1a\n"));
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_GE(image.width(), 1000);
    EXPECT_GE(image.height(), 600);

    // Not blank: a drawn window has text, frames and a menu bar, so many distinct colours.
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            colours.insert(image.pixel(x, y));
    EXPECT_GT(colours.size(), 8u);
}

TEST(Screenshot, UnwritablePathIsExit2WithAMessage)
{
    const ProcessResult result =
        runGpuCompare({QStringLiteral("--screenshot"), QStringLiteral("/nonexistent-folder/shot.png")});
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_TRUE(result.err.contains(QStringLiteral("/nonexistent-folder"))) << result.err.toStdString();
    EXPECT_FALSE(QFile::exists(QStringLiteral("/nonexistent-folder/shot.png")));
}

TEST(Screenshot, PathThatIsAFolderIsExit2)
{
    QTemporaryDir dir;
    const ProcessResult result = runGpuCompare({QStringLiteral("--screenshot"), dir.path()});
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_FALSE(result.err.isEmpty());
}

// The window follows the system language; the command line does not: scripts parse its output, and the
// estimator's translated messages fall back to their English source when no translator is installed.
TEST(CommandLine, OutputStaysEnglishInAChineseLocale)
{
    const QList<QPair<QString, QString>> chinese{{QStringLiteral("LANG"), QStringLiteral("zh_CN.UTF-8")},
                                                 {QStringLiteral("LANGUAGE"), QStringLiteral("zh_CN")},
                                                 {QStringLiteral("LC_ALL"), QStringLiteral("zh_CN.UTF-8")}};
    const QStringList estimate{QStringLiteral("estimate"),       QStringLiteral("--gpu"),
                               QStringLiteral("h100_sxm5_80gb"), QStringLiteral("--model"),
                               QStringLiteral("llama-3-8b"),     QStringLiteral("--task"),
                               QStringLiteral("training"),       QStringLiteral("--math")};
    const ProcessResult english = runGpuCompare(estimate);
    const ProcessResult inChinese = runGpuCompare(estimate, 60000, chinese);
    ASSERT_EQ(inChinese.exitCode, 0) << inChinese.err.toStdString();
    EXPECT_EQ(inChinese.out, english.out);
    // English, with English plurals (the command line loads them whatever the locale).
    EXPECT_TRUE(inChinese.out.contains(QStringLiteral("does not fit on 1 GPU:")))
        << inChinese.out.toStdString();
    EXPECT_TRUE(inChinese.out.contains(QStringLiteral("weights per GPU"))) << inChinese.out.toStdString();

    const ProcessResult bad =
        runGpuCompare({QStringLiteral("estimate"), QStringLiteral("--gpu"), QStringLiteral("h100_sxm5_80gb"),
                       QStringLiteral("--model"), QStringLiteral("llama-3-8b"), QStringLiteral("--task"),
                       QStringLiteral("inference"), QStringLiteral("--batch"), QStringLiteral("-3")},
                      60000, chinese);
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_FALSE(bad.err.contains(QStringLiteral("批"))) << bad.err.toStdString();
}

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

// `gpucompare FILE.gpuc`: the window opens with the scenario; the commands stay commands.
TEST(CommandLine, AScenarioFileOpensTheWindowWithIt)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("serve.gpuc"));
    ASSERT_TRUE(writeFile(path, QByteArray()));
    const QString program = QStringLiteral("gpucompare");

    GlobalCommandLine line = GlobalCommandLine::parse({program, path});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::OpenWindow);
    EXPECT_EQ(line.scenarioPath, path);

    // Options before or after it, and a file that is not there yet (the window says so): the same.
    line = GlobalCommandLine::parse({program, QStringLiteral("--db"), QStringLiteral("c.db"), path,
                                     QStringLiteral("--screenshot"), QStringLiteral("shot.png")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::OpenWindow) << line.errorMessage.toStdString();
    EXPECT_EQ(line.scenarioPath, path);
    EXPECT_EQ(line.databasePath, QStringLiteral("c.db"));
    EXPECT_EQ(line.screenshotPath, QStringLiteral("shot.png"));
    line = GlobalCommandLine::parse({program, QStringLiteral("not-yet.GPUC")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::OpenWindow);
    EXPECT_EQ(line.scenarioPath, QStringLiteral("not-yet.GPUC"));

    line = GlobalCommandLine::parse({program, QStringLiteral("list"), QStringLiteral("--json")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::RunCommand);
    EXPECT_EQ(line.command, QStringLiteral("list"));
    EXPECT_TRUE(line.scenarioPath.isEmpty());

    // One scenario, and no command with it.
    line = GlobalCommandLine::parse({program, path, QStringLiteral("list")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::Error);
    EXPECT_TRUE(line.errorMessage.contains(QStringLiteral("list"))) << line.errorMessage.toStdString();
    line = GlobalCommandLine::parse({program, path, QStringLiteral("b.gpuc")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::Error);
    EXPECT_TRUE(line.errorMessage.contains(QStringLiteral("b.gpuc"))) << line.errorMessage.toStdString();
    line = GlobalCommandLine::parse({program, QStringLiteral("notes.txt")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::Error);
}

// A scenario that cannot be opened: the window still opens (here: its screenshot is written) and what the
// message box would say is on stderr.
TEST(Screenshot, ADamagedScenarioIsNamedOnStderrAndTheWindowStillOpens)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("damaged.gpuc"));
    ASSERT_TRUE(writeFile(scenario, "{\"format\": \"gpucompare-scenario\", \"schema_"));
    const QString shot = dir.filePath(QStringLiteral("window.png"));
    const ProcessResult result = runGpuCompare({scenario, QStringLiteral("--screenshot"), shot});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.contains(scenario)) << result.err.toStdString();
    EXPECT_FALSE(QImage(shot).isNull());
}

// --window-size opens the window at a size (the screenshots at each screen size); a size it cannot read
// is refused with the form it wants, and it does not go with a headless command.
TEST(GlobalCommandLine, WindowSizeIsReadAsWidthByHeightOrRefused)
{
    const QString program = QStringLiteral("gpucompare");
    GlobalCommandLine line =
        GlobalCommandLine::parse({program, QStringLiteral("--window-size"), QStringLiteral("1280x720")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::OpenWindow) << line.errorMessage.toStdString();
    EXPECT_EQ(line.windowSize, QSize(1280, 720));
    EXPECT_FALSE(GlobalCommandLine::parse({program}).windowSize.isValid());
    for (const char *bad : {"1280", "1280x", "x720", "1280*720", "100x100", "99999x720", "wide"}) {
        line = GlobalCommandLine::parse({program, QStringLiteral("--window-size"), QString::fromLatin1(bad)});
        EXPECT_EQ(line.action, GlobalCommandLine::Action::Error) << bad;
        EXPECT_TRUE(line.errorMessage.contains(QString::fromLatin1(bad))) << line.errorMessage.toStdString();
        EXPECT_TRUE(line.errorMessage.contains(QStringLiteral("WIDTHxHEIGHT")))
            << line.errorMessage.toStdString();
    }
    line = GlobalCommandLine::parse(
        {program, QStringLiteral("--window-size"), QStringLiteral("1280x720"), QStringLiteral("list")});
    EXPECT_EQ(line.action, GlobalCommandLine::Action::Error);
    EXPECT_TRUE(line.errorMessage.contains(QStringLiteral("--window-size")))
        << line.errorMessage.toStdString();
}
