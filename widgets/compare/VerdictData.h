#pragma once

#include "app/analysis/VerdictLevel.h" // the estimator's levels: Recommended, Suitable, Limited, Unsuitable

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
    // One per reason (may be shorter): the id of the table row that holds the reason's number in this GPU's
    // column, so a click on the reason shows that number's math; empty where the table has no such number.
    QStringList trainingReasonRows{};
    QStringList inferenceReasonRows{};
};
