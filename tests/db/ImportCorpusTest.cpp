// Every malformed file of tests/data/import-corpus is refused with a located error, never a crash,
// and leaves the catalogue unchanged.

#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/GpuRepository.h"
#include "db/ImportPlan.h"
#include "tests/support/SeededCatalogue.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <functional>
#include <gtest/gtest.h>

namespace {

QStringList corpusFiles()
{
    const QDir corpus(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/import-corpus"));
    return corpus.entryList({QStringLiteral("*.csv"), QStringLiteral("*.json")}, QDir::Files, QDir::Name);
}

} // namespace

TEST(ImportCorpus, EveryMalformedFileIsRefusedWithALocation)
{
    const QStringList files = corpusFiles();
    ASSERT_GE(files.size(), 30);
    const QDir corpus(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/import-corpus"));
    for (const QString &name : files) {
        ImportProblem problem;
        const auto gpus = CatalogueImporter::parseFile(corpus.filePath(name), &problem);
        EXPECT_FALSE(gpus) << name.toStdString() << " was accepted";
        const bool located =
            problem.location.startsWith(QStringLiteral("line ")) || problem.location.startsWith(u'$');
        EXPECT_TRUE(located) << name.toStdString() << ": " << problem.text().toStdString();
        EXPECT_FALSE(problem.reason.isEmpty()) << name.toStdString();
    }
}

TEST(ImportCorpus, ErrorsPointAtTheRightPlace)
{
    const QDir corpus(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/import-corpus"));
    const auto problemFor = [&](const char *name) {
        ImportProblem problem;
        CatalogueImporter::parseFile(corpus.filePath(QLatin1String(name)), &problem);
        return problem.text();
    };
    EXPECT_EQ(problemFor("bom-lf-error-line-3.csv"),
              QStringLiteral("line 3, field memory_gb: must not be negative (got -1)"));
    EXPECT_EQ(problemFor("multiline-then-error.csv"),
              QStringLiteral("line 4, field pcie_generation: must be between 1 and 10 (got 11)"));
    EXPECT_EQ(problemFor("negative.csv"),
              QStringLiteral("line 3, field memory_gb: must not be negative (got -80)"));
    EXPECT_EQ(problemFor("negative.json"), QStringLiteral("$[0].tdp_w: must not be negative (got -300)"));
    EXPECT_EQ(problemFor("null-required.json"), QStringLiteral("$[0].vendor: is required"));
    EXPECT_TRUE(problemFor("bad-utf8.csv").startsWith(QStringLiteral("line 1: the file is not valid UTF-8")));
    EXPECT_TRUE(
        problemFor("nul-in-json-text.json")
            .startsWith(QStringLiteral("$[0].notes: contains the control character U+0000 at character 7")));
    EXPECT_TRUE(problemFor("lone-surrogate.json")
                    .startsWith(QStringLiteral("$.gpus[0].vendor: contains an unpaired surrogate U+D800")));
    EXPECT_TRUE(
        problemFor("control-character.csv")
            .startsWith(QStringLiteral("line 2, field notes: contains the control character U+0007")));
    EXPECT_EQ(problemFor("tiny-number.csv"),
              QStringLiteral("line 2, field fp16_dense_tflops: must be 0 or between 0.001 and 500000 TFLOPS "
                             "(got 1e-300)"));
}

using ImportCorpusOnSeed = SeededCatalogueTest;

TEST_F(ImportCorpusOnSeed, ARefusedImportLeavesTheCatalogueUnchanged)
{
    const QVector<GpuSpec> before = catalogue->gpus().list();
    const QDir corpus(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/import-corpus"));
    for (const QString &name : corpusFiles()) {
        const CatalogueError error = CatalogueImporter::importFile(*catalogue, corpus.filePath(name),
                                                                   GpuRepository::OnExisting::Update);
        EXPECT_EQ(error.kind, CatalogueError::Kind::Invalid) << name.toStdString();
    }
    const QVector<GpuSpec> after = catalogue->gpus().list();
    ASSERT_EQ(after.size(), before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        EXPECT_EQ(after[i].revision, before[i].revision) << after[i].gpuId.toStdString();
}

// Inputs the fuzzer kept because they reach code the malformed files do not (tests/data/import-corpus/fuzz,
// grown as docs/catalogue.md says): read as CSV and as JSON, each is accepted or refused, never a crash;
// a refusal names a location, and an accepted file round-trips and changes nothing imported over itself.
TEST(ImportCorpus, FuzzerInputsAreRefusedWithALocationOrRoundTrip)
{
    const QDir fuzz(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/import-corpus/fuzz"));
    const QStringList files = fuzz.entryList(QDir::Files, QDir::Name);
    ASSERT_GE(files.size(), 100);
    const auto check =
        [](const QString &name, const std::optional<QVector<GpuSpec>> &gpus,
           const QVector<GpuFieldSet> &given, const ImportProblem &problem,
           const std::function<std::optional<QVector<GpuSpec>>(const QVector<GpuSpec> &)> &again) {
            if (!gpus) {
                EXPECT_TRUE(problem.location.startsWith(QStringLiteral("line ")) ||
                            problem.location.startsWith(u'$'))
                    << name.toStdString() << ": " << problem.text().toStdString();
                return;
            }
            EXPECT_TRUE(ImportPlan::make(*gpus, *gpus, given).changesNothing()) << name.toStdString();
            const std::optional<QVector<GpuSpec>> back = again(*gpus);
            ASSERT_TRUE(back) << name.toStdString();
            ASSERT_EQ(back->size(), gpus->size()) << name.toStdString();
            for (qsizetype i = 0; i < gpus->size(); ++i)
                EXPECT_TRUE(GpuFields::sameSpecs(gpus->at(i), back->at(i))) << name.toStdString();
        };
    for (const QString &name : files) {
        QFile file(fuzz.filePath(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
        const QByteArray bytes = file.readAll();
        ImportProblem problem;
        QVector<GpuFieldSet> given;
        const auto csv = CatalogueImporter::parseCsv(bytes, &problem, {}, &given);
        check(name, csv, given, problem, [](const QVector<GpuSpec> &gpus) {
            ImportProblem ignored;
            return CatalogueImporter::parseCsv(CatalogueExporter::toCsv(gpus), &ignored);
        });
        problem = ImportProblem();
        const auto json = CatalogueImporter::parseJson(bytes, &problem, {}, &given);
        check(name, json, given, problem, [](const QVector<GpuSpec> &gpus) {
            ImportProblem ignored;
            return CatalogueImporter::parseJson(CatalogueExporter::toJson(gpus), &ignored);
        });
    }
}
