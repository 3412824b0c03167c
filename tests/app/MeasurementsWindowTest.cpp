// The Catalogue tab's Measurements view: files dropped on it are imported as `measurements import` does,
// what they do not say is asked, and Compare shows the runs beside the estimate under their conditions.

#include "app/window/MeasurementsController.h"
#include "tests/app/WindowFixture.h"
#include "tests/db/TestCatalogueFiles.h"
#include "widgets/catalogue/CatalogueEditor.h"
#include "widgets/catalogue/CatalogueTab.h"
#include "widgets/compare/ComparisonTable.h"
#include "widgets/measurements/MeasurementConditionsDialog.h"
#include "widgets/measurements/MeasurementsView.h"

#include <QComboBox>
#include <QDropEvent>
#include <QFile>
#include <QMimeData>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QUrl>

namespace {

class MeasurementsWindow : public WindowFixture
{
protected:
    // Drags the files over the view and drops them, as a file manager does.
    void drop(const QStringList &paths)
    {
        MeasurementsView *view = m_window->catalogueTab()->measurementsView();
        QMimeData mime;
        QList<QUrl> urls;
        for (const QString &path : paths)
            urls << QUrl::fromLocalFile(path);
        mime.setUrls(urls);
        const QPoint centre = view->rect().center();
        QDragEnterEvent enter(centre, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view, &enter);
        ASSERT_TRUE(enter.isAccepted());
        QDropEvent dropped(QPointF(centre), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view, &dropped);
    }

    QString writeFile(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(bytes);
        return path;
    }
};

} // namespace

TEST_F(MeasurementsWindow, ADroppedFileIsImportedWithWhatItLacksAskedAndComparedWithTheEstimate)
{
    m_window->show();
    // A run of the default workload's model (Llama 3 8B) under vLLM at batch 1, without its GPU.
    const QString path = writeFile(
        QStringLiteral("our-h100.csv"),
        "model,task,engine,gpus,precision,input_tokens,output_tokens,concurrency,request_rate,ttft_median_ms,"
        "tpot_median_ms,output_tokens_per_s\n"
        "llama-3-8b,inference-serving,vllm,1,bf16,512,256,1,inf,60,8.5,115\n");
    QStringList asked;
    m_window->measurements()->setConditionsAsker([&asked](MeasurementConditionsDialog &dialog) {
        // Only the GPU is asked (the file names model, GPU count and engine); the user picks the H100.
        if (dialog.gpuBox())
            asked << QStringLiteral("gpu");
        if (dialog.modelBox())
            asked << QStringLiteral("model");
        if (dialog.gpuCountBox())
            asked << QStringLiteral("gpus");
        dialog.gpuBox()->setCurrentIndex(dialog.gpuBox()->findData(QStringLiteral("h100_sxm5_80gb")));
        MeasurementImportOptions options;
        options.gpuId = dialog.gpuId();
        return std::optional<MeasurementImportOptions>(options);
    });
    drop({path});
    EXPECT_EQ(asked, QStringList{QStringLiteral("gpu")});

    MeasurementsView *view = m_window->catalogueTab()->measurementsView();
    ASSERT_EQ(view->table()->rowCount(), 1) << view->message().toStdString();
    EXPECT_EQ(view->table()->item(0, 0)->text(), QStringLiteral("our-h100.csv"));
    EXPECT_EQ(view->table()->item(0, 2)->text(), QStringLiteral("h100_sxm5_80gb"));
    EXPECT_EQ(view->table()->item(0, 5)->text(), QStringLiteral("vllm"));
    EXPECT_TRUE(view->message().isEmpty()) << view->message().toStdString();

    // Compare's measured section shows the run under the H100 with the estimate for its own conditions.
    settle();
    const ComparisonData &table = m_window->comparisonTable()->comparison();
    const qsizetype h100 = table.columnTitles.indexOf(QStringLiteral("H100 SXM5 80GB"));
    ASSERT_GE(h100, 0);
    int yours = 0;
    for (const ComparisonRow &row : table.rows) {
        if (row.section != QStringLiteral("Measured (your runs)"))
            continue;
        ++yours;
        ASSERT_TRUE(row.values.at(h100).has_value()) << row.label.toStdString();
        EXPECT_TRUE(row.label.startsWith(QStringLiteral("your vllm serving: "))) << row.label.toStdString();
        EXPECT_TRUE(row.notes.at(h100).startsWith(QStringLiteral("est. ")))
            << row.notes.at(h100).toStdString();
        EXPECT_TRUE(row.notes.at(h100).contains(u'%')) << row.notes.at(h100).toStdString();
    }
    EXPECT_EQ(yours, 3); // TTFT, TPOT and output tokens/s

    // A picture of the Catalogue tab for a person to look at (GPUCOMPARE_SHOTS=folder), never a check.
    const QString folder = qEnvironmentVariable("GPUCOMPARE_SHOTS");
    if (!folder.isEmpty()) {
        m_window->resize(1600, 1000);
        m_window->findChild<QTabWidget *>(QStringLiteral("centralTabs"))
            ->setCurrentWidget(m_window->catalogueTab());
        QApplication::processEvents();
        m_window->grab().save(folder + QStringLiteral("/measurements-view.png"));
    }
}

TEST_F(MeasurementsWindow, CancellingTheQuestionImportsNothingAndSaysWhy)
{
    m_window->show();
    const QString database = m_dir.filePath(QStringLiteral("catalogue.db"));
    const QByteArray before = TestCatalogueFiles::readBytes(database);
    m_window->measurements()->setConditionsAsker(
        [](MeasurementConditionsDialog &) { return std::optional<MeasurementImportOptions>(); });
    drop({QStringLiteral(GPUCOMPARE_SOURCE_DIR "/tests/data/measurements/vllm-bench-serve.json")});
    MeasurementsView *view = m_window->catalogueTab()->measurementsView();
    EXPECT_EQ(view->table()->rowCount(), 0);
    EXPECT_TRUE(view->message().startsWith(QStringLiteral("Nothing was imported")))
        << view->message().toStdString();
    EXPECT_EQ(TestCatalogueFiles::readBytes(database), before);

    // A file in no format it reads is refused with the formats it reads.
    drop({writeFile(QStringLiteral("notes.txt"), "hello\n")});
    EXPECT_EQ(view->table()->rowCount(), 0);
    EXPECT_TRUE(view->message().contains(QStringLiteral("vllm"), Qt::CaseInsensitive))
        << view->message().toStdString();
}
