#pragma once

#include <QString>
#include <QStringList>
#include <optional>

// The benchmark client a serving figure is counted by (--harness). The same engine under the same load
// reads differently in each, because each counts other requests (resources/datasets/
// benchmark-tool-semantics.md has the sources):
//   vllm-bench  `vllm bench serve`: every request from the first one sent, the users' first round (all
//               starting together) included; warm-ups (--num-warmups) run before the timed run and are not
//               in it. InferenceX's client counts the same way.
//   genai-perf  GenAI-Perf (perf_analyzer): measures in windows once the requests in flight are steady, so
//               the first round and the drain at the end (fewer users left than asked for) are not in it.
//   aiperf      AIPerf: its --warmup-request-count requests are sent first and left out; every later one
//               counts, from its first profiling request to the last.
// Every tool's TPOT is per request, (end-to-end - TTFT) / (output - 1) (GenAI-Perf and AIPerf call it ITL);
// ITL here is every gap between two tokens.
enum class BenchmarkHarness
{
    VllmBench,
    GenAiPerf,
    AiPerf,
};

namespace BenchmarkHarnesses {

QString name(BenchmarkHarness harness); // "vllm-bench", "genai-perf", "aiperf"
std::optional<BenchmarkHarness> fromName(const QString &name);
QStringList names();

// Requests sent first and left out: the user's warm-up count, and for GenAI-Perf at least the first round of
// `users` (0 in an open loop).
int warmupRequests(BenchmarkHarness harness, int users, int askedWarmup);
// Whether the figures stop before the drain: the last requests are counted only while every user still has
// one in flight (GenAI-Perf's stable windows).
bool steadyState(BenchmarkHarness harness);

} // namespace BenchmarkHarnesses
