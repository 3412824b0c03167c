#include "db/GpuLookup.h"

#include "db/TextMatch.h"

#include <algorithm>

using TextMatch::editDistance;
using TextMatch::normalized;

namespace GpuLookup {

const GpuSpec *find(const QVector<GpuSpec> &gpus, const QString &query)
{
    for (const GpuSpec &gpu : gpus)
        if (gpu.gpuId.compare(query.trimmed(), Qt::CaseInsensitive) == 0)
            return &gpu;
    return nullptr;
}

QStringList closeMatches(const QVector<GpuSpec> &gpus, const QString &query, int maxCount)
{
    const QString wanted = normalized(query);
    if (wanted.isEmpty())
        return {};
    struct Candidate
    {
        int score;
        QString id;
    };
    QVector<Candidate> candidates;
    for (const GpuSpec &gpu : gpus) {
        const QString id = normalized(gpu.gpuId);
        const QString name = normalized(gpu.displayName());
        if (id.contains(wanted) || name.contains(wanted) || wanted.contains(id)) {
            candidates.append({0, gpu.gpuId});
            continue;
        }
        const int distance = std::min(editDistance(wanted, id), editDistance(wanted, name));
        const int allowed = std::max(2, static_cast<int>(wanted.size()) / 3);
        if (distance <= allowed)
            candidates.append({distance, gpu.gpuId});
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](const Candidate &a, const Candidate &b) { return a.score < b.score; });
    QStringList result;
    for (const Candidate &candidate : candidates.mid(0, maxCount))
        result << candidate.id;
    return result;
}

} // namespace GpuLookup
