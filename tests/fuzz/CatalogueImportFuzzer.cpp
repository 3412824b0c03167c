// libFuzzer target for the catalogue importers (CSV, JSON) and the datasheet CSV parser.
// Properties checked on every input:
// - no crash, no sanitizer report;
// - a refused input names a location ("line N" or a JSON path "$...");
// - an accepted input survives export -> import unchanged (the exact round trip users rely on);
// - importing an accepted input over fully filled rows changes exactly the fields it gives (ImportPlan):
//   those take the file's values, every other field keeps its filled value.
// Build and run: see docs/catalogue.md ("Fuzzing the importers").

#include "db/CatalogueExporter.h"
#include "db/CatalogueImporter.h"
#include "db/DatasheetCsvParser.h"
#include "db/GpuField.h"
#include "db/ImportPlan.h"

#include <QByteArray>
#include <cstddef>
#include <cstdint>

namespace {

void requireLocated(const ImportProblem &problem)
{
    if (!problem.location.startsWith(QStringLiteral("line ")) && !problem.location.startsWith(u'$'))
        __builtin_trap();
}

// gpu's id with every other field filled in with a value inside its input range.
GpuSpec filledCopy(const GpuSpec &gpu)
{
    GpuSpec filled;
    for (const GpuField &field : GpuFields::all()) {
        QVariant value = field.isNumeric() ? QVariant(field.maximum) : QVariant(QStringLiteral("filled"));
        if (field.id == GpuField::GpuId)
            value = gpu.gpuId;
        else if (field.id == GpuField::InterconnectKind)
            value = QStringLiteral("nvlink-switch");
        else if (field.id == GpuField::PciIds)
            value = QStringLiteral("10de:2330");
        if (!GpuFields::setValue(filled, field, value))
            __builtin_trap();
    }
    return filled;
}

void requireOnlyGivenFieldsChange(const QVector<GpuSpec> &gpus, const QVector<GpuFieldSet> &given)
{
    if (given.size() != gpus.size())
        __builtin_trap();
    QVector<GpuSpec> current;
    for (const GpuSpec &gpu : gpus)
        current.append(filledCopy(gpu));
    const ImportPlan plan = ImportPlan::make(current, gpus, given);
    if (!plan.additions.isEmpty() || plan.changes.size() + plan.unchanged != gpus.size())
        __builtin_trap();
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const GpuSpec after = ImportPlan::overlay(current[i], gpus[i], given[i]);
        for (const GpuField &field : GpuFields::all()) {
            const GpuSpec &source = given[i].test(field.id) ? gpus[i] : current[i];
            if (GpuFields::value(after, field) != GpuFields::value(source, field))
                __builtin_trap();
        }
    }
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
        requireOnlyGivenFieldsChange(*gpus, given);
        ImportProblem again;
        requireSame(*gpus, CatalogueImporter::parseCsv(CatalogueExporter::toCsv(*gpus), &again));
    } else {
        requireLocated(problem);
    }

    problem = ImportProblem();
    if (const auto gpus = CatalogueImporter::parseJson(bytes, &problem, {}, &given)) {
        requireOnlyGivenFieldsChange(*gpus, given);
        ImportProblem again;
        requireSame(*gpus, CatalogueImporter::parseJson(CatalogueExporter::toJson(*gpus), &again));
    } else {
        requireLocated(problem);
    }

    QString error;
    (void)DatasheetCsvParser::parse(bytes, &error);
    return 0;
}
