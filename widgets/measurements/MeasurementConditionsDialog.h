#pragma once

#include <QDialog>
#include <QPair>
#include <QString>
#include <QVector>

class QComboBox;
class QSpinBox;

// Asks for what dropped measurement files do not say and the import needs (the window's version of the
// command line's --gpu, --model, --gpus and --profile): only the missing fields are shown, and the
// profile, which the estimate beside each run needs.
class MeasurementConditionsDialog : public QDialog
{
    Q_OBJECT
public:
    using Choices = QVector<QPair<QString, QString>>; // id, label

    struct Missing
    {
        bool gpu = false;
        bool model = false;
        bool gpuCount = false;
    };

    MeasurementConditionsDialog(const QStringList &files, Missing missing, const Choices &gpus,
                                const Choices &models, const Choices &profiles, QWidget *parent = nullptr);

    QString gpuId() const;     // "" when not asked
    QString modelId() const;   // "" when not asked
    int gpuCount() const;      // 0 when not asked
    QString profileId() const; // "" for none

    QComboBox *gpuBox() const { return m_gpu; }
    QComboBox *modelBox() const { return m_model; }
    QSpinBox *gpuCountBox() const { return m_gpuCount; }
    QComboBox *profileBox() const { return m_profile; }

private:
    QComboBox *m_gpu = nullptr;
    QComboBox *m_model = nullptr;
    QSpinBox *m_gpuCount = nullptr;
    QComboBox *m_profile = nullptr;
};
