#pragma once

#include "app/analysis/EfficiencyParameters.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

// The words and number formats the accuracy report shares across its sections.
namespace ReportText {

// 0.123 -> "12.3%".
QString percent(double value);
// The median of errors[row] over the picked rows as a percentage, "-" when none is picked.
QString medianOf(const QVector<double> &errors, const QVector<int> &picks);
// A factor's default, then each keyed override: "0.523, gddr 0.61".
QString factorText(const PropertyTable &values, int decimals);
// "- " + each line of texts (split at newlines), each once, in first-seen order.
QStringList uniqueBullets(const QStringList &texts);

// Where each serving and training source's measurements come from, in a calibration text.
const QMap<QString, QString> &servingSources();
const QMap<QString, QString> &trainingSources();
// The engine settings each serving profile carries (set by hand in profiles.json, not fitted), and why.
const QMap<QString, QString> &engineSettings();

} // namespace ReportText
