#pragma once

#include "app/comparison/BenchmarkMatcher.h"
#include "app/comparison/ComparisonRun.h"
#include "app/comparison/LoadCurves.h"
#include "app/comparison/ScalingCurves.h"
#include "app/window/ChartJobRunner.h"
#include "db/CatalogueSnapshot.h"
#include "db/MachineGpus.h"

#include <QObject>
#include <QTimer>

class ChartsPanel;
class ComparisonTable;
class GpuPicker;
class MathPanel;
class VerdictPanel;
class WorkloadForm;

// Wires the catalogue and the estimator into the comparison views: when the chosen GPUs or the
// workload change, it computes the comparison (ComparisonRun) and hands each view its part. Changes that
// arrive together (typing) are coalesced into one recompute on the event loop.
class ComparisonController : public QObject
{
    Q_OBJECT
public:
    struct Views
    {
        GpuPicker *picker = nullptr;
        WorkloadForm *form = nullptr;
        ComparisonTable *table = nullptr;
        ChartsPanel *charts = nullptr;
        VerdictPanel *verdicts = nullptr;
        MathPanel *math = nullptr;
    };

    ComparisonController(const Views &views, QObject *parent = nullptr);

    // A new catalogue (opened, or saved edits): offers its GPUs, models and profiles and recomputes.
    void setCatalogue(const CatalogueSnapshot &catalogue);
    // The same, with its measured rows' matcher already made (MainWindow makes the first one on another
    // thread while it builds the views).
    void setCatalogueWith(const CatalogueSnapshot &catalogue, BenchmarkMatcher measured);
    const CatalogueSnapshot &catalogue() const { return m_catalogue; }

    // Recomputes at once (the views are up to date when it returns); used at start-up and by tests.
    void recomputeNow();
    const ComparisonPresentation &presentation() const { return m_run.presentation(); }

    // The latency-under-load and scaling charts are computed on a worker thread while they are chosen.
    bool isComputingLoadCurves() const { return m_loadCurves.isRunning(); }
    bool isComputingScalingCurves() const { return m_scalingCurves.isRunning(); }
    bool isComputingCurves() const { return isComputingLoadCurves() || isComputingScalingCurves(); }

signals:
    void recomputed();
    void loadCurvesShown();    // the chart holds the curves of the current workload
    void scalingCurvesShown(); // the scaling chart holds the curves of the current workload
    void statusMessage(const QString &message);

private:
    void scheduleRecompute();
    // A form field is invalid: the views keep the last valid result, with a note naming the field.
    void showStale(const WorkloadFieldError &error, const ComparisonRun &invalidRun);
    void showMath(const QString &rowId, int gpuColumn);
    void selectChartPoint(const QString &kindId, int series, int category);
    void updateLoadCurves();
    void showLoadCurves(const ChartData &chart);
    void updateScalingCurves();
    void showScalingCurves(const ChartData &chart);

    Views m_views;
    CatalogueSnapshot m_catalogue;
    // This machine's GPUs, read from sysfs once: boards do not come and go while the window is open,
    // but the catalogue's pci_ids may be edited, so they are matched again at each setCatalogue().
    QVector<MachineGpus::Device> m_machineDevices = MachineGpus().devices();
    BenchmarkMatcher m_measured; // the catalogue's benchmarks, keyed once per catalogue
    ComparisonRun m_run;         // the last valid comparison while a field is invalid
    bool m_hasResult = false;    // m_run was estimated from a valid workload
    QTimer m_recomputeTimer;
    ChartJobRunner m_loadCurves;
    std::optional<LoadCurves::Input> m_loadCurveInput; // the current workload's, when it is inference
    bool m_loadCurvesStale = false;                    // m_loadCurveInput's chart is not shown yet
    // What the shown curves were computed for: a recompute that changes neither keeps them.
    struct LoadCurveKey
    {
        WorkloadRequest request;
        QStringList gpuIds;
        bool operator==(const LoadCurveKey &) const = default;
    };
    std::optional<LoadCurveKey> m_shownCurvesKey;
    LoadCurveKey m_loadCurveKey;
    ChartData m_shownCurves;
    // The scaling chart (training), the same way.
    ChartJobRunner m_scalingCurves;
    std::optional<ScalingCurves::Input> m_scalingInput;
    bool m_scalingStale = false;
    std::optional<LoadCurveKey> m_shownScalingKey;
    ChartData m_shownScaling;
};
