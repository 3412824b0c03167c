#include "app/analysis/EngineProfiles.h"

#include "app/analysis/EfficiencyParameters.h"

#include <QRegularExpression>
#include <optional>

namespace EngineProfiles {

namespace {

QVector<int> numbers(const QString &version)
{
    static const QRegularExpression dotted(QStringLiteral("(\\d+(?:\\.\\d+)*)"));
    QVector<int> parts;
    const QRegularExpressionMatch match = dotted.match(version);
    if (match.hasMatch())
        for (const QString &part : match.captured(1).split(u'.'))
            parts << part.toInt();
    return parts;
}

} // namespace

int compareVersions(const QString &a, const QString &b)
{
    const QVector<int> x = numbers(a);
    const QVector<int> y = numbers(b);
    for (qsizetype i = 0; i < std::max(x.size(), y.size()); ++i) {
        const int left = x.value(i, 0);
        const int right = y.value(i, 0);
        if (left != right)
            return left < right ? -1 : 1;
    }
    return 0;
}

QString engineId(const QString &engine)
{
    const QString e = engine.trimmed().toLower();
    if (e.startsWith(u"vllm"))
        return QStringLiteral("vllm");
    if (e.startsWith(u"sglang"))
        return QStringLiteral("sglang");
    if (e == u"trt" || e.startsWith(u"trtllm") || e.startsWith(u"trt-llm") || e.startsWith(u"tensorrt"))
        return QStringLiteral("tensorrt-llm");
    if (e.startsWith(u"lmdeploy"))
        return QStringLiteral("lmdeploy");
    return e;
}

QString forEngine(const QVector<EfficiencyProfile> &profiles, const QString &engine, const QString &version)
{
    const QString id = engineId(engine);
    if (id.isEmpty())
        return {};
    QString newest;
    QString newestFrom;
    for (const EfficiencyProfile &profile : profiles) {
        const std::optional<EfficiencyParameters> p = EfficiencyParameters::fromProfile(profile);
        if (!p || p->engineId != id || p->userFit)
            continue;
        const bool fromHolds =
            p->engineVersionFrom.isEmpty() || compareVersions(version, p->engineVersionFrom) >= 0;
        const bool toHolds =
            p->engineVersionTo.isEmpty() || compareVersions(version, p->engineVersionTo) <= 0;
        if (!version.trimmed().isEmpty() && fromHolds && toHolds)
            return profile.profileId;
        if (newest.isEmpty() || compareVersions(p->engineVersionFrom, newestFrom) > 0) {
            newest = profile.profileId;
            newestFrom = p->engineVersionFrom;
        }
    }
    return newest;
}

} // namespace EngineProfiles
