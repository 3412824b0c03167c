#include "widgets/measurements/MeasurementConditionsDialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {

QComboBox *choiceBox(const MeasurementConditionsDialog::Choices &choices, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    for (const auto &[id, label] : choices)
        box->addItem(label, id);
    return box;
}

} // namespace

MeasurementConditionsDialog::MeasurementConditionsDialog(const QStringList &files, Missing missing,
                                                         const Choices &gpus, const Choices &models,
                                                         const Choices &profiles, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Import Measurements"));
    auto *intro = new QLabel(tr("%1 does not say everything the estimate beside it needs. Under which "
                                "conditions were these runs measured?")
                                 .arg(files.join(QStringLiteral(", "))),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    if (missing.gpu) {
        m_gpu = choiceBox(gpus, this);
        form->addRow(tr("&GPU:"), m_gpu);
    }
    if (missing.model) {
        m_model = choiceBox(models, this);
        form->addRow(tr("&Model:"), m_model);
    }
    if (missing.gpuCount) {
        m_gpuCount = new QSpinBox(this);
        m_gpuCount->setRange(1, 4096);
        form->addRow(tr("GPU &count:"), m_gpuCount);
    }
    Choices withNone{{QString(), tr("As the file says (none when it names no engine)")}};
    withNone += profiles;
    m_profile = choiceBox(withNone, this);
    form->addRow(tr("&Profile:"), m_profile);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QString MeasurementConditionsDialog::gpuId() const
{
    return m_gpu ? m_gpu->currentData().toString() : QString();
}

QString MeasurementConditionsDialog::modelId() const
{
    return m_model ? m_model->currentData().toString() : QString();
}

int MeasurementConditionsDialog::gpuCount() const
{
    return m_gpuCount ? m_gpuCount->value() : 0;
}

QString MeasurementConditionsDialog::profileId() const
{
    return m_profile->currentData().toString();
}
