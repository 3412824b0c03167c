// `gpucompare report SCENARIO.gpuc --out REPORT.pdf|REPORT.html` as a user runs it: the repository's example
// scenario reported as a PDF and as HTML, a failed write that keeps the previous file, and bad arguments
// (exit 2, one line on stderr naming the problem).
#include "db/Catalogue.h"
#include "tests/cli/GpuCompareProcess.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <gtest/gtest.h>

namespace {

const QString kSeedArticle = QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/scenarios/seed-article.gpuc");

class ReportCommand : public ::testing::Test
{
protected:
    // The catalogue is there, as a user's is: a new one would add "created a new catalogue" to stderr.
    void SetUp() override { ASSERT_FALSE(Catalogue::createFromSeed(path(QStringLiteral("catalogue.db")))); }

    ProcessResult report(const QStringList &arguments)
    {
        // A runtime folder of its own, as a desktop session has: without one Qt warns on stderr.
        return runGpuCompare(QStringList{QStringLiteral("--db"), path(QStringLiteral("catalogue.db")),
                                         QStringLiteral("report")} +
                                 arguments,
                             180000, {{QStringLiteral("XDG_RUNTIME_DIR"), m_runtime.path()}});
    }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // Exit 2, nothing on stdout, one line on stderr that holds every one of `mentioned`.
    void expectBadInput(const QStringList &arguments, const QStringList &mentioned)
    {
        const ProcessResult result = report(arguments);
        EXPECT_EQ(result.exitCode, 2)
            << arguments.join(u' ').toStdString() << ": " << result.err.toStdString();
        EXPECT_FALSE(result.crashed);
        EXPECT_TRUE(result.out.isEmpty()) << result.out.toStdString();
        EXPECT_EQ(result.err.trimmed().count(u'\n'), 0) << "one line: " << result.err.toStdString();
        EXPECT_TRUE(result.err.startsWith(QStringLiteral("gpucompare: report: ")))
            << result.err.toStdString();
        for (const QString &text : mentioned)
            EXPECT_TRUE(result.err.contains(text))
                << text.toStdString() << " in " << result.err.toStdString();
    }

    QByteArray readAll(const QString &name) const
    {
        QFile file(path(name));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    void writeFile(const QString &name, const QByteArray &bytes) const
    {
        QFile file(path(name));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
    }

    QTemporaryDir m_dir;
    QTemporaryDir m_runtime;
};

} // namespace

TEST_F(ReportCommand, TheSeedArticleScenarioGivesAPdfWithTheGpusNumbersAndSources)
{
    const ProcessResult result =
        report({kSeedArticle, QStringLiteral("--out"), path(QStringLiteral("report.pdf"))});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    EXPECT_TRUE(result.out.contains(QStringLiteral("report.pdf")));
    EXPECT_TRUE(readAll(QStringLiteral("report.pdf")).startsWith("%PDF-"));

    QProcess pdftotext;
    pdftotext.start(QStandardPaths::findExecutable(QStringLiteral("pdftotext")),
                    {QStringLiteral("-enc"), QStringLiteral("UTF-8"), path(QStringLiteral("report.pdf")),
                     QStringLiteral("-")});
    ASSERT_TRUE(pdftotext.waitForFinished(60000))
        << "pdftotext (poppler-utils: bash packaging/install-deps.sh)";
    const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
    for (const char *name : {"H100 SXM5 80GB", "H200 SXM 141GB", "A100 SXM4 80GB", "RTX A6000", "L40S"})
        EXPECT_TRUE(text.contains(QString::fromLatin1(name))) << name;
    EXPECT_TRUE(text.contains(QStringLiteral("https://www.nvidia.com/")));
    EXPECT_TRUE(text.contains(QStringLiteral("page 1 of ")));
    EXPECT_TRUE(text.contains(QStringLiteral("TTFT, p90")));
}

TEST_F(ReportCommand, HtmlIsOneFileWithInlineCharts)
{
    const ProcessResult result =
        report({kSeedArticle, QStringLiteral("--out"), path(QStringLiteral("report.html"))});
    ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
    const QByteArray html = readAll(QStringLiteral("report.html"));
    EXPECT_TRUE(html.startsWith("<!DOCTYPE html>"));
    EXPECT_GE(html.count("src=\"data:image/svg+xml;base64,"), 9);
    EXPECT_FALSE(html.contains("src=\"http"));
    EXPECT_TRUE(html.contains("L40S"));
}

TEST_F(ReportCommand, AFailedWriteKeepsThePreviousReport)
{
    // The catalogue first: the limit is for the report alone.
    ASSERT_EQ(report({kSeedArticle, QStringLiteral("--out"), path(QStringLiteral("first.html"))}).exitCode,
              0);
    writeFile(QStringLiteral("report.pdf"), "the previous report");
    // A file-size limit (ulimit -f, with the signal ignored) makes the write fail part-way, as a full disk
    // does.
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime.path());
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral("bash"),
                  {QStringLiteral("-c"), QStringLiteral("trap '' XFSZ; ulimit -f 64; exec \"$@\""),
                   QStringLiteral("bash"), QStringLiteral(GPUCOMPARE_BINARY), QStringLiteral("--db"),
                   path(QStringLiteral("catalogue.db")), QStringLiteral("report"), kSeedArticle,
                   QStringLiteral("--out"), path(QStringLiteral("report.pdf"))});
    ASSERT_TRUE(process.waitForFinished(180000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    EXPECT_EQ(process.exitCode(), 1) << "the I/O exit code, not bad input: " << err.toStdString();
    EXPECT_TRUE(err.contains(QStringLiteral("report.pdf"))) << err.toStdString();
    EXPECT_TRUE(err.contains(QStringLiteral("previous file was kept"))) << err.toStdString();
    EXPECT_EQ(readAll(QStringLiteral("report.pdf")), QByteArray("the previous report"));
}

TEST_F(ReportCommand, BadArgumentsExitTwoNamingTheProblem)
{
    const QString out = path(QStringLiteral("report.pdf"));
    expectBadInput({kSeedArticle}, {QStringLiteral("--out")});
    expectBadInput({kSeedArticle, QStringLiteral("--out"), path(QStringLiteral("report.docx"))},
                   {QStringLiteral("report.docx"), QStringLiteral(".pdf or .html")});
    expectBadInput({QStringLiteral("--out"), out}, {QStringLiteral("scenario")});
    expectBadInput({path(QStringLiteral("missing.gpuc")), QStringLiteral("--out"), out},
                   {QStringLiteral("missing.gpuc")});

    // Damaged: the example cut in half.
    QFile example(kSeedArticle);
    ASSERT_TRUE(example.open(QIODevice::ReadOnly));
    const QByteArray bytes = example.readAll();
    writeFile(QStringLiteral("truncated.gpuc"), bytes.left(bytes.size() / 2));
    expectBadInput({path(QStringLiteral("truncated.gpuc")), QStringLiteral("--out"), out}, {});

    // A GPU the catalogue lacks.
    QByteArray unknown = bytes;
    unknown.replace("\"l40s_48gb\"", "\"l99_48gb\"");
    writeFile(QStringLiteral("unknown.gpuc"), unknown);
    expectBadInput({path(QStringLiteral("unknown.gpuc")), QStringLiteral("--out"), out},
                   {QStringLiteral("l99_48gb")});
    EXPECT_FALSE(QFile::exists(out));
}

TEST_F(ReportCommand, HelpNamesTheCommandAndItsOptions)
{
    const ProcessResult result = report({QStringLiteral("--help")});
    EXPECT_EQ(result.exitCode, 0);
    EXPECT_TRUE(result.out.contains(QStringLiteral("report SCENARIO.gpuc --out")));
    EXPECT_TRUE(result.out.contains(QStringLiteral("--out <FILE>")));
}
