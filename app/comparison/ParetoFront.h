#pragma once

#include <QPointF>
#include <QVector>

namespace ParetoFront {

// Which points are on the Pareto front when lower is better on both axes: a point is on it when no other
// point is at least as low on both x and y and lower on one. Equal points are all on it (none beats the
// other). Points with a NaN coordinate are never on it and beat nothing. O(n log n).
QVector<bool> mask(const QVector<QPointF> &points);

} // namespace ParetoFront
