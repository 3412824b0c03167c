#include "db/MeasurementFileReader.h"
#include "db/ModelNameMatch.h"
#include "db/SeedCatalogue.h"

#include <QFile>
#include <cmath>
#include <gtest/gtest.h>

namespace {

QString dataPath(const char *name)
{
    return QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/") + QString::fromLatin1(name);
}

QByteArray dataBytes(const char *name)
{
    QFile file(dataPath(name));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

MeasurementReadResult readText(const char *text, const char *fileName)
{
    return MeasurementFileReader::read(QByteArray(text), QString::fromLatin1(fileName));
}

} // namespace

TEST(MeasurementReader, VllmSaveResultValuesAreTheFilesNumbers)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("vllm-bench-serve.json"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 1);
    const MeasuredRun &run = result.runs.first();
    EXPECT_EQ(run.format, MeasuredRun::Format::VllmBenchServe);
    EXPECT_EQ(run.task, MeasuredRun::Task::InferenceServing);
    EXPECT_EQ(run.modelName, QStringLiteral("meta-llama/Llama-3.1-8B-Instruct"));
    EXPECT_EQ(run.engine, QStringLiteral("vllm"));
    EXPECT_EQ(run.date, QStringLiteral("20250612-101530"));
    EXPECT_EQ(run.ttftMs.median, 55.12);
    EXPECT_EQ(run.ttftMs.mean, 60.77);
    EXPECT_EQ(run.ttftMs.p90, 81.3);
    EXPECT_EQ(run.ttftMs.p99, 120.45);
    EXPECT_EQ(run.tpotMs.median, 6.28);
    EXPECT_EQ(run.itlMs.p99, 12.8);
    EXPECT_FALSE(run.e2eMs.median.has_value()); // not in the file: unknown, not 0
    EXPECT_EQ(run.outputTokensPerS, 2425.01);
    EXPECT_EQ(run.totalTokensPerS, 4843.81);
    EXPECT_EQ(run.requestsPerS, 2.4248);
    EXPECT_EQ(run.completedRequests, 100.0);
    EXPECT_EQ(run.durationS, 41.24);
    EXPECT_EQ(run.concurrency, 16);
    EXPECT_EQ(run.numPrompts, 100);
    ASSERT_TRUE(run.requestRate.has_value());
    EXPECT_TRUE(std::isinf(*run.requestRate)); // "inf": unlimited
    EXPECT_DOUBLE_EQ(*run.inputTokens, 997.44);
    EXPECT_DOUBLE_EQ(*run.outputTokens, 1000.0);
    EXPECT_TRUE(run.gpuName.isEmpty());
    EXPECT_FALSE(run.gpuCount.has_value());
}

TEST(MeasurementReader, FormatIsRecognisedByContentNotName)
{
    const QByteArray bytes = dataBytes("vllm-bench-serve.json");
    ASSERT_FALSE(bytes.isEmpty());
    const MeasurementReadResult asText = MeasurementFileReader::read(bytes, QStringLiteral("results.txt"));
    ASSERT_TRUE(asText.ok()) << qPrintable(asText.error);
    EXPECT_EQ(asText.runs.first().format, MeasuredRun::Format::VllmBenchServe);
    EXPECT_EQ(asText.runs.first().ttftMs.median, 55.12);

    // A llama-bench CSV named .json is still CSV.
    const MeasurementReadResult csv =
        MeasurementFileReader::read(dataBytes("llama-bench.csv"), QStringLiteral("bench.json"));
    ASSERT_TRUE(csv.ok()) << qPrintable(csv.error);
    EXPECT_EQ(csv.runs.first().format, MeasuredRun::Format::LlamaBenchCsv);
}

TEST(MeasurementReader, SglangJsonlReadsEachLineWithInfinityAsUnlimitedRate)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("sglang-bench-serving.jsonl"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 2);
    const MeasuredRun &first = result.runs.at(0);
    EXPECT_EQ(first.format, MeasuredRun::Format::SglangBenchServing);
    EXPECT_EQ(first.record, 1);
    EXPECT_EQ(first.engine, QStringLiteral("sglang"));
    EXPECT_EQ(first.dataset, QStringLiteral("random"));
    ASSERT_TRUE(first.requestRate.has_value());
    EXPECT_TRUE(std::isinf(*first.requestRate));
    EXPECT_EQ(first.concurrency, 64);
    EXPECT_EQ(first.ttftMs.median, 388.9);
    EXPECT_EQ(first.ttftMs.p99, 702.4);
    EXPECT_EQ(first.tpotMs.median, 23.95);
    EXPECT_EQ(first.itlMs.mean, 24.01);
    EXPECT_EQ(first.e2eMs.median, 24870.1);
    EXPECT_EQ(first.outputTokensPerS, 2595.25);
    EXPECT_DOUBLE_EQ(*first.totalTokensPerS, 2595.25 + 2595.25);
    EXPECT_DOUBLE_EQ(*first.inputTokens, 1024.0);
    EXPECT_TRUE(first.modelName.isEmpty()); // this writer does not record the model

    const MeasuredRun &second = result.runs.at(1);
    EXPECT_EQ(second.record, 2);
    EXPECT_EQ(second.requestRate, 4.0);
    EXPECT_FALSE(second.concurrency.has_value()); // null: no limit given
    EXPECT_EQ(second.ttftMs.median, 91.2);
}

TEST(MeasurementReader, AiperfProfileExportMetricsAndInputConfig)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("aiperf-profile-export.json"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 1);
    const MeasuredRun &run = result.runs.first();
    EXPECT_EQ(run.format, MeasuredRun::Format::AiperfProfileExport);
    EXPECT_EQ(run.tool, QStringLiteral("aiperf"));
    EXPECT_EQ(run.modelName, QStringLiteral("Qwen/Qwen3-8B"));
    EXPECT_EQ(run.concurrency, 16);
    EXPECT_EQ(run.numPrompts, 500);
    EXPECT_EQ(run.ttftMs.mean, 123.0);
    EXPECT_EQ(run.ttftMs.median, 120.0);
    EXPECT_EQ(run.ttftMs.p90, 140.0);
    EXPECT_EQ(run.ttftMs.p99, 149.0);
    EXPECT_EQ(run.tpotMs.median, 20.5);
    EXPECT_EQ(run.e2eMs.p90, 2810.6);
    EXPECT_EQ(run.outputTokensPerS, 745.2);
    EXPECT_EQ(run.requestsPerS, 5.83);
    EXPECT_EQ(run.completedRequests, 500.0);
    EXPECT_EQ(run.durationS, 85.76);
    EXPECT_EQ(run.inputTokens, 550.0);
    EXPECT_EQ(run.outputTokens, 127.8); // measured, preferred to the configured 128
    EXPECT_FALSE(run.requestRate.has_value());
}

TEST(MeasurementReader, AiperfTimesInSecondsBecomeMilliseconds)
{
    const MeasurementReadResult result = readText(
        R"({"time_to_first_token": {"unit": "s", "avg": 0.25, "p50": 0.2}, "input_config": {"model": ["m"]}})",
        "genai.json");
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    EXPECT_DOUBLE_EQ(*result.runs.first().ttftMs.mean, 250.0);
    EXPECT_DOUBLE_EQ(*result.runs.first().ttftMs.median, 200.0);
    EXPECT_EQ(result.runs.first().tool, QStringLiteral("genai-perf"));
    EXPECT_EQ(result.runs.first().modelName, QStringLiteral("m"));
}

TEST(MeasurementReader, LlamaBenchJsonReadmeExample)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("llama-bench.json"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 2);
    const MeasuredRun &pp = result.runs.at(0);
    EXPECT_EQ(pp.format, MeasuredRun::Format::LlamaBenchJson);
    EXPECT_EQ(pp.task, MeasuredRun::Task::InferenceSingle);
    EXPECT_EQ(pp.engine, QStringLiteral("llama.cpp"));
    EXPECT_EQ(pp.gpuName, QStringLiteral("NVIDIA GeForce RTX 4080"));
    EXPECT_EQ(pp.modelName, QStringLiteral("models/Qwen2.5-7B-Instruct-Q4_K_M.gguf"));
    EXPECT_EQ(pp.llamaBench.modelType, QStringLiteral("qwen2 7B Q4_K - Medium"));
    EXPECT_EQ(pp.precision, QStringLiteral("Q4_K - Medium"));
    EXPECT_EQ(pp.toolVersion, QStringLiteral("8cf427ff"));
    EXPECT_EQ(pp.llamaBench.nPrompt, 512);
    EXPECT_EQ(pp.llamaBench.nGen, 0);
    EXPECT_EQ(pp.llamaBench.nBatch, 2048);
    EXPECT_EQ(pp.llamaBench.nGpuLayers, 99);
    EXPECT_EQ(pp.llamaBench.promptTokensPerS, 7100.002165);
    EXPECT_FALSE(pp.llamaBench.generationTokensPerS.has_value());
    EXPECT_EQ(pp.llamaBench.stddevTokensPerS, 140.341520);
    const MeasuredRun &tg = result.runs.at(1);
    EXPECT_EQ(tg.llamaBench.nGen, 128);
    EXPECT_EQ(tg.llamaBench.generationTokensPerS, 118.881588);
    EXPECT_FALSE(tg.llamaBench.promptTokensPerS.has_value());
}

TEST(MeasurementReader, LlamaBenchCsvReadmeExample)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("llama-bench.csv"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 2);
    EXPECT_EQ(result.runs.at(0).format, MeasuredRun::Format::LlamaBenchCsv);
    EXPECT_EQ(result.runs.at(0).record, 2);
    EXPECT_EQ(result.runs.at(0).llamaBench.promptTokensPerS, 7285.676949);
    EXPECT_EQ(result.runs.at(1).llamaBench.generationTokensPerS, 119.915244);
    EXPECT_EQ(result.runs.at(1).llamaBench.nUbatch, 512);
    EXPECT_EQ(result.runs.at(1).gpuName, QStringLiteral("NVIDIA GeForce RTX 4080"));
}

TEST(MeasurementReader, TemplateServingAndTrainingRows)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("template.csv"));
    ASSERT_TRUE(result.ok()) << qPrintable(result.error);
    ASSERT_EQ(result.runs.size(), 2);
    const MeasuredRun &serving = result.runs.at(0);
    EXPECT_EQ(serving.format, MeasuredRun::Format::CsvTemplate);
    EXPECT_EQ(serving.task, MeasuredRun::Task::InferenceServing);
    EXPECT_EQ(serving.gpuName, QStringLiteral("h100-sxm5-80gb"));
    EXPECT_EQ(serving.gpuCount, 1);
    EXPECT_EQ(serving.ttftMs.median, 182.5);
    EXPECT_EQ(serving.tpotMs.p90, 13.2);
    EXPECT_EQ(serving.outputTokensPerS, 2650.0);
    EXPECT_TRUE(std::isinf(*serving.requestRate));
    EXPECT_FALSE(serving.pipelineParallel.has_value());
    EXPECT_EQ(serving.source, QStringLiteral("our lab 2025-06 vllm 0.9.1"));
    const MeasuredRun &training = result.runs.at(1);
    EXPECT_EQ(training.task, MeasuredRun::Task::Training);
    EXPECT_EQ(training.gpuCount, 8);
    EXPECT_EQ(training.tensorParallel, 4);
    EXPECT_EQ(training.dataParallel, 2);
    EXPECT_EQ(training.training.tokensPerSPerGpu, 1450.0);
    EXPECT_EQ(training.training.stepTimeS, 9.8);
    EXPECT_EQ(training.training.mfu, 0.41);
    EXPECT_EQ(training.training.globalBatch, 512);
    EXPECT_EQ(training.training.sequenceLength, 8192);
    EXPECT_FALSE(training.ttftMs.median.has_value());
}

TEST(MeasurementReader, TheDocumentedTemplateIsTheTestFile)
{
    QFile doc(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/docs/measurements.md"));
    ASSERT_TRUE(doc.open(QIODevice::ReadOnly));
    const QByteArray text = doc.readAll();
    const QByteArray csv = dataBytes("template.csv");
    ASSERT_FALSE(csv.isEmpty());
    EXPECT_TRUE(text.contains(csv))
        << "docs/measurements.md's example differs from tests/data/measurements/template.csv";
}

TEST(MeasurementReader, UnknownFormatListsTheFormatsRead)
{
    const MeasurementReadResult json = readText(R"({"hello": 1})", "other.json");
    ASSERT_FALSE(json.ok());
    EXPECT_TRUE(json.error.startsWith(QStringLiteral("other.json: "))) << qPrintable(json.error);
    for (const char *name : {"vllm bench serve", "SGLang bench_serving", "AIPerf", "llama-bench -o json",
                             "llama-bench -o csv", "CSV template"})
        EXPECT_TRUE(json.error.contains(QString::fromLatin1(name))) << qPrintable(json.error);
    EXPECT_FALSE(json.error.contains(u'\n'));

    const MeasurementReadResult text = readText("a,b\n1,2\n", "notes.csv");
    ASSERT_FALSE(text.ok());
    EXPECT_TRUE(text.error.contains(QStringLiteral("vllm bench serve"))) << qPrintable(text.error);
}

TEST(MeasurementReader, TruncatedJsonSaysWhere)
{
    QByteArray bytes = dataBytes("aiperf-profile-export.json");
    ASSERT_GT(bytes.size(), 200);
    bytes.truncate(200); // inside line 3
    const MeasurementReadResult result = MeasurementFileReader::read(bytes, QStringLiteral("cut.json"));
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.error.startsWith(QStringLiteral("cut.json: "))) << qPrintable(result.error);
    EXPECT_TRUE(result.error.contains(QStringLiteral("line 3, column"))) << qPrintable(result.error);

    const MeasurementReadResult broken = readText("{\n  \"mean_ttft_ms\": 5,\n  \"x\": ]\n}", "broken.json");
    ASSERT_FALSE(broken.ok());
    EXPECT_TRUE(broken.error.contains(QStringLiteral("line 3, column "))) << qPrintable(broken.error);
}

TEST(MeasurementReader, TruncatedJsonlLineSaysWhichLine)
{
    QByteArray bytes = dataBytes("sglang-bench-serving.jsonl");
    const qsizetype secondLine = bytes.indexOf('\n') + 1;
    bytes.truncate(secondLine + 40);
    const MeasurementReadResult result = MeasurementFileReader::read(bytes, QStringLiteral("sg.jsonl"));
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.error.contains(QStringLiteral("line 2, column"))) << qPrintable(result.error);
}

TEST(MeasurementReader, NanInfiniteOrNegativeMetricsAreRefusedByName)
{
    const MeasurementReadResult nan = readText(R"({"model_id": "m", "mean_ttft_ms": NaN})", "nan.json");
    ASSERT_FALSE(nan.ok());
    EXPECT_EQ(nan.error, QStringLiteral("nan.json: the field 'mean_ttft_ms' is NaN"));

    const MeasurementReadResult negative =
        readText(R"({"model_id": "m", "mean_ttft_ms": 5, "median_tpot_ms": -3.5})", "neg.json");
    ASSERT_FALSE(negative.ok());
    EXPECT_EQ(negative.error, QStringLiteral("neg.json: the field 'median_tpot_ms' is negative (-3.5)"));

    const MeasurementReadResult infinite =
        readText(R"({"model_id": "m", "mean_ttft_ms": 5, "output_throughput": Infinity})", "inf.json");
    ASSERT_FALSE(infinite.ok());
    EXPECT_EQ(infinite.error, QStringLiteral("inf.json: the field 'output_throughput' is infinite"));

    const MeasurementReadResult aiperf =
        readText(R"({"time_to_first_token": {"unit": "ms", "avg": 1, "p90": -2}})", "ai.json");
    ASSERT_FALSE(aiperf.ok());
    EXPECT_TRUE(aiperf.error.contains(QStringLiteral("'time_to_first_token.p90' is negative")))
        << qPrintable(aiperf.error);

    const MeasurementReadResult csv = readText("model,task,ttft_median_ms\nx,serving,nan\n", "t.csv");
    ASSERT_FALSE(csv.ok());
    EXPECT_EQ(csv.error, QStringLiteral("t.csv: line 2: the field 'ttft_median_ms' is NaN"));

    const MeasurementReadResult jsonl =
        readText("{\"dataset_name\": \"random\", \"mean_ttft_ms\": 1}\n{\"dataset_name\": \"random\", "
                 "\"mean_ttft_ms\": -1}\n",
                 "s.jsonl");
    ASSERT_FALSE(jsonl.ok());
    EXPECT_EQ(jsonl.error, QStringLiteral("s.jsonl: line 2: the field 'mean_ttft_ms' is negative (-1)"));
}

TEST(MeasurementReader, FilesWithoutRunsAreRefused)
{
    for (const auto &[text, name] :
         {std::pair{"", "empty.json"}, std::pair{"  \n", "blank.csv"}, std::pair{"[]", "array.json"},
          std::pair{"model,task\n", "header.csv"}}) {
        const MeasurementReadResult result = readText(text, name);
        ASSERT_FALSE(result.ok()) << name;
        EXPECT_EQ(result.error,
                  QStringLiteral("%1: the file holds no measured runs").arg(QString::fromLatin1(name)));
    }
}

TEST(MeasurementReader, TemplateRefusesUnknownColumnsAndBadRows)
{
    const MeasurementReadResult typo = readText("model,task,ttft_medain_ms\nx,serving,5\n", "t.csv");
    ASSERT_FALSE(typo.ok());
    EXPECT_TRUE(typo.error.contains(QStringLiteral("'ttft_medain_ms'"))) << qPrintable(typo.error);

    const MeasurementReadResult task = readText("model,task,ttft_median_ms\nx,inference,5\n", "t.csv");
    ASSERT_FALSE(task.ok());
    EXPECT_TRUE(task.error.contains(QStringLiteral("line 2"))) << qPrintable(task.error);

    const MeasurementReadResult percent = readText("model,task,mfu\nx,training,41\n", "t.csv");
    ASSERT_FALSE(percent.ok());
    EXPECT_TRUE(percent.error.contains(QStringLiteral("fraction"))) << qPrintable(percent.error);

    const MeasurementReadResult nothing = readText("model,task,gpu\nx,training,h100\n", "t.csv");
    ASSERT_FALSE(nothing.ok());
    EXPECT_TRUE(nothing.error.contains(QStringLiteral("tokens_per_s_per_gpu"))) << qPrintable(nothing.error);
}

TEST(MeasurementReader, MissingFileNamesIt)
{
    const MeasurementReadResult result = MeasurementFileReader::read(dataPath("no-such-file.json"));
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.error.startsWith(QStringLiteral("no-such-file.json: "))) << qPrintable(result.error);
}

namespace {

// The bundled presets (resources/seed/models.json), as the catalogue starts with them.
ModelNameMatch seedMatcher()
{
    QFile file(QStringLiteral(GPUCOMPARE_SOURCE_DIR "/resources/seed/models.json"));
    if (!file.open(QIODevice::ReadOnly))
        return ModelNameMatch({});
    QString error;
    const std::optional<QVector<ModelSpec>> models = SeedCatalogue::parseModels(file.readAll(), &error);
    return ModelNameMatch(ModelNameMatch::presetsFrom(models.value_or(QVector<ModelSpec>())));
}

} // namespace

TEST(ModelNameMatchTest, HuggingFaceNamesWithVariantSuffixesMatchTheBasePreset)
{
    const ModelNameMatch matcher = seedMatcher();
    ASSERT_TRUE(matcher.match(QStringLiteral("llama-3.1-8b")).matched()) << "the seed models did not load";
    EXPECT_EQ(matcher.match(QStringLiteral("meta-llama/Llama-3.1-8B-Instruct")).presetId,
              QStringLiteral("llama-3.1-8b"));
    EXPECT_EQ(matcher.match(QStringLiteral("meta-llama/Meta-Llama-3-8B-Instruct")).presetId,
              QStringLiteral("llama-3-8b"));
    EXPECT_EQ(matcher.match(QStringLiteral("meta-llama/Llama-3.1-70B-Instruct")).presetId,
              QStringLiteral("llama-3.1-70b"));
    EXPECT_EQ(matcher.match(QStringLiteral("Qwen/Qwen3-30B-A3B-FP8")).presetId,
              QStringLiteral("qwen3-30b-a3b"));
    EXPECT_EQ(matcher.match(QStringLiteral("Qwen/Qwen2.5-72B-Instruct-AWQ")).presetId,
              QStringLiteral("qwen2.5-72b"));
    EXPECT_EQ(matcher.match(QStringLiteral("meta-llama/Llama-3.3-70B-Instruct")).presetId,
              QStringLiteral("llama-3.3-70b"));
    EXPECT_EQ(matcher.match(QStringLiteral("google/gemma-3-27b-it")).presetId, QStringLiteral("gemma-3-27b"));
    EXPECT_EQ(matcher.match(QStringLiteral("mistralai/Mistral-7B-Instruct-v0.3")).presetId,
              QStringLiteral("mistral-7b"));
    EXPECT_EQ(matcher.match(QStringLiteral("deepseek-ai/DeepSeek-V3")).presetId,
              QStringLiteral("deepseek-v3"));
    EXPECT_EQ(matcher.match(QStringLiteral("openai/gpt-oss-120b")).presetId, QStringLiteral("gpt-oss-120b"));
    EXPECT_EQ(matcher.match(QStringLiteral("llama-3.1-8b")).presetId, QStringLiteral("llama-3.1-8b"));
}

TEST(ModelNameMatchTest, GgufPathsMatchByTheirFileName)
{
    const ModelNameMatch matcher = seedMatcher();
    EXPECT_EQ(matcher.match(QStringLiteral("models/Qwen2.5-7B-Instruct-Q4_K_M.gguf")).presetId,
              QStringLiteral("qwen2.5-7b"));
    EXPECT_EQ(matcher.match(QStringLiteral("/data/Meta-Llama-3.1-8B-Instruct-IQ4_XS.gguf")).presetId,
              QStringLiteral("llama-3.1-8b"));
    // The llama-bench README example file, read end to end.
    const MeasurementReadResult bench = MeasurementFileReader::read(dataPath("llama-bench.json"));
    ASSERT_TRUE(bench.ok());
    EXPECT_EQ(matcher.match(bench.runs.first().modelName).presetId, QStringLiteral("qwen2.5-7b"));
}

TEST(ModelNameMatchTest, EightBNeverMatchesSeventyB)
{
    const ModelNameMatch matcher = seedMatcher();
    for (const char *name : {"meta-llama/Llama-3.1-8B-Instruct", "Llama-3.1-8B", "llama 3.1 8b",
                             "Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf"})
        EXPECT_NE(matcher.match(QString::fromLatin1(name)).presetId, QStringLiteral("llama-3.1-70b")) << name;
    for (const char *name : {"meta-llama/Llama-3.1-70B-Instruct", "Llama-3.1-70B"})
        EXPECT_NE(matcher.match(QString::fromLatin1(name)).presetId, QStringLiteral("llama-3.1-8b")) << name;

    // Only an 8B and a 70B preset of the family: a 13B name matches neither.
    const ModelNameMatch small({{QStringLiteral("llama-3.1-8b"), QStringLiteral("Llama-3.1 8B"), {}},
                                {QStringLiteral("llama-3.1-70b"), QStringLiteral("Llama-3.1 70B"), {}}});
    EXPECT_FALSE(small.match(QStringLiteral("Llama-3.1-13B-Instruct")).matched());
    EXPECT_FALSE(small.match(QStringLiteral("Llama-3.1-7B")).matched());
    EXPECT_EQ(small.match(QStringLiteral("Llama-3.1-70B")).presetId, QStringLiteral("llama-3.1-70b"));
}

TEST(ModelNameMatchTest, AmbiguousOrUnknownNamesMatchNothingAndNameCandidates)
{
    const ModelNameMatch matcher = seedMatcher();
    // llama-bench's model_type gives the architecture and size but not the release.
    const ModelNameMatchResult type = matcher.match(QStringLiteral("llama 8B Q4_K - Medium"));
    EXPECT_FALSE(type.matched());
    EXPECT_TRUE(type.candidates.contains(QStringLiteral("llama-3-8b")))
        << qPrintable(type.candidates.join(u','));
    EXPECT_TRUE(type.candidates.contains(QStringLiteral("llama-3.1-8b")));
    EXPECT_FALSE(type.candidates.contains(QStringLiteral("llama-3.1-70b")));

    const ModelNameMatchResult unknown = matcher.match(QStringLiteral("meta-llama/Llama-3.2-3B-Instruct"));
    EXPECT_FALSE(unknown.matched());
    EXPECT_FALSE(matcher.match(QStringLiteral("")).matched());
    EXPECT_FALSE(matcher.match(QStringLiteral("Qwen/Qwen3-8B-Base-Distill")).matched());
}

TEST(ModelNameMatchTest, RepositoryFromSourceUrl)
{
    EXPECT_EQ(ModelNameMatch::huggingFaceRepo(
                  QStringLiteral("https://huggingface.co/meta-llama/Llama-3.1-8B/blob/main/config.json")),
              QStringLiteral("meta-llama/Llama-3.1-8B"));
    EXPECT_TRUE(ModelNameMatch::huggingFaceRepo(QStringLiteral("Brown et al. 2020")).isEmpty());
    EXPECT_EQ(ModelNameMatch::key(QStringLiteral("Meta-Llama-3.1-8B-Instruct")),
              QStringLiteral("meta-llama-3-1-8b"));
}
