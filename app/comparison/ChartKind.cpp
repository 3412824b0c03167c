#include "app/comparison/ChartKind.h"

#include <QStringList>

QList<ChartKind> ChartKinds::all()
{
    return {ChartKind::Compute, ChartKind::Memory,    ChartKind::Bandwidth,  ChartKind::Radar,
            ChartKind::Fit,     ChartKind::Latency,   ChartKind::Throughput, ChartKind::Cost,
            ChartKind::Serving, ChartKind::Breakdown, ChartKind::Scaling};
}

QString ChartKinds::id(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Compute:
        return QStringLiteral("compute");
    case ChartKind::Memory:
        return QStringLiteral("memory");
    case ChartKind::Bandwidth:
        return QStringLiteral("bandwidth");
    case ChartKind::Radar:
        return QStringLiteral("radar");
    case ChartKind::Fit:
        return QStringLiteral("fit");
    case ChartKind::Latency:
        return QStringLiteral("latency");
    case ChartKind::Throughput:
        return QStringLiteral("throughput");
    case ChartKind::Cost:
        return QStringLiteral("cost");
    case ChartKind::Serving:
        return QStringLiteral("serving");
    case ChartKind::Breakdown:
        return QStringLiteral("breakdown");
    case ChartKind::Scaling:
        return QStringLiteral("scaling");
    }
    return {};
}

QString ChartKinds::title(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Compute:
        return tr("Compute");
    case ChartKind::Memory:
        return tr("Memory");
    case ChartKind::Bandwidth:
        return tr("Bandwidth");
    case ChartKind::Radar:
        return tr("Overview (radar)");
    case ChartKind::Fit:
        return tr("Workload: memory fit");
    case ChartKind::Latency:
        return tr("Workload: latency");
    case ChartKind::Throughput:
        return tr("Workload: throughput");
    case ChartKind::Cost:
        return tr("Workload: cost");
    case ChartKind::Serving:
        return tr("Workload: latency under load");
    case ChartKind::Breakdown:
        return tr("Workload: step time breakdown");
    case ChartKind::Scaling:
        return tr("Workload: scaling over GPUs");
    }
    return {};
}

std::optional<ChartKind> ChartKinds::parse(const QString &text)
{
    const QString wanted = text.trimmed().toLower();
    for (ChartKind kind : all())
        if (id(kind) == wanted)
            return kind;
    return std::nullopt;
}

QStringList ChartKinds::ids()
{
    QStringList result;
    for (ChartKind kind : all())
        result << id(kind);
    return result;
}
