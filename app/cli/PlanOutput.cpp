#include "app/cli/PlanOutput.h"

#include "app/analysis/NumberText.h"
#include "app/analysis/Planner.h"
#include "app/cli/TextTable.h"
#include "app/cli/WorkloadOptions.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <cmath>

namespace PlanOutput {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("cli", text);
}

// A double for JSON: null when unknown or not finite (JSON has no NaN).
QJsonValue number(std::optional<double> value)
{
    if (!value || !std::isfinite(*value))
        return QJsonValue::Null;
    return *value;
}

QString fixed(double value, int decimals)
{
    return NumberText::fixed(value, decimals, QLocale());
}

// Dollars as people read them: cents below $1,000, whole dollars above.
QString dollars(std::optional<double> value)
{
    if (!value)
        return tr("no price");
    return fixed(*value, *value >= 1000.0 ? 0 : 2);
}

QString percent(double fraction)
{
    return fixed(fraction * 100.0, 0) + u'%';
}

// An argument as a POSIX shell reads it back.
QString shellQuoted(const QString &argument)
{
    static const QString safe = QStringLiteral("+-./:=@_,%");
    bool plain = !argument.isEmpty();
    for (const QChar c : argument)
        if (!(c.isLetterOrNumber() && c.unicode() < 128) && !safe.contains(c))
            plain = false;
    if (plain)
        return argument;
    QString quoted = argument;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

QStringList estimateArguments(const PlanCandidate &candidate)
{
    return QStringList{QStringLiteral("--gpu"), candidate.gpuId} +
           WorkloadOptions::argumentsFor(candidate.request);
}

QJsonObject toJson(const GpuPlan &plan, Task task)
{
    const bool training = Tasks::isTraining(task);
    const PlanCandidate *c = plan.best ? &*plan.best : nullptr;
    const auto whenPlanned = [c](auto value) -> QJsonValue {
        return c ? QJsonValue(value) : QJsonValue::Null;
    };
    QJsonObject o;
    o.insert(QStringLiteral("gpu"), plan.gpuId);
    o.insert(QStringLiteral("gpu_name"), plan.gpuName);
    o.insert(QStringLiteral("meets_target"), c != nullptr && c->meetsTarget);
    o.insert(QStringLiteral("why_not"), c ? QJsonValue::Null : QJsonValue(plan.whyNot));
    o.insert(QStringLiteral("gpus"), whenPlanned(c ? c->parallelism.gpus : 0));
    o.insert(QStringLiteral("layout"), whenPlanned(c ? Planner::layoutText(*c, task) : QString()));
    o.insert(QStringLiteral("settings"), whenPlanned(c ? Planner::settingsText(*c, task) : QString()));
    o.insert(QStringLiteral("tp"), whenPlanned(c ? c->parallelism.tensor : 0));
    o.insert(QStringLiteral("pp"), whenPlanned(c ? c->parallelism.pipeline : 0));
    o.insert(QStringLiteral("dp"), whenPlanned(c ? c->parallelism.data : 0));
    o.insert(QStringLiteral("precision"), whenPlanned(c ? Precisions::name(c->weightPrecision) : QString()));
    o.insert(QStringLiteral("usd_per_hour"), number(c ? c->usdPerHour : std::nullopt));
    if (training) {
        o.insert(QStringLiteral("usd_total"), number(c ? c->usdTotal : std::nullopt));
        o.insert(QStringLiteral("days"), number(c ? std::optional<double>(c->days) : std::nullopt));
        o.insert(QStringLiteral("tokens_per_s"),
                 number(c ? std::optional<double>(c->tokensPerS) : std::nullopt));
        o.insert(QStringLiteral("mfu"), number(c ? std::optional<double>(c->mfu) : std::nullopt));
        o.insert(QStringLiteral("micro_batch"), whenPlanned(c ? c->microBatch : 0));
        o.insert(QStringLiteral("zero"), whenPlanned(c ? c->zeroStage : 0));
        o.insert(QStringLiteral("recompute"), whenPlanned(c ? Recomputes::name(c->recompute) : QString()));
    } else {
        o.insert(QStringLiteral("usd_per_million_tokens"), number(c ? c->usdPerMillionTokens : std::nullopt));
        o.insert(QStringLiteral("ttft_p90_ms"),
                 number(c ? std::optional<double>(c->ttftP90Ms) : std::nullopt));
        o.insert(QStringLiteral("tpot_p90_ms"),
                 number(c ? std::optional<double>(c->tpotP90Ms) : std::nullopt));
        o.insert(QStringLiteral("output_tokens_per_s"),
                 number(c ? std::optional<double>(c->outputTokensPerS) : std::nullopt));
        o.insert(QStringLiteral("replicas"), whenPlanned(c ? c->parallelism.data : 0));
        o.insert(QStringLiteral("max_num_seqs"), whenPlanned(c ? c->maxNumSeqs : 0));
    }
    o.insert(QStringLiteral("margin"), number(c ? std::optional<double>(c->margin) : std::nullopt));
    // The stack no measurement of the profile ran on ("ROCm"), or null: such a GPU is ranked by its cost at
    // the pessimistic end of the spread between stacks (Planner::rank), so the order says why.
    o.insert(QStringLiteral("uncalibrated_stack"), c && !c->uncalibratedStack.isEmpty()
                                                       ? QJsonValue(c->uncalibratedStack)
                                                       : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(plan.notes));
    o.insert(QStringLiteral("searched"), plan.searched);
    o.insert(QStringLiteral("estimate_args"),
             c ? QJsonValue(QJsonArray::fromStringList(estimateArguments(*c))) : QJsonValue::Null);
    return o;
}

QJsonObject toJson(const PlanResult &result, qint64 elapsedMs)
{
    QJsonArray plans;
    for (const GpuPlan &plan : result.plans)
        plans.append(toJson(plan, result.task));
    QJsonObject root;
    root.insert(QStringLiteral("task"), Tasks::name(result.task));
    root.insert(QStringLiteral("plans"), plans);
    root.insert(QStringLiteral("searched"), result.searched);
    root.insert(QStringLiteral("elapsed_ms"), elapsedMs);
    return root;
}

void writeJson(QTextStream &out, const PlanResult &result, qint64 elapsedMs)
{
    out << QString::fromUtf8(QJsonDocument(toJson(result, elapsedMs)).toJson(QJsonDocument::Indented));
}

void writeText(QTextStream &out, const PlanResult &result, qint64 elapsedMs)
{
    const Task task = result.task;
    const bool training = Tasks::isTraining(task);
    QStringList header{tr("#"), tr("GPU"), tr("GPUs"), tr("layout"), tr("settings"), tr("$/hour")};
    header << (training ? QStringList{tr("run $"), tr("days"), tr("MFU")}
                        : QStringList{tr("$/M tokens"), tr("TTFT p90 ms"), tr("TPOT p90 ms")});
    header << tr("margin");
    QList<QStringList> rows;
    QList<const GpuPlan *> missed;
    for (const GpuPlan &plan : result.plans) {
        if (!plan.best) {
            missed << &plan;
            continue;
        }
        const PlanCandidate &c = *plan.best;
        QStringList row{QString::number(rows.size() + 1),    plan.gpuId,
                        QString::number(c.parallelism.gpus), Planner::layoutText(c, task),
                        Planner::settingsText(c, task),      dollars(c.usdPerHour)};
        if (training)
            row << dollars(c.usdTotal) << fixed(c.days, 1) << percent(c.mfu);
        else
            row << dollars(c.usdPerMillionTokens) << fixed(c.ttftP90Ms, 0) << fixed(c.tpotP90Ms, 1);
        row << percent(c.margin);
        rows << row;
    }
    if (rows.isEmpty())
        out << tr("No GPU type considered can meet the target.") << '\n';
    else
        TextTable::write(out, header, rows, {0, 2, 5, 6, 7, 8, 9});
    bool notesHeader = false;
    for (const GpuPlan &plan : result.plans) {
        if (!plan.best || plan.notes.isEmpty())
            continue;
        if (!notesHeader)
            out << '\n' << tr("Read first:") << '\n';
        notesHeader = true;
        for (const QString &note : plan.notes)
            out << "  " << plan.gpuId << ": " << note << '\n';
    }
    if (!missed.isEmpty()) {
        out << '\n' << tr("Cannot meet the target:") << '\n';
        for (const GpuPlan *plan : std::as_const(missed))
            out << "  " << plan->gpuId << ": " << plan->whyNot << '\n';
    }
    if (!rows.isEmpty()) {
        QStringList command{QStringLiteral("gpucompare"), QStringLiteral("estimate")};
        for (const QString &argument : estimateArguments(*result.plans.constFirst().best))
            command << shellQuoted(argument);
        out << '\n' << tr("The first alone: %1").arg(command.join(u' ')) << '\n';
    }
    out << tr("Searched %1 configurations in %2 ms.").arg(QLocale().toString(result.searched)).arg(elapsedMs)
        << '\n';
}

} // namespace PlanOutput
