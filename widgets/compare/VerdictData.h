#pragma once

#include "VerdictLevel.h" // the estimator's levels: Recommended, Suitable, Limited, Unsuitable

#include <QString>
#include <QStringList>

// A GPU's verdicts with their reasons, as the verdict panel shows them.
struct VerdictData
{
    QString gpuName;
    VerdictLevel training = VerdictLevel::Unsuitable;
    QStringList trainingReasons;
    VerdictLevel inference = VerdictLevel::Unsuitable;
    QStringList inferenceReasons;
};
