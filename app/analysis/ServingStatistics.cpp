#include "app/analysis/ServingStatistics.h"

#include <algorithm>

namespace ServingStatistics {

void setMeanLengths(const std::vector<RequestShape> &shapes, ServingResult &result)
{
    double input = 0.0;
    double output = 0.0;
    for (const RequestShape &shape : shapes) {
        input += shape.inputTokens;
        output += shape.outputTokens;
    }
    result.meanInputTokens = shapes.empty() ? 0.0 : input / double(shapes.size());
    result.meanOutputTokens = shapes.empty() ? 0.0 : output / double(shapes.size());
}

LatencyStats statsMs(std::vector<double> seconds)
{
    LatencyStats s;
    if (seconds.empty())
        return s;
    std::sort(seconds.begin(), seconds.end());
    double sum = 0.0;
    for (double v : seconds)
        sum += v;
    const auto at = [&seconds](double q) {
        const double position = q * double(seconds.size() - 1);
        const size_t below = size_t(position);
        const size_t above = std::min(below + 1, seconds.size() - 1);
        return seconds[below] + (seconds[above] - seconds[below]) * (position - double(below));
    };
    s.mean = sum / double(seconds.size()) * 1e3;
    s.p50 = at(0.50) * 1e3;
    s.p90 = at(0.90) * 1e3;
    s.p99 = at(0.99) * 1e3;
    return s;
}

} // namespace ServingStatistics
