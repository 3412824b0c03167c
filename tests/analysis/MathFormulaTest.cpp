// Every math term explains its own value: its substituted text, evaluated, gives the term's value back,
// and the value is the number the estimate reports. For every seed preset, every task, five GPUs and
// several splits, so a formula whose explanation drifts from its computation fails here.
#include "app/analysis/Estimator.h"
#include "app/analysis/MathExpr.h"
#include "tests/analysis/TestCatalogue.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <limits>
#include <optional>

namespace {

// MathLog::number prints 6 significant digits, so a printed number p stands for any value within
// 5e-6 x |p| of it.
constexpr double kPrintedRelative = 5e-6;
// What the explanation must reproduce the value to when read as printed (the numbers as shown): 0.01%,
// tight enough that an explanation off by a factor of 1.001 fails. With 6 digits the largest error seen
// is 1.2e-5 (a MoE decode subtracting the untouched experts' bytes from the weights), 8x under it; with 5
// digits it was 2e-4 and with 4 (the old MathLog::number) 8e-4. Floor and ceil are the exception a
// tolerance cannot cover: see Range below.
constexpr double kTolerance = 1e-4;

// The value of a substituted text read two ways: with the numbers as printed (mid), and as the range of
// every value the printed numbers could stand for (lo, hi; interval arithmetic). A floor or ceil whose
// argument sits within rounding of an integer can land either side of it; the range covers both.
struct Range
{
    double mid = 0.0;
    double lo = 0.0;
    double hi = 0.0;
};

// A tiny recursive-descent evaluator: numbers, + - x /, parentheses, unary minus, max, min, ceil, floor,
// pow. Anything else is an error.
class Evaluator
{
public:
    explicit Evaluator(const QString &text)
        : m_text(text)
    {}

    std::optional<Range> evaluate()
    {
        const Range result = sum();
        skipSpaces();
        if (m_pos != m_text.size())
            fail(QStringLiteral("unexpected text"));
        if (!m_error.isEmpty())
            return std::nullopt;
        return result;
    }
    const QString &error() const { return m_error; }
    // A floor or ceil whose argument may be either side of an integer: the printed value may be 1 off.
    bool straddles() const { return m_straddles; }

private:
    static Range corners(double a, double b, double c, double d, double mid)
    {
        const double values[] = {a, b, c, d};
        return {mid, *std::min_element(std::begin(values), std::end(values)),
                *std::max_element(std::begin(values), std::end(values))};
    }
    static Range add(const Range &a, const Range &b) { return {a.mid + b.mid, a.lo + b.lo, a.hi + b.hi}; }
    static Range subtract(const Range &a, const Range &b)
    {
        return {a.mid - b.mid, a.lo - b.hi, a.hi - b.lo};
    }
    static Range multiply(const Range &a, const Range &b)
    {
        return corners(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi, a.mid * b.mid);
    }
    static Range divide(const Range &a, const Range &b)
    {
        if (b.lo <= 0.0 && b.hi >= 0.0) // the divisor could be 0: no bound
            return {a.mid / b.mid, -std::numeric_limits<double>::infinity(),
                    std::numeric_limits<double>::infinity()};
        return corners(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi, a.mid / b.mid);
    }

    void fail(const QString &message)
    {
        if (m_error.isEmpty())
            m_error =
                message + QStringLiteral(" at ") + QString::number(m_pos) + QStringLiteral(": ") + m_text;
        m_pos = m_text.size();
    }
    void skipSpaces()
    {
        while (m_pos < m_text.size() && m_text.at(m_pos) == u' ')
            ++m_pos;
    }
    bool take(QChar c)
    {
        skipSpaces();
        if (m_pos < m_text.size() && m_text.at(m_pos) == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    // " x " is multiplication: a word of its own, never part of a number or a function name.
    bool takeTimes()
    {
        skipSpaces();
        if (m_pos + 1 < m_text.size() && m_text.at(m_pos) == u'x' && m_text.at(m_pos + 1) == u' ') {
            ++m_pos;
            return true;
        }
        return false;
    }

    Range sum()
    {
        Range value = product();
        for (;;) {
            if (take(u'+'))
                value = add(value, product());
            else if (take(u'-'))
                value = subtract(value, product());
            else
                return value;
        }
    }
    Range product()
    {
        Range value = unary();
        for (;;) {
            if (takeTimes())
                value = multiply(value, unary());
            else if (take(u'/'))
                value = divide(value, unary());
            else
                return value;
        }
    }
    Range unary()
    {
        if (take(u'-')) {
            const Range value = unary();
            return {-value.mid, -value.hi, -value.lo};
        }
        return primary();
    }
    Range primary()
    {
        skipSpaces();
        if (take(u'(')) {
            const Range value = sum();
            if (!take(u')'))
                fail(QStringLiteral("missing )"));
            return value;
        }
        static const QRegularExpression number(QStringLiteral("\\G[0-9]+(\\.[0-9]*)?(e-?[0-9]+)?"));
        static const QRegularExpression word(QStringLiteral("\\G[a-z]+"));
        const auto numberMatch = number.match(m_text, m_pos);
        if (numberMatch.hasMatch()) {
            m_pos += numberMatch.capturedLength();
            const double value = numberMatch.captured().toDouble();
            const double slack = std::fabs(value) * kPrintedRelative;
            return {value, value - slack, value + slack};
        }
        const auto wordMatch = word.match(m_text, m_pos);
        if (!wordMatch.hasMatch()) {
            fail(QStringLiteral("expected a number"));
            return {};
        }
        const QString function = wordMatch.captured();
        m_pos += wordMatch.capturedLength();
        if (!take(u'(')) {
            fail(QStringLiteral("expected ( after ") + function);
            return {};
        }
        const Range a = sum();
        std::optional<Range> b;
        if (take(u','))
            b = sum();
        if (!take(u')'))
            fail(QStringLiteral("missing )"));
        const bool twoArguments = function == u"max" || function == u"min" || function == u"pow";
        if (twoArguments != b.has_value()) {
            fail(QStringLiteral("wrong arguments for ") + function);
            return {};
        }
        if (function == u"max")
            return {std::max(a.mid, b->mid), std::max(a.lo, b->lo), std::max(a.hi, b->hi)};
        if (function == u"min")
            return {std::min(a.mid, b->mid), std::min(a.lo, b->lo), std::min(a.hi, b->hi)};
        if (function == u"ceil" || function == u"floor") {
            double (*round)(double) = function == u"ceil" ? +[](double x) { return std::ceil(x); }
                                                          : +[](double x) { return std::floor(x); };
            m_straddles = m_straddles || round(a.lo) != round(a.hi);
            return {round(a.mid), round(a.lo), round(a.hi)};
        }
        if (function == u"pow") { // positive bases only: monotonic in each argument
            if (a.lo <= 0.0)
                fail(QStringLiteral("pow of a base that may not be positive"));
            return corners(std::pow(a.lo, b->lo), std::pow(a.lo, b->hi), std::pow(a.hi, b->lo),
                           std::pow(a.hi, b->hi), std::pow(a.mid, b->mid));
        }
        fail(QStringLiteral("unknown function ") + function);
        return {};
    }

    QString m_text;
    qsizetype m_pos = 0;
    QString m_error;
    bool m_straddles = false;
};

double relativeError(double value, double expected)
{
    if (expected == 0.0)
        return std::fabs(value);
    return std::fabs(value - expected) / std::fabs(expected);
}

// One estimate of the sweep, named for failure messages.
struct Case
{
    std::string what;
    Estimate estimate;
};

QVector<Case> sweep()
{
    struct Split
    {
        const char *name;
        int gpus;
        int tensor;
        int pipeline;
        bool training; // the split applies to this side
        const char *profile;
    };
    // One GPU; eight (inference with the engine's batch, training data parallel with ZeRO-1); explicit
    // tp = 2 inference; pp = 2 training (bubble, ZeRO-3); llama.cpp's layer split of a long quantised prompt
    // over two GPUs (pipeline micro-batches).
    const Split splits[] = {
        {"1 GPU", 1, 0, 0, false, "vllm"},
        {"1 GPU", 1, 0, 0, true, "pytorch-amp"},
        {"8 GPUs", 8, 0, 0, false, "vllm"},
        {"8 GPUs", 8, 0, 0, true, "megatron"},
        {"tp 2", 2, 2, 0, false, "tensorrt-llm"},
        {"pp 2", 4, 0, 2, true, "pytorch-amp"},
        {"llama.cpp 2 GPUs", 2, 0, 0, false, "llama.cpp"},
    };
    const CatalogueSnapshot catalogue = TestCatalogue::snapshot();
    QVector<Case> cases;
    for (const ModelSpec &model : catalogue.models) {
        for (const Task task : {Task::Inference, Task::Training, Task::Lora, Task::Qlora}) {
            for (const Split &split : splits) {
                if (split.training != Tasks::isTraining(task))
                    continue;
                Workload w;
                w.model = model;
                w.task = task;
                w.gpuCount = split.gpus;
                w.tensorParallel = split.tensor;
                w.pipelineParallel = split.pipeline;
                w.trainTokens = 1e10;
                if (Tasks::isTraining(task)) {
                    w.batch = 16;
                    w.microBatch = 2;
                    w.zeroStage = split.pipeline > 0 ? 3 : split.gpus > 1 ? 1 : 0;
                    // Each recomputation mode, and once the attention scores stored (no FlashAttention).
                    w.recompute = split.pipeline > 0 ? Recompute::Full
                                  : split.gpus > 1   ? Recompute::Selective
                                                     : Recompute::None;
                    w.flashAttention = split.gpus > 1;
                    if (task == Task::Qlora)
                        w.weightPrecision = Precision::Int4;
                } else if (split.gpus == 8) {
                    w.batch = 0; // as many as fit
                } else if (QLatin1String(split.profile) == QLatin1String("llama.cpp")) {
                    w.weightPrecision = Precision::GgufQ4_K_M;
                    w.inputTokens = 2048;
                } else if (split.tensor == 2 && (model.modelId == QLatin1String("llama-3.1-8b") ||
                                                 model.modelId == QLatin1String("mixtral-8x7b"))) {
                    // Under load (the serving terms): 16 users over the ShareGPT mix.
                    ServingTraffic traffic;
                    traffic.concurrency = 16;
                    traffic.numRequests = 64;
                    traffic.dataset = LengthDataset::ShareGpt;
                    traffic.lengthTable = LengthTable::shareGpt();
                    w.traffic = traffic;
                    w.batch = 16;
                }
                if (!Estimator::validate(w).isEmpty())
                    continue; // LoRA of a CNN, pp 2 of a model without layers
                QVector<GpuSpec> gpus = catalogue.gpus;
                if (QLatin1String(split.profile) == QLatin1String("llama.cpp")) {
                    // A workstation of the user's own cards: the owned cost's terms.
                    w.ownsCards = true;
                    for (GpuSpec &gpu : gpus)
                        gpu.priceUsd = 5000.0;
                }
                const QVector<Estimate> all = Estimator::estimateAll(
                    gpus, w, TestCatalogue::profile(QString::fromLatin1(split.profile)));
                for (const Estimate &e : all)
                    cases.append({model.modelId.toStdString() + " " + Tasks::name(task).toStdString() + " " +
                                      split.name + " on " + e.gpuId.toStdString(),
                                  e});
            }
        }
    }
    return cases;
}

const QVector<Case> &cases()
{
    static const QVector<Case> all = sweep();
    return all;
}

} // namespace

TEST(MathFormula, EveryTermsSubstitutedTextEvaluatesToItsValue)
{
    ASSERT_GT(cases().size(), 500);
    int terms = 0;
    double worst = 0.0;
    std::string worstTerm;
    for (const Case &c : cases()) {
        for (const MathTerm &term : c.estimate.math) {
            ++terms;
            const std::string where =
                c.what + ": " + term.name.toStdString() + " = " + term.substituted.toStdString();
            EXPECT_FALSE(term.formula.isEmpty()) << where;
            Evaluator evaluator(term.substituted);
            const std::optional<Range> range = evaluator.evaluate();
            ASSERT_TRUE(range.has_value()) << where << "\n" << evaluator.error().toStdString();
            // Within what the printed digits allow (1e-9: the rounding of the bounds' own arithmetic)...
            const double slack = 1e-9 * std::max(std::fabs(term.value), 1e-300);
            EXPECT_GE(term.value, range->lo - slack) << where << " gives at least " << range->lo;
            EXPECT_LE(term.value, range->hi + slack) << where << " gives at most " << range->hi;
            // ...and, read as printed, within the tolerance, unless a floor or ceil sits on an integer.
            const double error = relativeError(range->mid, term.value);
            if (!evaluator.straddles()) {
                EXPECT_LE(error, kTolerance)
                    << where << " reads " << range->mid << ", the value is " << term.value;
                if (error > worst) {
                    worst = error;
                    worstTerm = where;
                }
            }
        }
    }
    EXPECT_GT(terms, 10000);
    std::cout << terms << " terms; largest relative error read as printed " << worst << " (" << worstTerm
              << ")\n";
}

TEST(MathFormula, EachTermIsTheNumberTheEstimateReports)
{
    using Id = MathTermId;
    // The terms that are a figure of the estimate, and that figure.
    const QHash<Id, std::function<std::optional<double>(const Estimate &)>> reported{
        {Id::PeakCompute, [](const Estimate &e) { return e.peakTflopsUsed; }},
        {Id::Parallelism, [](const Estimate &e) { return double(e.parallelism.gpus); }},
        {Id::BatchPerReplica,
         [](const Estimate &e) {
             return e.inference ? double(e.inference->batch) : double(e.training->sequencesPerReplica);
         }},
        {Id::MicroBatchesPerStep, [](const Estimate &e) { return double(e.training->gradientAccumulation); }},
        {Id::FewestGpus, [](const Estimate &e) { return double(e.minGpus); }},
        {Id::LargestBatch, [](const Estimate &e) { return double(e.inference->maxBatch); }},
        {Id::LongestContext, [](const Estimate &e) { return double(e.inference->maxContext); }},
        {Id::WeightsPerGpu, [](const Estimate &e) { return e.memory.weightsGb; }},
        {Id::KvCachePerGpu, [](const Estimate &e) { return e.memory.kvCacheGb; }},
        {Id::KvCacheMlaPerGpu, [](const Estimate &e) { return e.memory.kvCacheGb; }},
        {Id::ActivationsInference, [](const Estimate &e) { return e.memory.activationsGb; }},
        {Id::ActivationsRecomputeNone, [](const Estimate &e) { return e.memory.activationsGb; }},
        {Id::ActivationsRecomputeSelective, [](const Estimate &e) { return e.memory.activationsGb; }},
        {Id::ActivationsRecomputeFull, [](const Estimate &e) { return e.memory.activationsGb; }},
        {Id::GradientsPerGpu, [](const Estimate &e) { return e.memory.gradientsGb; }},
        {Id::OptimizerStatePerGpu, [](const Estimate &e) { return e.memory.optimizerGb; }},
        {Id::LoraAdaptersPerGpu, [](const Estimate &e) { return e.memory.adaptersGb; }},
        {Id::FrameworkOverheadPerGpu, [](const Estimate &e) { return e.memory.overheadGb; }},
        {Id::MemoryPerGpu, [](const Estimate &e) { return e.perGpuGb; }},
        {Id::ForwardTime, [](const Estimate &e) { return e.inference->ttftMs; }},
        {Id::SamplesPerSecond, [](const Estimate &e) { return e.inference->throughputTokensPerS; }},
        {Id::TimeToFirstToken, [](const Estimate &e) { return e.inference->ttftMs; }},
        {Id::PrefillTokensPerSecond, [](const Estimate &e) { return e.inference->prefillTokensPerS; }},
        {Id::TimePerOutputToken, [](const Estimate &e) { return e.inference->tpotMs; }},
        {Id::DecodeTokensPerSecond, [](const Estimate &e) { return e.inference->decodeTokensPerS; }},
        {Id::EndToEndThroughput, [](const Estimate &e) { return e.inference->throughputTokensPerS; }},
        {Id::StepTime, [](const Estimate &e) { return e.training->stepTimeS; }},
        {Id::TrainingTokensPerSecond, [](const Estimate &e) { return e.training->tokensPerS; }},
        {Id::TrainingSamplesPerSecond, [](const Estimate &e) { return e.training->samplesPerS; }},
        {Id::Mfu, [](const Estimate &e) { return e.training->mfu; }},
        {Id::Hfu, [](const Estimate &e) { return e.training->hfu; }},
        {Id::BudgetHours, [](const Estimate &e) { return e.training->budgetHours; }},
        {Id::BudgetGpuHours, [](const Estimate &e) { return e.training->budgetGpuHours; }},
        {Id::RentalPerMillionTokens, [](const Estimate &e) { return e.cost.usdPerMillionTokens; }},
        {Id::RentalForBudget, [](const Estimate &e) { return e.cost.usdForBudget; }},
        {Id::Power, [](const Estimate &e) { return e.cost.powerW; }},
        {Id::EnergyPerToken, [](const Estimate &e) { return e.cost.joulesPerToken; }},
        {Id::ElectricityPerMillionTokens,
         [](const Estimate &e) { return e.cost.electricityUsdPerMillionTokens; }},
        {Id::OwnedPerGpuHour, [](const Estimate &e) { return e.cost.usdPerGpuHour; }},
    };
    QSet<Id> seen;
    for (const Case &c : cases()) {
        QSet<Id> once;
        for (const MathTerm &term : c.estimate.math) {
            seen.insert(term.id);
            EXPECT_FALSE(once.contains(term.id)) << c.what << ": " << term.name.toStdString() << " twice";
            once.insert(term.id);
            EXPECT_EQ(term.name, MathTerms::name(term.id));
            EXPECT_EQ(term.unit, MathTerms::unit(term.id));
            const auto figure = reported.value(term.id);
            if (!figure)
                continue;
            const std::optional<double> expected = figure(c.estimate);
            ASSERT_TRUE(expected.has_value()) << c.what << ": " << term.name.toStdString();
            EXPECT_EQ(term.value, *expected) << c.what << ": " << term.name.toStdString();
        }
    }
    // The sweep reaches every term the estimator has.
    for (const Id id : MathTerms::all())
        EXPECT_TRUE(seen.contains(id)) << MathTerms::name(id).toStdString() << " never shown";
}

TEST(MathFormula, TermsHaveOneRowEachWithAStableKeyAndAName)
{
    QSet<QString> keys;
    QSet<QString> names;
    static const QRegularExpression key(QStringLiteral("^[a-z][a-z0-9_]*$"));
    for (int i = 0; i < MathTerms::all().size(); ++i) {
        const MathTermId id = MathTerms::all().at(i);
        EXPECT_EQ(static_cast<int>(id), i) << "the table in MathTerm.cpp is out of MathTermId order";
        EXPECT_TRUE(key.match(MathTerms::key(id)).hasMatch()) << MathTerms::key(id).toStdString();
        EXPECT_FALSE(keys.contains(MathTerms::key(id))) << MathTerms::key(id).toStdString();
        EXPECT_FALSE(names.contains(MathTerms::name(id))) << MathTerms::name(id).toStdString();
        keys.insert(MathTerms::key(id));
        names.insert(MathTerms::name(id));
        EXPECT_FALSE(MathTerms::unit(id).isEmpty());
    }
    EXPECT_EQ(MathTerms::all().size(), static_cast<int>(MathTermId::OwnedPerGpuHour) + 1);
}

TEST(MathFormula, ExpressionsKeepPrecedenceAndTheirValue)
{
    const auto symbol = [](const char *name, double value) {
        return MathExpr::symbol(QString::fromLatin1(name), value);
    };
    const MathExpr a = symbol("a", 8.0);
    const MathExpr b = symbol("b", 2.0);
    const MathExpr c = symbol("c", 0.5);
    const MathExpr e = a / (b * c) - (a - b) + Math::max(a, b) * (b + c);
    EXPECT_EQ(e.formula(), QStringLiteral("a / (b x c) - (a - b) + max(a, b) x (b + c)"));
    EXPECT_EQ(e.substituted(), QStringLiteral("8 / (2 x 0.5) - (8 - 2) + max(8, 2) x (2 + 0.5)"));
    EXPECT_DOUBLE_EQ(e.value(), 8.0 / (2.0 * 0.5) - (8.0 - 2.0) + 8.0 * 2.5);
    const MathExpr f = a * b / c + 1e9 - Math::ceil(a / 3.0) - Math::floor(c);
    EXPECT_EQ(f.formula(), QStringLiteral("a x b / c + 1e9 - ceil(a / 3) - floor(c)"));
    EXPECT_EQ(e.named(QStringLiteral("e")).formula(), QStringLiteral("e"));
    EXPECT_EQ(e.named(QStringLiteral("e")).substituted(), MathLog::number(e.value()));
    EXPECT_EQ(MathLog::number(8030261248.0), QStringLiteral("8.03026e9"));
    EXPECT_EQ(MathLog::number(1e-5), QStringLiteral("1e-5"));
    EXPECT_EQ(MathLog::number(16.06052496), QStringLiteral("16.0605"));
}
