#include "db/MeasuredRunBounds.h"

#include <QCoreApplication>
#include <cmath>

namespace MeasuredRunBounds {

namespace {

using R = MeasuredRun;
using L = MeasuredRun::Latency;

QVector<Bound> latencyRows(const char *mean, const char *median, const char *p90, const char *p99,
                           L R::*latency)
{
    QVector<Bound> rows;
    const std::pair<const char *, std::optional<double> L::*> parts[] = {
        {mean, &L::mean}, {median, &L::median}, {p90, &L::p90}, {p99, &L::p99}};
    for (const auto &[name, part] : parts) {
        Bound b{name, "ms", kMostLatencyMs};
        b.latency = latency;
        b.latencyPart = part;
        rows << b;
    }
    return rows;
}

Bound top(const char *name, const char *unit, double most, std::optional<double> R::*member)
{
    Bound b{name, unit, most};
    b.top = member;
    return b;
}

Bound bench(const char *name, std::optional<double> R::LlamaBench::*member)
{
    Bound b{name, "tokens/s", kMostTokensPerS};
    b.bench = member;
    return b;
}

Bound training(const char *name, const char *unit, double most, std::optional<double> R::Training::*member)
{
    Bound b{name, unit, most};
    b.training = member;
    return b;
}

std::optional<double> valueOf(const MeasuredRun &run, const Bound &b)
{
    if (b.top)
        return run.*b.top;
    if (b.latency)
        return (run.*b.latency).*b.latencyPart;
    if (b.bench)
        return run.llamaBench.*b.bench;
    return run.training.*b.training;
}

} // namespace

const QVector<Bound> &all()
{
    static const QVector<Bound> rows = [] {
        QVector<Bound> r;
        r << latencyRows("TTFT mean", "TTFT median", "TTFT p90", "TTFT p99", &R::ttftMs)
          << latencyRows("TPOT mean", "TPOT median", "TPOT p90", "TPOT p99", &R::tpotMs)
          << latencyRows("ITL mean", "ITL median", "ITL p90", "ITL p99", &R::itlMs)
          << latencyRows("E2E latency mean", "E2E latency median", "E2E latency p90", "E2E latency p99",
                         &R::e2eMs);
        r << top("input tokens", "tokens", kMostTokensPerRequest, &R::inputTokens)
          << top("output tokens", "tokens", kMostTokensPerRequest, &R::outputTokens)
          << top("request rate", "requests/s", kMostRequestsPerS, &R::requestRate)
          << top("output throughput", "tokens/s", kMostTokensPerS, &R::outputTokensPerS)
          << top("total throughput", "tokens/s", kMostTokensPerS, &R::totalTokensPerS)
          << top("request throughput", "requests/s", kMostRequestsPerS, &R::requestsPerS)
          << top("completed requests", "requests", kMostRequests, &R::completedRequests)
          << top("duration", "s", kMostDurationS, &R::durationS);
        r << bench("prompt tokens/s", &R::LlamaBench::promptTokensPerS)
          << bench("generation tokens/s", &R::LlamaBench::generationTokensPerS)
          << bench("prompt and generation tokens/s", &R::LlamaBench::combinedTokensPerS)
          << bench("tokens/s standard deviation", &R::LlamaBench::stddevTokensPerS);
        r << training("training tokens/s per GPU", "tokens/s", kMostTokensPerS,
                      &R::Training::tokensPerSPerGpu)
          << training("step time", "s", kMostStepTimeS, &R::Training::stepTimeS)
          << training("MFU", "", 1.0, &R::Training::mfu);
        return r;
    }();
    return rows;
}

QString problem(const MeasuredRun &run)
{
    for (const Bound &b : all()) {
        const std::optional<double> value = valueOf(run, b);
        if (!value || *value <= b.most)
            continue;
        if (b.top == &R::requestRate && std::isinf(*value))
            continue; // unlimited: every request at once
        const QString unit = QString::fromLatin1(b.unit);
        const auto withUnit = [&unit](double v, int digits) {
            const QString number = QString::number(v, 'g', digits);
            return unit.isEmpty() ? number : number + u' ' + unit;
        };
        return QCoreApplication::translate(
                   "MeasuredRunBounds", "the %1 is %2, above the %3 a real run can have (not a measurement)")
            .arg(QString::fromLatin1(b.name), withUnit(*value, 6), withUnit(b.most, 12));
    }
    return {};
}

} // namespace MeasuredRunBounds
