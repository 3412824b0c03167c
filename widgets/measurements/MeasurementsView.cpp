#include "widgets/measurements/MeasurementsView.h"

#include "widgets/catalogue/MessageLabel.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QTableWidget>
#include <QUrl>
#include <QVBoxLayout>

MeasurementsView::MeasurementsView(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_message(new MessageLabel(this))
    , m_table(new QTableWidget(0, 7, this))
    , m_import(new QPushButton(tr("Import…"), this))
    , m_remove(new QPushButton(tr("Remove File"), this))
{
    setObjectName(QStringLiteral("measurementsView"));
    setAcceptDrops(true);
    m_title->setText(
        tr("<b>Your measurements</b> — drop result files here: vllm bench serve JSON, SGLang "
           "bench_serving JSONL, AIPerf/GenAI-Perf export, llama-bench JSON or CSV, or the CSV "
           "template. Compare shows them beside the estimate; <tt>gpucompare calibrate</tt> fits "
           "a profile on them."));
    m_title->setWordWrap(true);
    m_table->setHorizontalHeaderLabels(
        {tr("File"), tr("Imported"), tr("GPU"), tr("Model"), tr("GPUs"), tr("Profile"), tr("Result")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAcceptDrops(false); // the view takes the drop, wherever it lands
    m_remove->setEnabled(false);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_import);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    layout->addLayout(buttons);

    connect(m_import, &QPushButton::clicked, this, &MeasurementsView::importRequested);
    connect(m_remove, &QPushButton::clicked, this, [this] {
        if (const qint64 id = selectedFileId())
            emit removeRequested(id);
    });
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(selectedFileId() != 0); });
}

void MeasurementsView::setRows(const QVector<MeasurementsViewRow> &rows)
{
    m_rows = rows;
    m_table->setRowCount(int(rows.size()));
    for (int r = 0; r < rows.size(); ++r) {
        const MeasurementsViewRow &row = rows.at(r);
        const QStringList cells{row.fileName,
                                row.importedAt,
                                row.gpu,
                                row.model,
                                QString::number(row.gpuCount),
                                row.profile.isEmpty() ? tr("none") : row.profile,
                                row.result};
        for (int c = 0; c < cells.size(); ++c)
            m_table->setItem(r, c, new QTableWidgetItem(cells.at(c)));
    }
    m_table->resizeColumnsToContents();
    m_remove->setEnabled(selectedFileId() != 0);
}

void MeasurementsView::showMessage(const QString &message)
{
    m_message->showMessage(message);
}

QString MeasurementsView::message() const
{
    return m_message->text();
}

qint64 MeasurementsView::selectedFileId() const
{
    const int row = m_table->currentRow();
    return m_table->selectionModel()->hasSelection() && row >= 0 && row < m_rows.size()
               ? m_rows.at(row).fileId
               : 0;
}

QStringList MeasurementsView::localFiles(const QMimeData *mime)
{
    QStringList paths;
    if (mime && mime->hasUrls())
        for (const QUrl &url : mime->urls())
            if (url.isLocalFile())
                paths << url.toLocalFile();
    return paths;
}

void MeasurementsView::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MeasurementsView::dropEvent(QDropEvent *event)
{
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    emit filesDropped(paths);
}
