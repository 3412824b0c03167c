#pragma once

#include "Workload.h"

#include <QString>

// Which efficiency profile a workload gets when the user names none: serving (vLLM) for inference,
// PyTorch AMP for training on up to 8 GPUs, Megatron beyond. The verdict for the task not asked for
// uses the same rule on its companion workload. Shared by the command line and the window.
namespace ProfileChoice {

QString defaultFor(Task task, int gpuCount);
// The profile used for the other task's verdict (training when the workload is inference, and back).
QString forOtherTask(Task task, int gpuCount);

} // namespace ProfileChoice
