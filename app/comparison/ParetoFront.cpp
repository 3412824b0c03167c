#include "app/comparison/ParetoFront.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ParetoFront {

QVector<bool> mask(const QVector<QPointF> &points)
{
    QVector<bool> front(points.size(), false);
    QVector<int> order;
    order.reserve(points.size());
    for (int i = 0; i < points.size(); ++i)
        if (!std::isnan(points.at(i).x()) && !std::isnan(points.at(i).y()))
            order << i;
    // By x, then y: a point can only be beaten by one before it.
    std::sort(order.begin(), order.end(), [&points](int a, int b) {
        const QPointF &p = points.at(a);
        const QPointF &q = points.at(b);
        return p.x() < q.x() || (p.x() == q.x() && p.y() < q.y());
    });
    double lowestBefore = std::numeric_limits<double>::infinity(); // lowest y at a smaller x
    for (int start = 0; start < order.size();) {
        // The points sharing this x: the first has the lowest y; the others tie it or lose to it.
        int end = start;
        const double x = points.at(order.at(start)).x();
        while (end < order.size() && points.at(order.at(end)).x() == x)
            ++end;
        const double lowestHere = points.at(order.at(start)).y();
        for (int k = start; k < end; ++k) {
            const double y = points.at(order.at(k)).y();
            front[order.at(k)] = y < lowestBefore && y == lowestHere;
        }
        lowestBefore = std::min(lowestBefore, lowestHere);
        start = end;
    }
    return front;
}

} // namespace ParetoFront
