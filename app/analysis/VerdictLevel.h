#pragma once

#include <QString>

// How well a GPU suits a task, from best to worst. Shared by the estimator's verdict rules and the
// verdict panel, so the two can never disagree on the levels.
enum class VerdictLevel
{
    Recommended,
    Suitable,
    Limited,
    Unsuitable
};

namespace VerdictLevels {
QString name(VerdictLevel level); // "recommended", "suitable", "limited", "unsuitable"
}
