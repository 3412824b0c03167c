#pragma once

#include <QString>
#include <QStringList>

// How well a GPU fits a task, from best to worst. The controller maps the estimator's verdicts onto this.
enum class VerdictLevel { Recommended, Suitable, Limited, Unsuitable };

struct VerdictData
{
    QString gpuName;
    VerdictLevel training = VerdictLevel::Unsuitable;
    QStringList trainingReasons;
    VerdictLevel inference = VerdictLevel::Unsuitable;
    QStringList inferenceReasons;
};
