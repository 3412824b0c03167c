// The FP16 peak a profile that accumulates in FP16 (llama.cpp) gets: the catalogue's
// fp16_accumulate_dense_tflops where the datasheet gives that second rate, the FP16/BF16 column elsewhere.
#include "app/analysis/GpuCapabilities.h"

#include "tests/analysis/TestCatalogue.h"

#include <gtest/gtest.h>

using TestCatalogue::seedGpu;

TEST(GpuCapabilities, Fp16AccumulatePeakIsTheCatalogueFieldNotTheNoteText)
{
    // RTX 4090 (Ada whitepaper): 330.3 dense with FP16 accumulate, 165.2 with FP32 accumulate.
    GpuSpec rtx4090 = seedGpu(QStringLiteral("rtx_4090_24gb"));
    EXPECT_DOUBLE_EQ(GpuCapabilities::peak(rtx4090, Precision::Fp16, true).tflops, 330.3);
    EXPECT_DOUBLE_EQ(GpuCapabilities::peak(rtx4090, Precision::Fp16, false).tflops, 165.2);

    // The field decides: an edited figure is used, and a note alone gives no second rate.
    rtx4090.fp16AccumulateDenseTflops = 300.0;
    EXPECT_DOUBLE_EQ(GpuCapabilities::peak(rtx4090, Precision::Fp16, true).tflops, 300.0);
    rtx4090.fp16AccumulateDenseTflops.reset();
    ASSERT_TRUE(rtx4090.computeNote.contains(QStringLiteral("FP16 accumulate = 330.3")));
    EXPECT_DOUBLE_EQ(GpuCapabilities::peak(rtx4090, Precision::Fp16, true).tflops, 165.2);

    // A data-center card has one rate for both modes: the FP16/BF16 column either way.
    const GpuSpec h100 = seedGpu(QStringLiteral("h100_sxm5_80gb"));
    EXPECT_DOUBLE_EQ(GpuCapabilities::peak(h100, Precision::Fp16, true).tflops, 989.4);
}
