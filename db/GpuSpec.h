#pragma once

#include <QString>
#include <optional>

// One GPU of the catalogue, in canonical units: TFLOPS (TOPS for INT8), GB, GB/s, W, USD.
// A value the datasheet does not give is std::nullopt (NULL in SQLite, "n/a" on screen), never 0.
// Tensor figures come as a dense and a sparse (2:4 structured sparsity) pair; dense is the default
// everywhere, sparse is shown only when asked for and always labelled.
struct GpuSpec
{
    qint64 rowId = 0; // INTEGER PRIMARY KEY of the gpus table; 0 before the row is inserted

    // Identity
    QString gpuId; // stable id used everywhere (CLI, settings): h100_sxm5_80gb
    QString vendor;
    QString product;
    QString variant;
    QString architecture;
    QString chip;
    QString pciIds; // PCI vendor:device ids of the boards, "10de:2330" or "10de:2321, 10de:2322" (lowercase
                    // hex)
    std::optional<int> releaseYear;
    QString releaseNote;
    QString processNode;
    std::optional<int> computeUnits; // SMs (NVIDIA) or CUs (AMD)
    QString computeUnitsNote;        // datasheet text when it says more than the number
    std::optional<double> boostClockMhz;
    QString boostClockNote;

    // Compute, TFLOPS (INT8: TOPS)
    std::optional<double> fp64Tflops;
    std::optional<double> fp64TensorTflops;
    std::optional<double> fp32Tflops;
    std::optional<double> tf32DenseTflops;
    std::optional<double> tf32SparseTflops;
    std::optional<double> fp16DenseTflops; // FP16 and BF16 tensor
    std::optional<double> fp16SparseTflops;
    // FP16 tensor with FP16 accumulate, dense: given only where the datasheet prints a second, faster rate
    // for it (GeForce cards, where fp16DenseTflops is the half-rate FP32-accumulate figure)
    std::optional<double> fp16AccumulateDenseTflops;
    std::optional<double> fp8DenseTflops;
    std::optional<double> fp8SparseTflops;
    std::optional<double> fp6DenseTflops; // FP6 (E2M3/E3M2) tensor: the FP8 rate on Blackwell, the FP4 rate
                                          // on CDNA 4
    std::optional<double> fp6SparseTflops;
    std::optional<double> int8DenseTops;
    std::optional<double> int8SparseTops;
    std::optional<double> fp4DenseTflops;
    std::optional<double> fp4SparseTflops;
    QString computeNote; // e.g. the datasheet's accumulate rates, the source of fp16AccumulateDenseTflops
    QString sparseHeadlineNote; // whether the vendor's headline tensor figures are sparse

    // Memory
    std::optional<double> memoryGb;
    QString memoryType; // HBM2, HBM2e, HBM3, HBM3e, GDDR6, GDDR6X, ...
    std::optional<int> memoryBusBits;
    std::optional<double> memoryBandwidthGBs;
    // What public microbenchmarks reach of the datasheet rates (catalogue data, each with its source in
    // achievableSource): the dense BF16/FP16 matmul rate of the best-tuned GEMM (the Maximum Achievable
    // Matmul FLOPS) and the memory bandwidth of a streaming kernel. The estimator's fitted profiles scale the
    // datasheet rates by them, so a GPU whose kernels reach less of its peak is estimated so.
    std::optional<double> achievableMatmulTflops;
    std::optional<double> achievableMemoryGBs;
    QString achievableSource;

    // Power, links, packaging
    std::optional<double> tdpW; // the configurable maximum ("up to 700 (configurable)" -> 700)
    QString tdpNote;            // the datasheet's original text
    QString interconnectKind;   // none, nvlink-bridge, nvlink-switch, infinity-fabric (docs/catalogue.md)
    QString interconnectNote;
    std::optional<double> interconnectGBs; // bidirectional GPU-to-GPU bandwidth
    std::optional<int> pcieGeneration;
    QString pcieNote;               // the datasheet's original text: "PCIe Gen5 x16"
    std::optional<double> pcieGBs;  // bidirectional host link bandwidth
    std::optional<int> gpusPerNode; // GPUs in one server or tray (8 on HGX boards, 2 in a GH200 NVL2 server)
    QString formFactor;
    QString mig;

    // Price
    std::optional<double> priceUsd;      // launch price where the vendor published one
    std::optional<double> usdPerGpuHour; // default rental price used by the cost estimate: an editable
                                         // estimate
    QString priceNote;
    QString usdPerGpuHourNote; // basis and source of usdPerGpuHour

    // Provenance
    QString sources;          // primary sources (vendor datasheets, whitepapers)
    QString sourceCrosscheck; // independent copies the values were checked against
    QString confidence;
    QString notes;

    int revision = 0;          // bumped on every save; detects concurrent edits
    bool userModified = false; // the user changed this row after it came from the seed

    QString displayName() const { return variant.isEmpty() ? product : product + u' ' + variant; }
};
