#include "app/analysis/CommunicationModel.h"

#include <QCoreApplication>
#include <algorithm>

namespace CommunicationModel {

namespace {

// The link's rate in bytes/s, shown as "<link> GB/s x 1e9 x eta_comm".
template <typename T> T linkRate(const LinkInfo &link, double efficiency)
{
    const T gbs = Math::inputNamed<T>(
        [&link]() -> QString { // a QString, not a QStringBuilder holding the temporary translation
            return QCoreApplication::translate("GpuCapabilities", link.name.toUtf8().constData()) +
                   QStringLiteral(" GB/s");
        },
        link.unidirectionalGBs);
    return gbs * 1e9 * Math::input<T>("eta_comm", efficiency);
}

template <typename T> T latency()
{
    return Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "latency"), kCollectiveLatencyS);
}

} // namespace

template <typename T>
T allReduceSeconds(const T &bytes, const T &groupSize, const LinkInfo &link, double efficiency)
{
    if (Math::value(groupSize) <= 1.0 || Math::value(bytes) <= 0.0)
        return T(0.0);
    return 2.0 * (groupSize - 1.0) / groupSize * bytes / linkRate<T>(link, efficiency) + latency<T>();
}

template <typename T> T pointToPointSeconds(const T &bytes, const LinkInfo &link, double efficiency)
{
    if (Math::value(bytes) <= 0.0)
        return T(0.0);
    return bytes / linkRate<T>(link, efficiency) + latency<T>();
}

template <typename T>
T expertAllToAllSeconds(const T &tokens, const T &tokenBytes, const T &k, const ExpertGroup &group)
{
    if (group.ep <= 1 || Math::value(tokens) <= 0.0)
        return T(0.0);
    const int perNode = std::min(group.ep, std::max(1, group.gpusPerNode));
    const int nodes = (group.ep + perNode - 1) / perNode;
    const T copies = tokens * tokenBytes * k;
    T seconds = pointToPointSeconds<T>(copies * (perNode - 1.0) / double(perNode), group.inside,
                                       group.insideEfficiency);
    if (nodes > 1) {
        const T n = Math::input<T>(QT_TRANSLATE_NOOP("MathExpr", "nodes of the expert group"), nodes);
        const T remoteNodes = (n - 1.0) * (1.0 - Math::pow(1.0 - 1.0 / n, k));
        seconds = Math::max(seconds, pointToPointSeconds<T>(tokens * tokenBytes * remoteNodes, group.network,
                                                            group.networkEfficiency));
    }
    return seconds;
}

template double allReduceSeconds(const double &, const double &, const LinkInfo &, double);
template MathExpr allReduceSeconds(const MathExpr &, const MathExpr &, const LinkInfo &, double);
template double pointToPointSeconds(const double &, const LinkInfo &, double);
template MathExpr pointToPointSeconds(const MathExpr &, const LinkInfo &, double);
template double expertAllToAllSeconds(const double &, const double &, const double &, const ExpertGroup &);
template MathExpr expertAllToAllSeconds(const MathExpr &, const MathExpr &, const MathExpr &,
                                        const ExpertGroup &);

} // namespace CommunicationModel
