#include "widgets/charts/ChartExportDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

ChartExportDialog::ChartExportDialog(const QString &suggestedPath, QWidget *parent)
    : QDialog(parent)
    , m_path(new QLineEdit(suggestedPath))
    , m_format(new QComboBox)
    , m_width(new QSpinBox)
    , m_height(new QSpinBox)
    , m_scale(new QDoubleSpinBox)
{
    setWindowTitle(tr("Export Chart"));
    m_path->setAccessibleName(tr("File"));
    for (auto format : {ChartExporter::Format::Png, ChartExporter::Format::Svg, ChartExporter::Format::Pdf})
        m_format->addItem(ChartExporter::fileExtension(format).toUpper(), static_cast<int>(format));
    if (const auto format = ChartExporter::formatForFileName(suggestedPath))
        m_format->setCurrentIndex(m_format->findData(static_cast<int>(*format)));
    m_width->setRange(200, 8000);
    m_width->setValue(1600);
    m_width->setSuffix(tr(" px"));
    m_height->setRange(150, 8000);
    m_height->setValue(1000);
    m_height->setSuffix(tr(" px"));
    m_scale->setRange(0.5, 4.0);
    m_scale->setSingleStep(0.5);
    m_scale->setValue(2.0);
    m_scale->setSuffix(QStringLiteral("×"));
    m_scale->setToolTip(
        tr("Pixels per logical pixel in PNG files: 2× gives a sharp image on high-DPI screens"));

    auto *browse = new QPushButton(tr("&Browse…"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    auto *form = new QFormLayout;
    form->addRow(tr("&File:"), pathRow);
    form->addRow(tr("F&ormat:"), m_format);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Scale:"), m_scale);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::syncExtension);
    connect(m_path, &QLineEdit::textChanged, this, [buttons](const QString &text) {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!text.trimmed().isEmpty());
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString ChartExportDialog::filePath() const
{
    return m_path->text().trimmed();
}

ChartExporter::Options ChartExportDialog::options() const
{
    ChartExporter::Options options;
    options.format = static_cast<ChartExporter::Format>(m_format->currentData().toInt());
    options.size = QSize(m_width->value(), m_height->value());
    options.scale = m_scale->value();
    return options;
}

void ChartExportDialog::browse()
{
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export Chart"), filePath(), tr("Images (*.png *.svg *.pdf)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

void ChartExportDialog::syncExtension()
{
    // Keep the file name's extension in step with the chosen format.
    const auto format = static_cast<ChartExporter::Format>(m_format->currentData().toInt());
    const QFileInfo info(filePath());
    if (filePath().isEmpty())
        return;
    const QString wanted = ChartExporter::fileExtension(format);
    if (info.suffix().compare(wanted, Qt::CaseInsensitive) != 0)
        m_path->setText(info.path() + u'/' + info.completeBaseName() + u'.' + wanted);
}
