#pragma once

#include <QString>
#include <optional>

// One run a user measured, read from a benchmark tool's result file (MeasurementFileReader), with the
// conditions the file states. What the file does not say stays empty (strings) or nullopt (numbers):
// an unknown value is never 0. Latencies are in milliseconds, durations in seconds, rates per second.
struct MeasuredRun
{
    enum class Format
    {
        VllmBenchServe,      // vllm bench serve --save-result (JSON)
        SglangBenchServing,  // python -m sglang.bench_serving --output-file (JSONL)
        AiperfProfileExport, // AIPerf profile_export_aiperf.json / GenAI-Perf profile_export_genai_perf.json
        LlamaBenchJson,      // llama-bench -o json (or -o jsonl)
        LlamaBenchCsv,       // llama-bench -o csv
        CsvTemplate,         // GPU Compare's own CSV template (docs/measurements.md)
    };
    enum class Task
    {
        Unknown,
        InferenceServing, // many requests in flight against a server
        InferenceSingle,  // one stream (llama-bench pp / tg)
        Training,
    };

    // Mean, median and tail of one latency over the requests of a run, in milliseconds.
    struct Latency
    {
        std::optional<double> mean;
        std::optional<double> median;
        std::optional<double> p90;
        std::optional<double> p99;
    };

    // llama-bench's test shape and result. A pp test has nPrompt > 0 and nGen == 0, a tg test
    // nGen > 0 and nPrompt == 0; a pg test (both) keeps its combined rate in combinedTokensPerS.
    struct LlamaBench
    {
        QString modelType; // "qwen2 7B Q4_K - Medium": architecture, size, file type
        QString backends;  // "CUDA", "Metal,BLAS"
        std::optional<int> nPrompt;
        std::optional<int> nGen;
        std::optional<int> nDepth;
        std::optional<int> nBatch;
        std::optional<int> nUbatch;
        std::optional<int> nGpuLayers;              // -1 or >= layers: all offloaded
        std::optional<double> promptTokensPerS;     // avg_ts of a pp test
        std::optional<double> generationTokensPerS; // avg_ts of a tg test
        std::optional<double> combinedTokensPerS;   // avg_ts of a pg test
        std::optional<double> stddevTokensPerS;     // stddev_ts
    };

    struct Training
    {
        std::optional<double> tokensPerSPerGpu;
        std::optional<double> stepTimeS;
        std::optional<double> mfu; // model FLOPs utilisation, a fraction (0.42), not percent
        std::optional<int> globalBatch;
        std::optional<int> sequenceLength;
    };

    Format format = Format::CsvTemplate;
    int record = 0; // where in the file: 1-based line (JSONL, CSV) or array element (llama-bench JSON)

    // Conditions
    QString tool;        // "vllm bench serve", "sglang.bench_serving", "aiperf", "llama-bench", ...
    QString toolVersion; // llama-bench build_commit; empty when the file does not say
    QString date;        // as the file writes it
    QString modelName;   // as written in the file: "meta-llama/Llama-3.1-8B-Instruct", a GGUF path
    QString gpuName;     // as written ("NVIDIA GeForce RTX 4080"); empty when the file does not say
    std::optional<int> gpuCount;
    std::optional<int> tensorParallel;
    std::optional<int> pipelineParallel;
    std::optional<int> dataParallel;
    QString backend; // the benchmark client's backend as written ("vllm", "openai-chat", "sglang")
    QString engine;  // vllm, sglang, trtllm, llama.cpp, ...; empty when the file does not say
    Task task = Task::Unknown;
    QString dataset;                    // "sharegpt", "random"; empty when unknown
    QString precision;                  // precision or quantisation as written ("fp8", "Q4_K - Medium")
    std::optional<double> inputTokens;  // mean prompt length per request, as the file gives it
    std::optional<double> outputTokens; // mean generated length per request
    std::optional<int> concurrency;     // the most requests in flight (max_concurrency)
    std::optional<double> requestRate;  // requests/s offered; infinity when unlimited
    std::optional<int> numPrompts;      // requests the run was asked to send
    QString source;                     // the template's source column (who measured, where)

    // Serving metrics
    Latency ttftMs; // time to first token
    Latency tpotMs; // time per output token after the first
    Latency itlMs;  // inter-token latency
    Latency e2eMs;  // end-to-end request latency
    std::optional<double> outputTokensPerS;
    std::optional<double> totalTokensPerS; // input + output tokens per second
    std::optional<double> requestsPerS;
    std::optional<double> completedRequests;
    std::optional<double> durationS;

    LlamaBench llamaBench;
    Training training;
};
