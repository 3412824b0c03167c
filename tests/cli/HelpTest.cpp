// --help of gpucompare and of every command, as a user reads it.

#include "app/analysis/WorkloadField.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QMap>
#include <QRegularExpression>
#include <gtest/gtest.h>

namespace {

// The option table of a help text: option name (without dashes) -> its line(s), wrapped lines joined.
QMap<QString, QString> optionEntries(const QString &help)
{
    static const QRegularExpression head(QStringLiteral("^  (?:-\\w, )?--([\\w-]+)"));
    QMap<QString, QString> entries;
    QString current;
    for (const QString &line : help.split(u'\n')) {
        const QRegularExpressionMatch match = head.match(line);
        if (match.hasMatch()) {
            current = match.captured(1);
            entries[current] = line.trimmed();
        } else if (!current.isEmpty() && line.startsWith(QStringLiteral("      "))) {
            entries[current] += u' ' + line.trimmed();
        } else {
            current.clear();
        }
    }
    return entries;
}

QVector<WorkloadField> allFields()
{
    // WorkloadField's values run from Model to TrainTokens.
    QVector<WorkloadField> fields;
    for (int i = int(WorkloadField::Model); i <= int(WorkloadField::TrainTokens); ++i)
        fields << WorkloadField(i);
    return fields;
}

const QStringList kCommands{
    QStringLiteral("list"),         QStringLiteral("show"),        QStringLiteral("models"),
    QStringLiteral("profiles"),     QStringLiteral("import"),      QStringLiteral("export"),
    QStringLiteral("estimate"),     QStringLiteral("compare"),     QStringLiteral("plan"),
    QStringLiteral("export-chart"), QStringLiteral("measurements")};

} // namespace

TEST(Help, EveryCommandPrintsItsUsageAndExits0)
{
    for (const QString &command : kCommands) {
        for (const QString &flag : {QStringLiteral("--help"), QStringLiteral("-h")}) {
            const ProcessResult result = runGpuCompare({command, flag});
            EXPECT_EQ(result.exitCode, 0)
                << command.toStdString() << ' ' << flag.toStdString() << ": " << result.err.toStdString();
            EXPECT_FALSE(result.crashed);
            EXPECT_TRUE(result.err.isEmpty()) << result.err.toStdString();
            EXPECT_TRUE(
                result.out.startsWith(QStringLiteral("Usage: gpucompare [--db FILE] ") + command + u' '))
                << result.out.toStdString();
            EXPECT_TRUE(optionEntries(result.out).contains(QStringLiteral("help"))) << command.toStdString();
        }
    }
}

TEST(Help, WorkloadCommandsListEveryFieldWithItsDefault)
{
    for (const QString &command :
         {QStringLiteral("estimate"), QStringLiteral("compare"), QStringLiteral("export-chart")}) {
        const ProcessResult result = runGpuCompare({command, QStringLiteral("--help")});
        ASSERT_EQ(result.exitCode, 0) << command.toStdString() << ": " << result.err.toStdString();
        const QMap<QString, QString> entries = optionEntries(result.out);
        for (const WorkloadField field : allFields()) {
            const QString option = WorkloadFields::option(field);
            ASSERT_TRUE(entries.contains(option))
                << command.toStdString() << " --help lacks --" << option.toStdString() << "\n"
                << result.out.toStdString();
            // estimate needs the model and the task; everywhere else each field says what it defaults to.
            const bool required = command == QLatin1String("estimate") &&
                                  (field == WorkloadField::Model || field == WorkloadField::Task);
            EXPECT_TRUE(entries.value(option).contains(required ? QStringLiteral("Required")
                                                                : QStringLiteral("Default: ")))
                << command.toStdString() << ": " << entries.value(option).toStdString();
        }
        for (const char *option : {"gpu", "model-config", "json", "math", "help"})
            EXPECT_TRUE(entries.contains(QString::fromLatin1(option)))
                << command.toStdString() << ' ' << option;
    }
}

TEST(Help, TheDefaultsAreTheResolversRecipes)
{
    const QMap<QString, QString> entries =
        optionEntries(runGpuCompare({QStringLiteral("compare"), QStringLiteral("--help")}).out);
    EXPECT_TRUE(entries.value(QStringLiteral("model")).contains(QStringLiteral("Default: llama-3-8b")));
    EXPECT_TRUE(entries.value(QStringLiteral("task")).contains(QStringLiteral("Default: inference")));
    EXPECT_TRUE(entries.value(QStringLiteral("batch")).contains(QStringLiteral("max")));
    EXPECT_TRUE(entries.value(QStringLiteral("input-tokens")).contains(QStringLiteral("Default: 1,024")));
    EXPECT_TRUE(entries.value(QStringLiteral("seq-len")).contains(QStringLiteral("Default: 4,096")));
    EXPECT_TRUE(entries.value(QStringLiteral("profile")).contains(QStringLiteral("vllm")));
}

TEST(Help, ExportChartListsItsOwnOptionsToo)
{
    const QMap<QString, QString> entries =
        optionEntries(runGpuCompare({QStringLiteral("export-chart"), QStringLiteral("--help")}).out);
    for (const char *option : {"chart", "out", "width", "height", "scale"})
        EXPECT_TRUE(entries.contains(QString::fromLatin1(option))) << option;
    EXPECT_TRUE(entries.value(QStringLiteral("chart")).contains(QStringLiteral("radar")));
    EXPECT_TRUE(entries.value(QStringLiteral("width")).contains(QStringLiteral("Default: 1600")));
}

TEST(Help, WinsOverOtherArgumentsAndOpensNoCatalogue)
{
    const ProcessResult result =
        runGpuCompare({QStringLiteral("--db"), QStringLiteral("/nonexistent-folder/catalogue.db"),
                       QStringLiteral("estimate"), QStringLiteral("--batch"), QStringLiteral("lots"),
                       QStringLiteral("--help")});
    EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.err.isEmpty()) << result.err.toStdString();
    EXPECT_TRUE(result.out.startsWith(QStringLiteral("Usage: gpucompare [--db FILE] estimate ")));
}

TEST(Help, TheGlobalHelpNamesTheProgramAndEveryCommand)
{
    const ProcessResult result = runGpuCompare({QStringLiteral("--help")});
    ASSERT_EQ(result.exitCode, 0);
    EXPECT_TRUE(result.out.startsWith(QStringLiteral("Usage: gpucompare "))) << result.out.toStdString();
    EXPECT_FALSE(result.out.contains(QStringLiteral("executable_name")));
    for (const QString &command : kCommands)
        EXPECT_TRUE(result.out.contains(QStringLiteral("\n  ") + command + u' ')) << command.toStdString();
}
