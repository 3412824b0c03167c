#include "app/analysis/MissingSpecs.h"

#include <QCoreApplication>

namespace MissingSpecs {

GpuField::Id computeField(Precision mathPrecision)
{
    switch (mathPrecision) {
    case Precision::Fp32:
        return GpuField::Fp32Tflops;
    case Precision::Tf32:
        return GpuField::Tf32DenseTflops;
    case Precision::Fp8:
    case Precision::Mxfp8:
        return GpuField::Fp8DenseTflops;
    case Precision::Fp4:
    case Precision::Mxfp4:
    case Precision::Nvfp4:
        return GpuField::Fp4DenseTflops;
    case Precision::Int8:
    case Precision::Int4:
        return GpuField::Int8DenseTops;
    default:
        return GpuField::Fp16DenseTflops;
    }
}

QString what(GpuField::Id field)
{
    switch (field) {
    case GpuField::MemoryGb:
        return QCoreApplication::translate("MissingSpecs", "memory size");
    case GpuField::MemoryBandwidthGBs:
        return QCoreApplication::translate("MissingSpecs", "memory bandwidth");
    case GpuField::TdpW:
        return QCoreApplication::translate("MissingSpecs", "board power (TDP)");
    default:
        return QCoreApplication::translate("MissingSpecs", "%1 compute rate")
            .arg(GpuFields::field(field).displayLabel());
    }
}

QString needsText(const QVector<GpuField::Id> &fields)
{
    if (fields.isEmpty())
        return {};
    QStringList names;
    for (GpuField::Id field : fields)
        names << what(field);
    const QString last = names.takeLast();
    const QString list = names.isEmpty() ? last
                                         : QCoreApplication::translate("MissingSpecs", "%1 and %2")
                                               .arg(names.join(QStringLiteral(", ")), last);
    return QCoreApplication::translate("MissingSpecs", "needs %1").arg(list);
}

QStringList keys(const QVector<GpuField::Id> &fields)
{
    QStringList names;
    for (GpuField::Id field : fields)
        names << GpuFields::field(field).name();
    return names;
}

} // namespace MissingSpecs
