#include "ProfileChoice.h"

namespace ProfileChoice {

namespace {
QString trainingDefault(int gpuCount)
{
    // Megatron/NeMo numbers come from large multi-node runs; single-node jobs look like PyTorch AMP.
    return gpuCount > 8 ? QStringLiteral("megatron") : QStringLiteral("pytorch-amp");
}
} // namespace

QString defaultFor(Task task, int gpuCount)
{
    return Tasks::isTraining(task) ? trainingDefault(gpuCount) : QStringLiteral("vllm");
}

QString forOtherTask(Task task, int gpuCount)
{
    return Tasks::isTraining(task) ? QStringLiteral("vllm") : trainingDefault(gpuCount);
}

} // namespace ProfileChoice
