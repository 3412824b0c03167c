#pragma once

#include "app/comparison/BenchmarkMatcher.h"
#include "app/comparison/ComparisonPresenter.h"
#include "app/comparison/WorkloadMapper.h"
#include "db/CatalogueSnapshot.h"
#include "widgets/compare/MathTermView.h"

#include <QStringList>
#include <QVector>

// What a number of the comparison is made of, as the Math panel shows it when the number is selected.
struct ComparisonMath
{
    QString title;
    QVector<MathTermView> terms;
};

// The comparison the Compare tab shows, without the tab: the chosen GPUs and the form's request resolved,
// estimated and presented (measured rows included), and the math of any of its numbers. The window's
// controller shows it in its views; the report writes it out.
class ComparisonRun
{
public:
    ComparisonRun() = default; // nothing chosen, nothing estimated
    // gpuIds in display order (ids the catalogue lacks are left out); measured holds the catalogue's
    // benchmarks, made once per catalogue by the caller that recomputes often.
    ComparisonRun(const QStringList &gpuIds, const WorkloadRequest &request,
                  const CatalogueSnapshot &catalogue, bool showSparse, const BenchmarkMatcher &measured);
    // For a single run (the report): the catalogue's benchmarks are keyed here.
    ComparisonRun(const QStringList &gpuIds, const WorkloadRequest &request,
                  const CatalogueSnapshot &catalogue, bool showSparse);

    const MappedWorkload &workload() const { return m_workload; }
    const QVector<GpuSpec> &gpus() const { return m_gpus; }
    const ComparisonPresentation &presentation() const { return m_presentation; }

    // The math of the table row rowId for GPU column gpuColumn; when the presentation's estimates lack
    // the terms it needs, that GPU is estimated again with them.
    ComparisonMath math(const QString &rowId, int gpuColumn) const;

private:
    MappedWorkload m_workload;
    QVector<GpuSpec> m_gpus;
    ComparisonPresentation m_presentation;
};
