// The main() of every Google Benchmark program here (gpucompare_add_benchmark adds it). Programs that
// draw widgets are built with GPUCOMPARE_BENCHMARK_WIDGETS and get a QApplication on the offscreen
// platform, so figures do not depend on a display; the others get a QCoreApplication, which the Qt SQL
// driver and QStandardPaths expect to exist.

#include <benchmark/benchmark.h>

#ifdef GPUCOMPARE_BENCHMARK_WIDGETS
#include <QApplication>
using Application = QApplication;
#else
#include <QCoreApplication>
using Application = QCoreApplication;
#endif

int main(int argc, char **argv)
{
#ifdef GPUCOMPARE_BENCHMARK_WIDGETS
    qputenv("QT_QPA_PLATFORM", "offscreen");
#endif
    Application app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
