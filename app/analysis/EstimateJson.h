#pragma once

#include "app/analysis/Estimate.h"

#include <QJsonObject>

// The `estimate --json` form of an Estimate (keys of issue 4; more may follow). Values that do not
// apply are null; no NaN or infinity is ever written.
namespace EstimateJson {
QJsonObject toJson(const Estimate &estimate);
}
