#pragma once

#include <QLoggingCategory>
#include <QWidget>
#include <QWindow>
#include <chrono>

// The moment a user sees the window: its first frame painted into a window the window system has
// exposed (on X11 the backing store is flushed to the window in the same step as the paint, so right
// after the first Paint event has been delivered). Logged, when the category gpucompare.startup is
// enabled (QT_LOGGING_RULES="gpucompare.startup.info=true"), as "first frame shown at N us", N being
// microseconds since the epoch, for tools/run-benchmarks.sh to subtract from the launch time.
// Header-only so the plain-Qt baseline (tests/benchmarks/MinimalChartWindow.cpp) logs it from the same
// code as gpucompare (FirstFrameGrabber) without linking the project's libraries.
inline const QLoggingCategory &startupLog()
{
    static const QLoggingCategory category("gpucompare.startup", QtWarningMsg);
    return category;
}

inline long long startupClockUs() // microseconds since the epoch, the clock the script's launch time is on
{
    const auto sinceEpoch = std::chrono::system_clock::now().time_since_epoch();
    return static_cast<long long>(std::chrono::duration_cast<std::chrono::microseconds>(sinceEpoch).count());
}

inline void logFirstFrameShown(const QWidget &window)
{
    if (!startupLog().isInfoEnabled() || !window.windowHandle() || !window.windowHandle()->isExposed())
        return;
    qCInfo(startupLog, "first frame shown at %lld us", startupClockUs());
}

// The steps on the way to it ("catalogue opened at N us"), so that the script can say where the time goes.
inline void logStartupStep(const char *step)
{
    if (startupLog().isInfoEnabled())
        qCInfo(startupLog, "%s at %lld us", step, startupClockUs());
}
