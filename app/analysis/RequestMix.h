#pragma once

#include <QString>
#include <QVector>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

// The lengths (and optionally arrival times) of the requests a benchmark sends, as `vllm bench serve`'s
// --dataset-name chooses them:
//   fixed:    every request the workload's input and output tokens;
//   random:   each length drawn uniformly from L x [1 - R, 1 + R] (--random-range-ratio R), integers,
//             both ends included, at least 1;
//   sharegpt: the bundled table of ShareGPT conversations' token counts (resources/datasets), drawn in
//             an order shuffled by the seed, as vllm samples the dataset;
//   file:     a user's CSV or JSONL of input_tokens, output_tokens and optionally arrival_s (a trace).
enum class LengthDataset
{
    Fixed,
    Random,
    ShareGpt,
    File,
};

namespace LengthDatasets {
QString name(LengthDataset dataset); // "fixed", "random", "sharegpt", "file"
// "fixed", "random", "sharegpt"; anything else is read as a file path by the caller.
std::optional<LengthDataset> fromName(const QString &name);
} // namespace LengthDatasets

struct RequestShape
{
    int inputTokens = 0;
    int outputTokens = 0;
    double arrivalS = -1.0; // from a trace; < 0: none

    bool operator==(const RequestShape &) const = default;
};

// A table of requests to draw from, read once and shared by every simulation that uses it.
struct LengthTable
{
    QString source; // where it came from, for the math and the notes: a file name or the bundled set's name
    QVector<RequestShape> requests;
    bool hasArrivals = false; // every row has arrival_s
    double meanInput = 0.0;
    double meanOutput = 0.0;
    int maxTotal = 0; // the longest request, input + output

    bool operator==(const LengthTable &) const = default;

    // The bundled ShareGPT table (:/datasets/sharegpt-lengths.csv), read once; empty if the resource is
    // missing (a build without it).
    static std::shared_ptr<const LengthTable> shareGpt();
    // A user's file: CSV with a header naming input_tokens and output_tokens (arrival_s optional), or JSONL
    // with those keys per line. Nothing on error, with the line and field named in `error`.
    static std::shared_ptr<const LengthTable> readFile(const QString &path, QString *error);
    static std::shared_ptr<const LengthTable> parse(const QByteArray &data, const QString &source,
                                                    QString *error);
    // The same spread of lengths with the given means (each length scaled, at least 1 token): a
    // measurement that states only a run's mean lengths over a ShareGPT-like mix.
    std::shared_ptr<const LengthTable> scaledTo(double meanInputTokens, double meanOutputTokens) const;
};

// What a simulation draws its requests from: the dataset, its parameters and its table.
struct LengthMix
{
    LengthDataset dataset = LengthDataset::Fixed;
    double randomRangeRatio = 0.0;            // random: R
    std::shared_ptr<const LengthTable> table; // sharegpt, file
    int inputTokens = 0;                      // fixed, random: L of the input
    int outputTokens = 0;                     // and of the output

    bool operator==(const LengthMix &other) const
    {
        return dataset == other.dataset && randomRangeRatio == other.randomRangeRatio &&
               inputTokens == other.inputTokens && outputTokens == other.outputTokens &&
               (table == other.table || (table && other.table && *table == *other.table));
    }

    // `count` requests from the seed: the same seed gives the same requests on every platform (the
    // generator is std::mt19937, whose sequence the standard fixes, drawn without std's distributions).
    std::vector<RequestShape> draw(int count, std::uint32_t seed) const;
    // The longest request the mix can produce (input + output).
    int longestRequest() const;
};
