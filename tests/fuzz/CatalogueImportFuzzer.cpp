// libFuzzer target for the catalogue importers (CSV, JSON) and the datasheet CSV parser.
// Properties checked on every input:
// - no crash, no sanitizer report;
// - a refused input names a location ("line N" or a JSON path "$...");
// - an accepted input survives export -> import unchanged (the exact round trip users rely on);
// - importing an accepted input over itself changes nothing (ImportPlan, with the fields it gives).
// Build and run: see docs/catalogue.md ("Fuzzing the importers").

#include <CatalogueExporter.h>
#include <CatalogueImporter.h>
#include <DatasheetCsvParser.h>
#include <GpuField.h>
#include <ImportPlan.h>
#include <QByteArray>
#include <cstddef>
#include <cstdint>

namespace {

void requireLocated(const ImportProblem &problem)
{
    if (!problem.location.startsWith(QStringLiteral("line ")) && !problem.location.startsWith(u'$'))
        __builtin_trap();
}

void requireNoChange(const QVector<GpuSpec> &gpus, const QVector<GpuFieldSet> &given)
{
    if (given.size() != gpus.size() || !ImportPlan::make(gpus, gpus, given).changesNothing())
        __builtin_trap();
}

void requireSame(const QVector<GpuSpec> &a, const std::optional<QVector<GpuSpec>> &b)
{
    if (!b || b->size() != a.size())
        __builtin_trap();
    for (qsizetype i = 0; i < a.size(); ++i)
        if (!GpuFields::sameSpecs(a[i], b->at(i)))
            __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes =
        QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));

    ImportProblem problem;
    QVector<GpuFieldSet> given;
    if (const auto gpus = CatalogueImporter::parseCsv(bytes, &problem, {}, &given)) {
        requireNoChange(*gpus, given);
        ImportProblem again;
        requireSame(*gpus, CatalogueImporter::parseCsv(CatalogueExporter::toCsv(*gpus), &again));
    } else {
        requireLocated(problem);
    }

    problem = ImportProblem();
    if (const auto gpus = CatalogueImporter::parseJson(bytes, &problem, {}, &given)) {
        requireNoChange(*gpus, given);
        ImportProblem again;
        requireSame(*gpus, CatalogueImporter::parseJson(CatalogueExporter::toJson(*gpus), &again));
    } else {
        requireLocated(problem);
    }

    QString error;
    (void)DatasheetCsvParser::parse(bytes, &error);
    return 0;
}
