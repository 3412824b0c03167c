#include "app/analysis/calibration/ProfileFits.h"

#include <algorithm>

namespace ProfileFits {

// Which factors each profile fits, and over which range. Keys are GPU properties (memory class,
// architecture) or model kinds, never gpu_ids.
QVector<OfflineFit> offline()
{
    using P = Calibrator::FitParameter;
    return {
        {QStringLiteral("llama.cpp"),
         {P{QStringLiteral("memory_efficiency"), QStringLiteral("HBM"), 0.1, 1.2},
          P{QStringLiteral("memory_efficiency"), QStringLiteral("GDDR"), 0.1, 1.2},
          P{QStringLiteral("layer_overhead_us"), QStringLiteral("default"), 0.0, 500.0, 10.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.02, 1.0},
          P{QStringLiteral("attention_efficiency"), QStringLiteral("default"), 0.02, 1.0},
          P{QStringLiteral("quantized_compute_factor"), QStringLiteral("default"), 0.2, 1.2, 0.8},
          P{QStringLiteral("memory_bytes_per_sm_clock"), QStringLiteral("default"), 1.0, 64.0, 8.0},
          P{QStringLiteral("matmul_flops_per_sm_clock"), QStringLiteral("default"), 64.0, 8192.0, 1024.0}}},
        {QStringLiteral("pytorch-amp"),
         {P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("cnn"), 0.0, 2.0, 0.01},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("default"), 0.0, 2.0, 0.01}}},
        // TensorRT-LLM 0.x: MLPerf Inference v4 offline and the 2024 trtllm-bench tables.
        {QStringLiteral("tensorrt-llm-0.x"),
         {P{QStringLiteral("memory_efficiency"), QStringLiteral("default"), 0.2, 1.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("compute_efficiency"), QStringLiteral("cnn"), 0.05, 1.0},
          P{QStringLiteral("attention_efficiency"), QStringLiteral("default"), 0.05, 1.0},
          P{QStringLiteral("layer_overhead_us"), QStringLiteral("default"), 0.0, 200.0, 10.0}}},
    };
}

// The serving engines and the factors fitted on their serving points. tensorrt-llm keeps its offline fit
// (memory, compute, attention, per-layer) and vllm its derivation from it: both fit only what a step under
// load adds. lmdeploy has no offline rows and its TTFT rows measure prefills, so its memory and compute
// efficiency are fitted on the serving points too.
QVector<ServingCalibrator::ProfileFit> serving()
{
    using P = Calibrator::FitParameter;
    const P step{QStringLiteral("step_overhead_us"), QStringLiteral("default"), 0.0, 50000.0, 1000.0};
    const P sequence{QStringLiteral("sequence_overhead_us"), QStringLiteral("default"), 0.0, 5000.0, 20.0};
    const P kvRead{QStringLiteral("kv_read_efficiency"), QStringLiteral("default"), 0.1, 1.0, 0.8};
    // tensorrt-llm's memory efficiency is fixed (0.84 from its offline fit): its KV reads may reach the
    // full bandwidth, 1 / 0.84 of the weight stream's efficiency.
    const P kvReadTrt{QStringLiteral("kv_read_efficiency"), QStringLiteral("default"), 0.1, 1.19, 0.8};
    const P memory{QStringLiteral("memory_efficiency"), QStringLiteral("default"), 0.2, 1.0, 0.7};
    const P compute{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.05, 1.0, 0.5};
    // Time outside the GPU per request (HTTP, tokenising, scheduling): the servers measured over HTTP.
    const P request{QStringLiteral("request_overhead_ms"), QStringLiteral("default"), 0.0, 200.0, 5.0};
    // Today's engines (issue 55): the host's time per step and per sequence, the GPU's gaps per layer of a
    // step replayed from a CUDA graph, each its own term. Eager launches per layer stay the offline fit's
    // layer_overhead_us.
    const P hostStep{QStringLiteral("step_overhead_us"), QStringLiteral("default"), 0.0, 20000.0, 100.0};
    const P hostSequence{QStringLiteral("sequence_overhead_us"), QStringLiteral("default"), 0.0, 2000.0, 5.0};
    const P graphLayer{QStringLiteral("graph_layer_overhead_us"), QStringLiteral("default"), 0.0, 200.0, 2.0};
    const P moeLayer{QStringLiteral("moe_layer_overhead_us"), QStringLiteral("default"), 0.0, 1000.0, 20.0};
    const P expertHalf{QStringLiteral("expert_tokens_half"), QStringLiteral("default"), 0.0, 512.0, 8.0};
    // HTTP, tokenising, the scheduler's queue before the first step: tens of ms on today's servers (the
    // search moves a factor about tenfold from its start).
    const P requestToday{QStringLiteral("request_overhead_ms"), QStringLiteral("default"), 0.0, 500.0, 40.0};
    const P expertWidth{QStringLiteral("expert_width_half"), QStringLiteral("default"), 0.0, 4096.0, 32.0};
    // Paged reads of the cache are scattered, not ten times slower: a bound that keeps the fit from
    // buying fixed time with KV reads.
    const P kvReadToday{QStringLiteral("kv_read_efficiency"), QStringLiteral("default"), 0.5, 1.19, 1.0};
    return {
        // TensorRT-LLM 1.x on InferenceX's DeepSeek-R1 runs (MoE only: the dense per-layer graph cost is
        // vLLM's, so that a dense model is not charged an MoE layer's); its kernels' factors are the offline
        // fit's.
        {QStringLiteral("tensorrt-llm"),
         {moeLayer, expertHalf, expertWidth, hostStep, hostSequence, kvReadToday, requestToday}},
        // NIM 1.8 (TensorRT-LLM 0.x): the offline fit's kernels, its own fixed time and KV share.
        {QStringLiteral("tensorrt-llm-0.x"),
         {step, sequence, kvReadTrt, request,
          P{QStringLiteral("kv_memory_fraction"), QStringLiteral("default"), 0.8, 1.0, 0.9}}},
        {QStringLiteral("sglang"),
         {moeLayer, expertHalf, expertWidth, hostStep, hostSequence, kvReadToday, requestToday}},
        // vLLM V1 on the vLLM 0.19 request traces (the in-process engine: no HTTP, so no request term):
        // dense Llama-3.1-8B and Qwen3-32B, and Qwen3-30B-A3B with experts.
        {QStringLiteral("vllm"), {graphLayer, moeLayer, expertHalf, hostStep, hostSequence, kvReadToday}},
        // vllm-0.5 keeps its memory and compute efficiency derived from tensorrt-llm's (the static
        // estimate unchanged): no vLLM row measures a prefill, and fitted together with the overheads on
        // the Lambda rows the memory efficiency runs to its bound (1.0) while the overheads take the rest.
        {QStringLiteral("vllm-0.5"), {step, sequence, kvRead, request}},
        // communication_efficiency is not fitted: on the TP4 rows it runs to 0.14, slowing every TP4
        // prefill by bandwidth where TurboMind's slower TP4 decode is a latency per all-reduce.
        {QStringLiteral("lmdeploy"), {memory, compute, step, sequence, kvRead}},
    };
}

// The training frameworks and the factors fitted on their runs (benchmarks-training-calibration.csv). No
// factor is keyed by GPU or architecture: what differs between GPUs comes from their records (achievable
// rates, FLOPs per byte through training_bytes_per_flop).
QVector<TrainingCalibrator::ProfileFit> training()
{
    using P = Calibrator::FitParameter;
    return {
        // llm-foundry (PyTorch FSDP): 216 runs on A100-40GB, A100-80GB and H100, 8 to 512 GPUs.
        // compute_efficiency stays at most 1 of the tuned GEMM's rate. Its attention is FlashAttention-2
        // era (mma.sync on every GPU): capped by SMs x clock (attention_flops_per_sm_clock), which is what
        // makes an H100 gain less than its datasheet on long sequences. layer_overhead_us is eager
        // PyTorch's fixed time per layer and pass (launches, FSDP's hooks), felt by small models on fast
        // GPUs. network_efficiency is not fitted (0.9 of line rate, as nccl-tests' bus bandwidth between
        // nodes): the runs cannot tell a slower link from less overlap, so what is exposed is dp_overlap's.
        {QStringLiteral("fsdp"),
         {P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.2, 1.0, 0.6},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("default"), 0.0, 2.0, 0.01},
          P{QStringLiteral("attention_efficiency"), QStringLiteral("default"), 0.1, 1.0, 0.6},
          P{QStringLiteral("gemm_width_half"), QStringLiteral("default"), 0.0, 4096.0, 300.0},
          P{QStringLiteral("gemm_tokens_half"), QStringLiteral("default"), 0.0, 8192.0, 256.0},
          P{QStringLiteral("fp8_compute_factor"), QStringLiteral("default"), 0.3, 2.0, 1.0},
          P{QStringLiteral("dp_overlap"), QStringLiteral("default"), 0.0, 0.95, 0.8},
          P{QStringLiteral("layer_overhead_us"), QStringLiteral("default"), 0.0, 2000.0, 50.0},
          P{QStringLiteral("attention_flops_per_sm_clock"), QStringLiteral("default"), 256.0, 8192.0,
            2048.0}},
         QString(),
         {}},
        // NeMo 24.07 (15 runs, H100 FP8) and Megatron-LM (1 run, A100 FP16): Megatron-Core's schedule. Every
        // NeMo run is FP8 on H100, so the Hopper efficiency and the FP8 factor cannot be told apart there:
        // the
        // FP8 factor (Transformer Engine's FP8 matmuls against BF16 on the same GPU) is llm-foundry's fit,
        // which has BF16 and FP8 runs of the same models on H100.
        {QStringLiteral("megatron"),
         {P{QStringLiteral("compute_efficiency"), QStringLiteral("default"), 0.2, 1.0, 0.6},
          P{QStringLiteral("training_bytes_per_flop"), QStringLiteral("default"), 0.0, 2.0, 0.01},
          P{QStringLiteral("tp_overlap"), QStringLiteral("default"), 0.0, 0.9, 0.5}},
         QStringLiteral("fsdp"),
         {QStringLiteral("fp8_compute_factor")}},
    };
}

QVector<Calibrator::FitParameter> allOf(const QString &profileId)
{
    QVector<Calibrator::FitParameter> all;
    const auto add = [&all](const QVector<Calibrator::FitParameter> &parameters) {
        for (const Calibrator::FitParameter &p : parameters)
            if (std::none_of(all.cbegin(), all.cend(), [&p](const Calibrator::FitParameter &q) {
                    return q.table == p.table && q.key == p.key;
                }))
                all << p;
    };
    for (const OfflineFit &f : offline())
        if (f.profileId == profileId)
            add(f.parameters);
    for (const ServingCalibrator::ProfileFit &f : serving())
        if (f.profileId == profileId)
            add(f.parameters);
    for (const TrainingCalibrator::ProfileFit &f : training())
        if (f.profileId == profileId)
            add(f.parameters);
    return all;
}

} // namespace ProfileFits
