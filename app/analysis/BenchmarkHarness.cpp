#include "app/analysis/BenchmarkHarness.h"

#include <algorithm>

namespace BenchmarkHarnesses {

QString name(BenchmarkHarness harness)
{
    switch (harness) {
    case BenchmarkHarness::VllmBench:
        return QStringLiteral("vllm-bench");
    case BenchmarkHarness::GenAiPerf:
        return QStringLiteral("genai-perf");
    case BenchmarkHarness::AiPerf:
        return QStringLiteral("aiperf");
    }
    return {};
}

std::optional<BenchmarkHarness> fromName(const QString &text)
{
    const QString lower = text.trimmed().toLower();
    for (const BenchmarkHarness h :
         {BenchmarkHarness::VllmBench, BenchmarkHarness::GenAiPerf, BenchmarkHarness::AiPerf})
        if (lower == name(h))
            return h;
    return std::nullopt;
}

QStringList names()
{
    return {name(BenchmarkHarness::VllmBench), name(BenchmarkHarness::GenAiPerf),
            name(BenchmarkHarness::AiPerf)};
}

int warmupRequests(BenchmarkHarness harness, int users, int askedWarmup)
{
    if (harness == BenchmarkHarness::GenAiPerf)
        return std::max(askedWarmup, users);
    return askedWarmup;
}

bool steadyState(BenchmarkHarness harness)
{
    return harness == BenchmarkHarness::GenAiPerf;
}

} // namespace BenchmarkHarnesses
