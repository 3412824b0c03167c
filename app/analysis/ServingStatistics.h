#pragma once

#include "app/analysis/Estimate.h"
#include "app/analysis/RequestMix.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

// What the serving simulations (ServingSimulator, DisaggregatedSimulator) count and draw alike: latency
// percentiles, inter-token gaps on a log scale, and open-loop arrival times.
namespace ServingStatistics {

// Percentiles with linear interpolation between order statistics (numpy's default), in ms.
LatencyStats statsMs(std::vector<double> seconds);

// The mean input and output lengths of the requests sent (0 without any), into result.
void setMeanLengths(const std::vector<RequestShape> &shapes, ServingResult &result);

// Weighted samples on a log scale (0.1% wide bins): inter-token gaps are one per running sequence per
// step, millions in a long run, so they are counted, not stored.
class LogHistogram
{
public:
    void add(double value, double weight)
    {
        if (weight <= 0.0)
            return;
        m_sum += value * weight;
        m_weight += weight;
        // Consecutive decode steps take nearly the same time: most land in the bin of the last one, which
        // is found without a logarithm.
        if (!(value >= m_lastLow && value < m_lastHigh)) {
            m_lastBin = value <= kMin ? 0 : int(std::log(value / kMin) / kLogStep) + 1;
            m_lastLow = m_lastBin == 0 ? 0.0 : kMin * std::exp((m_lastBin - 1) * kLogStep);
            m_lastHigh = kMin * std::exp(m_lastBin * kLogStep);
            if (m_lastBin >= int(m_bins.size()))
                m_bins.resize(m_lastBin + 1, 0.0);
        }
        m_bins[m_lastBin] += weight;
    }
    LatencyStats statsMs() const
    {
        LatencyStats s;
        if (m_weight <= 0.0)
            return s;
        s.mean = m_sum / m_weight * 1e3;
        s.p50 = quantile(0.50) * 1e3;
        s.p90 = quantile(0.90) * 1e3;
        s.p99 = quantile(0.99) * 1e3;
        return s;
    }

private:
    static constexpr double kMin = 1e-7;
    static constexpr double kLogStep = 0.001;
    double quantile(double q) const
    {
        double seen = 0.0;
        for (size_t i = 0; i < m_bins.size(); ++i) {
            seen += m_bins[i];
            if (seen >= q * m_weight)
                return i == 0 ? kMin : kMin * std::exp((double(i) - 0.5) * kLogStep);
        }
        return 0.0;
    }
    std::vector<double> m_bins;
    int m_lastBin = 0;
    double m_lastLow = 1.0; // an empty range until the first value
    double m_lastHigh = 0.0;
    double m_sum = 0.0;
    double m_weight = 0.0;
};

// Open-loop arrivals: gamma-distributed gaps at the mean rate, as vllm bench serve draws them (shape =
// burstiness, scale = 1 / (rate x burstiness); burstiness 1 is a Poisson process). Drawn from std::mt19937
// with Marsaglia and Tsang's method, not std's distributions, so every platform draws the same times.
class GammaArrivals
{
public:
    GammaArrivals(double rate, double burstiness, std::uint32_t seed)
        : m_rate(rate)
        , m_shape(burstiness > 0.0 ? burstiness : 1.0)
        , m_random(seed)
    {}
    double next()
    {
        m_time += gamma(m_shape) / (m_rate * m_shape);
        return m_time;
    }

private:
    double uniform() { return (double(m_random()) + 0.5) / 4294967296.0; } // (0, 1)
    double normal()
    {
        return std::sqrt(-2.0 * std::log(uniform())) * std::cos(6.283185307179586 * uniform());
    }
    double gamma(double shape)
    {
        if (shape == 1.0)
            return -std::log(uniform());
        if (shape < 1.0) // boosted: Gamma(k) = Gamma(k + 1) x U^(1/k)
            return gamma(shape + 1.0) * std::pow(uniform(), 1.0 / shape);
        const double d = shape - 1.0 / 3.0;
        const double c = 1.0 / std::sqrt(9.0 * d);
        for (;;) {
            const double x = normal();
            const double v = std::pow(1.0 + c * x, 3);
            if (v <= 0.0)
                continue;
            if (std::log(uniform()) < 0.5 * x * x + d - d * v + d * std::log(v))
                return d * v;
        }
    }
    double m_rate;
    double m_shape;
    std::mt19937 m_random;
    double m_time = 0.0;
};

} // namespace ServingStatistics
