#pragma once

#include "db/GpuSpec.h"

#include <QString>
#include <QVariant>
#include <QVector>
#include <bitset>
#include <variant>

// One column of the gpus table, described once: its SQL / CSV / JSON name, its type, unit and the
// range a value must be in. The schema, the repositories, import/export and SpecTableModel are all
// driven by this table, so a field cannot be added to one of them and forgotten in another.
struct GpuField
{
    // Column order of the gpus table, of exported files and of SpecTableModel.
    enum Id
    {
        GpuId,
        Vendor,
        Product,
        Variant,
        Architecture,
        Chip,
        PciIds,
        ReleaseYear,
        ReleaseNote,
        ProcessNode,
        ComputeUnits,
        ComputeUnitsNote,
        BoostClockMhz,
        BoostClockNote,
        Fp64Tflops,
        Fp64TensorTflops,
        Fp32Tflops,
        Tf32DenseTflops,
        Tf32SparseTflops,
        Fp16DenseTflops,
        Fp16SparseTflops,
        Fp16AccumulateDenseTflops,
        Fp8DenseTflops,
        Fp8SparseTflops,
        Fp6DenseTflops,
        Fp6SparseTflops,
        Int8DenseTops,
        Int8SparseTops,
        Fp4DenseTflops,
        Fp4SparseTflops,
        ComputeNote,
        SparseHeadlineNote,
        MemoryGb,
        MemoryType,
        MemoryBusBits,
        MemoryBandwidthGBs,
        AchievableMatmulTflops,
        AchievableMemoryGBs,
        AchievableSource,
        TdpW,
        TdpNote,
        InterconnectKind,
        InterconnectNote,
        InterconnectGBs,
        PcieGeneration,
        PcieNote,
        PcieGBs,
        GpusPerNode,
        FormFactor,
        Mig,
        PriceUsd,
        UsdPerGpuHour,
        PriceNote,
        UsdPerGpuHourNote,
        Sources,
        SourceCrosscheck,
        Confidence,
        Notes,
        Count
    };

    enum class Type
    {
        Text,
        Integer,
        Real
    };

    using Member =
        std::variant<QString GpuSpec::*, std::optional<int> GpuSpec::*, std::optional<double> GpuSpec::*>;

    Id id;
    const char *key;   // snake_case name: SQL column, CSV header, JSON key
    const char *label; // column header, without unit; English, marked with QT_TRANSLATE_NOOP
    const char *unit;  // canonical unit ("" for text and counts)
    Type type;
    Member member;
    bool required = false; // identity fields that may not be empty
    double minimum = 0.0;  // numeric fields: inclusive range, physically plausible for one device
    double maximum = 0.0;
    bool zeroAllowed = false; // exactly 0 is allowed below minimum (compute figures: no such unit)

    QString name() const { return QString::fromLatin1(key); }
    QString unitText() const { return QString::fromLatin1(unit); }
    QString displayLabel() const; // the label translated for the window (context "GpuField")
    bool isNumeric() const { return type != Type::Text; }
};

// A set of fields, by GpuField::Id: the fields an imported file gives (a CSV's columns, a JSON
// object's keys), so an import changes only those.
using GpuFieldSet = std::bitset<GpuField::Count>;

namespace GpuFields {

const QVector<GpuField> &all();
const GpuField &field(int id);
const GpuField *findByName(const QString &key);

// The allowed interconnect kinds; the estimator links GPUs only over nvlink-*/infinity-fabric.
const QStringList &interconnectKinds();

// The field's value: QString for text, int or double for numbers, a null QVariant when missing.
QVariant value(const GpuSpec &gpu, const GpuField &field);

// Why value cannot go into field ("" when it can). Accepts what value() returns, and strings that
// read as numbers. A null or empty value is allowed for optional fields: it means "not given".
QString validate(const GpuField &field, const QVariant &value);

// Stores value (already validated) into gpu. Returns false when validate() would refuse it.
bool setValue(GpuSpec &gpu, const GpuField &field, const QVariant &value, QString *error = nullptr);

// What the gpus table itself allows, for values already in the catalogue: a required field present,
// numbers not negative and whole where the column is an integer, gpus_per_node at least 1, gpu_id a slug.
// The plausibility ranges and TextCheck are for input (a cell edit, an import): reading and saving a row
// check only this, so a stored value they would refuse (a rack-scale 13824 GB, a note with a \v) is kept,
// never read as missing and then saved as empty. Returns "" when the value can be stored.
QString storableProblem(const GpuField &field, const QVariant &value);

// Stores a value read from the catalogue as it is; false (left missing) when storableProblem refuses it.
bool setStoredValue(GpuSpec &gpu, const GpuField &field, const QVariant &value);

// Checks every field of gpu with storableProblem; returns the first problem as "field: reason", or "".
QString storableAll(const GpuSpec &gpu, const GpuField **badField = nullptr);

// Parses the text form used by CSV import: "" = missing, numbers in C locale.
QVariant fromText(const GpuField &field, const QString &text, QString *error);

// The text form used by CSV export: exact (shortest round-trip) numbers, "" for missing.
QString toText(const GpuSpec &gpu, const GpuField &field);

// Checks every field of gpu; returns the first problem as "field: reason", or "".
QString validateAll(const GpuSpec &gpu, const GpuField **badField = nullptr);

// True when every field (not rowId/revision/userModified) is equal.
bool sameSpecs(const GpuSpec &a, const GpuSpec &b);

} // namespace GpuFields
