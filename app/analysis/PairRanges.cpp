#include "app/analysis/PairRanges.h"

#include "app/analysis/EstimateRanges.h"
#include "app/analysis/NumberText.h"
#include "app/analysis/OutputQuantity.h"

#include <QCoreApplication>
#include <QLocale>
#include <QMap>
#include <QSet>
#include <cmath>

namespace {

using Skip = std::function<bool(const QString &, const QString &)>;

// The residuals measured under one set of conditions (one workload on several GPUs), per kind and profile.
using Group = QVector<const UncertaintyResidual *>;

QVector<Group> groupsOf(const QVector<UncertaintyResidual> &residuals, const QString &kind,
                        const QString &profileId)
{
    QMap<std::tuple<QString, QString, QString>, Group> groups;
    for (const UncertaintyResidual &r : residuals)
        if (!r.conditions.isEmpty() && r.kind == kind &&
            (profileId == UncertaintyTable::kAnyProfile || r.profileId == profileId))
            groups[{r.profileId, r.category, r.conditions}] << &r;
    return groups.values().toVector();
}

// Calls pair(a, b) for every two residuals of one group on different GPUs, each unordered pair once.
template <typename Pair> void forEachPair(const Group &group, const Pair &pair)
{
    for (qsizetype i = 0; i < group.size(); ++i)
        for (qsizetype j = i + 1; j < group.size(); ++j)
            if (group[i]->gpuId != group[j]->gpuId)
                pair(*group[i], *group[j]);
}

std::optional<UncertaintyBand> bandOf(const QVector<double> &both, const QString &kind,
                                      const QString &profileId)
{
    const int pairs = int(both.size() / 2);
    if (pairs < UncertaintyTable::kMinimumPoints)
        return std::nullopt;
    UncertaintyBand band;
    band.kind = kind;
    band.profileId = profileId;
    band.lowLog = UncertaintyTable::percentile(both, 0.10);
    band.highLog = UncertaintyTable::percentile(both, 0.90);
    band.points = pairs;
    return band;
}

// "2.5" to two significant digits below 10, as a ratio reads ("1.34", "0.87", "12").
QString ratioNumber(double value)
{
    const int decimals = value >= 10.0 ? 0 : value >= 0.1 ? 2 : 3;
    return NumberText::fixed(value, decimals, QLocale());
}

// The OutputQuantity whose --json path is `path`.
const OutputQuantityInfo *quantityAt(const QString &path)
{
    for (const OutputQuantityInfo &info : OutputQuantities::all())
        if (OutputQuantities::jsonPath(info.quantity) == path)
            return &info;
    return nullptr;
}

} // namespace

QString PairRatio::ratioText() const
{
    return QCoreApplication::translate("PairRanges", "%1x").arg(ratioNumber(ratio));
}

QString PairRatio::rangeText() const
{
    if (!low || !high)
        return QCoreApplication::translate("PairRanges", "no range: %1").arg(basis);
    return QCoreApplication::translate("PairRanges", "%1-%2x, 80%")
        .arg(ratioNumber(*low), ratioNumber(*high));
}

QString PairRatio::text() const
{
    return QStringLiteral("%1 (%2)").arg(ratioText(), rangeText());
}

namespace PairRanges {

QVector<double> residuals(const QVector<UncertaintyResidual> &all, const QString &kind,
                          const QString &profileId, const Skip &skip)
{
    QVector<double> both;
    for (const Group &group : groupsOf(all, kind, profileId))
        forEachPair(group, [&](const UncertaintyResidual &a, const UncertaintyResidual &b) {
            if (skip && skip(a.gpuId, b.gpuId))
                return;
            both << a.residual - b.residual << b.residual - a.residual;
        });
    return both;
}

std::optional<UncertaintyBand> band(const QVector<UncertaintyResidual> &all, const QString &kind,
                                    const QString &profileId, const Skip &skip)
{
    if (auto own = bandOf(residuals(all, kind, profileId, skip), kind, profileId))
        return own;
    return bandOf(residuals(all, kind, UncertaintyTable::kAnyProfile, skip), kind,
                  UncertaintyTable::kAnyProfile);
}

Coverage heldOutCoverage(const QVector<UncertaintyResidual> &all)
{
    QSet<std::pair<QString, QString>> kinds;
    for (const UncertaintyResidual &r : all)
        if (!r.conditions.isEmpty())
            kinds.insert({r.kind, r.profileId});
    Coverage coverage;
    for (const auto &[kind, profileId] : kinds)
        for (const Group &group : groupsOf(all, kind, profileId))
            forEachPair(group, [&](const UncertaintyResidual &a, const UncertaintyResidual &b) {
                // Neither GPU of the pair informs the band it is checked against.
                const auto shares = [&](const QString &x, const QString &y) {
                    return x == a.gpuId || x == b.gpuId || y == a.gpuId || y == b.gpuId;
                };
                const std::optional<UncertaintyBand> held = band(all, kind, profileId, shares);
                if (!held)
                    return;
                const double d = a.residual - b.residual;
                ++coverage.counted;
                if (d >= held->lowLog && d <= held->highLog)
                    ++coverage.covered;
            });
    return coverage;
}

QStringList headlinePaths(const Estimate &e)
{
    using Q = OutputQuantity;
    QStringList paths{EstimateRanges::speedPath(e)};
    if (e.serving)
        paths << OutputQuantities::jsonPath(Q::ServingTtftP90)
              << OutputQuantities::jsonPath(Q::ServingTpotP90);
    else if (e.inference && !e.training)
        paths << OutputQuantities::jsonPath(Q::Ttft) << OutputQuantities::jsonPath(Q::Tpot);
    paths << EstimateRanges::costPath(e);
    return paths;
}

std::optional<PairRatio> ratio(const QVector<Estimate> &estimates, int a, int b, const QString &path,
                               const UncertaintyTable &table)
{
    const Estimate &ea = estimates.at(a);
    const Estimate &eb = estimates.at(b);
    const OutputQuantityInfo *quantity = quantityAt(path);
    if (!quantity || !ea.fits || !eb.fits)
        return std::nullopt;
    const std::optional<double> va = quantity->value(ea);
    const std::optional<double> vb = quantity->value(eb);
    if (!va || !vb || !(*va > 0.0) || !(*vb > 0.0) || !std::isfinite(*va) || !std::isfinite(*vb))
        return std::nullopt;
    PairRatio r;
    r.path = path;
    r.first = a;
    r.second = b;
    r.ratio = *va / *vb;
    const std::optional<EstimateRanges::NumberKind> kind = EstimateRanges::kindOf(ea, path);
    if (!kind || ea.profileId != eb.profileId) {
        r.basis = !kind ? QCoreApplication::translate("PairRanges", "no calibration of this number")
                        : QCoreApplication::translate("PairRanges", "the two GPUs run different profiles");
        return r;
    }
    // llama.cpp's offline throughput is measured as its two phases: the wider of their pair bands.
    std::optional<UncertaintyBand> pairBand = band(table.residuals(), kind->kind, ea.profileId);
    if (!pairBand && kind->kind == UncertaintyTable::kThroughput) {
        const auto prefill = band(table.residuals(), UncertaintyTable::kPrefill, ea.profileId);
        const auto decode = band(table.residuals(), UncertaintyTable::kDecode, ea.profileId);
        if (prefill && decode) {
            pairBand = *prefill;
            pairBand->lowLog = std::min(prefill->lowLog, decode->lowLog);
            pairBand->highLog = std::max(prefill->highLog, decode->highLog);
            pairBand->points = prefill->points + decode->points;
        }
    }
    if (!pairBand) {
        r.basis = QCoreApplication::translate("PairRanges", "fewer than %1 measured GPU pairs of %2's %3")
                      .arg(UncertaintyTable::kMinimumPoints)
                      .arg(ea.profileId, EstimateRanges::kindName(kind->kind));
        return r;
    }
    // A factor a GPU inherits unmeasured is its own error, not shared with the other GPU's.
    const double widen = EstimateRanges::inheritedLog(ea) + EstimateRanges::inheritedLog(eb);
    const double lowLog = pairBand->lowLog - widen;
    const double highLog = pairBand->highLog + widen;
    // A rate's measured ratio is the predicted one times exp(pair residual); a time's or price's the inverse.
    r.low = r.ratio * std::exp(kind->inverse ? -highLog : lowLog);
    r.high = r.ratio * std::exp(kind->inverse ? -lowLog : highLog);
    r.pairs = pairBand->points;
    r.basis = QCoreApplication::translate("PairRanges", "%1 %2, %n GPU pair(s), leave-one-GPU-out", nullptr,
                                          pairBand->points)
                  .arg(pairBand->profileId == UncertaintyTable::kAnyProfile
                           ? QCoreApplication::translate("PairRanges", "every engine's")
                           : pairBand->profileId,
                       EstimateRanges::kindName(kind->kind));
    return r;
}

QVector<PairRatio> all(const QVector<Estimate> &estimates, const UncertaintyTable &table)
{
    QVector<PairRatio> pairs;
    for (int a = 0; a < estimates.size(); ++a)
        for (int b = a + 1; b < estimates.size(); ++b)
            for (const QString &path : headlinePaths(estimates.at(a)))
                if (const std::optional<PairRatio> r = ratio(estimates, a, b, path, table))
                    pairs << *r;
    return pairs;
}

} // namespace PairRanges
