#pragma once

#include <QString>

// How far real software gets from the roofline. The estimator divides ideal times by these factors.
// Profiles are catalogue data, editable by the user and calibrated from measured benchmarks; a factor
// may depend on properties of a GPU (memory type, architecture) but never on its gpu_id.
struct EfficiencyProfile
{
    qint64 rowId = 0;
    QString profileId; // roofline, llama.cpp, vllm, tensorrt-llm, pytorch-amp, megatron
    QString name;
    QString description;
    QString parametersJson; // the profile's factors, interpreted by the estimator (app/analysis)
    QString calibration;    // how the factors were obtained: data points, method, date
};
