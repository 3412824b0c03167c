#include "tools/calibration/ReportText.h"

#include "app/analysis/calibration/Calibrator.h"

namespace ReportText {

QString percent(double value)
{
    return QString::number(value * 100.0, 'f', 1) + u'%';
}

QString medianOf(const QVector<double> &errors, const QVector<int> &picks)
{
    QVector<double> picked;
    for (int row : picks)
        picked << errors[row];
    return picked.isEmpty() ? QStringLiteral("-") : percent(Calibrator::median(picked));
}

QString factorText(const PropertyTable &values, int decimals)
{
    QStringList parts{QString::number(values.defaultValue(), 'f', decimals)};
    for (const auto &[key, value] : values.overrides())
        parts << QStringLiteral("%1 %2").arg(key, QString::number(value, 'f', decimals));
    return parts.join(QStringLiteral(", "));
}

QStringList uniqueBullets(const QStringList &texts)
{
    QStringList bullets;
    for (const QString &text : texts)
        for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts))
            if (!bullets.contains(QStringLiteral("- ") + line))
                bullets << QStringLiteral("- ") + line;
    return bullets;
}

const QMap<QString, QString> &servingSources()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("NIM"),
         QStringLiteral("NVIDIA NIM 1.8 (TensorRT-LLM), Llama-3.3-70B FP8 on 2x H100")},
        {QStringLiteral("LMDeploy"), QStringLiteral("LMDeploy TurboMind v0.1/v0.2 on A100")},
        {QStringLiteral("Lambda vLLM"), QStringLiteral("Lambda's vLLM v0.5.4 report, 1-8x A100/H100")},
        {QStringLiteral("vLLM CI"), QStringLiteral("vLLM CI build 9523 on A100")},
        {QStringLiteral("vLLM traces"),
         QStringLiteral("vLLM 0.19 request traces (LLMServingSim) on RTX PRO 6000 Blackwell")},
        {QStringLiteral("InferenceX TRT-LLM"),
         QStringLiteral("InferenceX, TensorRT-LLM 1.1-1.2, DeepSeek-R1 FP8 on 8x H200")},
        {QStringLiteral("InferenceX SGLang"),
         QStringLiteral("InferenceX, SGLang 0.5.9, DeepSeek-R1 FP8 on 8x H200")}};
    return text;
}

const QMap<QString, QString> &trainingSources()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("llm-foundry"),
         QStringLiteral("MosaicML llm-foundry (PyTorch FSDP), MPT 125M-70B, 8-512 A100/H100")},
        {QStringLiteral("NeMo"), QStringLiteral("NVIDIA NeMo 24.07, GPT-3/Llama/Nemotron FP8 on 8-512 H100")},
        {QStringLiteral("Megatron-LM"), QStringLiteral("Megatron-LM GPT-3 175B on 1,024 A100")}};
    return text;
}

const QMap<QString, QString> &engineSettings()
{
    static const QMap<QString, QString> text{
        {QStringLiteral("tensorrt-llm"),
         QStringLiteral(
             "Engine (TensorRT-LLM 1.x, PyTorch backend defaults): max_batch_size 2048, max_num_tokens 8192, "
             "CUDA graphs for decode batches up to 128 (cuda_graph_config.max_batch_size), the overlap "
             "scheduler on, KV cache reserved per sequence (GUARANTEED_NO_EVICT); kv_memory_fraction "
             "NIM 1.8's fit. InferenceX's runs set max_batch_size conc and max_num_tokens max(8192, conc + "
             "isl "
             "+ 64) as its launch scripts do.")},
        {QStringLiteral("tensorrt-llm-0.x"),
         QStringLiteral(
             "Engine: max_num_seqs 256, max_batched_tokens 8192 (TensorRT-LLM's max_num_tokens "
             "default); kv_memory_fraction fitted (TensorRT-LLM keeps 0.9 of the memory left after "
             "the weights for its KV cache: about 0.97 of the catalogue's nominal GB). Its fixed time is "
             "fitted constants (no CUDA-graph or overlap terms): the 2024 engine.")},
        {QStringLiteral("vllm"),
         QStringLiteral(
             "Engine (vLLM V1 defaults, vllm/engine/arg_utils.py and config/compilation.py): max_num_seqs "
             "1024 and max_num_batched_tokens 8192 for vllm serve on GPUs of 70 GiB or more (256 and 2048 "
             "below: not modelled), CUDA graphs up to min(2 x max_num_seqs, 512) tokens, full for decode and "
             "piecewise for mixed steps (FULL_AND_PIECEWISE, the default since 0.11), async scheduling "
             "(the default after 0.13), kv_memory_fraction 0.9 (gpu_memory_utilization).")},
        {QStringLiteral("vllm-0.5"),
         QStringLiteral(
             "Engine: max_num_seqs 256 (vLLM's default in v0.5), max_batched_tokens 8192, "
             "kv_memory_fraction 0.9 (gpu_memory_utilization); its fixed time is fitted constants. Fitted "
             "on vLLM v0.5.4 (Lambda, 2024-09) and vLLM CI build 9523 (2024).")},
        {QStringLiteral("sglang"),
         QStringLiteral(
             "Engine (SGLang 0.5 server_args.py on 80-141 GB GPUs): chunked_prefill_size 8192, "
             "cuda_graph_max_bs 256 (512 at tp 4 or more: not modelled), the overlap scheduler on, "
             "max_running_requests 2048 (min(max_total_tokens / 2, its pool of 2048-4096)), KV allocated "
             "on demand (retraction when full). InferenceX's runs set --max-running-requests and "
             "--cuda-graph-max-bs 512 or 256 and --chunked-prefill-size 32768 as its launch scripts do.")},
        {QStringLiteral("lmdeploy"),
         QStringLiteral("Engine: max_num_seqs 128 (max_batch_size of LMDeploy's benchmark configs), "
                        "max_batched_tokens 32768 (v0.1's max_context_token_num=4 prefills several whole "
                        "prompts per step: of 8192, 16384 and 32768 the one that fits the static rows' TTFT "
                        "best), kv_memory_fraction 0.95 (the static rows report 76.5-78.3 GB in use of 80). "
                        "Fitted on TurboMind v0.1/v0.2 (2023-12/2024-01).")},
        {QStringLiteral("llama.cpp"),
         QStringLiteral("Engine: max_num_seqs 4, max_batched_tokens 2048 (llama-server's parallel slots and "
                        "n_batch), kv_memory_fraction 0.9; not calibrated under load.")},
    };
    return text;
}

} // namespace ReportText
